"""What the room can read, on the figures' data: presenter-mode text sizes, numbers that fit their cells (or are
left out and said so), the reveal's rings clear of the digits and standing out from their cell, axis and chart
titles that fit, Home's grid naming every axis."""

from __future__ import annotations

import inspect
import itertools
import re

import numpy as np
import pytest

from attention_core import analysis, figures, theme
from attention_core.i18n import text
from attention_core.lexicon import AXES
from attention_core.scenario import Scenario
from tests.colours import rgb

SENTENCES = ("슬픈 영화였다 아름다운 장면이었다", "고요한 밤 별이 빛났다 그리고 슬픈 노래가 좋았다",
             "the dog sat on the mat and the cat sat on the rug too quietly")


def lesson(sentence: str) -> analysis.Lesson:
    scenario, _ = Scenario().with_sentence(sentence)
    return analysis.compute(scenario)


def font_sizes(node, path: str = "") -> list[tuple[str, float]]:
    """Every font size a figure sets, with where (layout.xaxis.tickfont, data[0].textfont …)."""
    found = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k in ("font", "tickfont", "textfont") and isinstance(v, dict) and v.get("size") is not None:
                sizes = v["size"] if isinstance(v["size"], (list, tuple)) else [v["size"]]
                found += [(f"{path}.{k}", float(s)) for s in sizes]
            found += font_sizes(v, f"{path}.{k}")
    elif isinstance(node, (list, tuple)):
        for i, v in enumerate(node):
            found += font_sizes(v, f"{path}[{i}]")
    return found


def word_axes(words, lang="ko"):
    return (figures.Axis(words, text(lang, "lbl.query_axis"), text(lang, "lbl.looker")),
            figures.Axis(words, text(lang, "lbl.key_axis"), text(lang, "lbl.looked")))


def home_panels(les: analysis.Lesson, lang: str = "ko") -> list[tuple]:
    """Home's pipeline grid, as app.py builds it."""
    words, trace = list(les.scenario.labels), les.trace
    axes = [text(lang, f"axis.{a.key}") for a in AXES]
    qk = [f"{c + 1}" for c in range(les.scenario.d_k)]
    return [
        ("X", les.scenario.x, words, axes, "signed"), ("Q", trace.q, words, qk, "signed", "qk"),
        ("K", trace.k, words, qk, "signed", "qk"), ("QKᵀ", trace.scores, words, words, "signed"),
        ("softmax", trace.weights, words, words, "weights"), ("V", trace.v, words, axes, "signed", "v"),
        ("out", trace.output, words, axes, "signed", "v"), ("LayerNorm", les.normalized, words, axes, "signed"),
    ]


def room_figures(les: analysis.Lesson, presenter: bool = True, width_px: float | None = None) -> dict:
    """One of every kind of chart, in presenter mode or not; `width_px`: laid out no wider (a phone's content, as
    ui.frame.Charts does on a phone)."""

    def build(builder, *args, **kwargs):
        params = inspect.signature(builder).parameters
        if width_px is not None and "width_px" in params:
            kwargs["width_px"] = min(kwargs.get("width_px", params["width_px"].default), width_px)
        return builder(*args, presenter=presenter, **kwargs)

    words, trace = list(les.scenario.labels), les.trace
    rows, cols = word_axes(words)
    axes = [a.key for a in AXES]
    n = len(words)
    guess = figures.Mark(0, 1, "guess", dash="dash")
    winner = figures.Mark(0, 0, "winner")
    return {
        "scores": build(figures.heatmap, trace.scores, rows, cols, title="Score", marks=[guess, winner]),
        "weights": build(figures.heatmap, trace.weights, rows, cols, kind="weights", row_sums=True,
                         width_px=theme.FULL_WIDTH_PX),
        "masked": build(figures.heatmap, trace.weights, rows, cols, kind="weights",
                        masked=np.triu(np.ones((n, n), bool), 1)),
        "value": build(figures.heatmap, trace.v, rows, figures.Axis(axes, "v")),
        "grid": build(figures.heatmap_grid, home_panels(les), columns=4),
        "residual": build(figures.heatmap_grid, home_panels(les)[:2], columns=2, text=True),
        "bars_grid": build(figures.bars_grid, [("a", trace.weights[0]), ("b", trace.weights[1])], words),
        "bars": build(figures.bars, trace.weights[0], words, title="softmax"),
        "curves": build(figures.curves, [0.1, 1, 10], {"a": [0.1, 0.2, 0.3]}, title="H", x_title="T",
                        y_title="H", log_x=True, marker_x=1.0, marker_label="T = 1"),
        "training": build(figures.training_curves, [0, 1, 2], [1.0, 0.5, 0.2], [0, 2], {"acc": [0.5, 1.0]},
                          title="curves", x_title="step"),
        "player": build(figures.temperature_player, [trace.weights, trace.weights], [0.5, 1.0], [1.0, 0.8], rows,
                        cols),
        "replay": build(figures.replay_heatmap, [trace.scores, trace.scores], ["0", "1"], rows, cols),
        "lines": build(figures.weight_lines, trace.weights[0], words, 0),
        "stacked": build(figures.stacked_contributions, trace.v[:2], words[:2], axes, trace.v[:2].sum(axis=0)),
    }


@pytest.mark.parametrize("sentence", SENTENCES)
def test_presenter_charts_set_no_font_below_the_room_minimum(sentence):
    for name, fig in room_figures(lesson(sentence)).items():
        layout_font = fig.layout.font.size
        assert layout_font >= theme.PRESENTER_MIN_PX, name
        small = [(where, s) for where, s in font_sizes(fig.to_dict()) if s < theme.PRESENTER_MIN_PX]
        assert not small, (name, small)


@pytest.mark.parametrize("sentence", SENTENCES)
@pytest.mark.parametrize("width_px", [None, theme.PHONE_WIDTH_PX])
def test_laptop_and_phone_charts_set_no_font_below_the_least_text(sentence, width_px):
    """On a laptop and laid out for a phone's width, no chart text under theme.MIN_TEXT_PX (11 px): colour bar
    ticks and a dense grid's cell numbers included (they were 10 px)."""
    for name, fig in room_figures(lesson(sentence), presenter=False, width_px=width_px).items():
        small = [(where, s) for where, s in font_sizes(fig.to_dict()) if s < theme.MIN_TEXT_PX]
        assert not small, (name, small)


def cell_px(fig, width_px: float, n_rows: int) -> tuple[float, float]:
    """A heatmap cell's size as laid out: the presenter page's width for the chart, less the margins."""
    m = fig.layout.margin
    width = width_px * theme.PRESENTER_WIDTH_SCALE
    return ((width - m.l - m.r) / len(fig.layout.xaxis.categoryarray),
            (fig.layout.height - m.t - m.b) / n_rows)


@pytest.mark.parametrize("sentence", SENTENCES)
@pytest.mark.parametrize("width_px", [theme.HALF_WIDTH_PX, theme.FULL_WIDTH_PX])
def test_presenter_numbers_fit_their_cells_or_are_left_out_and_said(sentence, width_px):
    les = lesson(sentence)
    words = list(les.scenario.labels)
    for z, kind in ((les.trace.scores, "signed"), (les.trace.weights, "weights"), (les.trace.v, "signed")):
        cols = words if z.shape[1] == len(words) else [a.key for a in AXES]
        fig = figures.heatmap(z, figures.Axis(words, "Q"), figures.Axis(cols, "K"), kind=kind, presenter=True,
                              width_px=width_px)
        hm = fig.data[0]
        if hm.texttemplate:
            size = hm.textfont.size
            assert size >= theme.PRESENTER_MIN_PX
            w, h = figures.number_box(z, 2, size)
            cell_w, cell_h = cell_px(fig, width_px, len(words))
            assert w + theme.CELL_PAD_PX <= cell_w and h <= cell_h
            assert not figures.numbers_left_out(fig)
        else:
            assert figures.numbers_left_out(fig)


@pytest.mark.parametrize("key", ["views.numbers_hover", "views.numbers_hover.presenter"])
def test_the_note_on_left_out_numbers_is_in_both_languages(key):
    ko, en = text("ko", key), text("en", key)
    assert ko and en and ko != en
    assert "가리키면" in ko and "hover" in en
    for lang, note in (("ko", ko), ("en", en)):  # it names the switch under every chart by the label it shows
        assert f"‘{text(lang, 'a11y.table_switch')}’" in note
        assert "단어" not in note and "word" not in note  # a cell's row and column are not always two words (V, X)
    if key == "views.numbers_hover":  # outside presenter mode the layout's width is assumed, not the screen's:
        assert "좁은 단" in ko and "narrow column" in en  # the note says so (on a 1920 px screen the cells are wider)


def test_a_chart_that_prints_no_numbers_by_request_does_not_say_they_were_left_out():
    les = lesson(SENTENCES[2])
    words = list(les.scenario.labels)
    fig = figures.heatmap(les.trace.scores, *word_axes(words), text=False, presenter=True)
    assert not fig.data[0].texttemplate and not figures.numbers_left_out(fig)


# --- the reveal's rings ---------------------------------------------------------------------------------------------
def painted(value: float, trace) -> tuple[int, int, int]:
    """The colour of a cell: the trace's colour scale interpolated linearly in RGB at the value's place."""
    t = float(np.clip((value - trace.zmin) / (trace.zmax - trace.zmin), 0, 1))
    stops = [(float(p), np.array(rgb(c), float)) for p, c in trace.colorscale]
    for (p0, c0), (p1, c1) in itertools.pairwise(stops):
        if p0 <= t <= p1:
            f = 0 if p1 == p0 else (t - p0) / (p1 - p0)
            return tuple(round(float(v)) for v in c0 + f * (c1 - c0))
    return tuple(int(v) for v in stops[-1][1])


def wcag_contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    def lum(c):
        lin = [v / 255 / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def rings(fig) -> list:
    return [s for s in fig.layout.shapes if s.name]


VERDICTS = {  # the class's guess and the winner: a wrong guess (two rings apart) and a right one (nested)
    "wrong": lambda best: [figures.Mark((best[0] + 1) % 4, (best[1] + 1) % 4, "guess", "dash"),
                           figures.Mark(*best, "winner")],
    "right": lambda best: [figures.Mark(*best, "guess", "dash"),
                           figures.Mark(*best, "winner")],
}
MATRICES = {
    "scores": lambda les: (les.trace.scores, "signed"),  # the darkest red winner (3.51)
    "weights": lambda les: (les.trace.weights, "weights"),  # a dark green winner
    "pale": lambda les: (les.trace.scores * 0.05, "signed"),  # near-white cells, all of them
    "negative": lambda les: (-les.trace.scores, "signed"),  # a dark blue cell picked
}


@pytest.mark.parametrize("presenter", [False, True])
@pytest.mark.parametrize("verdict", sorted(VERDICTS))
@pytest.mark.parametrize("matrix", sorted(MATRICES))
@pytest.mark.parametrize("width_px", [theme.HALF_WIDTH_PX, theme.FULL_WIDTH_PX])
@pytest.mark.parametrize("sentence", SENTENCES[:2])
def test_reveal_rings_stay_clear_of_the_numbers_and_stand_out_from_their_cell(presenter, verdict, matrix, width_px,
                                                                              sentence):
    les = lesson(sentence)
    z, kind = MATRICES[matrix](les)
    best = tuple(int(v) for v in np.unravel_index(np.argmax(z), z.shape))
    marks = VERDICTS[verdict](best)
    words = list(les.scenario.labels)
    fig = figures.heatmap(z, *word_axes(words), kind=kind, marks=marks, presenter=presenter, width_px=width_px)
    hm = fig.data[0]
    assert not [t for t in fig.data if t.type == "scatter" and t.mode and "markers" in t.mode]  # no box on a cell
    drawn = rings(fig)
    assert len(drawn) == len(marks)
    m = fig.layout.margin
    width = width_px * (theme.PRESENTER_WIDTH_SCALE if presenter else 1)
    cell_w = (width - m.l - m.r) / len(fig.layout.xaxis.categoryarray)
    cell_h = (fig.layout.height - m.t - m.b) / len(words)
    # numbers left out (cells too small): the rings still keep inside their cells
    text_w, text_h = figures.number_box(z, 2, hm.textfont.size) if hm.texttemplate else (0.0, 0.0)
    assert hm.texttemplate or figures.numbers_left_out(fig)
    for ring, mark in zip(drawn, marks, strict=True):
        assert (ring.xanchor, ring.yanchor) == (mark.col, mark.row)
        assert ring.xsizemode == ring.ysizemode == "pixel"  # fixed px around the cell's centre
        half_line = ring.line.width / 2
        # the ring's inside edge is outside the number's box, its outside edge inside the cell
        assert ring.x1 - half_line > text_w / 2 and ring.y1 - half_line > text_h / 2, (ring, text_w, text_h)
        assert ring.x1 - half_line > 0 and ring.y1 - half_line > 0
        assert ring.x1 + half_line <= cell_w / 2 and ring.y1 + half_line <= cell_h / 2, (ring, cell_w, cell_h)
        assert -ring.x0 == ring.x1 and -ring.y0 == ring.y1
        assert ring.line.dash == mark.dash
        cell = painted(float(z[mark.row, mark.col]), hm)
        assert wcag_contrast(rgb(ring.line.color), cell) >= theme.MARK_MIN_CONTRAST, (matrix, cell, ring.line.color)
    if verdict == "right":  # nested: the second ring lies inside the first, apart from it
        outer, inner = drawn
        assert inner.x1 + inner.line.width / 2 < outer.x1 - outer.line.width / 2
    names = [t.name for t in fig.data if t.type == "scatter" and t.name]
    assert names == ["guess", "winner"]  # one legend entry each, drawn in its line style


def test_ring_colour_reaches_the_contrast_on_any_cell():
    for value in np.linspace(0, 1, 101):
        for scale in (figures.colour._DIVERGING, figures.colour._SEQUENTIAL):
            cell = figures.cell_color(float(value), scale, 0.0, 1.0)
            assert figures.contrast(figures.ring_color(cell), cell) >= theme.MARK_MIN_CONTRAST


# --- titles ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("presenter", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4, 8])
def test_y_titles_fit_beside_the_row_labels_on_one_line_or_wrapped_in_presenter_mode(lang, presenter, n):
    words = [f"w{i}" for i in range(n - 1)] + ["장면이었다"]
    fig = figures.heatmap(np.eye(n), *word_axes(words, lang), presenter=presenter)
    title = fig.layout.yaxis.title
    size = fig.layout.font.size
    m = fig.layout.margin
    lines = title.text.split("<br>")
    plot_px = fig.layout.height - m.t - m.b
    assert all(plot_px >= figures.text_width(line, size) for line in lines)  # the plot is as tall as each line
    if len(lines) > 1:  # wrapped only where the chart would grow past what a 720 px window has under the bar
        assert presenter and fig.layout.height <= theme.PRESENTER_TITLE_GROWTH_MAX_PX
        one_line = figures.text_width(" ".join(lines), size) + size + m.t + m.b
        assert one_line > theme.PRESENTER_TITLE_GROWTH_MAX_PX
        assert all(" " in line for line in lines)  # the words shared out: no lone word on a line
    widest = max(figures.text_width(w, fig.layout.yaxis.tickfont.size) for w in fig.layout.yaxis.ticktext)
    # the margin holds the row labels, the title's standoff and the title's lines
    assert m.l >= theme.ROW_LABEL_PAD_PX + widest + title.standoff + size * len(lines)
    assert title.standoff >= size * 0.5


def test_wrap_shares_the_words_out_evenly():
    assert figures.wrap("Query (rows) = the word looking", 18, max_px=260).split("<br>") == [
        "Query (rows) =", "the word looking"]  # greedy would leave "looking" alone
    assert figures.wrap("one two three", 18, max_px=1000) == "one two three"
    # a last line of more than one word stays as the lines fill up (a pair quoted together stays together)
    title = "T = 1: 단어마다 ‘슬픈’ + ‘아름다운’에 두는 가중치 (%)"
    width = figures.text_width("T = 1: 단어마다 ‘슬픈’ + ‘아름다운’에 두는", 15)
    assert figures.wrap(title, 15, max_px=width + 1).split("<br>") == [
        "T = 1: 단어마다 ‘슬픈’ + ‘아름다운’에 두는", "가중치 (%)"]


def balanced(line: str) -> bool:
    return line.count("(") == line.count(")") and line.count("[") == line.count("]")


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("step", [0, 7, 120, 3000])
@pytest.mark.parametrize("presenter", [False, True])
def test_chart_titles_wrap_at_the_chart_width_and_keep_bracketed_groups_whole(lang, step, presenter):
    title = text(lang, "learn.learned_chart", step=step)
    words = ["슬픈", "영화였다", "아름다운", "장면이었다"]
    fig = figures.heatmap(np.eye(4) / 4, *word_axes(words, lang), kind="weights", row_sums=True, title=title,
                          show_scale=False, presenter=presenter)
    lines = fig.layout.title.text.split("<br>")
    assert all(balanced(line) for line in lines), lines
    assert not any(re.fullmatch(r"\W*\d+\W*", line) for line in lines), lines  # never "0)" on its own
    width = theme.HALF_WIDTH_PX * (theme.PRESENTER_WIDTH_SCALE if presenter else 1)
    size = fig.layout.title.font.size
    assert all(figures.text_width(line, size) <= width for line in lines)


def test_wrap_breaks_outside_brackets_unless_a_bracket_is_wider_than_a_line():
    assert figures.wrap("xx (b c) yy", 10, max_px=60).split("<br>") == ["xx (b c)", "yy"]  # a bracket kept whole
    lines = figures.wrap("a (b c d e f g h) i", 10, max_px=40).split("<br>")  # one too wide for any line: broken
    assert all(figures.text_width(line, 10) <= 40 for line in lines) and " ".join(lines) == "a (b c d e f g h) i"


# --- Home's grid ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("sentence", SENTENCES[:2])
def test_home_grid_in_presenter_mode_names_every_axis_at_room_size(lang, sentence):
    fig = figures.heatmap_grid(home_panels(lesson(sentence), lang), columns=4, presenter=True)
    layout = fig.to_dict()["layout"]
    axes = [k for k in layout if re.fullmatch(r"[xy]axis\d*", k)]
    assert len(axes) == 16
    for k in axes:
        ax = layout[k]
        assert list(ax["ticktext"]) == list(ax["categoryarray"]), k  # every word and every axis name
        assert ax["tickfont"]["size"] >= theme.PRESENTER_MIN_PX, k


@pytest.mark.parametrize("presenter", [False, True])
def test_rings_clear_the_numbers_at_every_width(presenter):
    """Whatever the cells' size, the number shrinks (or goes) to leave room for two nested rings."""
    les = lesson(SENTENCES[0])
    z = les.trace.scores
    words = list(les.scenario.labels)
    best = tuple(int(v) for v in np.unravel_index(np.argmax(z), z.shape))
    for width_px in range(200, 901, 5):
        fig = figures.heatmap(z, *word_axes(words), marks=VERDICTS["right"](best), presenter=presenter,
                              width_px=width_px)
        hm = fig.data[0]
        if not hm.texttemplate:
            continue
        text_w, text_h = figures.number_box(z, 2, hm.textfont.size)
        inner = rings(fig)[-1]
        assert inner.x1 - inner.line.width / 2 > text_w / 2, width_px
        assert inner.y1 - inner.line.width / 2 > text_h / 2, width_px


@pytest.mark.parametrize("presenter", [False, True])
def test_a_chart_grows_for_a_y_title_longer_than_its_plot_is_tall(presenter):
    """③'s curves in presenter mode: 'exp(H), effective words' is longer than the short plot is tall, and ran up
    into the chart's title: the chart grows for it."""
    temps = [0.05, 0.1, 1.0, 20.0]
    fig = figures.curves(temps, {"a": [1, 2, 3, 4]}, title="Effective words exp(H) per word against T",
                         x_title="T", y_title="exp(H), effective words",
                         log_x=True, presenter=presenter, height=260)
    m, size = fig.layout.margin, fig.layout.font.size
    plot_px = fig.layout.height - m.t - m.b
    lines = fig.layout.yaxis.title.text.split("<br>")
    assert all(figures.text_width(line, size) <= plot_px for line in lines), (lines, plot_px)
    assert lines == ["exp(H), effective words"]  # the chart grew for it: whole on one line
    assert fig.layout.height > 260


def test_a_y_title_too_long_for_the_presenter_height_wraps_to_the_plot():
    title = "a long y title " * 6
    fig = figures.curves([0.1, 1.0], {"a": [1, 2]}, y_title=title.strip(), presenter=True, height=260)
    m, size = fig.layout.margin, fig.layout.font.size
    assert fig.layout.height <= theme.PRESENTER_TITLE_GROWTH_MAX_PX
    lines = fig.layout.yaxis.title.text.split("<br>")
    assert len(lines) > 1 and all(figures.text_width(line, size) <= fig.layout.height - m.t - m.b for line in lines)


@pytest.mark.parametrize("sentence", SENTENCES)
@pytest.mark.parametrize("width_px", [theme.HALF_WIDTH_PX, theme.HALF_WIDTH_PX * 1.2, theme.FULL_WIDTH_PX])
def test_on_a_phone_cell_numbers_fit_the_width_the_chart_is_drawn_at(sentence, width_px):
    """A phone stacks a page's columns: every chart is drawn at the phone's content width, whatever width the page
    asks for on a laptop. The page's builders (`page.fig`) lay it out for that width there, so the numbers they
    print fit the cells as drawn (③'s weights, asked for at 480 px, printed "0.53" past 25 px cells before)."""
    from attention_core.ui.frame import Charts

    les = lesson(sentence)
    words = list(les.scenario.labels)
    on_phone = Charts(False, phone=True)
    for z, kind in ((les.trace.scores, "signed"), (les.trace.weights, "weights")):
        fig = on_phone.heatmap(z, figures.Axis(words, "Q"), figures.Axis(words, "K"), kind=kind, row_sums=True,
                               width_px=width_px)
        hm = fig.data[0]
        if hm.texttemplate:
            w, h = figures.number_box(z, 2, hm.textfont.size)
            m = fig.layout.margin  # the cells as drawn: the phone's width less the margins, by the columns
            cell_w = (theme.PHONE_WIDTH_PX - m.l - m.r) / len(fig.layout.xaxis.categoryarray)
            cell_h = (fig.layout.height - m.t - m.b) / len(words)
            assert w + theme.CELL_PAD_PX <= cell_w and h <= cell_h, (kind, w, cell_w)
        else:
            assert figures.numbers_left_out(fig)
    laptop = Charts(False).heatmap(les.trace.weights, figures.Axis(words, "Q"), figures.Axis(words, "K"),
                                   kind="weights", width_px=width_px)
    assert figures.spec_of(laptop) == figures.spec_of(figures.heatmap(
        les.trace.weights, figures.Axis(words, "Q"), figures.Axis(words, "K"), kind="weights", width_px=width_px))
