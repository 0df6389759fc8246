"""The math against an independent loop reference, its invariants, and its refusals."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from attention_core import (
    InputError,
    add_and_norm,
    layer_norm,
    multi_head_attention,
    self_attention,
    softmax,
)
from tests import reference as ref

RTOL = 1e-9
finite = st.floats(min_value=-5, max_value=5, allow_nan=False, allow_infinity=False)


def matrices(rows, cols):
    return arrays(np.float64, (rows, cols), elements=finite)


@st.composite
def layers(draw, d_k=None):
    n = draw(st.integers(1, 6))
    d = draw(st.integers(1, 5))
    dk = d_k or draw(st.integers(1, 4))
    dv = draw(st.integers(1, 4))
    t = draw(st.floats(0.05, 20))
    return draw(matrices(n, d)), draw(matrices(d, dk)), draw(matrices(d, dk)), draw(matrices(d, dv)), t


def close(a, b, atol=1e-12):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b, dtype=float), rtol=RTOL, atol=atol)


def test_document_temperature_example():
    z = [2.0, 1.0, 0.1]
    expected = {0.5: [0.86, 0.12, 0.02], 1.0: [0.66, 0.24, 0.10], 2.0: [0.50, 0.30, 0.19]}
    for t, row in expected.items():
        w = softmax(z, temperature=t)
        close(w, ref.softmax_row(z, t))
        assert np.round(w, 2).tolist() == row


@given(arrays(np.float64, st.integers(1, 8), elements=finite), st.floats(0.01, 100))
def test_softmax_matches_reference_and_sums_to_one(z, t):
    w = softmax(z, temperature=t)
    close(w, ref.softmax_row(z.tolist(), t))
    assert math.isclose(w.sum(), 1.0, rel_tol=1e-12)
    assert np.all(w >= 0)


@pytest.mark.parametrize("t", [0.01, 0.1, 1.0, 10.0, 100.0])
def test_softmax_stays_finite_for_huge_scores(t):
    z = np.array([1e6, 1e6 - 1.0, -1e6, 3e5])
    w = softmax(z, temperature=t)
    assert np.all(np.isfinite(w))
    close(w, ref.softmax_row(z.tolist(), t))


def test_softmax_axis():
    z = np.arange(6.0).reshape(2, 3)
    close(softmax(z, axis=0).sum(axis=0), np.ones(3))


@given(layers())
def test_self_attention_matches_reference(case):
    x, wq, wk, wv, t = case
    tr = self_attention(x, wq, wk, wv, temperature=t)
    r = ref.attention(x.tolist(), wq.tolist(), wk.tolist(), wv.tolist(), t)
    for field in ("q", "k", "v", "scores"):
        close(getattr(tr, field), r[field], atol=1e-9)
    close(tr.weights, r["weights"], atol=1e-9)
    close(tr.output, r["output"], atol=1e-9)
    close(tr.weights.sum(axis=1), np.ones(len(x)))


@given(layers())
def test_temperature_is_applied_once(case):
    x, wq, wk, wv, t = case
    tr = self_attention(x, wq, wk, wv, temperature=t)
    close(tr.scaled, tr.scores / t)
    close(tr.weights, softmax(tr.scores, temperature=t), atol=1e-12)
    close(tr.weights, softmax(tr.scaled, temperature=1.0), atol=1e-12)


def test_temperature_is_not_applied_twice():
    z = [2.0, 1.0, 0.1]
    tr = self_attention(np.eye(3), np.eye(3), np.diag(z), np.eye(3), temperature=2.0)
    close(tr.weights[0], softmax(np.array([2.0, 0.0, 0.0]) / 2.0))
    twice = softmax(np.array([2.0, 0.0, 0.0]) / 2.0, temperature=2.0)
    assert abs(twice[0] - tr.weights[0, 0]) > 0.05


@given(layers(), st.randoms(use_true_random=False))
def test_permuting_words_permutes_everything(case, rnd):
    x, wq, wk, wv, t = case
    perm = list(range(len(x)))
    rnd.shuffle(perm)
    a = self_attention(x, wq, wk, wv, t)
    b = self_attention(x[perm], wq, wk, wv, t)
    close(b.scores, a.scores[np.ix_(perm, perm)], atol=1e-9)
    close(b.weights, a.weights[np.ix_(perm, perm)], atol=1e-9)
    close(b.output, a.output[perm], atol=1e-9)


def test_temperature_limits():
    x = np.eye(3)
    wq = np.array([[1.0], [1.0], [1.0]])
    wk = np.array([[3.0], [1.0], [0.0]])
    cold = self_attention(x, wq, wk, np.eye(3), temperature=1e-3).weights
    hot = self_attention(x, wq, wk, np.eye(3), temperature=1e6).weights
    close(cold, np.tile([1.0, 0.0, 0.0], (3, 1)), atol=1e-12)
    close(hot, np.full((3, 3), 1 / 3), atol=1e-5)


def test_mask_zeroes_forbidden_cells_and_matches_reference():
    rng = np.random.default_rng(0)
    x, wq, wk, wv = rng.normal(size=(4, 3)), rng.normal(size=(3, 2)), rng.normal(size=(3, 2)), rng.normal(size=(3, 3))
    mask = np.tril(np.ones((4, 4), dtype=bool))
    tr = self_attention(x, wq, wk, wv, 0.7, mask=mask)
    assert np.all(tr.weights[~mask] == 0)
    r = ref.attention(x.tolist(), wq.tolist(), wk.tolist(), wv.tolist(), 0.7, mask.tolist())
    close(tr.weights, r["weights"])
    close(tr.output, r["output"])


def test_trace_is_read_only():
    tr = self_attention(np.eye(2), np.eye(2), np.eye(2), np.eye(2))
    with pytest.raises(ValueError):
        tr.weights[0, 0] = 5


@given(arrays(np.float64, st.tuples(st.integers(1, 5), st.integers(2, 6)), elements=finite))
def test_layer_norm_matches_reference(z):
    out = layer_norm(z)
    close(out, [ref.layer_norm_row(row) for row in z.tolist()], atol=1e-9)


def test_layer_norm_matches_torch_convention():
    z = np.array([[1.0, 2.0, 3.0, 4.0]])
    g, b = np.array([1.0, 2.0, 0.5, 1.0]), np.array([0.0, 1.0, 0.0, -1.0])
    var = 1.25  # biased: mean((z - 2.5)^2)
    expected = g * (z - 2.5) / math.sqrt(var + 1e-5) + b
    close(layer_norm(z, g, b), expected)
    out = layer_norm(np.array([[3.0, -1.0, 7.0, 0.5, 2.0]]))
    assert abs(out.mean()) < 1e-12 and math.isclose(out.std(), 1.0, rel_tol=1e-5)


@st.composite
def heads_cases(draw):
    n_heads = draw(st.sampled_from([1, 2, 3]))
    d_h = draw(st.integers(1, 3))
    d = draw(st.integers(1, 5))
    n = draw(st.integers(1, 5))
    width = n_heads * d_h
    return (draw(matrices(n, d)), draw(matrices(d, width)), draw(matrices(d, width)), draw(matrices(d, width)),
            draw(matrices(width, draw(st.integers(1, 4)))), n_heads)


@settings(max_examples=60)
@given(heads_cases(), st.one_of(st.none(), st.floats(0.1, 10)))
def test_multi_head_matches_reference(case, t):
    x, wq, wk, wv, wo, h = case
    tr = multi_head_attention(x, wq, wk, wv, wo, h, temperature=t)
    concat, out = ref.multi_head(x.tolist(), wq.tolist(), wk.tolist(), wv.tolist(), wo.tolist(), h, t)
    close(tr.concat, concat, atol=1e-9)
    close(tr.output, out, atol=1e-9)
    assert len(tr.heads) == h
    expected_t = math.sqrt(wq.shape[1] // h) if t is None else t
    assert math.isclose(tr.temperature, expected_t)


@given(layers())
def test_one_head_with_identity_output_is_single_head(case):
    x, wq, wk, wv, t = case
    single = self_attention(x, wq, wk, wv, t)
    multi = multi_head_attention(x, wq, wk, wv, np.eye(wv.shape[1]), 1, temperature=t)
    close(multi.output, single.output, atol=1e-12)
    close(multi.heads[0].weights, single.weights, atol=1e-12)


def test_add_and_norm():
    x = np.array([[1.0, 2.0, 3.0], [0.0, 0.0, 1.0]])
    s = np.array([[0.5, -1.0, 0.0], [1.0, 1.0, 1.0]])
    z, normed = add_and_norm(x, s)
    close(z, x + s)
    close(normed, [ref.layer_norm_row(r) for r in (x + s).tolist()])


@pytest.mark.parametrize("t", [0, -1, float("nan"), float("inf"), "abc", None])
def test_bad_temperature_is_refused(t):
    with pytest.raises(ValueError, match="temperature"):
        softmax([1.0, 2.0], temperature=t)
    with pytest.raises(ValueError):
        self_attention(np.eye(2), np.eye(2), np.eye(2), np.eye(2), temperature=t)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf")])
def test_non_finite_values_are_refused(bad):
    x = np.eye(2)
    x[0, 1] = bad
    with pytest.raises(ValueError, match="NaN or infinity"):
        self_attention(x, np.eye(2), np.eye(2), np.eye(2))
    with pytest.raises(ValueError):
        softmax([1.0, bad])
    with pytest.raises(ValueError):
        layer_norm([[1.0, bad]])


def test_shapes_that_do_not_chain_are_refused():
    with pytest.raises(ValueError, match="do not chain"):
        self_attention(np.ones((3, 4)), np.ones((5, 2)), np.ones((4, 2)), np.ones((4, 4)))
    with pytest.raises(ValueError, match="do not chain"):
        self_attention(np.ones((3, 4)), np.ones((4, 2)), np.ones((4, 3)), np.ones((4, 4)))
    with pytest.raises(ValueError, match="dimension"):
        self_attention(np.ones(4), np.ones((4, 2)), np.ones((4, 2)), np.ones((4, 4)))
    with pytest.raises(ValueError, match="same shape"):
        add_and_norm(np.ones((3, 4)), np.ones((3, 2)))


def test_heads_must_divide_the_width():
    x, w = np.ones((2, 6)), np.ones((6, 6))
    with pytest.raises(ValueError, match="split evenly"):
        multi_head_attention(x, w, w, w, w, 4)
    with pytest.raises(ValueError, match="whole number"):
        multi_head_attention(x, w, w, w, w, 0)


def test_mask_row_with_nothing_allowed_is_refused():
    mask = np.ones((2, 2), dtype=bool)
    mask[1] = False
    with pytest.raises(ValueError, match="row 1 allows nothing"):
        self_attention(np.eye(2), np.eye(2), np.eye(2), np.eye(2), mask=mask)


def test_errors_carry_a_translation_key():
    with pytest.raises(InputError) as info:
        softmax([1.0], temperature=0)
    assert info.value.key == "temperature_invalid"
