"""The screens' analyses: decompositions add up, limits hold, sweeps and diffs are right."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from attention_core import InputError, softmax
from attention_core import analysis as an
from attention_core.scenario import Scenario

finite = st.floats(-3, 3, allow_nan=False)


@given(arrays(np.float64, (4, 5), elements=finite), arrays(np.float64, (5, 3), elements=finite),
       arrays(np.float64, (5, 3), elements=finite), st.integers(0, 3), st.integers(0, 3))
def test_axis_pair_contributions_add_up_to_the_score(x, w_q, w_k, i, j):
    score = (x @ w_q)[i] @ (x @ w_k)[j]
    c = an.score_contributions(x, w_q, w_k, i, j)
    assert c.shape == (5, 5)
    assert math.isclose(c.sum(), score, rel_tol=1e-9, abs_tol=1e-9)
    terms = an.dot_terms(x @ w_q, x @ w_k, i)
    assert math.isclose(terms[j].sum(), score, rel_tol=1e-9, abs_tol=1e-9)


def test_lesson_is_consistent():
    lesson = an.compute(Scenario())
    s = lesson.scenario
    np.testing.assert_allclose(lesson.residual, s.x + lesson.trace.output)
    np.testing.assert_allclose(lesson.normalized.mean(axis=1), 0, atol=1e-12)
    assert lesson.multi.temperature == 2.0 and len(lesson.multi.heads) == 2


def test_weight_path_ends_in_the_weights():
    lesson = an.compute(Scenario().with_temperature(0.5))
    path = an.weight_path(lesson.trace.scores[1], 0.5)
    np.testing.assert_allclose(path["weights"], lesson.trace.weights[1], rtol=1e-12)
    np.testing.assert_allclose(path["exp"] / path["sum"], path["weights"])


def test_shuffle_only_permutes_scores():
    s, _ = Scenario().with_sentence("a b c d e")
    perm, tr = an.shuffled(s, seed=3)
    assert not np.array_equal(perm, np.arange(5))
    base = an.compute(s).trace
    np.testing.assert_allclose(tr.scores, base.scores[np.ix_(perm, perm)])


def test_asymmetry_needs_different_gazes():
    s = Scenario()
    _, _, gap = an.asymmetry(an.compute(s).trace.scores)
    assert gap > 0.1
    _, _, gap_id = an.asymmetry(an.compute(s.with_preset("identity")).trace.scores)
    assert gap_id < 1e-12


def test_entropy_and_effective_words():
    assert math.isclose(an.effective_words(np.full(5, 0.2)), 5)
    assert math.isclose(an.effective_words(np.array([1.0, 0, 0])), 1)
    temps = an.temperature_grid()
    curve = an.effective_words_curve(an.compute(Scenario()).trace.scores, temps)
    assert np.all(np.diff(curve, axis=0) >= -1e-9)  # spreading out as T grows


def test_document_example_values():
    table = an.document_example()
    np.testing.assert_allclose(table.sum(axis=1), 1)
    assert np.round(table, 2).tolist() == [[0.86, 0.12, 0.02], [0.66, 0.24, 0.10], [0.50, 0.30, 0.19]]
    assert round(sum(an.DOCUMENT_TABLE[0.5]), 2) == 1.0


def test_limits_match_extreme_temperatures():
    scores = np.array([[3.0, 1.0, 0.0], [0.0, 2.0, 2.0]])
    cold, hot = an.limits(scores)
    np.testing.assert_allclose(cold, [[1, 0, 0], [0, 0.5, 0.5]])
    np.testing.assert_allclose(softmax(scores, temperature=1e-3), cold, atol=1e-12)
    np.testing.assert_allclose(softmax(scores, temperature=1e6), hot, atol=1e-5)


def test_dk_experiment_shows_why_sqrt_dk():
    r = an.dk_experiment((1, 16, 64), trials=100)
    assert r["std_raw"][2] > 6 * r["std_raw"][0]
    np.testing.assert_allclose(r["std_scaled"], 1, rtol=0.1)
    assert r["max_raw"][2] > r["max_scaled"][2] + 0.3


def test_value_contributions_add_up_to_the_output():
    tr = an.compute(Scenario()).trace
    for i in range(tr.weights.shape[0]):
        np.testing.assert_allclose(an.value_contributions(tr.weights, tr.v, i).sum(axis=0), tr.output[i])


def test_cosine_and_row_stats():
    a = np.array([[1.0, 0.0], [0.0, 0.0]])
    np.testing.assert_allclose(an.cosine(a, np.array([[2.0, 0.0], [1.0, 1.0]])), [1.0, 0.0])
    mean, std = an.row_stats(np.array([[1.0, 3.0]]))
    assert mean[0] == 2 and std[0] == 1


def test_heads_have_different_favourites():
    s, _ = Scenario().with_sentence("그 배우는 정말 아름다운 장면을 만들었다")
    lesson = an.compute(s)
    favs = [tuple(an.favourite_ties(h.weights)) for h in lesson.multi.heads]
    assert favs[0] != favs[1]
    m = an.head_bilinears(s)
    assert len(m) == 2 and not np.array_equal(np.nonzero(m[0]), np.nonzero(m[1]))


def test_top_changes_names_the_largest():
    before = np.zeros((2, 3))
    after = np.array([[0.0, 0.5, -0.9], [0.1, 0.0, 0.0]])
    assert an.top_changes(before, after) == [(0, 2, -0.9), (0, 1, 0.5), (1, 0, 0.1)]
    assert an.top_changes(before, before) == []


def test_winners_is_the_largest_cell():
    assert an.winners(np.array([[0.1, 0.9], [0.95, 0.0]])) == [(1, 0)]


def test_winners_keeps_every_cell_tied_after_the_rounding_shown():
    # the Score screen's default sentence: 영화였다 → 슬픈 and 장면이었다 → 슬픈 are both 3.51
    scores = an.compute(Scenario()).trace.scores
    assert an.winners(scores) == [(1, 0), (3, 0)]
    assert f"{scores[1, 0]:.2f}" == f"{scores[3, 0]:.2f}" == "3.51"
    # equal once printed with two decimals: tied; a visible difference: not tied
    assert an.winners(np.array([[3.514, 3.506, 3.49]])) == [(0, 0), (0, 1)]
    assert an.winners(np.array([[3.514, 3.504]])) == [(0, 0)]
    # within the tolerance though printed differently (3.505 ± 1e-12 rounds either way)
    assert an.winners(np.array([[3.505 + 1e-12, 3.505 - 1e-12]])) == [(0, 0), (0, 1)]
    assert an.winners(np.array([[0.5, 0.5], [0.5, 0.5]]), decimals=2) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_favourite_ties_lists_three_words_tied_at_thirty_words():
    words = " ".join(["슬픈", "영화였다", "슬픈", "장면이었다", "슬픈"] + ["그"] * 25)
    s, _ = Scenario().with_sentence(words)
    ties = an.favourite_ties(an.compute(s).trace.weights)
    assert s.n == 30 and all(t == (0, 2, 4) for t in ties)


def test_symmetry_says_why():
    emotion = Scenario()
    tr = an.compute(emotion).trace
    assert an.symmetry(emotion.w_q, emotion.w_k, tr.scores) == "asymmetric"
    identity = emotion.with_preset("identity")
    assert an.symmetry(identity.w_q, identity.w_k, an.compute(identity).trace.scores) == "symmetric_m"
    for sentence in ("영화 장면", "슬픈", "슬픈 슬픈"):  # the emotion preset, yet QKᵀ comes out symmetric
        s, _ = emotion.with_sentence(sentence)
        scores = an.compute(s).trace.scores
        assert np.allclose(scores, scores.T)
        assert an.symmetry(s.w_q, s.w_k, scores) == "indistinct", sentence


def test_identity_preset_w_q_equals_w_k_yet_a_word_scores_another_above_itself():
    s = Scenario().with_preset("identity")
    assert np.array_equal(s.w_q, s.w_k)
    scores = an.compute(s).trace.scores
    words = list(s.labels)
    assert (words.index("영화였다"), words.index("장면이었다")) in an.self_not_top(scores)
    i, j = words.index("영화였다"), words.index("장면이었다")
    assert round(scores[i, j], 2) == 1.85 and round(scores[i, i], 2) == 1.71


def test_compare_gives_b_minus_a_and_refuses_other_lengths():
    a = an.compute(Scenario())
    b = an.compute(Scenario().with_temperature(0.5))
    d = an.compare(a, b)
    np.testing.assert_allclose(d["weights"], b.trace.weights - a.trace.weights)
    np.testing.assert_allclose(d["scores"], 0)
    s3, _ = Scenario().with_sentence("하나 둘 셋")
    with pytest.raises(InputError):
        an.compare(a, an.compute(s3))


def test_sweep_equals_softmax_at_each_temperature():
    scores = an.compute(Scenario()).trace.scores
    temps = an.temperature_grid(0.05, 20, 9)
    expected = np.stack([softmax(scores, temperature=float(t)) for t in temps])
    np.testing.assert_allclose(an.sweep(scores, temps), expected, rtol=1e-12)
    np.testing.assert_allclose(an.sweep(scores[1], temps), expected[:, 1], rtol=1e-12)
    with pytest.raises(InputError):
        an.sweep(scores, np.array([1.0, 0.0]))


def test_dk_experiment_is_computed_once_and_read_only():
    a = an.dk_experiment((1, 4), trials=20)
    b = an.dk_experiment((1, 4), trials=20)
    assert a["std_raw"] is b["std_raw"] and a is not b
    with pytest.raises(ValueError):
        a["std_raw"][0] = 0


def test_asymmetry_ties_count_the_pairs_that_share_the_largest_gap():
    scores = np.array([[0.0, 3.0, 1.0], [0.0, 0.0, 0.0], [-2.0, 0.0, 0.0]])  # gaps: {0,1} 3, {0,2} 3, {1,2} 0
    assert an.asymmetry_ties(scores) == 2 and an.asymmetry(scores)[2] == 3.0
    scores[0, 2] = 0.5
    assert an.asymmetry_ties(scores) == 1
    assert an.asymmetry_ties(np.zeros((1, 1))) == 0  # one word: no pair at all
