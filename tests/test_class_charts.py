"""The class's charts on their data: the student's lying tally keeps a word's marks on its own row, the frozen row
prints every value (negative ones with room for their number), the lecturer's upright tally leaves room for its
axis title, words show as typed, and no class chart zooms under a swipe. `figures.for_touch` likewise for every
app chart on a phone, without touching the shared figure."""

from __future__ import annotations

import copy

import numpy as np

from attention_core import figures, theme
from attention_core.figures import class_charts, text_width

WORDS = ["슬픈", "영화였다", "아름다운", "장면이었다", "정말", "오래", "기억에", "남는", "그런", "이야기"]


def _no_zoom(fig) -> bool:
    axes = [k for k in fig.layout.to_plotly_json() if k.startswith(("xaxis", "yaxis"))]
    return fig.layout.dragmode is False and all(fig.layout[k].fixedrange for k in axes)


def test_the_lying_tally_keeps_every_mark_on_its_words_row():
    counts = [3, 0, 2, 0, 1, 0, 0, 4, 0, 1]
    fig = class_charts.tally(WORDS, counts, right=[7], mine=2, right_name="정답", mine_name="내 답", lying=True)
    bar = fig.data[0]
    assert bar.orientation == "h" and list(bar.x) == counts
    assert list(fig.layout.yaxis.ticktext) == WORDS  # the words alone, upright, in the sentence's order
    assert tuple(fig.layout.yaxis.range) == (len(WORDS) - 0.5, -0.5)  # first word on top
    assert bar.text[7] == "4 · ✓ 정답" and bar.text[2] == "2 · ● 내 답" and bar.text[0] == "3"
    assert "<br>" not in "".join(bar.text)
    assert fig.layout.height >= 34 * len(WORDS)
    assert fig.layout.margin.r >= max(text_width(t, theme.FONT_SIZE) for t in bar.text)
    assert _no_zoom(fig)


def test_the_upright_tally_leaves_room_for_its_axis_title():
    for presenter in (False, True):
        size = theme.FONT_SIZE_PRESENTER if presenter else theme.FONT_SIZE
        fig = class_charts.tally(WORDS[:4], [12, 0, 5, 1], right=[0], y_title="답한 학생 수", presenter=presenter)
        assert fig.layout.margin.l >= text_width("15", size) + size * theme.Y_TITLE_EM
        assert fig.layout.xaxis.ticktext[0] == "슬픈<br>✓ " and _no_zoom(fig)


def test_the_frozen_row_prints_every_value_with_room_for_negative_ones():
    values = [0.8, -0.12, 0.35, -0.05, 0.0]
    fig = class_charts.frozen_row(WORDS[:5], values, right=[0], title="슬픈의 줄")
    bar = fig.data[0]
    assert list(bar.text) == ["0.80", "-0.12", "0.35", "-0.05", "0.00"] and bar.cliponaxis is False
    lo, hi = fig.layout.xaxis.range
    assert lo < min(values) and hi >= max(values)
    # a negative bar's number is printed left of its end, inside the plot: the room left there holds it
    plot_px = theme.PHONE_WIDTH_PX - fig.layout.margin.l - fig.layout.margin.r
    room_px = (min(values) - lo) / (hi - lo) * plot_px
    assert room_px >= text_width("-0.12", theme.FONT_SIZE)
    assert _no_zoom(fig)


def test_words_show_as_typed():
    fig = class_charts.tally(["<b>bold</b>", "a&b"], [1, 2], title="<i>x</i>", lying=True)
    assert fig.layout.yaxis.ticktext[0] == "&lt;b&gt;bold&lt;/b&gt;" and "&lt;i&gt;" in fig.layout.title.text


def test_for_touch_fixes_every_axis_of_a_shared_figure_without_changing_it():
    labels = ["a", "b", "c"]
    panels = [(f"head {k}", np.eye(3) * k, labels, labels, "signed") for k in range(1, 4)]
    grid = figures.heatmap_grid(panels, columns=3)
    single = figures.heatmap(np.arange(9.0).reshape(3, 3), figures.Axis(labels), figures.Axis(["x", "y", "z"]))
    for fig, n_axes in ((grid, 3), (single, 1)):
        before = copy.deepcopy(fig.to_dict())
        touch = figures.for_touch(fig)
        assert touch is not fig and figures.for_touch(fig) is touch  # made once, kept beside the shared figure
        assert fig.to_dict() == before  # the shared figure is as it was
        layout = touch.to_dict()["layout"]
        axes = [k for k in layout if k.startswith(("xaxis", "yaxis"))]
        assert len(axes) >= 2 * n_axes and all(layout[k]["fixedrange"] for k in axes)
        assert layout["dragmode"] is False and touch.to_dict()["data"] == before["data"]


def test_for_touch_keeps_a_copy_only_while_its_figure_lives():
    """A figure built for one run (the T control's copies) takes its touch copy with it: the cache holds no figure
    alive, so phones under load do not pile up copies."""
    import gc

    fig = figures.Figure(copy.deepcopy(figures.heatmap(np.eye(3), figures.Axis(list("abc")),
                                                       figures.Axis(list("xyz"))).to_dict()))
    key = id(fig)
    assert figures.for_touch(fig) is figures.for_touch(fig)
    assert key in figures.memo._TOUCH
    del fig
    gc.collect()
    assert key not in figures.memo._TOUCH
