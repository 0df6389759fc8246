"""What a room sees on a page, checked in the browser on a page already open and settled: axis titles whole on one
line and clear of the tick labels, chart titles never leaving a number alone on a line (the score, temperature
and learn pages); Home's grid naming every word and axis apart; the T control clear of the caption under it when
focused (temperature); in presenter mode, a heatmap printing its numbers wherever room-sized numbers fit, and the
note that hover has them under exactly the charts that leave them out. Each function returns what is wrong
(empty: nothing). `tests/e2e/test_axe.py` runs them on the page loads of its laptop (1280×720) and presenter
(1920×1080) walks, in Korean and English; `tests/e2e/test_room_numbers.py` runs the numbers' check in presenter
mode at 1280×720."""

from __future__ import annotations

import itertools
import re

import numpy as np

from attention_core import figures, theme
from attention_core.i18n import text
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

TITLE_PAGES = ("score", "temperature", "learn")

# Per chart: its svg box, its axis titles (box, number of lines) and tick label boxes, its title's lines.
TITLES_JS = JS["TITLES_JS"]

# The T control on the page (tcontrol: its name and value above the range, no end labels) and the first caption
# under it that shares its columns.
SLIDER_JS = JS["SLIDER_JS"]


def overlap(a: dict, b: dict, gap: float = 0.5) -> bool:
    return a["l"] < b["r"] - gap and b["l"] < a["r"] - gap and a["t"] < b["b"] - gap and b["t"] < a["b"] - gap


# Per axis of every chart: how many categories, and each drawn tick label's box and font size.
TICKS_JS = JS["TICKS_JS"]


# Every heatmap trace on the page, as drawn: its numbers, whether it prints them, and its cells' size in px.
CELLS_JS = JS["CELLS_JS"]




def title_failures(page) -> list:
    """Axis titles on one line, whole inside their chart and clear of the tick labels; chart titles that never
    leave a number or a bracket alone on a line."""
    charts = page.evaluate(TITLES_JS)
    if not charts:
        return ["no chart"]
    bad: list = []
    seen = 0
    for chart in charts:
        svg = chart["svg"]
        for title in chart["y"] + chart["x"]:
            seen += 1
            b = title["box"]
            if title["lines"] != 1:
                bad.append(("axis title on more than one line", title["text"]))
            if not (b["l"] >= svg["l"] - 0.5 and b["t"] >= svg["t"] - 0.5 and b["r"] <= svg["r"] + 0.5
                    and b["b"] <= svg["b"] + 0.5):  # a glyph cut at the edge
                bad.append(("axis title cut at the chart's edge", title["text"], b, svg))
            hit = [t["text"] for t in title["ticks"] if overlap(b, t["box"])]
            if hit:
                bad.append(("axis title on its tick labels", title["text"], hit))
        for line in chart["title"]:
            if line.count("(") != line.count(")") or re.fullmatch(r"\W*\d+\W*", line):
                bad.append(("chart title broken across lines", chart["title"]))
    if not seen:
        bad.append("no axis title to check")
    return bad


def grid_failures(page) -> list:
    """Home's pipeline grid: every category named on its axis, row labels apart, column labels (turned 45°) at
    least one line apart along the axis."""
    axes = page.evaluate(TICKS_JS)
    if len(axes) != 16:  # the pipeline grid's eight panels
        return [("axes of the pipeline grid", len(axes))]
    bad: list = []
    for axis in axes:
        ticks = axis["ticks"]
        if len(ticks) != axis["categories"]:
            bad.append(("a word or axis name left out", axis["axis"], len(ticks), axis["categories"]))
        for a, b in itertools.pairwise(ticks):
            if axis["axis"][0] == "y" and overlap(a, b):
                bad.append(("row labels overlap", axis["axis"], a["text"], b["text"]))
            if axis["axis"][0] == "x" and abs((b["l"] + b["r"]) - (a["l"] + a["r"])) / 2 < a["size"]:
                bad.append(("column labels too close", axis["axis"], a["text"], b["text"]))
    return bad


def t_control_failures(page) -> list:
    """The page's T control, focused and hovered, stays above the first caption under it."""
    control = page.locator("[data-testid='stMain'] .attention-t-range:visible").first
    control.scroll_into_view_if_needed()
    control.focus()
    control.hover()
    found = page.evaluate(SLIDER_JS)
    if found["caption"] is None:
        return ["no caption under the T control"]
    return [] if found["bar"]["b"] <= found["caption"]["t"] else [("the T control runs into its caption", found)]


def numbers_failures(page) -> list:
    """Presenter mode: a heatmap whose drawn cells hold its numbers at the room's size (with a tenth to spare and
    room for two rings of marks) prints them; the note that hover has them stands under exactly the charts that
    leave them out (charts with neither numbers nor the note print none by design: Home's small grid, ⑥'s W_O)."""
    cells = page.evaluate(CELLS_JS)
    reserve = figures.mark_rings(2)
    bad: list = []
    for cell in (c for c in cells if c["left"]):  # a chart that would print its numbers but leaves them out
        need_w, need_h = figures.number_box(np.asarray(cell["z"], dtype=float), 2, theme.PRESENTER_MIN_PX)
        fits = (need_w + theme.CELL_PAD_PX + 2 * reserve <= 0.9 * cell["w"]
                and need_h + 2 * reserve <= 0.9 * cell["h"])
        if cell["text"] or fits:
            bad.append(("numbers left out where they fit", cell["name"], round(cell["w"]), round(cell["h"])))
    left_out = sorted({c["name"] for c in cells if c["left"]})
    note = text(page.evaluate("() => document.documentElement.lang"), "views.numbers_hover.presenter")
    notes = page.locator("[data-testid='stMain'] [data-testid='stCaptionContainer']", has_text=note).count()
    if notes != len(left_out):
        bad.append(("notes that hover has the numbers", notes, "charts leaving them out", left_out))
    return bad
