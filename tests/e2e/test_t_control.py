"""The T control in a real browser (attention_core/ui/tcontrol).

- One math, checked twice: the browser's redraw of every T chart (ui/web/tcontrol/math.js, fed the inputs the server
  attached to the chart) against attention_core, on every page with T charts, for the default scenario, two random
  ones, 64 words and one word, each with ⑧'s causal mask on, the pages walked by their links. Every T option is
  drawn: each scenario takes every fifth option, in turn, and the ends and 1 (`t_sample`); Node checks every function
  of math.js at every option without a browser, on four scenarios of its own (tests/test_web_js.py).
- ②'s weight path table, redrawn by the control too: the browser's numbers against attention_core at every T
  option for the same scenarios, on the same walk, printed as the server prints them; a step does not send the
  table again, and where the browser cannot draw it (no Plotly, no module) the server does.
- A fast frame (ui/web/tcontrol/draw.js: only what T moved) draws what Plotly's whole redraw of the same numbers draws.
- A drag redraws the weights chart several times before the server hears anything; the release is told once.
- A five-press burst is one message to the server, so one server run.
- Where the preview cannot run (no Plotly) every step goes to the server; where the module cannot load at all,
  the Streamlit slider it hides stands in.
"""

from __future__ import annotations

import csv
import itertools
import json
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from attention_core import analysis, codec, layer_norm, learn, order, presets
from attention_core.accessible import fixed
from attention_core.i18n import text
from attention_core.registry import T_OPTIONS
from attention_core.scenario import Scenario, View
from attention_core.ui import web
from attention_core.ui.state import Training
from tests.e2e.driver import (
    SEL_SLIDER,
    SIDEBAR,
    T_CONTROL,
    assert_no_exception,
    chart_by_name,
    chart_names,
    chart_shown,
    go_to,
    settle,
    share_link,
    step_t,
    t_control,
    t_counts,
    t_shown,
)
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

MAIN = '[data-testid="stMain"]'
RTOL = 1e-9

# what a trace of a T chart shows, read from the browser: its spec (layout.meta) and its drawn numbers
T_TRACES_JS = JS["T_TRACES_JS"]


def read(page, js: str):
    """What the function `js` returns in the page, handed over as one JSON text: Playwright's own hand-over wraps
    every number of a 64-word page's matrices in an object of its own, many times slower (JSON keeps a float's
    shortest exact digits; what is not a finite number arrives as None, as T_TRACES_JS already maps it)."""
    return json.loads(page.evaluate(f"async () => JSON.stringify(await ({js})())"))


def lexicon_sentence(n: int) -> str:
    with open(Path(__file__).resolve().parents[2] / "attention_core" / "data" / "lexicon.csv", encoding="utf-8") as f:
        words = [row["word"] for row in csv.DictReader(f) if row["lang"] == "ko"]
    return " ".join((words * (n // len(words) + 1))[:n])


SCENARIOS = {
    "default": Scenario(),
    "random-7": Scenario().with_preset("random", 7),
    "random-2024": Scenario().with_preset("random", 2024),
    "64-words": Scenario().with_sentence(lexicon_sentence(64))[0],
    "one-word": Scenario().with_sentence("슬픈")[0],
}
# the pages with charts the control redraws, and ② for its weight path table, in the order the test walks them by
# their sidebar links (⑤ last: its residual is dropped on the way out); the heads follow the sidebar T on ⑥, ⑧ has its
# causal mask on
PAGES = ("home", "score", "temperature", "value", "multihead", "learn", "order", "residual")
FOLLOWING = {"home": {"pipeline", "share"}, "temperature": {"document-bars", "weights"},  # redrawn in the browser
             "value": {"weights", "output", "contributions"}, "residual": {"add-norm", "stats"},
             "multihead": {"weights-0", "concat", "output"}, "learn": {"weights-learned", "weights-hand-set"},
             "order": {"weights", "delta-without", "delta-with"}}
TWO_WORDS = {"delta-without", "delta-with"}  # ⑧'s shuffle needs two words
DROPPED = {"add-norm", "stats", "cosine", "pairs-with", "pairs-without"}  # ⑤ with the residual dropped
FAST_CHECKED = (T_OPTIONS[0], 1.0, T_OPTIONS[-1])  # where a fast frame is compared with Plotly's own redraw
MARKED = {"temperature": {"curves"}}  # charts whose line at T (and its label) the browser moves
SUMMED = {"value": {"contributions"}}  # charts whose sums beside the stacks the browser rewrites
PAGE_SETTINGS = {"multihead": {"head_temperature": "shared"}, "order": {"mask": "causal", "pe_alpha": 1.0}}


def t_sample(name: str) -> list[float]:
    """The T options scenario `name` is drawn at: every len(SCENARIOS)-th option from its own place in SCENARIOS, so
    that the scenarios together draw every option, and FAST_CHECKED."""
    k = list(SCENARIOS).index(name)
    return sorted(set(T_OPTIONS[k::len(SCENARIOS)]) | set(FAST_CHECKED))


def expected(s: Scenario, spec: dict) -> tuple[np.ndarray, float | None]:
    """The quantity `spec` names, computed by attention_core at the scenario's T, and the size its error is
    measured against where the quantity is a difference of larger numbers (None: its own numbers): ⑧'s Δ is
    known to the outputs' rounding, LayerNorm's mean (0 by construction) to its values'."""
    src, q = spec["src"], spec["q"]
    if src in ("shuffle0", "shuffle"):
        r = order.shuffle_experiment(s, 0.0 if src == "shuffle0" else s.pe_alpha)
        return r.delta, float(np.max(np.abs(r.original)))
    if src in ("learned", "hand"):
        if src == "learned":  # the run ⑦ starts: from the seed, before its first step
            t = Training()
            run = learn.start(learn.load_dataset(), seed=t.seed, lr=t.lr, temperature=t.temperature)
            w_q, w_k = run.w_q, run.w_k
        else:
            w_q, w_k, _ = presets.single_head_weights("emotion")
        return learn.sentence_weights(s.x, w_q, w_k, s.temperature), None
    if src == "heads":
        multi = analysis.compute(s).multi
        return {"concat": multi.concat, "MO": multi.output}[q], None
    if "stat" in spec:
        lesson = analysis.compute(s)
        m = {"Z": lesson.residual, "O": lesson.trace.output}[q.removesuffix("hat")]
        m = layer_norm(m) if q.endswith("hat") else m
        mean, std = analysis.row_stats(m)
        return (mean, float(np.max(np.abs(m)))) if spec["stat"] == "mean" else (std, None)
    if q == "share":
        return analysis.most_looked_pair(analysis.compute(s).trace.weights)[1], None
    return _expected(s, spec), None


def _expected(s: Scenario, spec: dict) -> np.ndarray:
    src, q = spec["src"], spec["q"]
    if src == "doc":
        full = analysis.document_example((s.temperature,))
    elif src == "masked":
        full = order.masked_attention(s).trace.weights
    elif src.startswith("h"):
        full = analysis.compute(s).multi.heads[int(src[1:])].weights
    else:
        lesson = analysis.compute(s)
        tr = lesson.trace
        if q == "C":
            return tr.weights[spec["row"], spec["col"]] * tr.v[spec["col"]]
        if q == "rest":  # ④'s "other words": every word's share but the ones the stack shows
            parts = analysis.value_contributions(tr.weights, tr.v, spec["row"])
            return np.delete(parts, spec["cols"], axis=0).sum(axis=0)
        full = {"cosLN": analysis.cosine(lesson.normalized, s.x),
                "cosLN0": analysis.cosine(lesson.normalized_without_residual, s.x),
                "pairLN": analysis.pair_cosines(lesson.normalized),
                "pairLN0": analysis.pair_cosines(lesson.normalized_without_residual),
                "W": tr.weights, "O": tr.output, "Z": lesson.residual, "LN": lesson.normalized,
                "LN0": lesson.normalized_without_residual, "H": analysis.entropy(tr.weights),
                "EH": analysis.effective_words(tr.weights)}[q]
    return full[spec["row"]] if spec.get("row") is not None else full


def assert_close(got, want: np.ndarray, where: str, of: float | None = None) -> None:
    got = np.array([[np.nan if v is None else v for v in row] for row in got] if want.ndim == 2
                   else [np.nan if v is None else v for v in got], dtype=float)
    assert got.shape == want.shape, where
    shown = ~np.isnan(got)  # masked cells are drawn blank
    # relative 1e-9 of each number; a number that is 0 up to rounding (LayerNorm's centred values, a weight
    # of e^-700) is compared with the size of its matrix instead, a difference with the size of what it is the
    # difference of (`of`)
    scale = max(float(np.max(np.abs(want))), 1e-300)
    floor = 1e-6 * scale if of is None else of
    err = np.abs(got[shown] - want[shown])
    assert np.all(err <= RTOL * np.maximum(np.abs(want[shown]), floor)), (where, float(err.max()))


def assert_weight_lines(s: Scenario, trace: dict, where: str) -> None:
    """④'s line from word i to j (its thickness 1 + 24 w, opacity 0.35 + 0.65 w, hover text ending in w to 3
    decimals), or the words under the lines with w to 2 decimals (figures.weight_lines)."""
    spec = trace["spec"]
    row = analysis.compute(s).trace.weights[spec["row"]]
    if spec["axis"] == "line":
        w = row[spec["col"]]
        assert_close(trace["values"], np.array([1 + 24 * w, 0.35 + 0.65 * w]), where)
        assert trace["text"][0].endswith(f": {w:.3f}<extra></extra>"), where
        return
    top5 = np.sort(row)[-min(5, len(row))]
    assert trace["text"] == [f"{word}<br>{w:.2f}" if len(row) <= 10 or w >= top5 else ""
                             for word, w in zip(spec["words"], row, strict=True)], where


def share_title(s: Scenario, a: int, b: int) -> str:
    """Home's share chart's title as the server writes it (app.py), for the pair (a, b) at the scenario's T."""
    words = s.labels
    return text("ko", "home.share_chart", t=s.temperature, a=words[a], b=words[b]).split(": ", 1)[1].split(" (")[0]


def open_home(page, app_server, scenario: Scenario) -> None:
    """Home, opened from the scenario's share link."""
    token = codec.encode_link(scenario, View())
    page.goto(f"{app_server.url}?s={token}")
    settle(page)
    page.wait_for_selector(f"{SIDEBAR} {T_CONTROL}", timeout=30_000)


# ④'s sums beside the stacks: the stack's bars and the Σ marks as drawn, and the annotations
SUMS_JS = JS["SUMS_JS"]


def assert_sums(drawn: list, where: str) -> None:
    """④'s sums as figures.stacked_contributions writes them for the stack and the sums the page shows (`drawn`:
    what SUMS_JS read)."""
    for chart in drawn:
        stack, total = np.array(chart["bars"], dtype=float), np.array(chart["total"], dtype=float)
        up, down = np.clip(stack, 0, None).sum(axis=0), np.clip(stack, None, 0).sum(axis=0)
        want = [[float(d if v < 0 else u), f"{v:.2f}", "top" if v < 0 else "bottom", -2 if v < 0 else 2]
                for u, d, v in zip(up, down, total, strict=True)]
        assert chart["notes"] == want, where


MARKS_JS = JS["MARKS_JS"]


# one round trip per T: the preview at T, then what every T chart shows, its sums and its marks
AT_T_JS = JS["AT_T_JS"]


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_browsers_t_charts_equal_attention_core_and_plotlys_redraw_at_sampled_ts(app_server, new_page, name):
    """Every T chart of every page at the scenario's T options (`t_sample`: all five scenarios together draw every
    option). One scenario holds every page's settings (⑥'s heads follow
    the sidebar T; ⑧'s causal mask and positions, which no other page reads), opened once from its link; the pages
    are then walked by the app's own links, as a class walks them."""
    page = new_page()
    scenario = replace(SCENARIOS[name], **{k: v for settings in PAGE_SETTINGS.values() for k, v in settings.items()})
    open_home(page, app_server, scenario)
    # ⑤ twice: as it opens, then on the same page with the residual dropped
    for key, drop in [(k, d) for k in PAGES for d in ((False, True) if k == "residual" else (False,))]:
        if drop:
            page.locator(".st-key-residual-drop label").first.click()
            page.wait_for_selector(".st-key-chart-pairs-without .js-plotly-plot", timeout=60_000)
            settle(page)
        elif key != "home":
            go_to(page, key)
            page.wait_for_selector(f"{SIDEBAR} {T_CONTROL}", timeout=30_000)
        if key == "score":
            assert_weight_path_at_every_t(page, scenario, name)
            continue
        drawn = read(page, T_TRACES_JS)
        following = (DROPPED if drop else FOLLOWING[key]) - (TWO_WORDS if scenario.n < 2 else set())
        assert following <= {trace["chart"] for trace in drawn}, (name, key, drawn)
        for t in t_sample(name):
            shown = json.loads(page.evaluate(AT_T_JS, t))
            if t in FAST_CHECKED:
                assert_fast_frame_is_plotlys_redraw(page, f"{name}, {key}, T = {t:g}", len(MARKED.get(key, ())),
                                                    len(SUMMED.get(key, ())))
            at_t = scenario.with_temperature(t)
            for trace in shown["traces"]:
                where = f"{name}, {key}, chart {trace['chart']}, {trace['spec']}, T = {t:g}"
                if trace["spec"]["axis"] in ("line", "text"):  # ④'s lines and the weights printed under them
                    assert_weight_lines(at_t, trace, where)
                    continue
                want, of = expected(at_t, trace["spec"])
                assert_close(trace["values"], want, where, of)
                if trace["text"] is not None:  # numbers printed by the server's f"{v:.{d}f}"
                    assert trace["text"] == [f"{v:.{trace['spec']['text']}f}" for v in want], where
                if "T =" in trace["title"]:
                    assert f"T = {t:g}" in trace["title"], where
                if trace["spec"]["q"] == "share":  # Home's share chart: the title names the pair at T
                    (a, b), _ = analysis.most_looked_pair(analysis.compute(at_t).trace.weights)
                    assert share_title(at_t, a, b) in trace["title"].replace("<br>", " "), where
            assert_sums(shown["sums"], f"{name}, {key}, T = {t:g}")
            marks = shown["marks"]  # the line at T on a chart over T, and its label
            assert {mark["chart"] for mark in marks} == MARKED.get(key, set()), (name, key, marks)
            for mark in marks:
                where = f"{name}, {key}, chart {mark['chart']}, T = {t:g}"
                assert mark["shapes"] and all(x0 == x1 == t for x0, x1 in mark["shapes"]), (where, mark)
                for x, log, label in mark["notes"]:
                    assert x == pytest.approx(np.log10(t) if log else t, rel=1e-12, abs=1e-12), (where, mark)
                    assert f"{t:g}" in label, (where, mark)
        counts = page.evaluate("() => window.__attentionT.draw")
        assert counts["full"] == 0 and counts["fast"] > 0, (name, key, counts)  # no chart fell back to Plotly.update
        assert page.js_errors == [], page.js_errors


# what a T chart shows on screen: its cells' images and printed numbers (text and colour), its bars, its marks
# and their labels, its value axis and title
DRAWN_JS = JS["DRAWN_JS"]
# where a chart's line at T and its label are drawn: [x, y0, y1] of each line, [x, y, box width, text x, text] of
# each label (px)
MARKS_DRAWN_JS = JS["MARKS_DRAWN_JS"]
# where the annotations of a T chart that rewrites them (④'s sums) are drawn: [x, y, box width, text] (px)
NOTES_DRAWN_JS = JS["NOTES_DRAWN_JS"]
FULL_REDRAW_JS = JS["FULL_REDRAW_JS"]


def assert_fast_frame_is_plotlys_redraw(page, where: str, marked: int, summed: int) -> None:
    """A preview frame redraws only what T moved (ui/web/tcontrol/draw.js); Plotly's own redraw of the figures from the
    same data, right after, must leave every image, number, colour, bar, mark and axis as the frame drew them."""
    fast, fast_marks = read(page, DRAWN_JS), read(page, MARKS_DRAWN_JS)
    fast_notes = read(page, NOTES_DRAWN_JS)
    page.evaluate(FULL_REDRAW_JS)
    assert read(page, DRAWN_JS) == fast, where
    full_marks, full_notes = read(page, MARKS_DRAWN_JS), read(page, NOTES_DRAWN_JS)
    assert len(full_marks) == len(fast_marks) == marked, (where, full_marks)
    assert len(full_notes) == len(fast_notes) == summed, (where, full_notes)
    for got, want in zip(fast_marks + fast_notes, full_marks + full_notes):  # within a pixel's rounding
        for a, b in zip(flat(got), flat(want), strict=True):
            assert a == b if isinstance(a, str) else abs(a - b) <= 1.0, (where, a, b, got, want)


def flat(marks) -> list:
    return [v for group in marks for item in group for v in item]


def websocket_sends(page) -> list:
    """A list that grows by one for every message the page sends to the server (a widget change starts a run)."""
    sent: list = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(payload)))
    return sent


def test_the_scenarios_together_draw_every_t_option():
    assert set().union(*(t_sample(name) for name in SCENARIOS)) == set(T_OPTIONS)


def test_a_tap_tells_nothing_and_a_drag_redraws_the_weights_before_any_server_run(app_server, new_page):
    page = new_page()
    sent = websocket_sends(page)
    page.goto(app_server.page_url("temperature"))
    settle(page)
    before = chart_shown(page, "weights")
    control = t_control(page, MAIN)
    box = control.bounding_box()
    y = box["y"] + box["height"] / 2
    k = T_OPTIONS.index(t_shown(page, MAIN))
    # a tap on the thumb (its centre: the default 16 px thumb's) moves nothing and tells the server nothing, where a
    # report of the T shown would cost a run of the whole page
    sent_before = len(sent)
    for _ in range(2):
        page.mouse.click(box["x"] + 8 + (box["width"] - 16) * k / (len(T_OPTIONS) - 1), y)
    settle(page)
    assert t_shown(page, MAIN) == T_OPTIONS[k]
    assert t_counts(page)["sends"] == 0 and len(sent) == sent_before
    x0 = box["x"] + box["width"] * k / (len(T_OPTIONS) - 1)
    page.mouse.move(x0, y)
    page.mouse.down()
    titles = set()
    for step in range(1, 9):  # towards the small T: attention sharpens
        page.mouse.move(x0 - step * box["width"] / (len(T_OPTIONS) - 1), y, steps=2)
        page.wait_for_function("n => window.__attentionT.previews >= n", arg=step, timeout=10_000)
        titles.add(chart_shown(page, "weights")["title"])
    assert len(sent) == sent_before, "the server heard of the drag before the release"
    assert t_counts(page)["previews"] >= 8 and len(titles) >= 4, titles
    assert chart_shown(page, "weights")["traces"][0]["z"] != before["traces"][0]["z"]
    page.mouse.up()
    page.wait_for_function("() => window.__attentionT.sends === 1", timeout=10_000)
    settle(page)
    assert len(sent) > sent_before
    link = share_link(page)
    assert codec.decode_link(link.split("?s=", 1)[1])[0].temperature == t_shown(page, MAIN) < Scenario().temperature
    stepped = {name: chart_shown(page, name) for name in chart_names(page)}
    fresh = new_page()
    fresh.goto(link)
    settle(fresh)
    assert {name: chart_shown(fresh, name) for name in chart_names(fresh)} == stepped


# The times (performance.now(), ms) at which the page handled each step of a T control, in the same event dispatch
# as the control's own handler: a step clears the pause the step before it started, so a pause can have run out
# (and told the server) only where two steps are at least PAUSE_MS apart
PRESS_TIMES_JS = JS["PRESS_TIMES_JS"]
# control.js: the server is told PAUSE_MS after the last key press
PAUSE_MS = int(re.search(r"const PAUSE_MS = (\d+);", web.asset("tcontrol/control.js"))[1])


def test_a_five_press_burst_is_one_message_to_the_server(app_server, new_page):
    """Five presses at a hand's pace (60 ms apart) are one message. On a loaded machine a press can reach the page
    later than that: a gap of PAUSE_MS or more between two presses may end the pause in between, so the test
    allows one more message for each such gap, as measured in the page, and no other."""
    page = new_page()
    sent = websocket_sends(page)
    page.goto(app_server.page_url("value"))
    settle(page)
    start = T_OPTIONS.index(t_shown(page))
    page.evaluate(PRESS_TIMES_JS)
    sent_before = len(sent)
    hand_ms = 60
    assert hand_ms < PAUSE_MS  # a hand's pace between presses never ends the pause
    step_t(page, "ArrowRight", times=5, gap_ms=hand_ms)
    # no control holds a T for the server any more: any second message would have been sent
    page.wait_for_function("() => window.__attentionT.scheduled() === 0", timeout=30_000)
    settle(page)
    times = page.evaluate("() => window.__pressTimes")
    assert len(times) == 5
    long_gaps = sum(1 for a, b in itertools.pairwise(times) if b - a >= PAUSE_MS)
    counts = t_counts(page)
    assert counts["previews"] == 5 and counts["failed"] == 0
    assert 1 <= counts["sends"] <= 1 + long_gaps, (counts, times)  # with the presses 60 ms apart: exactly one
    assert len(sent) == sent_before + counts["sends"]
    assert t_shown(page) == T_OPTIONS[start + 5]
    assert codec.decode_link(share_link(page).split("?s=", 1)[1])[0].temperature == T_OPTIONS[start + 5]


FALLBACK_SLIDERS = '[class*="st-key-tctl-"] [data-testid="stSlider"]'  # the Streamlit slider beside each control


def test_once_the_control_has_told_a_t_the_streamlit_sliders_are_drawn_no_more(app_server, new_page):
    """The Streamlit slider beside each T control stands in where the control's module cannot run. Hidden, it
    still cost every run's start and end (docs/performance.md): once the control has told the server a T, no page
    of the session draws it, and the controls go on stepping T."""
    page = new_page()
    page.goto(app_server.page_url("temperature"))
    settle(page)
    assert page.locator(FALLBACK_SLIDERS).count() == 2  # the sidebar's and ③'s, hidden by the controls
    assert not page.locator(FALLBACK_SLIDERS).first.is_visible()
    main_control = page.locator(f"[data-testid='stMain'] {T_CONTROL}")
    y = main_control.bounding_box()["y"]
    start = T_OPTIONS.index(t_shown(page))
    step_t(page, "ArrowRight")  # the sidebar's control: the main column does not scroll
    assert page.locator(FALLBACK_SLIDERS).count() == 0
    assert main_control.bounding_box()["y"] == y  # hidden, the slider took no room: nothing below it moves
    assert page.locator(T_CONTROL).count() == 2
    step_t(page, "ArrowRight", scope="[data-testid='stMain']")  # ③'s own control
    assert t_shown(page) == T_OPTIONS[start + 2]
    assert codec.decode_link(share_link(page).split("?s=", 1)[1])[0].temperature == T_OPTIONS[start + 2]
    go_to(page, "score")
    assert page.locator(FALLBACK_SLIDERS).count() == 0 and page.locator(T_CONTROL).count() == 1
    step_t(page, "ArrowLeft")
    assert codec.decode_link(share_link(page).split("?s=", 1)[1])[0].temperature == T_OPTIONS[start + 1]
    assert_no_exception(page)


def test_without_plotly_every_step_goes_to_the_server(app_server, new_page):
    page = new_page()
    page.goto(app_server.page_url("temperature"))
    settle(page)
    page.evaluate("() => { delete window.Plotly; }")
    title = chart_shown(page, "weights")["title"]
    start = T_OPTIONS.index(t_shown(page))
    for k in (1, 2):
        step_t(page, "ArrowRight")
        assert t_counts(page) == {"previews": 0, "sends": k, "failed": k}
        want = T_OPTIONS[start + k]
        assert codec.decode_link(share_link(page).split("?s=", 1)[1])[0].temperature == want
        page.wait_for_function("([sel, t]) => document.querySelector(sel).textContent.includes(t)",
                               arg=[".st-key-chart-weights .gtitle", f"T = {want:g}"], timeout=30_000)
    assert chart_shown(page, "weights")["title"] != title
    # the control told the server it could not draw: the T charts stay Streamlit's own, which need nothing of it
    assert page.locator('.st-key-chart-weights [data-testid="stPlotlyChart"]').count() == 1
    assert page.locator(".attention-live-box").count() == 0


@pytest.mark.parametrize("key", ["value", "score"])
def test_where_the_module_cannot_load_the_streamlit_slider_is_the_control(app_server, new_page, key):
    """② too: its weight path, which the control redraws where it runs, is drawn by the server at the new T."""
    page = new_page()
    # the component's inline module is loaded from a blob: URL; refuse to make one for a script
    page.add_init_script("""(() => {
      const make = URL.createObjectURL;
      URL.createObjectURL = function (obj) {
        if (obj && /javascript/.test(obj.type || '')) throw new Error('blocked for the test');
        return make.call(URL, obj);
      };
    })()""")
    page.goto(app_server.page_url(key))
    settle(page)
    assert page.locator(T_CONTROL).count() == 0
    slider = page.locator(f"{SIDEBAR} {SEL_SLIDER}").first
    assert slider.is_visible()
    before = share_link(page)  # read before the press: the run it starts may be over before a later read
    start = codec.decode_link(before.split("?s=", 1)[1])[0].temperature
    slider.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("([sel, t]) => !document.querySelector(sel).textContent.includes(t)",
                           arg=[f"{SIDEBAR} [data-testid='stCode'] code", before], timeout=60_000)
    settle(page)
    assert codec.decode_link(share_link(page).split("?s=", 1)[1])[0].temperature == T_OPTIONS[
        T_OPTIONS.index(start) + 1]
    if key == "score":
        page.wait_for_function("([sel, c]) => document.querySelector(sel).textContent === c",
                               arg=[".attention-t-caption", expected_weight_path(Scenario(), T_OPTIONS[
                                   T_OPTIONS.index(start) + 1])["caption"]], timeout=30_000)
        assert read(page, T_TABLE_JS) == [expected_weight_path(Scenario(), T_OPTIONS[T_OPTIONS.index(start) + 1])]
    else:
        assert chart_by_name(page, "weights").count() == 1


# ②'s weight path (tables.weight_path_table): what the table shows, and the browser's own numbers for it
T_TABLE_JS = JS["T_TABLE_JS"]
T_TABLE_AT_JS = JS["T_TABLE_AT_JS"]


def expected_weight_path(s: Scenario, t: float) -> dict:
    """②'s weight path table as the server draws it at T (tables.weight_path_table), for the page's first row."""
    scores = analysis.compute(s).trace.scores[0]
    path = analysis.weight_path(scores, t)
    return {"rows": [[word, [fixed(float(path[q][k]), 3) for q in ("scores", "scaled", "exp", "weights")]]
                     for k, word in enumerate(s.labels)],
            "bars": [f"{w * 100:.1f}%" for w in path["weights"]],
            "caption": text("ko", "score.path_caption", t=f"{t:g}", total="1.000"),
            "scores": scores.tolist()}


def open_score(page, app_server, scenario: Scenario) -> None:
    page.goto(f"{app_server.page_url('score')}?s={codec.encode_link(scenario, View())}")
    settle(page)
    page.wait_for_selector(f"{SIDEBAR} {T_CONTROL}", timeout=30_000)
    page.wait_for_selector(".attention-t-table", timeout=30_000)


def assert_weight_path_at_every_t(page, scenario: Scenario, name: str) -> None:
    """② draws its weight path at the state's T; the T control redraws it in the browser at every T it previews
    (it is no T part, so a T step does not send it again). At every T option: the browser's numbers equal
    analysis.weight_path to a relative 1e-9, and the table prints them as the server prints its own table."""
    page.wait_for_selector(".attention-t-table", timeout=30_000)
    assert read(page, T_TABLE_JS) == [expected_weight_path(scenario, scenario.temperature)]
    for t in T_OPTIONS:
        shown = json.loads(page.evaluate(T_TABLE_AT_JS, t))
        want = analysis.weight_path(analysis.compute(scenario).trace.scores[0], t)
        for q in ("scaled", "exp", "weights"):
            assert_close(shown["path"][q], want[q], f"{name}, {q}, T = {t:g}")
        assert shown["table"] == expected_weight_path(scenario, t), (name, t)


TABLE_NODE_JS = JS["TABLE_NODE_JS"]
SAME_TABLE_NODE_JS = JS["SAME_TABLE_NODE_JS"]


def test_a_t_step_on_score_is_the_controls_own_run_and_shows_what_the_link_shows(app_server, new_page):
    """A key press on ② redraws the weight path in the browser at once; the server hears the T once, and its run
    does not send the table again (the same node is on the page). After it, the table, the link and the control
    show what ② opened fresh from the link shows."""
    page = new_page()
    sent = websocket_sends(page)
    open_score(page, app_server, Scenario())
    page.evaluate(TABLE_NODE_JS)
    start = T_OPTIONS.index(t_shown(page))
    sent_before = len(sent)
    t_control(page).focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => window.__attentionT.previews >= 1", timeout=10_000)
    want = expected_weight_path(Scenario(), T_OPTIONS[start - 1])
    assert read(page, T_TABLE_JS) == [want]  # drawn in the browser
    page.wait_for_function("() => window.__attentionT.sends === 1", timeout=10_000)
    settle(page)
    assert len(sent) == sent_before + 1
    assert page.evaluate(SAME_TABLE_NODE_JS), "the T step sent the weight path table again"
    assert read(page, T_TABLE_JS) == [want]
    link = share_link(page)
    assert codec.decode_link(link.split("?s=", 1)[1])[0].temperature == T_OPTIONS[start - 1]
    fresh = new_page()
    fresh.goto(link)
    settle(fresh)
    fresh.wait_for_selector(".attention-t-table", timeout=30_000)
    assert read(fresh, T_TABLE_JS) == [want]
    assert page.js_errors == [] and fresh.js_errors == [], (page.js_errors, fresh.js_errors)


def test_on_score_a_step_the_browser_cannot_draw_redraws_the_weight_path_on_the_server(app_server, new_page):
    """Without Plotly the preview cannot run: the control tells the server so, and the server draws the whole page,
    the weight path table at the new T with it."""
    page = new_page()
    open_score(page, app_server, Scenario())
    page.evaluate(TABLE_NODE_JS)
    page.evaluate("() => { delete window.Plotly; }")
    start = T_OPTIONS.index(t_shown(page))
    step_t(page, "ArrowRight")
    assert t_counts(page) == {"previews": 0, "sends": 1, "failed": 1}
    want = expected_weight_path(Scenario(), T_OPTIONS[start + 1])
    page.wait_for_function("([sel, c]) => document.querySelector(sel).textContent === c",
                           arg=[".attention-t-caption", want["caption"]], timeout=30_000)
    assert read(page, T_TABLE_JS) == [want]
    assert not page.evaluate(SAME_TABLE_NODE_JS), "the server drew the table again"
