"""bars_grid: one small bar chart per panel, sharing labels and the y range."""

import numpy as np
import plotly.graph_objects as go

from attention_core import figures, theme
from tests.figure_data import bar_texts


def test_bars_grid_draws_one_panel_per_temperature_with_the_values():
    rows = np.array([[0.9, 0.1, 0.0], [0.5, 0.3, 0.2]])
    fig = figures.bars_grid([("T = 0.1", rows[0]), ("T = 10", rows[1])], ["a", "b", "c"], title="sweep",
                            highlight=1)
    assert isinstance(fig, go.Figure)
    assert len(fig.data) == 2
    assert np.allclose(fig.data[1].y, rows[1])
    assert [a.text for a in fig.layout.annotations] == ["T = 0.1", "T = 10"]
    assert list(fig.layout.xaxis2.ticktext) == ["a", "b", "c"]
    assert list(fig.layout.yaxis.range) == [0.0, 1.0]
    assert fig.data[0].marker.color[1] == theme.QUERY_COLOR and fig.data[0].marker.color[0] == theme.KEY_COLOR
    assert bar_texts(fig.data[0]) == [f"{v:.2f}" for v in rows[0]]  # each bar's value on it, 2 decimals


def test_bars_grid_drops_the_numbers_when_there_are_many_words():
    labels = [f"w{i}" for i in range(10)]
    fig = figures.bars_grid([("T = 1", np.full(10, 0.1))], labels, presenter=True)
    assert fig.data[0].texttemplate is None
    assert fig.layout.xaxis.tickangle == 0
    crowded = figures.bars_grid([(f"T = {t}", np.full(10, 0.1)) for t in (1, 2, 3)], labels)
    assert crowded.layout.xaxis3.tickangle == -45


def test_mark_x_puts_the_label_where_the_line_is_on_a_log_axis():
    fig = figures.mark_x(figures.curves([1, 4, 64, 256], {"a": [1, 2, 8, 16]}, log_x=True), 64, "d_k = 64")
    assert fig.layout.shapes[0].x0 == 64 and fig.layout.shapes[0].x1 == 64
    assert np.isclose(fig.layout.annotations[0].x, np.log10(64))
    linear = figures.mark_x(figures.curves([1, 2, 3], {"a": [1, 2, 3]}), 2, "here")
    assert linear.layout.annotations[0].x == 2 and linear.layout.shapes[0].x0 == 2
    assert figures.mark_x(figures.curves([1, 2], {"a": [1, 2]}), 1.5).layout.annotations == ()
