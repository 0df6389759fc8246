"""Every statement of screen ⑧ checked against the math, over the presets, the slider's T and α values."""

from __future__ import annotations

import math

import numpy as np
import pytest

from attention_core import analysis, positional_encoding
from attention_core.i18n import text
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
    periods = analysis.pe_wavelengths(8)
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
                m = analysis.masked_attention(s.with_temperature(t).with_pe_alpha(alpha), kind)
                w = m.trace.weights
                assert np.allclose(w.sum(axis=1), 1.0, rtol=0, atol=1e-12)
                if m.masked is not None:
                    assert np.all(w[m.masked] == 0.0)
                if kind == "causal":
                    assert w[0, 0] == 1.0


def test_without_positions_nothing_changes_and_with_positions_every_word_does():
    for s in scenarios():
        assert analysis.shuffle_experiment(s, 0.0).changed == 0
        for alpha in ALPHAS:
            r = analysis.shuffle_experiment(s.with_pe_alpha(alpha), alpha)
            assert r.changed == s.n, (s.sentence, s.preset, alpha)


def test_padding_changes_no_real_word_and_pad_rows_look_only_at_real_words():
    for s in scenarios():
        for alpha in (0.0, *ALPHAS):
            sa = s.with_pe_alpha(alpha)
            assert analysis.padding_check(sa) < 1e-12
            m = analysis.masked_attention(sa, "padding")
            assert np.all(m.trace.weights[m.real:, m.real:] == 0.0)


def test_the_decoder_output_of_a_word_never_uses_later_words():
    for s in scenarios():
        sa = s.with_pe_alpha(1.0)
        full = analysis.masked_attention(sa, "causal").trace.output
        for k in range(1, s.n):
            prefix, _ = sa.with_sentence(" ".join(s.tokens[:k]))
            assert np.allclose(analysis.masked_attention(prefix, "causal").trace.output, full[:k], rtol=1e-12,
                               atol=1e-12)
