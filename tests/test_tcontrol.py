"""What the T control's `attach` finds in a chart (the browser side is tests/e2e/test_t_control.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace

import numpy as np
import plotly.graph_objects as go

from attention_core import analysis, figures, layer_norm
from attention_core.scenario import Scenario, View
from attention_core.ui import tcontrol
from attention_core.ui.frame import Page
from attention_core.ui.state import AppState


def page_at(scenario: Scenario) -> Page:
    return Page("temperature", AppState(scenario, View()))


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
    fig = figures.heatmap(p.lesson.trace.weights, *axes(s), title=f"weights, T = {s.temperature:g}",
                          kind="weights", row_sums=True)
    out = tcontrol.attach(p, fig)
    m = meta(out)
    assert m["traces"] == [{"i": 0, "axis": "z", "src": "main", "q": "W"}]
    assert np.array_equal(np.array(m["sources"]["main"]["S"]), p.lesson.trace.scores)
    assert m["sources"]["main"]["allowed"] is None
    assert "V" not in m["sources"]["main"]  # the weights need S alone
    assert m["title"] == "weights, T = {T}"
    assert fig.layout.meta is None  # the shared (memoised) figure is left as it was


def test_layernorm_needs_x_v_gamma_beta_and_a_chart_that_does_not_follow_t_is_left_alone():
    s = Scenario()
    p = page_at(s)
    dims = figures.Axis([str(c) for c in range(s.x.shape[1])], "dim")
    ln = tcontrol.attach(p, figures.heatmap(p.lesson.normalized, axes(s)[0], dims))
    assert meta(ln)["traces"][0]["q"] == "LN"
    assert set(meta(ln)["sources"]["main"]) == {"S", "allowed", "V", "X", "gamma", "beta"}
    x = figures.heatmap(s.x, axes(s)[0], dims)
    assert tcontrol.attach(p, x) is x


def test_the_masked_weights_name_their_mask_and_hidden_cells():
    s = replace(Scenario(), mask="causal")
    p = page_at(s)
    m = analysis.masked_attention(s)
    fig = figures.heatmap(m.trace.weights, *axes(s), kind="weights", masked=m.masked)
    spec = meta(tcontrol.attach(p, fig))
    assert spec["traces"][0]["src"] == "masked"
    assert np.array_equal(np.array(spec["traces"][0]["hide"]), m.masked)
    assert np.array_equal(np.array(spec["sources"]["masked"]["allowed"]), m.allowed)


def test_the_stacked_shares_and_their_printed_sum_follow_t():
    s = Scenario()
    p = page_at(s)
    tr, i = p.lesson.trace, 0
    parts = analysis.value_contributions(tr.weights, tr.v, i)
    dims = [str(c) for c in range(tr.v.shape[1])]
    fig = figures.stacked_contributions(parts, list(s.labels), dims, tr.output[i], total_label="Σ")
    specs = meta(tcontrol.attach(p, fig))["traces"]
    bars = [t for t in specs if t["q"] == "C"]
    assert [(t["row"], t["col"]) for t in bars] == [(i, j) for j in range(s.n) if np.any(parts[j] != 0)]
    (total,) = [t for t in specs if t["q"] == "O"]  # the Σ marks: the word's output row
    assert total == {"i": len(fig.data) - 1, "axis": "y", "src": "main", "q": "O", "row": i}
    # marks that print their numbers f"{v:.2f}" carry the decimals, for the browser to print them too
    printed = go.Figure(fig)
    printed.data[-1].text = [f"{v:.2f}" for v in tr.output[i]]
    printed.data[-1].mode = "markers+text"
    assert next(t for t in meta(tcontrol.attach(p, printed))["traces"] if t["q"] == "O")["text"] == 2
    # a line whose few values equal a quantity by chance (a mean of 0, the entropy of one word) is not followed
    one = Scenario().with_sentence("슬픈")[0]
    lines = figures.line_rows(list(one.labels), [("mean", [0.0]), ("std", [1.0])])
    assert tcontrol.attach(page_at(one), lines) is lines


def test_the_line_at_t_on_a_chart_over_t_and_its_label_move_with_t():
    s = Scenario()
    p = page_at(s)
    t = s.temperature
    temps = np.geomspace(0.05, 20, 9)
    fig = figures.curves(temps, {"a": temps, "b": 1 / temps}, log_x=True, marker_x=t, marker_label=f"now T = {t:g}")
    m = meta(tcontrol.attach(p, fig))
    assert m["traces"] == []  # the curves themselves do not depend on T
    assert m["marks"] == [{"shape": 0}, {"note": 0, "log": True, "text": "now T = {T}"}]
    moved = figures.curves(temps, {"a": temps}, marker_x=2 * t, marker_label="elsewhere")
    assert tcontrol.attach(p, moved) is moved  # a line anywhere but at T is not T's mark


def test_the_share_chart_names_its_pair_and_the_stats_lines_name_their_matrix():
    s = Scenario()
    p = page_at(s)
    words = list(s.labels)
    (a, b), share = analysis.most_looked_pair(p.lesson.trace.weights)
    fig = figures.bars(share, words, title=f"T = {s.temperature:g}: ‘{words[a]}’ + ‘{words[b]}’", y_range=(0, 110))
    m = meta(tcontrol.attach(p, fig))
    assert m["traces"] == [{"i": 0, "axis": "y", "src": "main", "q": "share"}]
    assert m["title"] == "T = {T}: ‘{A}’ + ‘{B}’" and m["pair"] == {"src": "main", "labels": words}
    # ⑤'s lines of the attention output (the residual dropped): μ of LayerNorm, 0 by construction, is the one of
    # the matrix beside it
    out = p.lesson.trace.output
    rows = [("μ", analysis.row_stats(out)[0]), ("σ", analysis.row_stats(out)[1]),
            ("μ̂", analysis.row_stats(layer_norm(out))[0]), ("σ̂", analysis.row_stats(layer_norm(out))[1])]
    specs = meta(tcontrol.attach(p, figures.line_rows(words, rows)))["traces"]
    assert [(t["q"], t["stat"]) for t in specs] == [("O", "mean"), ("O", "std"), ("Ohat", "mean"), ("Ohat", "std")]


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
