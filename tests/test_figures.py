"""Figure builders on their data: matrix order, labels, scales, marks, safe text, sizes."""

import numpy as np
import pytest

from attention_core import figures, theme
from tests.colours import is_blue, is_near_white
from tests.figure_data import cell_texts, hover_text

WORDS = ["슬픈", "영화였다", "아름다운", "장면이었다"]


def test_heatmap_keeps_matrix_order_and_every_label():
    z = np.arange(12.0).reshape(4, 3) - 5
    fig = figures.heatmap(z, figures.Axis(WORDS, "Query (rows)"), figures.Axis(["a", "b", "c"], "Key →"))
    hm = fig.data[0]
    np.testing.assert_array_equal(hm.z, z)
    assert fig.layout.yaxis.autorange == "reversed"  # row 0 at the top
    assert list(fig.layout.yaxis.ticktext) == WORDS and list(hm.y) == WORDS  # words are the categories
    assert list(fig.layout.yaxis.categoryarray) == WORDS
    assert list(fig.layout.xaxis.ticktext) == ["a", "b", "c"]
    assert fig.layout.xaxis.title.text == "Key →" and fig.layout.yaxis.title.text == "Query (rows)"
    assert hm.colorscale and hm.zmin == -hm.zmax == -6  # diverging, centred on 0
    assert cell_texts(hm) == [[f"{v:.2f}" for v in row] for row in z]  # numbers in the cells, 2 decimals
    assert not fig.layout.annotations  # drawn by the trace itself, not one annotation per cell
    row, col, value = hover_text(hm, 1, 2).splitlines()  # the row's word, the column's label, the value
    assert row.endswith(f": {WORDS[1]}") and col.endswith(": c") and float(value) == z[1, 2] and hm.customdata is None
    one_place = figures.heatmap(z, figures.Axis(WORDS), figures.Axis(["a", "b", "c"]), decimals=1).data[0]
    assert cell_texts(one_place)[0][0] == "-5.0"


def test_weights_heatmap_is_sequential_0_to_1_with_row_sums():
    w = np.full((3, 3), 1 / 3)
    fig = figures.heatmap(w, figures.Axis(WORDS[:3]), figures.Axis(WORDS[:3]), kind="weights", row_sums=True)
    hm, sums = fig.data[0], fig.data[1]
    assert (hm.zmin, hm.zmax) == (0.0, 1.0)
    assert list(sums.text) == ["1.00"] * 3
    assert fig.layout.xaxis.ticktext[-1] == "Σ"


def test_repeated_words_stay_separate_categories():
    fig = figures.heatmap(np.eye(3), figures.Axis(["슬픈¹", "슬픈²", "x"]), figures.Axis(["슬픈¹", "슬픈²", "x"]))
    assert len(set(fig.layout.xaxis.ticktext)) == 3


def test_many_columns_hide_cell_numbers_and_rotate_labels():
    n = 17
    labels = [f"w{i}" for i in range(n)]
    fig = figures.heatmap(np.zeros((n, n)), figures.Axis(labels),
                          figures.Axis(labels))  # half width: cells too narrow for "0.00"
    assert fig.data[0].texttemplate is None
    assert fig.layout.xaxis.tickangle == -45
    wide = figures.heatmap(np.zeros((n, n)), figures.Axis(labels), figures.Axis(labels), width_px=theme.FULL_WIDTH_PX)
    assert cell_texts(wide.data[0])[0][0] == "0.00" and wide.data[0].textfont.size < theme.FONT_SIZE


def test_marks_outline_cells():
    fig = figures.heatmap(np.eye(3), figures.Axis(WORDS[:3]), figures.Axis(WORDS[:3]), marks=[figures.Mark(2, 1,
            "guess")])
    mark = fig.data[-1]
    assert (mark.y[0], mark.x[0], mark.name) == (WORDS[2], WORDS[1], "guess")


def test_labels_must_be_distinct():
    with pytest.raises(ValueError):
        figures.heatmap(np.eye(2), figures.Axis(["슬픈", "슬픈"]), figures.Axis(["a", "b"]))


def test_user_text_is_shown_as_text_not_html():
    fig = figures.heatmap(np.eye(2), figures.Axis(["<script>x</script>", "b"]), figures.Axis(["<b>y</b>", "c"]),
                          title="‘<i>w</i>’")
    assert fig.layout.yaxis.ticktext[0] == "&lt;script&gt;x&lt;/script&gt;"
    assert "&lt;b&gt;" in fig.layout.xaxis.ticktext[0]
    assert "<i>" not in fig.layout.title.text
    assert fig.data[0].y[0] == fig.layout.yaxis.categoryarray[0] == "&lt;script&gt;x&lt;/script&gt;"


def test_fonts_have_hangul_fallbacks_and_presenter_is_larger():
    fig = figures.heatmap(np.eye(2), figures.Axis(["a", "b"]), figures.Axis(["a", "b"]))
    assert "Noto Sans CJK KR" in fig.layout.font.family
    big = figures.heatmap(np.eye(2), figures.Axis(["a", "b"]), figures.Axis(["a", "b"]), presenter=True)
    assert big.layout.font.size >= 16 and big.layout.font.size > fig.layout.font.size


def test_margins_fit_the_longest_label():
    short = figures.heatmap(np.eye(2), figures.Axis(["a", "b"]), figures.Axis(["a", "b"]))
    long = figures.heatmap(np.eye(2), figures.Axis(["아주아주긴단어입니다", "b"]), figures.Axis(["a", "b"]))
    assert long.layout.margin.l > short.layout.margin.l + 80


def test_long_titles_wrap_and_stay_above_the_plot():
    fig = figures.heatmap(np.eye(2), figures.Axis(["a", "b"]), figures.Axis(["a", "b"]), title="단어 " * 60)
    assert "<br>" in fig.layout.title.text
    assert fig.layout.title.yref == "container" and fig.layout.title.y <= 1


@pytest.mark.parametrize("n_panels,columns", [(8, 4), (2, 2), (4, 2)])
def test_grid_has_one_panel_per_matrix_in_matrix_order(n_panels, columns):
    panels = [(f"p{k}", np.eye(3), ["슬픈", "영화였다", "x"], ["a", "b", "c"], "signed") for k in range(n_panels)]
    fig = figures.heatmap_grid(panels, columns=columns)
    assert len(fig.data) == n_panels
    axes = [fig.layout[k] for k in fig.layout if k.startswith("yaxis")]
    assert len(axes) == n_panels and all(a.autorange == "reversed" for a in axes)
    assert [a.text for a in fig.layout.annotations] == [f"p{k}" for k in range(n_panels)]


def test_stacked_contributions_add_up_visibly():
    parts = np.array([[0.1, 0.2], [0.3, -0.1]])
    fig = figures.stacked_contributions(parts, ["a", "b"], ["v1", "v2"], parts.sum(axis=0), total_label="Σ")
    assert [t.name for t in fig.data] == ["a", "b", "Σ"]
    np.testing.assert_allclose(fig.data[-1].y, [0.4, 0.1])
    assert fig.layout.barmode == "relative"


def test_arrows_and_lines_and_curves():
    fig = figures.arrows("슬픈", (1.0, 0.5), np.array([[1.0, 0.0], [0.0, 1.0]]), ["a", "b"])
    assert fig.layout.yaxis.scaleanchor == "x"
    lines = figures.weight_lines(np.array([0.7, 0.2, 0.1]), ["a", "b", "c"], 0)
    widths = [t.line.width for t in lines.data[:3]]
    assert widths[0] > widths[1] > widths[2]
    c = figures.curves([0.1, 1, 10], {"a": [1, 2, 3]}, log_x=True, marker_x=1.0)
    assert c.layout.xaxis.type == "log" and len(c.layout.shapes) == 1


def test_chart_config_exports_png_at_2x_with_a_safe_name():
    cfg = figures.chart_config("score-scores/../x")
    assert cfg["toImageButtonOptions"] == {"format": "png", "scale": 2, "filename": "score-scores____x"}
    assert cfg["displaylogo"] is False


def test_colour_scales_reach_the_browser_as_explicit_stops():
    signed = figures.heatmap(np.array([[-1.0, 1.0]]), figures.Axis(["a"]), figures.Axis(["x", "y"])).data[0].colorscale
    weights = figures.heatmap(np.array([[0.2, 0.8]]), figures.Axis(["a"]), figures.Axis(["x", "y"]),
                              kind="weights").data[0].colorscale
    for scale in (signed, weights):
        assert isinstance(scale[0][1], str) and scale[0][0] == 0 and scale[-1][0] == 1
    assert is_blue(signed[0][1])  # RdBu reversed: negative is blue
    assert is_near_white(weights[0][1])  # Greens: 0 is (nearly) white


def test_masked_cells_are_drawn_as_masked_not_as_zeros():
    w = np.array([[1.0, 0.0, 0.0], [0.4, 0.6, 0.0], [0.2, 0.3, 0.5]])
    masked = ~np.tril(np.ones((3, 3), bool))
    fig = figures.heatmap(w, figures.Axis(WORDS[:3], "", "보는"), figures.Axis(WORDS[:3], "", "보이는"), kind="weights",
                          row_sums=True, masked=masked, masked_label="가려짐")
    values, overlay, sums = fig.data[0], fig.data[1], fig.data[2]
    z = np.array(values.z, dtype=float)
    assert np.all(np.isnan(z[masked])) and np.array_equal(z[~masked], w[~masked])  # no computed-looking 0
    assert values.hoverongaps is False
    oz = np.array(overlay.z, dtype=float)
    assert np.all(oz[masked] == 1.0) and np.all(np.isnan(oz[~masked]))
    assert "가려짐" in hover_text(overlay, 0, 2)
    shown = np.array(cell_texts(overlay))
    assert np.array_equal(shown == theme.MASKED_SYMBOL, masked)  # ✕ in masked cells only
    assert overlay.colorscale[0][1] == theme.MASKED_COLOR and overlay.showscale is False
    assert list(sums.text) == ["1.00"] * 3  # every row still sums to 1
    assert fig.layout.yaxis.autorange == "reversed"


def test_no_mask_draws_no_overlay_and_limit_shares_a_scale():
    fig = figures.heatmap(np.eye(2) * 1e-16, figures.Axis(["a", "b"]), figures.Axis(["c", "d"]), masked=np.zeros((2,
            2), bool), limit=0.5)
    assert len(fig.data) == 1 and (fig.data[0].zmin, fig.data[0].zmax) == (-0.5, 0.5)
    with pytest.raises(ValueError):
        figures.heatmap(np.eye(2), figures.Axis(["a", "b"]), figures.Axis(["c", "d"]), masked=np.zeros((3, 3), bool))


def test_stacked_contributions_with_a_span_keep_a_fixed_value_axis_that_holds_it():
    parts = np.array([[0.5, -0.2], [0.3, 0.4]])
    free = figures.stacked_contributions(parts, ["a", "b"], ["v1", "v2"], parts.sum(axis=0))
    f_lo, f_hi = free.layout.yaxis.range  # fitted to these bars: -0.2 … 0.8
    assert -0.6 < f_lo < -0.2 and 0.8 < f_hi < 1.2
    fixed = figures.stacked_contributions(parts, ["a", "b"], ["v1", "v2"], parts.sum(axis=0), span=(-0.6, 1.2))
    lo, hi = fixed.layout.yaxis.range  # the reach at any T, and a line for the labels beyond it
    assert lo < -0.6 and hi > 1.2 and fixed.layout.yaxis.autorange in (None, False)


def test_line_rows_thins_crowded_labels_and_draws_no_zero_line_through_the_first_word():
    words = [f"word{k}" for k in range(64)]
    rows = [(name, np.linspace(-1, 1, 64)) for name in ("μ(X + Attention)", "σ(X + Attention)", "μ(ẑ) = 0.00",
                                                        "σ(ẑ) = 1.00")]
    fig = figures.line_rows(words, rows, title="μ and σ per word", y_title="value")
    x = fig.layout.xaxis
    assert x.zeroline is False
    shown = list(x.ticktext)
    assert 1 < len(shown) < 64 and list(x.tickvals) == [words.index(w) for w in shown]
    margin = fig.layout.margin
    step_px = (theme.HALF_WIDTH_PX - margin.l - margin.r) / 64 * (x.tickvals[1] - x.tickvals[0])
    assert step_px >= x.tickfont.size * theme.DIAGONAL_EM  # turned labels one line apart at least
    assert fig.data[0].marker.size < 9  # a word's room is a few px: smaller markers
    assert margin.b >= figures.legend_px([n for n, _ in rows], theme.FONT_SIZE, width_px=theme.HALF_WIDTH_PX - 20)
    few = figures.line_rows(words[:4], rows[:2] and [(n, v[:4]) for n, v in rows[:2]])
    assert list(few.layout.xaxis.ticktext) == words[:4] and few.data[0].marker.size == 9


def test_grouped_bars_print_values_only_where_they_fit_and_thin_crowded_labels():
    words = [f"w{k}" for k in range(64)]
    series = {"with": np.linspace(-1, 1, 64), "without": np.linspace(1, -1, 64)}
    crowded = figures.grouped_bars(series, words, title="cos", y_range=(-1.0, 1.0))
    assert all(not t.texttemplate for t in crowded.data)  # a bar of a few px: no number at a readable size
    shown = list(crowded.layout.xaxis.tickvals)
    assert 1 < len(shown) < 64 and crowded.layout.xaxis.tickangle == theme.TICK_ANGLE
    few = figures.grouped_bars({k: v[:4] for k, v in series.items()}, words[:4], title="cos")
    assert all(t.texttemplate == "%{y:.2f}" for t in few.data) and list(few.layout.xaxis.tickvals) == words[:4]


def test_row_sums_are_printed_only_a_line_apart():
    for n in (4, 64):
        w = np.full((n, n), 1.0 / n)
        labels = [f"w{k}" for k in range(n)]
        fig = figures.heatmap(w, figures.Axis(labels), figures.Axis(labels), kind="weights", row_sums=True)
        sums = next(t for t in fig.data if t.type == "scatter" and t.mode == "text")
        printed = [r for r, t in enumerate(sums.text) if t]
        assert all(sums.text[r] == "1.00" for r in printed)
        m = fig.layout.margin
        row_px = (fig.layout.height - m.t - m.b) / n
        gap_px = row_px * (printed[1] - printed[0]) if len(printed) > 1 else row_px
        assert gap_px >= sums.textfont.size * theme.LINE_EM
        assert (len(printed) == n) == (n == 4)  # 4 rows: every sum; 64: every k-th


def test_column_charts_in_presenter_mode_are_laid_out_for_the_wider_page():
    """Presenter mode folds the sidebar: a half column is wider, so the default sentence's four words all print
    (laid out for the laptop's 400 px at presenter fonts, two of them were thinned away)."""
    words = ["슬픈", "영화였다", "아름다운", "장면이었다"]
    rows = [("μ", np.zeros(4)), ("σ", np.ones(4))]
    for room in (None, 1.5, 2.2):
        assert list(figures.line_rows(words, rows, presenter=True, room=room).layout.xaxis.ticktext) == words
        bars = figures.grouped_bars(dict(rows), words, presenter=True, room=room)
        assert list(bars.layout.xaxis.tickvals) == words
