"""Colour meaning and long sentences in the figure builders: weights never blue, colour bars wherever colour
carries a value, one scale for compared panels, orange only for the looking word, labels thinned legibly."""


import numpy as np

from attention_core import figures, theme
from tests.colours import rgb
from tests.figure_data import cell_texts

WORDS = ["슬픈", "영화였다", "아름다운", "장면이었다"]
LONG = [f"단어{k}번째" for k in range(30)]


def test_the_weights_scale_is_never_blue_and_runs_from_white():
    scale = figures.heatmap(np.array([[0.2, 0.8]]), figures.Axis(["a"]), figures.Axis(["x", "y"]),
                            kind="weights").data[0].colorscale
    for _, color in scale:
        r, g, b = rgb(color)
        assert b <= max(r, g), color  # blue never dominates: blue means negative on the signed matrices
        assert not (r > g and b > g + 20), color  # nor purple, which red-green colour-blind viewers see as blue
    assert min(rgb(scale[0][1])) >= 240  # 0 is white
    signed = figures.heatmap(np.array([[-1.0, 1.0]]), figures.Axis(["a"]), figures.Axis(["x", "y"])).data[0].colorscale
    r, g, b = rgb(signed[0][1])
    assert b > r and b > g  # the negative end of the signed scale is the blue one


def test_every_heatmap_has_a_colour_bar_by_default():
    for kind in ("signed", "weights"):
        hm = figures.heatmap(np.eye(3) * 0.5, figures.Axis(WORDS[:3]), figures.Axis(WORDS[:3]), kind=kind,
                             row_sums=kind == "weights").data[0]
        assert hm.showscale is True


def test_compared_charts_share_one_range():
    a, b = np.array([[0.5, -1.0]]), np.array([[3.0, 0.1]])
    m = figures.scale_limit(a, b)
    fa = figures.heatmap(a, figures.Axis(["r"]), figures.Axis(["x", "y"]), limit=m).data[0]
    fb = figures.heatmap(b, figures.Axis(["r"]), figures.Axis(["x", "y"]), limit=m).data[0]
    assert (fa.zmin, fa.zmax) == (fb.zmin, fb.zmax) == (-3.0, 3.0)


def test_a_grid_group_shares_one_coloraxis_and_others_keep_their_own_bar():
    z1, z2, z3 = np.array([[1.0, -2.0]]), np.array([[0.5, 0.5]]), np.array([[0.2, 0.8]])
    panels = [("a", z1, ["r"], ["x", "y"], "signed", "g"), ("b", z2, ["r"], ["x", "y"], "signed", "g"),
              ("w", z3, ["r"], ["x", "y"], "weights")]
    fig = figures.heatmap_grid(panels, columns=3)
    axes = [t.coloraxis for t in fig.data]
    assert axes[0] == axes[1] != axes[2]
    shared, own = fig.layout[axes[0]], fig.layout[axes[2]]
    assert (shared.cmin, shared.cmax) == (-2.0, 2.0) and (own.cmin, own.cmax) == (0.0, 1.0)
    assert shared.colorbar.x > fig.layout.xaxis2.domain[1] - 1e-9  # its bar sits right of the group's last panel
    assert shared.colorbar.len > 0 and own.colorbar.len > 0


def test_orange_is_only_the_looking_word():
    assert theme.QUERY_COLOR not in theme.SERIES
    parts = np.ones((5, 3))
    fig = figures.stacked_contributions(parts, [f"w{k}" for k in range(5)], ["a", "b", "c"], parts.sum(0), focus=3)
    colors = [t.marker.color for t in fig.data[:-1]]
    assert colors[3] == theme.QUERY_COLOR and colors.count(theme.QUERY_COLOR) == 1
    lines = figures.curves([0.1, 1.0], {"a": [1, 2], "b = c": [2, 1]}, highlight="b = c")
    assert [t.line.color for t in lines.data] == [theme.SERIES[0], theme.QUERY_COLOR]



def test_thirty_words_at_full_width_thin_the_labels_and_keep_every_word_in_hover():
    w = np.full((30, 30), 1 / 30)
    fig = figures.heatmap(w, figures.Axis(LONG), figures.Axis(LONG), kind="weights", row_sums=True,
                          width_px=theme.FULL_WIDTH_PX)
    x, y = fig.layout.xaxis, fig.layout.yaxis
    assert list(x.categoryarray[:30]) == LONG and list(y.categoryarray) == LONG  # hover names every word
    assert list(fig.data[0].x) == LONG and list(fig.data[0].y) == LONG
    rows_px = (fig.layout.height - fig.layout.margin.t - fig.layout.margin.b) / len(y.ticktext)
    assert rows_px >= 1.2 * y.tickfont.size  # 30 words at full width: every word printed, none overlapping
    assert x.tickfont.size >= theme.TICK_MIN_SIZE and y.tickfont.size >= theme.TICK_MIN_SIZE
    many = [f"단어{k}번째" for k in range(64)]
    crowded = figures.heatmap(np.full((64, 64), 1 / 64), figures.Axis(many), figures.Axis(many), kind="weights",
                              row_sums=True, width_px=theme.FULL_WIDTH_PX)
    shown_rows = list(crowded.layout.yaxis.ticktext)
    assert 5 <= len(shown_rows) < 64 and shown_rows[0] == many[0]  # 64 words: every k-th word, evenly
    step = many.index(shown_rows[1])
    assert shown_rows == many[::step]
    assert list(crowded.layout.yaxis.categoryarray) == many  # hover still names every word
    assert crowded.layout.yaxis.tickfont.size >= theme.TICK_MIN_SIZE
    assert x.ticktext[-1] == "Σ"  # the sum column keeps its label
    sums = fig.data[1]
    assert sums.cliponaxis is False and sums.textposition == "middle right"  # never clipped to "1.0("
    assert list(sums.text) == ["1.00"] * 30
    assert fig.layout.margin.r >= figures.text_width("1.00", theme.FONT_SIZE) + theme.COLORBAR_PX


def test_numbers_stay_in_cells_only_while_they_fit():
    small = figures.heatmap(np.full((4, 4), 0.25), figures.Axis(WORDS), figures.Axis(WORDS), kind="weights")
    assert cell_texts(small.data[0])[0] == ["0.25"] * 4
    half = figures.heatmap(np.full((30, 30), 0.03), figures.Axis(LONG), figures.Axis(LONG), kind="weights")
    assert half.data[0].texttemplate is None  # squeezed into half the page: no numbers, hover has them
    full = figures.heatmap(np.full((30, 30), 0.03), figures.Axis(LONG), figures.Axis(LONG), kind="weights",
                           width_px=theme.FULL_WIDTH_PX)
    if full.data[0].texttemplate is not None:  # where numbers are drawn they fit their cells
        cell_w = (theme.FULL_WIDTH_PX - full.layout.margin.l - full.layout.margin.r) / 30
        assert figures.text_width("0.03", full.data[0].textfont.size) <= cell_w


def test_upright_labels_that_would_collide_are_turned():
    fig = figures.heatmap(np.eye(5), figures.Axis([*WORDS, "다섯째단어"]), figures.Axis([*WORDS, "다섯째단어"]))
    assert fig.layout.xaxis.tickangle == -45
    assert list(fig.layout.xaxis.ticktext) == [*WORDS, "다섯째단어"]  # turned, not thinned
