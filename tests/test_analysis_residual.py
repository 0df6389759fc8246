"""pair_cosines: how alike every two rows are, checked against a plain loop."""

import math

import numpy as np

from attention_core import analysis


def _reference(a):
    n = len(a)
    out = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            ni, nj = math.sqrt(sum(v * v for v in a[i])), math.sqrt(sum(v * v for v in a[j]))
            out[i][j] = sum(x * y for x, y in zip(a[i], a[j], strict=True)) / (ni * nj) if ni and nj else 0.0
    return np.array(out)


def test_pair_cosines_match_a_plain_loop():
    a = np.random.default_rng(3).standard_normal((7, 5))
    c = analysis.pair_cosines(a)
    assert c.shape == (7, 7)
    assert np.allclose(c, _reference(a.tolist()), rtol=1e-9, atol=0)
    assert np.allclose(np.diag(c), 1.0) and np.allclose(c, c.T)


def test_zero_rows_count_as_zero_and_scaled_rows_as_one():
    c = analysis.pair_cosines(np.array([[1.0, 0.0], [0.0, 0.0], [0.0, 1.0], [0.0, 2.0]]))
    assert c[1].tolist() == [0.0, 0.0, 0.0, 0.0] and c[2, 3] == 1.0 and c[0, 2] == 0.0


def test_without_the_residual_the_default_sentence_collapses():
    lesson = analysis.compute(analysis.Scenario())
    assert analysis.pair_cosines(lesson.normalized_without_residual).min() > 0.99
    assert analysis.pair_cosines(lesson.normalized).min() < 0.7
