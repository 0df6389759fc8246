"""Every statement of screen ⑧ checked against the math, over the presets, the slider's T and α values."""

from __future__ import annotations

import math

import numpy as np
import pytest

from attention_core import order, positional_encoding
from attention_core.i18n import text
from attention_core.lexicon import AXIS_INDEX
from attention_core.presets import SINGLE_HEAD_PRESETS
from attention_core.registry import T_OPTIONS
from attention_core.scenario import MASKS, Scenario

SENTENCES = (
    "슬픈 영화였다 아름다운 장면이었다",
    "나는 어제 슬픈 영화를 보았다 그리고 울었다",
    "고양이가 매트 위에 앉았다",
)
ALPHAS = (0.05, 0.5, 1.0, 3.0)


def scenarios():
    for sentence in SENTENCES:
        for preset in SINGLE_HEAD_PRESETS:
            s, _ = Scenario().with_sentence(sentence)
            yield s.with_preset(preset)


def test_the_periods_in_the_text_are_the_formulas():
    periods = order.pe_wavelengths(8)
    shown = text("en", "order.pe_text", d=8, shortest=float(periods[0]), longest=float(periods[-1]))
    assert "from 6.28 (= 2π) to 6,283" in shown
    assert math.isclose(periods[-1], 2 * math.pi * 10000 ** (6 / 8))
    # "each odd axis is the cosine with the period of the axis before it"; "later axes change more slowly"
    pe = positional_encoding(40, 8)
    angles = np.arange(40)[:, None] / 10000 ** (np.arange(0, 8, 2) / 8)
    assert np.allclose(pe[:, 1::2], np.cos(angles)) and np.all(np.diff(periods) > 0)


@pytest.mark.parametrize("t", T_OPTIONS[::3])
def test_masked_rows_sum_to_one_and_the_first_word_sees_only_itself(t):
    for s in scenarios():
        for alpha in (0.0, *ALPHAS):
            for kind in MASKS:
                m = order.masked_attention(s.with_temperature(t).with_pe_alpha(alpha), kind)
                w = m.trace.weights
                assert np.allclose(w.sum(axis=1), 1.0, rtol=0, atol=1e-12)
                if m.masked is not None:
                    assert np.all(w[m.masked] == 0.0)
                if kind == "causal":
                    assert w[0, 0] == 1.0


def test_without_positions_nothing_changes_and_with_positions_every_word_does():
    for s in scenarios():
        assert order.shuffle_experiment(s, 0.0).changed == 0
        for alpha in ALPHAS:
            r = order.shuffle_experiment(s.with_pe_alpha(alpha), alpha)
            assert r.changed == s.n, (s.sentence, s.preset, alpha)


def test_padding_changes_no_real_word_and_pad_rows_look_only_at_real_words():
    for s in scenarios():
        for alpha in (0.0, *ALPHAS):
            sa = s.with_pe_alpha(alpha)
            assert order.padding_check(sa) < 1e-12
            m = order.masked_attention(sa, "padding")
            assert np.all(m.trace.weights[m.real:, m.real:] == 0.0)


def test_the_decoder_output_of_a_word_never_uses_later_words():
    for s in scenarios():
        sa = s.with_pe_alpha(1.0)
        full = order.masked_attention(sa, "causal").trace.output
        for k in range(1, s.n):
            prefix, _ = sa.with_sentence(" ".join(s.tokens[:k]))
            assert np.allclose(order.masked_attention(prefix, "causal").trace.output, full[:k], rtol=1e-12,
                               atol=1e-12)


def test_generating_word_by_word_needs_no_mask_and_gives_what_the_masked_training_pass_gives():
    """order.causal_generate: the mask lets every position be computed at once (training), each as it is when
    the words are generated left to right with no mask, the later words not there yet."""
    for s in scenarios():
        sa = s.with_pe_alpha(1.0)
        at_once = order.masked_attention(sa, "causal").trace.output
        for k in range(1, s.n + 1):
            prefix, _ = sa.with_sentence(" ".join(s.tokens[:k]))
            generated = order.masked_attention(prefix, "none").trace.output[k - 1]  # no mask
            assert np.allclose(generated, at_once[k - 1], rtol=1e-12, atol=1e-12)
    for lang in ("ko", "en"):
        said = text(lang, "order.causal_generate")
        assert ("마스크가 필요 없습니다" in said) if lang == "ko" else ("Generation itself needs no mask" in said)
        assert "덕분입니다" not in said and "is what lets" not in said


@pytest.mark.parametrize("alpha", ALPHAS)
def test_a_later_words_weight_is_never_shown_as_zero_without_a_mask(alpha):
    """order.none_example: with no mask the first word's weight on the last is > 0, and the text shows a
    nonzero digit (0.00 reads as a masked cell)."""
    from attention_core.i18n import nonzero_text

    for s in scenarios():
        w = float(order.masked_attention(s.with_pe_alpha(alpha), "none").trace.weights[0, s.n - 1])
        assert w > 0
        shown = nonzero_text(w)
        assert float(shown) > 0 and any(c in "123456789" for c in shown.split("e")[0])
        assert abs(float(shown) - w) <= max(0.005, 0.05 * w)


def test_the_position_gaze_explanation_is_the_math():
    """order.gaze_text: the most-looked-at word, its PE shift on the axis that raises its scores most, what W_K
    makes of it (K with and without positions) and the lookers' Q, each against numpy."""
    from attention_core import softmax

    checked = 0
    for s in scenarios():
        for alpha in ALPHAS:
            for t in (0.5, 1.0, 2.0):
                sa = s.with_pe_alpha(alpha).with_temperature(t)
                why = order.position_gaze(sa)
                x = sa.x + alpha * positional_encoding(sa.n, 8)
                q, k = x @ sa.w_q, x @ sa.w_k
                w = np.vstack([softmax(row, temperature=t) for row in q @ k.T])
                k0 = sa.x @ sa.w_k
                w0 = np.vstack([softmax(row, temperature=t) for row in (sa.x @ sa.w_q) @ k0.T])
                j = int(np.argmax(w.mean(axis=0)))
                shift = alpha * positional_encoding(sa.n, 8)[j]
                push = [np.mean(q @ (shift[a] * sa.w_k[a])) / t for a in range(8)]
                if max(push) <= 0:
                    assert why is None
                    continue
                a = int(np.argmax(push))
                assert (why.word, why.axis) == (j, a)
                assert math.isclose(why.weight, w[:, j].mean()) and math.isclose(why.weight_without, w0[:, j].mean())
                assert math.isclose(why.shift, shift[a])
                dim = int(np.argmax(q.mean(axis=0) * shift[a] * sa.w_k[a]))
                assert why.dim == dim and why.gain == sa.w_k[a, dim]
                assert math.isclose(why.k_without, k0[j, dim]) and math.isclose(why.k_with, k[j, dim])
                assert (why.q_low, why.q_high) == (q[:, dim].min(), q[:, dim].max())
                checked += 1
    assert checked > 0


def test_the_source_text_example_every_word_on_the_beautiful_one_because_of_the_emotion_axis():
    """The default sentence at α = 1: every word puts about 0.99 on ‘아름다운’; PE adds sin(2) to its emotion axis
    and W_K carries it into K₁ three times over."""
    s = Scenario().with_pe_alpha(1.0)
    why = order.position_gaze(s)
    assert s.tokens[why.word] == "아름다운" and why.weight > 0.98
    assert why.axis == AXIS_INDEX["emotion"] and math.isclose(why.shift, math.sin(2))
    assert why.gain == s.w_k[AXIS_INDEX["emotion"], why.dim]
    assert math.isclose(why.k_with - why.k_without, float((positional_encoding(s.n, 8)[2] @ s.w_k)[why.dim]))
    shown = text("ko", "order.gaze_text", alpha=1.0, t=1.0, word="아름다운", weight=why.weight,
                 without=why.weight_without, pos=why.word, axis="감정", shift=why.shift, dim=why.dim + 1,
                 gain=why.gain, k0=why.k_without, k1=why.k_with)
    assert "‘아름다운’을 가장 많이" in shown and "+0.91을 더합니다" in shown and "3배" in shown
