"""V and the weighted sum under AppTest: charts render, picking a word and editing W_V change them."""

import numpy as np

from attention_core import analysis, theme
from tests.app.conftest import assert_clean, chart_specs, chart_titled, edit_matrix, open_page, state

V_CHART = "V = X·W_V (각"
STACK = "쌓으면 출력이 된다"


def test_value_page_renders_v_weights_output_and_the_stacked_contributions():
    at = open_page("value")
    assert len(chart_specs(at)) == 5
    assert len(at.data_editor) == 1  # W_V only
    assert any("Embedding 벡터의 요소 중 어떤 요소를 받아올지를 제안한다" in m.value for m in at.markdown)
    assert any("W_V = I" in m.value for m in at.info)  # the default preset hands over X unchanged
    s = state(at).scenario
    tr = analysis.compute(s).trace
    np.testing.assert_allclose(chart_titled(at, V_CHART).data[0].z, tr.v)
    weights = chart_titled(at, "Attention 가중치")
    np.testing.assert_allclose(weights.data[0].z, tr.weights)
    assert list(weights.data[1].text) == ["1.00"] * s.n  # the row sums
    np.testing.assert_allclose(chart_titled(at, "출력 = 가중치 · V").data[0].z, tr.output)
    stack = chart_titled(at, STACK)
    bars = np.array([t.y for t in stack.data[:-1]])
    assert [t.name for t in stack.data[:-1]] == list(s.labels)
    np.testing.assert_allclose(bars.sum(axis=0), tr.output[0], atol=1e-12)
    np.testing.assert_allclose(stack.data[-1].y, tr.output[0])  # the marked sum
    assert any("아름다운" in (t.hovertemplate or "") for t in chart_titled(at, "누구에게서 받았나").data)
    colors = [t.marker.color for t in stack.data[:-1]]
    assert colors[0] == theme.QUERY_COLOR and theme.QUERY_COLOR not in colors[1:]  # orange: the looking word only
    assert weights.data[0].showscale and weights.data[0].colorscale[-1][1] == "rgb(0,68,27)"  # green, with a bar
    v_chart, out_chart = chart_titled(at, V_CHART).data[0], chart_titled(at, "출력 = 가중치 · V").data[0]
    assert (v_chart.zmin, v_chart.zmax) == (out_chart.zmin, out_chart.zmax)  # V and the output share one scale


def test_picking_a_word_changes_the_contributions():
    at = open_page("value")
    before = chart_titled(at, STACK)
    at.selectbox(key="pick:focus:value").set_value(1).run()
    assert_clean(at)
    assert state(at).view.focus == 1
    after = chart_titled(at, STACK)
    assert "영화였다" in after.layout.title.text
    tr = analysis.compute(state(at).scenario).trace
    np.testing.assert_allclose(after.data[-1].y, tr.output[1])
    assert not np.allclose([t.y for t in after.data[:-1]], [t.y for t in before.data[:-1]])


def test_editing_w_v_changes_v_but_not_the_weights():
    at = open_page("value")
    v_before = np.array(chart_titled(at, V_CHART).data[0].z)
    w_before = np.array(chart_titled(at, "Attention 가중치").data[0].z)
    edit_matrix(at, "w_v", {0: {"v1": 2.5}})
    assert_clean(at)
    assert state(at).scenario.w_v[0, 0] == 2.5
    v_after = np.array(chart_titled(at, V_CHART).data[0].z)
    assert not np.allclose(v_after, v_before)
    np.testing.assert_allclose(v_after[:, 0], 2.5 * state(at).scenario.x[:, 0])
    np.testing.assert_allclose(chart_titled(at, "Attention 가중치").data[0].z, w_before)
    assert not any("W_V = I" in m.value for m in at.info)  # no longer the identity


def test_a_junk_w_v_cell_is_refused_and_the_last_good_value_kept():
    at = open_page("value")
    edit_matrix(at, "w_v", {0: {"v1": 2.5}})
    edit_matrix(at, "w_v", {0: {"v1": "abc"}})
    assert_clean(at)
    assert state(at).scenario.w_v[0, 0] == 2.5
    assert any("숫자가 아닙니다" in e.value for e in at.error)
    assert chart_titled(at, V_CHART)


def test_english_page_and_temperature():
    at = open_page("value")
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert at.title[0].value.startswith("④ V and")
    assert any("which elements of the embedding vector to take" in m.value for m in at.markdown)
    before = np.array(chart_titled(at, "Output = weights · V").data[0].z)
    at.select_slider(key="sb:T").set_value(0.2).run()
    assert_clean(at)
    assert chart_titled(at, "Attention weights (T = 0.2")
    assert not np.allclose(chart_titled(at, "Output = weights · V").data[0].z, before)
    assert chart_titled(at, "stack up to its output")


def test_presenter_mode_keeps_every_chart_and_a_long_sentence_works():
    at = open_page("value")
    at.toggle(key="sb:presenter").set_value(True).run()
    assert_clean(at)
    assert state(at).view.presenter
    assert len(chart_specs(at)) == 5
    at.text_input(key="sb:sentence").input("슬픈 슬픈 영화였다 " * 6).run()
    assert_clean(at)
    stack = chart_titled(at, STACK)
    assert len(stack.data) == 12 + 1  # the 11 largest words, the other 7 as one segment, plus the marked sum
    assert stack.data[-2].name == "그 밖의 단어 7개"
    np.testing.assert_allclose(np.sum([t.y for t in stack.data[:-1]], axis=0), stack.data[-1].y, atol=1e-12)
