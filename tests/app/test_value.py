"""V and the weighted sum under AppTest: charts render, picking a word and editing W_V change them."""

import numpy as np

from attention_core import analysis, theme
from tests.app.conftest import assert_clean, chart, chart_names, edit_matrix, open_editors, open_page, say, state, title
from tests.colours import is_green

CHARTS = ["v", "weights", "output", "contributions", "lines"]


def test_value_page_renders_v_weights_output_and_the_stacked_contributions():
    at = open_page("value")
    assert chart_names(at) == CHARTS
    assert len(at.data_editor) == 0  # the W_V editor is built when its expander opens
    assert len(open_editors(at).data_editor) == 1  # W_V only
    assert any("Embedding 벡터의 요소 중 어떤 요소를 받아올지를 제안한다" in m.value for m in at.markdown)
    assert any("W_V = I" in m.value for m in at.info)  # the default preset hands over X unchanged
    s = state(at).scenario
    tr = analysis.compute(s).trace
    np.testing.assert_allclose(chart(at, "v").data[0].z, tr.v)
    weights = chart(at, "weights")
    np.testing.assert_allclose(weights.data[0].z, tr.weights)
    assert list(weights.data[1].text) == ["1.00"] * s.n  # the row sums
    np.testing.assert_allclose(chart(at, "output").data[0].z, tr.output)
    stack = chart(at, "contributions")
    bars = np.array([t.y for t in stack.data[:-1]])
    assert [t.name for t in stack.data[:-1]] == list(s.labels)
    np.testing.assert_allclose(bars.sum(axis=0), tr.output[0], atol=1e-12)
    np.testing.assert_allclose(stack.data[-1].y, tr.output[0])  # the marked sum
    assert any("아름다운" in (t.hovertemplate or "") for t in chart(at, "lines").data)
    colors = [t.marker.color for t in stack.data[:-1]]
    assert colors[0] == theme.QUERY_COLOR and theme.QUERY_COLOR not in colors[1:]  # orange: the looking word only
    assert weights.data[0].showscale and is_green(weights.data[0].colorscale[-1][1])  # green, with a bar
    v_chart, out_chart = chart(at, "v").data[0], chart(at, "output").data[0]
    assert (v_chart.zmin, v_chart.zmax) == (out_chart.zmin, out_chart.zmax)  # V and the output share one scale


def test_picking_a_word_changes_the_contributions():
    at = open_page("value")
    before = chart(at, "contributions")
    at.selectbox(key="pick:focus:value").set_value(1).run()
    assert_clean(at)
    assert state(at).view.focus == 1
    after = chart(at, "contributions")
    assert title(at, "contributions") == say("value.stack_chart", word="영화였다")
    tr = analysis.compute(state(at).scenario).trace
    np.testing.assert_allclose(after.data[-1].y, tr.output[1])
    assert not np.allclose([t.y for t in after.data[:-1]], [t.y for t in before.data[:-1]])


def test_editing_w_v_changes_v_but_not_the_weights():
    at = open_page("value")
    v_before = np.array(chart(at, "v").data[0].z)
    w_before = np.array(chart(at, "weights").data[0].z)
    edit_matrix(at, "w_v", {0: {"v1": 2.5}})
    assert_clean(at)
    assert state(at).scenario.w_v[0, 0] == 2.5
    v_after = np.array(chart(at, "v").data[0].z)
    assert not np.allclose(v_after, v_before)
    np.testing.assert_allclose(v_after[:, 0], 2.5 * state(at).scenario.x[:, 0])
    np.testing.assert_allclose(chart(at, "weights").data[0].z, w_before)
    assert not any("W_V = I" in m.value for m in at.info)  # no longer the identity


def test_a_junk_w_v_cell_is_refused_and_the_last_good_value_kept():
    at = open_page("value")
    edit_matrix(at, "w_v", {0: {"v1": 2.5}})
    edit_matrix(at, "w_v", {0: {"v1": "abc"}})
    assert_clean(at)
    assert state(at).scenario.w_v[0, 0] == 2.5
    assert any("숫자가 아닙니다" in e.value for e in at.error)
    assert "v" in chart_names(at)


def test_english_page_and_temperature():
    at = open_page("value")
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert at.title[0].value.startswith("④ V and")
    assert any("which elements of the embedding vector to take" in m.value for m in at.markdown)
    before = np.array(chart(at, "output").data[0].z)
    at.select_slider(key="sb:T").set_value(0.2).run()
    assert_clean(at)
    assert title(at, "weights") == say("value.weights_chart", "en", t=0.2)
    assert not np.allclose(chart(at, "output").data[0].z, before)
    assert title(at, "contributions") == say("value.stack_chart", "en", word="슬픈")


def test_presenter_mode_keeps_every_chart_and_a_long_sentence_works():
    at = open_page("value")
    at.toggle(key="sb:presenter").set_value(True).run()
    assert_clean(at)
    assert state(at).view.presenter
    assert chart_names(at) == CHARTS
    at.text_input(key="sb:sentence").input("슬픈 슬픈 영화였다 " * 6).run()
    assert_clean(at)
    stack = chart(at, "contributions")
    assert len(stack.data) == 12 + 1  # the 11 largest words, the other 7 as one segment, plus the marked sum
    assert stack.data[-2].name == say("value.others", k=7)
    np.testing.assert_allclose(np.sum([t.y for t in stack.data[:-1]], axis=0), stack.data[-1].y, atol=1e-12)
