"""Screen ⑧'s numbers: the shuffle experiment, attention under each mask, padding that changes nothing."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import InputError, analysis, order, positional_encoding, self_attention
from attention_core.positions import PAD
from attention_core.scenario import Scenario
from tests import reference


def scenario(sentence="슬픈 영화였다 아름다운 장면이었다", alpha=0.0, mask="none", t=1.0) -> Scenario:
    s, _ = Scenario().with_sentence(sentence)
    return s.with_pe_alpha(alpha).with_mask(mask).with_temperature(t)


def test_with_positions_adds_alpha_times_the_table():
    x = np.arange(12, dtype=float).reshape(3, 4)
    assert np.array_equal(order.with_positions(x, 0.0), x)
    assert np.allclose(order.with_positions(x, 0.5), x + 0.5 * np.array(reference.positional_encoding(3, 4)))


@pytest.mark.parametrize("sentence", ["슬픈 영화였다 아름다운 장면이었다", "나는 어제 슬픈 영화를 보았다 그리고 울었다",
                                      "a b", "고양이가 매트 위에 앉았다"])
def test_without_positions_shuffling_only_permutes(sentence):
    r = order.shuffle_experiment(scenario(sentence), alpha=0.0)
    assert not np.array_equal(r.perm, np.arange(len(r.perm)))
    assert r.max_abs < 1e-12 and r.changed == 0


@pytest.mark.parametrize("alpha", [0.25, 1.0, 3.0])
def test_with_positions_every_word_of_the_example_changes(alpha):
    r = order.shuffle_experiment(scenario(), alpha=alpha)
    assert r.changed == 4 and r.max_abs > 1e-3


def test_the_experiment_is_checked_against_the_loop_reference():
    s = scenario()
    r = order.shuffle_experiment(s, alpha=1.0)
    pe = reference.positional_encoding(s.n, s.x.shape[1])
    x = [[v + pe[p][c] for c, v in enumerate(row)] for p, row in enumerate(s.x.tolist())]
    xs = [[v + pe[p][c] for c, v in enumerate(s.x[r.perm[p]].tolist())] for p in range(s.n)]
    args = (s.w_q.tolist(), s.w_k.tolist(), s.w_v.tolist(), s.temperature)
    base, shuf = reference.attention(x, *args)["output"], reference.attention(xs, *args)["output"]
    for place, word in enumerate(r.perm):
        assert np.allclose(r.unpermuted[word], shuf[place], rtol=1e-9)
    assert np.allclose(r.delta, np.array([shuf[list(r.perm).index(k)] for k in range(s.n)]) - np.array(base),
                       rtol=1e-9, atol=1e-12)


def test_swapping_two_equal_words_each_word_takes_the_others_place():
    r = order.shuffle_experiment(scenario("슬픈 슬픈"), alpha=1.0)
    # the shuffled sentence reads the same, so place by place the outputs are those of the original …
    assert r.perm.tolist() == [1, 0] and np.allclose(r.unpermuted[r.perm], r.original, rtol=0, atol=1e-12)
    # … but each word now sits at the other's place, so each word's own output changed
    assert r.changed == 2


def test_one_word_has_nothing_to_shuffle():
    r = order.shuffle_experiment(scenario("혼자"), alpha=1.0)
    assert r.perm.tolist() == [0] and r.changed == 0


def test_the_causal_mask_alone_already_knows_the_order():
    r = order.shuffle_experiment(scenario(), alpha=0.0, mask="causal")
    assert r.changed > 0


@pytest.mark.parametrize("alpha", [0.0, 0.7])
def test_masked_attention_none_and_causal(alpha):
    s = scenario(alpha=alpha, t=0.5)
    none = order.masked_attention(s, "none")
    assert none.allowed is None and none.labels == s.labels and none.real == s.n
    causal = order.masked_attention(s.with_mask("causal"))
    assert causal.kind == "causal" and causal.allowed.tolist() == np.tril(np.ones((4, 4), bool)).tolist()
    x = s.x + alpha * positional_encoding(4, 8)
    ref = reference.attention(x.tolist(), s.w_q.tolist(), s.w_k.tolist(), s.w_v.tolist(), 0.5,
                              mask=reference.causal(4))
    assert np.allclose(causal.trace.weights, ref["weights"], rtol=1e-9)
    assert causal.trace.weights[0].tolist() == [1.0, 0.0, 0.0, 0.0]
    assert np.allclose(causal.trace.weights.sum(axis=1), 1.0, rtol=0, atol=1e-12)


@settings(max_examples=25, deadline=None)
@given(alpha=st.sampled_from([0.0, 0.5, 1.0, 3.0]), t=st.sampled_from([0.1, 1.0, 5.0]),
       sentence=st.sampled_from(["슬픈 영화였다 아름다운 장면이었다", "하나", "a b c d e f g", "슬픈 슬픈 영화"]))
def test_padding_changes_nothing_for_the_real_words(alpha, t, sentence):
    s = scenario(sentence, alpha=alpha, t=t)
    padded = order.masked_attention(s, "padding")
    assert padded.labels[s.n:] == (PAD, PAD) or all(lab.startswith(PAD) for lab in padded.labels[s.n:])
    assert len(padded.labels) == s.n + order.PAD_EXTRA and padded.real == s.n
    assert np.all(padded.x[s.n:] == alpha * positional_encoding(s.n + 2, 8)[s.n:])  # a [PAD] embeds as zeros
    assert np.all(padded.trace.weights[:, s.n:] == 0.0)
    assert np.allclose(padded.trace.weights.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert order.padding_check(s) < 1e-12


def test_an_unknown_mask_is_refused():
    with pytest.raises(InputError):
        order.masked_attention(scenario(), "sideways")


def test_the_single_head_screens_ignore_alpha_and_mask():
    s = scenario(alpha=2.0, mask="causal")
    assert np.array_equal(analysis.compute(s).trace.weights, analysis.compute(scenario()).trace.weights)
    assert np.array_equal(analysis.compute(s).trace.output,
                          self_attention(s.x, s.w_q, s.w_k, s.w_v, s.temperature).output)


def test_wavelengths_run_from_two_pi_geometrically():
    w = order.pe_wavelengths(8)
    assert np.allclose(w, [2 * np.pi * 10000 ** (k / 8) for k in (0, 2, 4, 6)])
    assert len(order.pe_wavelengths(5)) == 3  # sin columns 0, 2, 4


def test_order_table_places_each_word():
    s = scenario()
    a, b = order.shuffle_experiment(s, 0.0), order.shuffle_experiment(s, 1.0)
    t = order.order_table(a, b)
    assert all(a.perm[t["after"][k]] == k for k in range(s.n))  # word k sits at place after[k]
    assert np.array_equal(t["second"], b.per_word)


def test_rounding_noise_never_sets_the_colour_scale():
    s = scenario()
    off = order.shuffle_experiment(s, 0.0)
    assert order.shared_scale(off, off) == 1.0
    on = order.shuffle_experiment(s, 1.0)
    assert order.shared_scale(off, on) == on.max_abs
