"""Word order and masks under AppTest: the α slider and the mask switch change the charts and the state."""

import numpy as np

from attention_core import analysis, codec, order, positional_encoding
from attention_core.registry import t_options
from tests.app.conftest import assert_clean, chart, open_page, say, state, title


def weights_chart(at):
    return chart(at, "weights")


def test_page_opens_with_positions_off_and_no_mask():
    at = open_page("order")
    s = state(at).scenario
    assert s.pe_alpha == 0.0 and s.mask == "none"
    pe = chart(at, "pe")
    assert np.allclose(np.array(pe.data[0].z, dtype=float), positional_encoding(s.n, 8))
    assert pe.layout.yaxis.ticktext[0] == "0: 슬픈" and pe.layout.yaxis.autorange == "reversed"
    w = weights_chart(at)
    assert len(w.data) == 2  # the weights and their row sums, no masked overlay
    assert np.allclose(np.array(w.data[0].z, dtype=float), analysis.compute(s).trace.weights)
    assert any("반올림 오차뿐" in s.value for s in at.success)  # shuffling without positions only permutes
    assert any("α를 0보다 크게" in i.value for i in at.info)


def test_alpha_slider_adds_positions_and_every_word_changes_under_the_shuffle():
    at = open_page("order")
    at.slider(key="order:alpha").set_value(1.0).run()
    assert_clean(at)
    s = state(at).scenario
    assert s.pe_alpha == 1.0
    x = chart(at, "x-pe")
    assert "α = 1" in title(at, "x-pe")
    assert np.allclose(np.array(x.data[0].z, dtype=float), s.x + positional_encoding(s.n, 8))
    with_pos = chart(at, "delta-with")
    assert "α = 1" in title(at, "delta-with")
    result = order.shuffle_experiment(s, 1.0)
    assert np.allclose(np.array(with_pos.data[0].z, dtype=float), result.delta)
    assert any("4개 단어 중 4개의 출력이 달라졌습니다" in w.value for w in at.warning)
    without = chart(at, "delta-without")
    assert "α = 0" in title(at, "delta-without")
    assert np.abs(np.array(without.data[0].z, dtype=float)).max() < 1e-12
    # one shared scale, holding both at every T (the T control's drag moves the cells, not the scale)
    _, scale = order.shuffle_spans(s, (0.0, 1.0), t_options(s.temperature))
    assert without.data[0].zmax == with_pos.data[0].zmax == scale >= result.max_abs
    # the weights follow α, while the single-head screens keep X without positions
    w = np.array(weights_chart(at).data[0].z, dtype=float)
    assert np.allclose(w, order.masked_attention(s).trace.weights)
    assert not np.allclose(w, analysis.compute(s).trace.weights)


def test_causal_mask_marks_the_masked_cells_and_the_first_word_sees_only_itself():
    at = open_page("order")
    at.segmented_control(key="order:mask").set_value("causal").run()
    assert_clean(at)
    assert state(at).scenario.mask == "causal"
    fig = weights_chart(at)
    values, overlay, sums = fig.data[0], fig.data[1], fig.data[2]
    z = np.array(values.z, dtype=float)
    upper = np.triu(np.ones((4, 4), bool), 1)
    assert np.all(np.isnan(z[upper])) and z[0, 0] == 1.0  # masked cells carry no number
    assert np.all(np.array(overlay.z, dtype=float)[upper] == 1.0) and "가려짐" in overlay.hovertemplate
    assert list(sums.text) == ["1.00"] * 4
    assert any("첫 단어 ‘슬픈’ → 자기 자신: 가중치 1.00" in m.value for m in at.markdown)
    assert any("왼쪽에서 오른쪽으로" in m.value for m in at.markdown)


def test_padding_adds_pad_tokens_that_nobody_looks_at():
    at = open_page("order")
    at.segmented_control(key="order:mask").set_value("padding").run()
    assert_clean(at)
    fig = weights_chart(at)
    assert list(fig.layout.yaxis.ticktext) == ["슬픈", "영화였다", "아름다운", "장면이었다", "[PAD]¹", "[PAD]²"]
    z = np.array(fig.data[0].z, dtype=float)
    assert np.all(np.isnan(z[:, 4:])) and np.allclose(np.nansum(z, axis=1), 1.0)
    assert any("최대 |차이| = 0" in m.value for m in at.markdown)


def test_state_survives_a_page_switch_and_travels_in_the_link_in_english():
    at = open_page("order")
    at.slider(key="order:alpha").set_value(0.5).run()
    at.segmented_control(key="order:mask").set_value("causal").run()
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert title(at, "weights") == say("order.weights_chart", "en", mask=say("order.mask.causal", "en"))
    assert any("First word ‘슬픈’ → itself: weight 1.00" in m.value for m in at.markdown)
    at.switch_page("pages/2_score.py").run()
    at.switch_page("pages/8_order.py").run()
    assert at.slider(key="order:alpha").value == 0.5 and at.segmented_control(key="order:mask").value == "causal"
    token = at.sidebar.code[0].value.split("?s=")[1]
    s, view = codec.decode_link(token)
    assert s.pe_alpha == 0.5 and s.mask == "causal" and view.lang == "en"
    fresh = open_page("order", query={"s": token})
    assert state(fresh).scenario.mask == "causal" and fresh.slider(key="order:alpha").value == 0.5


def test_one_word_has_nothing_to_shuffle():
    at = open_page("order")
    at.text_input(key="sb:sentence").set_value("혼자").run()
    assert_clean(at)
    assert any("단어가 하나뿐" in i.value for i in at.info)
    at.segmented_control(key="order:mask").set_value("causal").run()
    assert_clean(at)
