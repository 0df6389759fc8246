"""A chart's text alternative comes from the figure's own data: the name's numbers and the tables' cells are the
matrix the figure draws, in the UI language, whatever builder made it."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import plotly.graph_objects as go

from attention_core import accessible, figures, theme
from attention_core.attention import self_attention
from attention_core.i18n import text
from attention_core.scenario import Scenario

WORDS = ("슬픈", "영화였다", "아름다운", "장면이었다")


def weights() -> np.ndarray:
    s = Scenario()
    return self_attention(s.x, s.w_q, s.w_k, s.w_v, s.temperature).weights


def number(cell: str) -> float:
    return float(cell.replace("−", "-"))


def test_a_weights_heatmap_names_each_rows_largest_and_tables_every_cell_and_the_row_sums():
    w = weights()
    fig = figures.heatmap(w, figures.Axis(list(WORDS), "Query"), figures.Axis(list(WORDS), "Key"), kind="weights",
                          row_sums=True, title="Attention, T = 1")
    for lang in ("ko", "en"):
        d = accessible.describe(fig, lang)
        assert d.name.startswith("Attention, T = 1")
        assert text(lang, "a11y.matrix", rows=4, cols=4) in d.name
        for i, word in enumerate(WORDS):
            j = int(np.argmax(w[i]))
            assert f"{word} → {WORDS[j]} {w[i, j]:.2f}" in d.name
        (table,) = d.tables
        assert table.rows == WORDS and table.cols == (*WORDS, "Σ")
        np.testing.assert_allclose([[number(c) for c in row[:4]] for row in table.cells], w, atol=0.005)
        np.testing.assert_allclose([number(row[4]) for row in table.cells], w.sum(axis=1), atol=0.005)
    assert "largest per row" in accessible.describe(fig, "en").name
    assert "행마다 가장 큰 값" in accessible.describe(fig, "ko").name


def test_masked_cells_read_masked_and_the_largest_is_among_the_open_ones():
    w = weights()
    causal = np.triu(np.ones((4, 4), dtype=bool), k=1)
    shown = np.where(causal, 0.0, w)
    fig = figures.heatmap(shown, figures.Axis(list(WORDS)), figures.Axis(list(WORDS)), kind="weights",
                          masked=causal)
    (table,) = accessible.describe(fig, "en").tables
    for i in range(4):
        for j in range(4):
            cell = table.cells[i][j]
            assert (cell == f"{theme.MASKED_SYMBOL} masked") == bool(causal[i, j]), (i, j, cell)


def test_marks_are_named_with_their_cells():
    w = weights()
    marks = (figures.Mark(1, 2, "guess", theme.GUESS_DASH),)
    fig = figures.heatmap(w, figures.Axis(list(WORDS)), figures.Axis(list(WORDS)), kind="weights", marks=marks)
    assert f"guess: {WORDS[1]} → {WORDS[2]}" in accessible.describe(fig, "en").name


def test_bars_and_curves_tabulate_their_traces():
    values = [2.97, 0.49, 2.64, 0.49]
    bars = accessible.describe(figures.bars(values, list(WORDS), title="scores"), "en")
    assert bars.name.startswith("scores. 4 bars")
    assert f"largest {WORDS[0]} 2.97, {WORDS[2]} 2.64" in bars.name
    (table,) = bars.tables
    assert table.rows == WORDS and [number(r[0]) for r in table.cells] == values
    xs = [0.1, 1.0, 10.0]
    fig = figures.curves(xs, {"a": [1.0, 2.0, 3.5], "b": [1.0, 1.5, 1.2]}, title="spread", x_title="T")
    d = accessible.describe(fig, "en")
    assert "2 lines over T 0.1–10" in d.name and "a: from 1.00 to 3.50, largest 3.50 at T = 10" in d.name
    (table,) = d.tables
    assert table.cols == ("a", "b") and table.rows == ("0.1", "1", "10")


def test_a_dict_figure_and_an_empty_one():
    fig = figures.bars([0.5, 0.25], ["x", "y"], title="t")
    assert accessible.describe(fig.to_plotly_json(), "en").tables == accessible.describe(fig, "en").tables
    empty = accessible.describe({"data": [], "layout": {}}, "ko")
    assert empty.name == text("ko", "a11y.chart") and empty.tables == ()


def test_table_html_has_headers_with_scope_and_escapes_words():
    table = accessible.Table("cap <b>", "rows", ("<i>",), ("c&1",), (("0.50",),))
    html = accessible.table_html(table, "en")
    assert '<th scope="col">c&amp;1</th>' in html and '<th scope="row">&lt;i&gt;</th>' in html
    assert "<caption>cap &lt;b&gt;</caption>" in html and "<td>0.50</td>" in html


def test_a_shared_figure_is_described_once_per_language_and_its_description_goes_with_it():
    fig = go.Figure(figures.bars([0.5, 0.25], ["x", "y"], title="once").to_dict())  # held by no memo
    first = accessible.describe(fig, "en")
    assert accessible.describe(fig, "en") is first
    assert accessible.describe(fig, "ko").name != first.name
    ref = weakref.ref(fig)
    del fig, first
    gc.collect()
    assert ref() is None
    accessible.describe(figures.bars([0.1], ["z"], title="other"), "en")  # a new entry sweeps the dead ones
    assert all(r() is not None for r, _ in accessible._MEMO.values())


def test_a_number_that_prints_as_zero_has_no_minus_and_a_tie_names_every_tied_column():
    z = np.array([[-0.0, -0.001, 0.5], [0.3, 0.3, -0.2]])
    fig = figures.heatmap(z, figures.Axis(["a", "b"]), figures.Axis(["x", "y", "z"]), title="t")
    d = accessible.describe(fig, "en")
    (table,) = d.tables
    assert [list(r) for r in table.cells] == [["0.00", "0.00", "0.50"], ["0.30", "0.30", "−0.20"]]
    assert "b → x, y 0.30" in d.name and "a → z 0.50" in d.name  # the chart beside it shows the tie
