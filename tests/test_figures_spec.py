"""The chart spec (attention_core/figures/spec.py): every builder says what its chart shows, as plain JSON that
travels with the figure; the accessible text reads it; the layering of the package."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import plotly.graph_objects as go
import pytest

from attention_core import accessible, figures
from attention_core.figures import class_charts, spec

ROOT = Path(__file__).resolve().parents[1]
WORDS = ["슬픈", "영화였다", "아름다운", "장면이었다"]
W = np.array([[0.5, 0.2, 0.2, 0.1], [0.1, 0.6, 0.2, 0.1], [0.3, 0.3, 0.3, 0.1], [0.25, 0.25, 0.25, 0.25]])


def every_chart() -> dict[str, go.Figure]:
    """One figure from every builder (BUILDERS, mark_x, box_column and the class's charts)."""
    rows, cols = figures.Axis(WORDS, "Query"), figures.Axis(WORDS, "Key")
    heat = figures.heatmap(W, rows, cols, kind="weights", row_sums=True, title="w",
                           marks=[figures.Mark(0, 1, "guess", "dash")])
    temps = [0.1, 1.0, 10.0]
    charts = {
        "heatmap": heat,
        "bars": figures.bars(W[0], WORDS, title="b"),
        "grouped_bars": figures.grouped_bars({"a": W[0], "b": W[1]}, WORDS),
        "curves": figures.curves(temps, {"a": [1.0, 2.0, 3.0]}, marker_x=1.0, marker_label="now"),
        "arrows": figures.arrows("슬픈", (1.0, 0.5), np.array([[1.0, 0.0], [0.5, 0.5], [0.5, 0.5], [0.0, 1.0]]),
                                 WORDS, groups=[[0], [1, 2], [3]]),
        "stacked_contributions": figures.stacked_contributions(W, WORDS, ["a", "b", "c", "d"], W.sum(axis=0)),
        "weight_lines": figures.weight_lines(W[0], WORDS, 0),
        "heatmap_grid": figures.heatmap_grid([("x", W, WORDS, WORDS, "signed"), ("y", W, WORDS, WORDS, "weights")],
                                             columns=2),
        "line_rows": figures.line_rows(WORDS, [("μ", W[0]), ("σ", W[1])]),
        "bars_grid": figures.bars_grid([("T = 1", W[0]), ("T = 2", W[1])], WORDS),
        "training_curves": figures.training_curves(range(3), [0.7, 0.6, 0.5], [0, 2], {"acc": [0.5, 0.8]}),
        "replay_heatmap": figures.replay_heatmap([W, W * 2], ["0", "1"], rows, cols),
        "temperature_player": figures.temperature_player([W, W], temps[:2], [1.0, 1.2], rows, cols),
        "mark_x": figures.mark_x(figures.curves(temps, {"a": temps}), 2.0, "x"),
        "box_column": figures.box_column(heat, 1, "#000"),
        "tally": class_charts.tally(WORDS, [3, 1, 0, 2], right=[0], mine=1, y_title="n"),
        "tally_lying": class_charts.tally(WORDS, [3, 1, 0, 2], lying=True),
        "frozen_row": class_charts.frozen_row(WORDS, W[0], [0], "row"),
        "spread": class_charts.spread(WORDS, [40, 20, 30, 10], [[40, 20, 30, 10]], W[0] * 100,
                                      names=("room", "one", "model")),
        "spread_mine": class_charts.spread_mine(WORDS, W[0] * 100, [40, 20, 30, 10], [40, 20, 30, 10],
                                                names=("model", "room", "mine")),
        "t_histogram": class_charts.t_histogram([0.5, 1.0, 2.0], [1, 3, 0], right=[1], right_name="right"),
    }
    assert set(figures.BUILDERS) <= set(charts)
    return charts


@pytest.mark.parametrize("name", list(every_chart()))
def test_every_builder_says_what_its_chart_shows_in_plain_json_that_travels_with_the_figure(name):
    fig = every_chart()[name]
    chart = spec.of(fig)
    assert chart is not None and chart["v"] == spec.VERSION and chart["parts"], name
    assert json.loads(json.dumps(chart, allow_nan=False)) == chart  # plain JSON: no arrays, no NaN
    sent = fig.to_dict()  # as st.plotly_chart sends it, and as a go.Figure rebuilt from it keeps it
    assert sent["layout"]["meta"]["chart"] == chart
    assert spec.of(go.Figure(sent)) == chart
    for part in chart["parts"]:
        for i in [part.get("trace"), part.get("mask"), part.get("sums"), *(s["trace"] for s in part.get("series", ()))]:
            assert i is None or 0 <= i < len(sent["data"]), (name, part)
    assert spec.VERSION == accessible.CHART_SPEC  # the version the accessible text reads


def test_a_figure_without_a_chart_spec_is_named_by_its_title_alone():
    d = accessible.describe(go.Figure(go.Bar(y=[1, 2]), layout={"title": {"text": "plain"}}), "en")
    assert d.name == "plain" and d.tables == ()


def test_the_arrows_table_names_each_tip_by_its_word_also_where_tips_coincide():
    keys = np.array([[1.0, 0.0], [0.5, 0.5], [0.5, 0.5], [0.0, 1.0]])
    fig = figures.arrows("슬픈", (1.0, 0.5), keys, WORDS, groups=[[0], [1, 2], [3]], x_title="d1", y_title="d2")
    (table,) = accessible.describe(fig, "en").tables
    assert table.rows == (*WORDS, "Q 슬픈") and table.cols == ("d1", "d2")
    assert table.cells[2] == ("0.50", "0.50")


def test_the_class_charts_tables_have_a_row_per_word():
    revealed = class_charts.spread(WORDS, [40, 20, 30, 10], [[40, 20, 30, 10]], W[0] * 100,
                                   names=("room", "one", "model"))
    (table,) = accessible.describe(revealed, "en").tables
    assert table.rows == tuple(WORDS) and table.cols == ("room", "model")
    hist = class_charts.t_histogram([0.5, 1.0, 2.0], [1, 3, 0], right=[1], right_name="right", y_title="n")
    (table,) = accessible.describe(hist, "en").tables
    assert table.rows == ("0.5", "1", "2") and table.cols == ("n",)  # the legend's entry is no row


def test_a_line_chart_table_names_every_word_where_the_axis_prints_only_some():
    many = [f"단어{k}" for k in range(40)]
    fig = figures.line_rows(many, [("μ", np.arange(40.0))], width_px=300)
    assert len(fig.layout.xaxis.ticktext) < 40  # thinned on the axis
    (table,) = accessible.describe(fig, "en").tables
    assert table.rows == tuple(many)


def test_shows_refuses_what_its_source_cannot_recompute():
    assert spec.shows("W", src="h2") == {"src": "h2", "q": "W"}
    for bad in ({"q": "nope"}, {"q": "D"}, {"q": "LN", "src": "masked"}, {"q": "W", "src": "other"},
                {"q": "Z", "stat": "median"}):
        with pytest.raises(ValueError):
            spec.shows(**bad)
    with pytest.raises(ValueError):  # a T the browser cannot print alike
        format(figures.T, ".2e")


def test_importing_attention_core_pulls_in_no_streamlit_nor_plotly_and_figures_and_the_text_no_streamlit():
    code = """
import sys
import attention_core
assert "streamlit" not in sys.modules and "plotly" not in sys.modules, "attention_core"
import attention_core.accessible
assert "streamlit" not in sys.modules and "plotly" not in sys.modules, "accessible"
import attention_core.figures, attention_core.figures.class_charts, attention_core.t_inputs
assert "streamlit" not in sys.modules, "figures"
"""
    ran = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    for path in (ROOT / "attention_core" / "figures").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "streamlit" not in text and "from .. import ui" not in text, path.name
