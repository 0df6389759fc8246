"""What the T control's `attach` sends for a chart: what its builder says follows T, with the inputs of the sources
that names (the browser: tests/e2e/test_t_control.py; every page's declarations: tests/app/test_t_declared.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace

import numpy as np

from attention_core import analysis, figures, layer_norm, order
from attention_core.scenario import Scenario, View
from attention_core.ui import tcontrol
from attention_core.ui.frame import Page
from attention_core.ui.state import AppState


def page_at(scenario: Scenario, key: str = "temperature") -> Page:
    return Page(key, AppState(scenario, View()))


def axes(s: Scenario) -> tuple[figures.Axis, figures.Axis]:
    labels = list(s.labels)
    return figures.Axis(labels, "Query"), figures.Axis(labels, "Key")


def meta(fig) -> dict | None:
    """What the browser gets: the figure as sent (`to_dict`, what st.plotly_chart serialises)."""
    m = fig.to_dict()["layout"].get("meta")
    return None if m is None else m.get("attention_t")


def test_the_weights_heatmap_carries_s_and_the_t_in_its_title():
    s = Scenario()
    p = page_at(s)
    fig = figures.heatmap(p.lesson.trace.weights, *axes(s), title=figures.at_t(f"weights, T = {figures.T}",
                                                                                 s.temperature),
                          kind="weights", row_sums=True, shows=figures.shows("W"))
    out = tcontrol.attach(p, fig)
    m = meta(out)
    assert m["traces"] == [{"i": 0, "axis": "z", "src": "main", "q": "W"}]
    assert np.array_equal(np.array(m["sources"]["main"]["S"]), p.lesson.trace.scores)
    assert m["sources"]["main"]["allowed"] is None
    assert "V" not in m["sources"]["main"]  # the weights need S alone
    assert m["title"] == "weights, T = {T}" and m["v"] == figures.spec.VERSION
    assert fig.layout.meta.get("attention_t") is None  # the shared (memoised) figure is left as it was


def test_layernorm_needs_x_v_gamma_beta_and_a_chart_that_declares_nothing_is_left_alone():
    s = Scenario()
    p = page_at(s)
    dims = figures.Axis([str(c) for c in range(s.x.shape[1])], "dim")
    ln = tcontrol.attach(p, figures.heatmap(p.lesson.normalized, axes(s)[0], dims, shows=figures.shows("LN")))
    assert meta(ln)["traces"][0]["q"] == "LN"
    assert set(meta(ln)["sources"]["main"]) == {"S", "allowed", "V", "X", "gamma", "beta"}
    x = figures.heatmap(s.x, axes(s)[0], dims)
    assert tcontrol.attach(p, x) is x
    # the weights drawn without saying so are not followed either, although their numbers are the weights'
    w = figures.heatmap(p.lesson.trace.weights, *axes(s), kind="weights")
    assert tcontrol.attach(p, w) is w


def test_the_masked_weights_name_their_mask_and_hidden_cells():
    s = replace(Scenario(), mask="causal")
    p = page_at(s)
    m = order.masked_attention(s)
    fig = figures.heatmap(m.trace.weights, *axes(s), kind="weights", masked=m.masked,
                          shows=figures.shows("W", src="masked"))
    spec = meta(tcontrol.attach(p, fig))
    assert spec["traces"][0]["src"] == "masked"
    assert np.array_equal(np.array(spec["traces"][0]["hide"]), m.masked)
    assert np.array_equal(np.array(spec["sources"]["masked"]["allowed"]), m.allowed)


def test_the_stacked_shares_and_their_printed_sums_follow_t():
    s = Scenario()
    p = page_at(s)
    tr, i = p.lesson.trace, 0
    parts = analysis.value_contributions(tr.weights, tr.v, i)
    dims = [str(c) for c in range(tr.v.shape[1])]
    shows = [figures.shows("C", row=i, col=j) for j in range(s.n)]
    fig = figures.stacked_contributions(parts, list(s.labels), dims, tr.output[i], total_label="Σ", shows=shows,
                                        total_shows=figures.shows("O", row=i))
    m = meta(tcontrol.attach(p, fig))
    bars = [t for t in m["traces"] if t["q"] == "C"]
    assert [(t["row"], t["col"]) for t in bars] == [(i, j) for j in range(s.n)]  # a share of 0 too: T may move it
    (total,) = [t for t in m["traces"] if t["q"] == "O"]  # the Σ marks: the word's output row
    assert total == {"i": len(fig.data) - 1, "axis": "y", "src": "main", "q": "O", "row": i}
    assert m["sums"] == {"notes": list(range(len(dims))), "marks": len(fig.data) - 1, "bars": list(range(s.n)),
                         "decimals": 2}
    # an undeclared line is not followed, whatever its numbers
    one = Scenario().with_sentence("슬픈")[0]
    lines = figures.line_rows(list(one.labels), [("mean", [0.0]), ("std", [1.0])])
    assert tcontrol.attach(page_at(one), lines) is lines


def test_the_line_at_t_on_a_chart_over_t_and_its_label_move_with_t():
    s = Scenario()
    p = page_at(s)
    t = s.temperature
    temps = np.geomspace(0.05, 20, 9)
    fig = figures.curves(temps, {"a": temps, "b": 1 / temps}, log_x=True, marker_x=t,
                         marker_label=figures.at_t(f"now T = {figures.T}", t), marker_t=True)
    m = meta(tcontrol.attach(p, fig))
    assert m["traces"] == []  # the curves themselves do not depend on T
    assert m["marks"] == [{"shape": 0}, {"note": 0, "log": True, "text": "now T = {T}"}]
    moved = figures.curves(temps, {"a": temps}, marker_x=2 * t, marker_label="elsewhere")
    assert tcontrol.attach(p, moved) is moved  # a line that does not mark T is not T's mark


def test_the_share_chart_names_its_pair_and_the_stats_lines_name_their_matrix():
    s = Scenario()
    p = page_at(s)
    words = list(s.labels)
    (a, b), share = analysis.most_looked_pair(p.lesson.trace.weights)
    title = figures.at_t(f"T = {figures.T}: ‘{figures.PAIR_A}’ + ‘{figures.PAIR_B}’", s.temperature,
                         pair=(words, (a, b)))
    assert title == f"T = {s.temperature:g}: ‘{words[a]}’ + ‘{words[b]}’"
    fig = figures.bars(share, words, title=title, y_range=(0, 110), shows=figures.shows("share"))
    m = meta(tcontrol.attach(p, fig))
    assert m["traces"] == [{"i": 0, "axis": "y", "src": "main", "q": "share"}]
    assert m["title"] == "T = {T}: ‘{A}’ + ‘{B}’" and m["pair"] == {"src": "main", "labels": words}
    # ⑤'s lines of the attention output (the residual dropped)
    out = p.lesson.trace.output
    rows = [("μ", analysis.row_stats(out)[0], figures.shows("O", stat="mean")),
            ("σ", analysis.row_stats(out)[1], figures.shows("O", stat="std")),
            ("μ̂", analysis.row_stats(layer_norm(out))[0], figures.shows("Ohat", stat="mean")),
            ("σ̂", analysis.row_stats(layer_norm(out))[1], figures.shows("Ohat", stat="std"))]
    specs = meta(tcontrol.attach(p, figures.line_rows(words, rows)))["traces"]
    assert [(t["q"], t["stat"]) for t in specs] == [("O", "mean"), ("O", "std"), ("Ohat", "mean"), ("Ohat", "std")]


def test_traces_whose_numbers_coincide_follow_what_each_says_it_shows():
    """Value matching could not tell apart traces whose numbers are equal at the T drawn. One word: the mean of its
    LayerNorm (before γ, β) is 0, and so is its entropy; declared, each line follows its own quantity, and a bar
    chart of zeros that says nothing (the old matcher took it for the entropy) is left alone."""
    one = Scenario().with_sentence("슬픈")[0]
    p = page_at(one)
    words = list(one.labels)
    z = p.lesson.residual
    zeros = [float(analysis.row_stats(layer_norm(z))[0][0]), float(analysis.entropy(p.lesson.trace.weights)[0])]
    assert np.allclose(zeros, 0.0, atol=1e-12)
    lines = figures.line_rows(words, [("μ of ẑ", [zeros[0]], figures.shows("Zhat", stat="mean")),
                                      ("H", [zeros[1]], figures.shows("H"))])
    m = meta(tcontrol.attach(p, lines))
    assert [(t["i"], t["q"], t.get("stat")) for t in m["traces"]] == [(0, "Zhat", "mean"), (1, "H", None)]
    assert set(m["sources"]["main"]) == {"S", "allowed", "V", "X"}  # ẑ needs X and V; H only S
    undeclared = figures.bars([0.0], words)
    assert tcontrol.attach(p, undeclared) is undeclared


def test_a_title_printing_t_to_two_decimals_is_rewritten_in_that_format():
    """⑥'s head titles print T as {t:.2f}: "T = 0.50". Found by its value, "T = 0.5" was taken for T and the rest
    kept: at T = 2 the browser wrote "T = 20". Declared, the template says how T is printed."""
    s = replace(Scenario(), temperature=0.5, head_temperature="shared")
    p = page_at(s, "multihead")
    from attention_core.i18n import text

    title = figures.at_t(text("en", "multihead.weights_chart", h=1, name="emotion", t=figures.T),
                         p.lesson.multi.temperature)
    assert title == text("en", "multihead.weights_chart", h=1, name="emotion", t=0.5)
    fig = figures.heatmap(p.lesson.multi.heads[0].weights, *axes(s), kind="weights", title=title,
                          shows=figures.shows("W", src="h0"))
    m = meta(tcontrol.attach(p, fig))
    assert m["title"].endswith("T = {T:.2f}")
    assert m["traces"] == [{"i": 0, "axis": "z", "src": "h0", "q": "W"}]
    assert np.array_equal(np.array(m["sources"]["h0"]["S"]), p.lesson.multi.heads[0].scores)


def test_the_control_code_sent_once_runs_and_installs_the_mount_the_component_calls(tmp_path):
    """The library (sent in a script element, its "<" before a letter escaped for st.html's sanitiser) is valid
    JavaScript that installs the mount function the component's module calls, by the same versioned name; the
    module is a valid ES module. Run by Node (installed with npm by scripts/test.sh)."""
    node = shutil.which("node")
    assert node, "node not found: scripts/test.sh installs it (with npm) before the tests"
    assert not re.search(r"<[/\w!]", tcontrol.LIBRARY_JS)  # what st.html's sanitiser would drop the script for
    library = tmp_path / "library.js"
    library.write_text("globalThis.window = globalThis;\n" + tcontrol.LIBRARY_JS +
                       f"\nconsole.log(typeof window.{tcontrol.MOUNT});\n", encoding="utf-8")
    ran = subprocess.run([node, str(library)], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "function"
    shim = tmp_path / "shim.mjs"
    shim.write_text(tcontrol.SHIM_JS, encoding="utf-8")
    checked = subprocess.run([node, "--check", str(shim)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stderr
    assert tcontrol.SHIM_JS.count(f"window.{tcontrol.MOUNT}") == 3
