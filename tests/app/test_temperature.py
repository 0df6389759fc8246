"""Temperature under AppTest: the text's table is computed, and T (either slider), the word and d_k drive the charts."""

import html
import re

import numpy as np

from attention_core import analysis, softmax, theme
from tests.app.conftest import assert_clean, chart, chart_names, open_page, say, state, title


def document_table(at) -> dict:
    """③'s table of the text's example as the browser shows it (an HTML table): its name, column headers, and each
    row's header → (its cells as printed, which of them are shaded)."""
    body = next(h.proto.body for h in at.get("html") if 'class="a11y-table"' in h.proto.body
                and "<tbody>" in h.proto.body and "T = 0.5" in h.proto.body)
    rows = {}
    for tr in re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>", 1)[1]):
        head = html.unescape(re.search(r'<th scope="row">(.*?)</th>', tr).group(1))
        cells = re.findall(r"<td( class=\"attention-marked\")?>(.*?)</td>", tr)
        rows[head] = ([html.unescape(c) for _, c in cells], [bool(m) for m, _ in cells])
    return {"name": html.unescape(re.search(r'aria-label="([^"]*)"', body).group(1)),
            "cols": [html.unescape(c) for c in re.findall(r'<th scope="col">(.*?)</th>', body.split("</thead>")[0])],
            "rows": rows}


def document_bars(at):
    return np.array(chart(at, "document-bars").data[0].y, dtype=float)


def test_the_texts_table_is_computed_and_set_beside_the_printed_one():
    at = open_page("temperature")
    table = document_table(at)
    rows = {label: cells for label, (cells, _) in table["rows"].items()}
    assert rows["T = 0.5 · 계산"] == ["0.86", "0.12", "0.02", "1.00"]
    assert rows["T = 1 · 계산"] == ["0.66", "0.24", "0.10", "1.00"]
    assert rows["T = 2 · 계산"] == ["0.50", "0.30", "0.19", "0.99"]  # a rounded row need not sum to 1
    assert rows["T = 0.5 · 문서"] == ["0.85", "0.12", "0.03", "1.00"]
    assert rows["T = 2 · 문서"] == ["0.45", "0.32", "0.23", "1.00"]
    # shaded, in both rows of a T: where the computed value and the printed one differ at two decimals (read from
    # the rows themselves)
    for label, (_, shaded) in table["rows"].items():
        computed, printed = rows[label.replace("문서", "계산")], rows[label.replace("계산", "문서")]
        assert shaded == [a != b for a, b in zip(computed[:3], printed[:3], strict=True)] + [False], label
    assert any(any(s) for _, s in table["rows"].values())
    assert table["name"] == say("temperature.table_title") and table["cols"][1:] == [
        "z₁ = 2.0", "z₂ = 1.0", "z₃ = 0.1", say("temperature.sum")]
    note = next(i.value for i in at.info if "softmax가 주는 값이 아닙니다" in i.value)
    assert "T = 0.5" in note and "T = 2" in note and "T = 1:" not in note  # only the rows that differ
    assert "T = 0.5, T = 2 행은" in note and "(최대 0.05 차이)" in note  # the largest gap, computed
    assert "0.864" in note and "0.99" in note
    assert len(at.latex) >= 2 and any(r"\exp(z_i / T)" in x.value for x in at.latex)
    assert chart_names(at) == ["document-bars", "document-vs-printed", "weights", "curves", "row-sweep",
                               "dk-spread", "dk-saturation"]


def test_sidebar_T_changes_the_bars_the_matrix_and_the_marker():
    at = open_page("temperature")
    assert np.allclose(document_bars(at), softmax(np.array(analysis.DOCUMENT_Z), temperature=1.0))
    weights_before = np.array(chart(at, "weights").data[0].z)
    at.select_slider(key="sb:T").set_value(0.5).run()
    assert_clean(at)
    assert state(at).scenario.temperature == 0.5
    bars = document_bars(at)
    assert np.allclose(bars, [0.8638, 0.1169, 0.0193], atol=1e-4)
    weights = np.array(chart(at, "weights").data[0].z)
    assert title(at, "weights") == say("temperature.matrix_chart", t=0.5)
    assert not np.allclose(weights, weights_before)
    assert np.allclose(weights, analysis.compute(state(at).scenario).trace.weights)
    curves = chart(at, "curves")
    assert curves.layout.shapes[0].x0 == 0.5
    assert np.isclose(curves.layout.annotations[0].x, np.log10(0.5))  # the label sits on the line (log axis)


def test_the_page_T_slider_and_the_sidebar_slider_stay_in_sync():
    at = open_page("temperature")
    at.select_slider(key="temperature:T").set_value(2.0).run()
    assert_clean(at)
    assert state(at).scenario.temperature == 2.0
    assert at.select_slider(key="sb:T").value == 2.0
    assert np.allclose(document_bars(at), [0.5017, 0.3043, 0.1940], atol=1e-4)
    at.select_slider(key="sb:T").set_value(0.2).run()
    assert_clean(at)
    assert at.select_slider(key="temperature:T").value == 0.2
    assert state(at).scenario.temperature == 0.2


def test_picking_a_word_moves_the_one_row_sweep_with_its_limits():
    at = open_page("temperature")
    at.selectbox(key="pick:focus:temperature").set_value(2).run()
    assert_clean(at)
    assert state(at).view.focus == 2
    fig = chart(at, "row-sweep")
    assert title(at, "row-sweep") == say("temperature.row_chart", word="아름다운")
    s = state(at).scenario
    scores = analysis.compute(s).trace.scores
    assert len(fig.data) == 7
    assert np.allclose(fig.data[0].y, analysis.limits(scores)[0][2])  # T → 0: argmax
    assert np.allclose(fig.data[3].y, softmax(scores[2], temperature=1.0))
    assert np.allclose(fig.data[-1].y, 1 / s.n)  # T → ∞: uniform


def test_entropy_switch_and_dk_slider():
    at = open_page("temperature")
    at.segmented_control(key="temperature:measure").set_value("entropy").run()
    assert_clean(at)
    fig = chart(at, "curves")
    assert title(at, "curves") == say("temperature.curve_entropy")
    assert max(max(tr.y) for tr in fig.data) <= np.log(state(at).scenario.n) + 1e-9
    saturation = chart(at, "dk-saturation")
    assert saturation.layout.shapes[0].x0 == 64
    before = [m.value for m in at.metric]
    at.select_slider(key="temperature:dk").set_value(4).run()
    assert_clean(at)
    after = [m.value for m in at.metric]
    assert after != before
    exp = analysis.dk_experiment((1, 2, 4, 8, 16, 32, 64, 128, 256))
    assert after[0] == f"{exp['std_raw'][2]:.2f}" and after[1] == f"{exp['std_scaled'][2]:.2f}"
    assert chart(at, "dk-saturation").layout.shapes[0].x0 == 4
    assert exp["max_raw"][-1] > 0.9 > exp["max_scaled"][-1]  # saturates unless divided


def test_english_translates_the_page_and_T_still_drives_the_bars():
    at = open_page("temperature")
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert at.title[0].value.startswith("③ Temperature")
    table = document_table(at)
    assert table["rows"]["T = 2 · computed"][0] == ["0.50", "0.30", "0.19", "0.99"]
    assert table["name"] == say("temperature.table_title", "en") and table["cols"][-1] == say("temperature.sum", "en")
    assert title(at, "weights") == say("temperature.matrix_chart", "en", t=1)
    at.select_slider(key="temperature:T").set_value(10.0).run()
    assert_clean(at)
    assert np.allclose(document_bars(at), softmax(np.array(analysis.DOCUMENT_Z), temperature=10.0))
    assert at.select_slider(key="sb:T").value == 10.0


def test_a_long_sentence_sweeps_the_row_as_a_heatmap_one_line_per_T():
    at = open_page("temperature")
    at.text_input(key="sb:sentence").input("나는 오늘 정말 아주 슬픈 영화를 보고 아름다운 장면에 울었다").run()
    assert_clean(at)
    fig = chart(at, "row-sweep")
    z = np.array(fig.data[0].z)
    assert z.shape == (7, 10)
    ticks = list(fig.layout.yaxis.ticktext)
    assert ticks[0] == "T → 0: argmax" and "T = 1" in ticks
    assert np.allclose(z.sum(axis=1), 1.0)
    assert np.allclose(z[-1], 0.1)


def test_most_looked_at_lists_every_word_tied_for_first_at_thirty_words():
    at = open_page("temperature")
    sentence = " ".join(["슬픈", "영화였다", "슬픈", "장면이었다", "슬픈"] + ["그"] * 25)
    at.text_input(key="sb:sentence").set_value(sentence).run()
    assert_clean(at)
    assert state(at).scenario.n == 30
    (stats,) = [d for d in at.dataframe if "가장 많이 보는 단어" in d.value.columns]
    assert set(stats.value["가장 많이 보는 단어"]) == {"슬픈¹ = 슬픈² = 슬픈³"}  # three tie: all three named


def test_words_with_the_same_curve_are_one_line_named_by_all_of_them():
    at = open_page("temperature")
    curves = chart(at, "curves")
    names = [t.name for t in curves.data]
    assert names == ["슬픈 = 아름다운", "영화였다 = 장면이었다"]  # equal score rows: the lines coincide
    assert curves.data[0].line.color == theme.QUERY_COLOR  # the picked word (슬픈) is the looking word: orange
    assert theme.QUERY_COLOR not in [t.line.color for t in curves.data[1:]]
    assert any("겹칩니다" in c.value for c in at.caption)
    at.text_input(key="sb:sentence").input("슬픈 영화였다 기쁜 노래였다 장면").run()
    s = state(at).scenario
    curve = analysis.effective_words_curve(analysis.compute(s).trace.scores, analysis.temperature_grid())
    groups = analysis.coincident(curve)
    shown = [t.name for t in chart(at, "curves").data]
    assert shown == [" = ".join(s.labels[i] for i in g) for g in groups]  # merged exactly where rows coincide
    assert len(shown) > 2
