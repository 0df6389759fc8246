"""Positional encoding and masks: the formula by hand, masked attention against the loop reference."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from attention_core import (
    InputError,
    causal_mask,
    multi_head_attention,
    padding_mask,
    padding_masks,
    positional_encoding,
    self_attention,
)
from attention_core.positions import PAD, pad_tokens
from tests import reference

TOL = 1e-9


def test_a_two_by_four_table_by_hand():
    # d = 4: columns 0, 1 use 10000^(0/4) = 1; columns 2, 3 use 10000^(2/4) = 100.
    expected = [
        [0.0, 1.0, 0.0, 1.0],
        [math.sin(1), math.cos(1), math.sin(0.01), math.cos(0.01)],
    ]
    assert np.allclose(positional_encoding(2, 4), expected, rtol=0, atol=1e-15)


def test_odd_width_and_a_small_base_by_hand():
    # d = 3, base 100: column 0 (2i = 0) divides by 1, column 1 is its cos, column 2 (2i = 2) divides by 100^(2/3).
    pe = positional_encoding(3, 3, base=100.0)
    w = 100 ** (2 / 3)
    expected = [[0.0, 1.0, 0.0],
                [math.sin(1), math.cos(1), math.sin(1 / w)],
                [math.sin(2), math.cos(2), math.sin(2 / w)]]
    assert pe.shape == (3, 3)
    assert np.allclose(pe, expected, rtol=0, atol=1e-15)


def test_one_position_one_axis():
    assert positional_encoding(1, 1).tolist() == [[0.0]]
    assert positional_encoding(5, 1)[:, 0].tolist() == [math.sin(p) for p in range(5)]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 40), d=st.integers(1, 17), base=st.floats(2.0, 1e5))
def test_matches_the_formula_cell_by_cell(n, d, base):
    pe = positional_encoding(n, d, base)
    assert pe.shape == (n, d)
    assert np.allclose(pe, reference.positional_encoding(n, d, base), rtol=0, atol=1e-12)
    assert np.all(np.abs(pe) <= 1.0)
    assert np.all(pe[0, 0::2] == 0.0) and np.all(pe[0, 1::2] == 1.0)  # position 0: sin 0, cos 0


def test_each_pair_is_a_point_on_the_unit_circle():
    pe = positional_encoding(30, 8)
    assert np.allclose(pe[:, 0::2] ** 2 + pe[:, 1::2] ** 2, 1.0, rtol=0, atol=1e-12)


def test_positions_differ():
    pe = positional_encoding(64, 8)
    distinct = {tuple(np.round(row, 9)) for row in pe}
    assert len(distinct) == 64


@pytest.mark.parametrize("n, d, base", [(0, 4, 1e4), (3, 0, 1e4), (-1, 2, 1e4), (2.5, 2, 1e4), (True, 2, 1e4),
                                        ("3", 2, 1e4), (2, 2, 0), (2, 2, -5), (2, 2, float("nan")),
                                        (2, 2, float("inf")), (2, 2, "ten")])
def test_bad_input_is_refused_with_a_clear_message(n, d, base):
    with pytest.raises(InputError) as info:
        positional_encoding(n, d, base)
    assert isinstance(info.value, ValueError)
    assert any(w in str(info.value) for w in ("whole number", "base"))


def test_causal_mask_is_the_lower_triangle():
    assert causal_mask(1).tolist() == [[True]]
    assert causal_mask(3).tolist() == [[True, False, False], [True, True, False], [True, True, True]]
    assert causal_mask(4).dtype == np.bool_
    with pytest.raises(InputError):
        causal_mask(0)


def random_layer(rng, n, d=4, d_k=3, d_v=4):
    return (rng.normal(size=(n, d)), rng.normal(size=(d, d_k)), rng.normal(size=(d, d_k)),
            rng.normal(size=(d, d_v)))


@pytest.mark.parametrize("n", [1, 2, 5, 9])
@pytest.mark.parametrize("t", [0.3, 1.0, 4.0])
def test_causal_attention_matches_the_loop_reference(n, t):
    rng = np.random.default_rng(n * 10 + int(t * 10))
    x, w_q, w_k, w_v = random_layer(rng, n)
    tr = self_attention(x, w_q, w_k, w_v, temperature=t, mask=causal_mask(n))
    ref = reference.attention(x.tolist(), w_q.tolist(), w_k.tolist(), w_v.tolist(), t, mask=reference.causal(n))
    assert np.allclose(tr.weights, ref["weights"], rtol=TOL, atol=1e-300)
    assert np.allclose(tr.output, ref["output"], rtol=TOL, atol=1e-12)


@settings(max_examples=50, deadline=None)
@given(x=arrays(np.float64, st.tuples(st.integers(1, 10), st.just(4)), elements=st.floats(-5, 5)),
       t=st.floats(0.05, 20))
def test_causal_rows_sum_to_one_with_exact_zeros_above_the_diagonal(x, t):
    n = x.shape[0]
    rng = np.random.default_rng(0)
    _, w_q, w_k, w_v = random_layer(rng, n)
    w = self_attention(x, w_q, w_k, w_v, temperature=t, mask=causal_mask(n)).weights
    assert np.allclose(w.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert np.all(w[np.triu_indices(n, 1)] == 0.0)  # exactly zero, not merely small
    assert w[0, 0] == 1.0  # the first word sees only itself
    # word i's output depends on words 0…i only: change the last word and the earlier rows stay put
    x2 = x.copy()
    x2[-1] += 1.0
    out2 = self_attention(x2, w_q, w_k, w_v, temperature=t, mask=causal_mask(n)).output
    out1 = self_attention(x, w_q, w_k, w_v, temperature=t, mask=causal_mask(n)).output
    assert np.array_equal(out1[:-1], out2[:-1])


def test_causal_mask_works_in_multi_head_attention_head_by_head():
    rng = np.random.default_rng(3)
    n = 5
    x = rng.normal(size=(n, 4))
    w_q, w_k, w_v, w_o = (rng.normal(size=(4, 4)) for _ in range(4))
    mh = multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads=2, mask=causal_mask(n))
    for h, head in enumerate(mh.heads):
        cols = slice(2 * h, 2 * h + 2)
        ref = reference.attention(x.tolist(), w_q[:, cols].tolist(), w_k[:, cols].tolist(), w_v[:, cols].tolist(),
                                  math.sqrt(2), mask=reference.causal(n))
        assert np.allclose(head.weights, ref["weights"], rtol=TOL, atol=1e-300)
        assert np.all(head.weights[np.triu_indices(n, 1)] == 0.0)


def test_padding_mask_hides_the_pad_columns_only():
    m = padding_mask(2, 4)
    assert m.tolist() == [[True, True, False, False]] * 4
    assert padding_mask(3, 3).all()
    with pytest.raises(InputError, match="cannot be padded"):
        padding_mask(5, 3)
    with pytest.raises(InputError):
        padding_mask(0, 3)


def test_padding_masks_for_a_batch_padded_to_the_longest():
    b = padding_masks([3, 1, 2])
    assert b.shape == (3, 3, 3)
    assert b[1].tolist() == [[True, False, False]] * 3
    assert padding_masks([2], n=5).shape == (1, 5, 5)
    with pytest.raises(InputError):
        padding_masks([])
    with pytest.raises(InputError):
        padding_masks([4], n=2)


def test_pad_tokens():
    assert pad_tokens(("a", "b"), 4) == ("a", "b", PAD, PAD)
    with pytest.raises(InputError):
        pad_tokens(("a", "b", "c"), 2)


@settings(max_examples=40, deadline=None)
@given(length=st.integers(1, 6), extra=st.integers(1, 4), seed=st.integers(0, 1000), causal=st.booleans())
def test_padded_rows_and_columns_are_ignored(length, extra, seed, causal):
    """The real words' weights and outputs are those of the unpadded sentence, whatever the [PAD] rows hold."""
    rng = np.random.default_rng(seed)
    n = length + extra
    x, w_q, w_k, w_v = random_layer(rng, n)
    mask = padding_mask(length, n) & causal_mask(n) if causal else padding_mask(length, n)
    padded = self_attention(x, w_q, w_k, w_v, mask=mask)
    alone = self_attention(x[:length], w_q, w_k, w_v, mask=causal_mask(length) if causal else None)
    assert np.allclose(padded.weights[:length, :length], alone.weights, rtol=TOL, atol=1e-300)
    assert np.allclose(padded.output[:length], alone.output, rtol=TOL, atol=1e-12)
    assert np.all(padded.weights[:, length:] == 0.0)  # nobody looks at a [PAD]
    assert np.allclose(padded.weights.sum(axis=1), 1.0, rtol=0, atol=1e-12)  # [PAD] rows too: never empty
    x2 = x.copy()
    x2[length:] = rng.normal(size=(extra, 4)) * 50
    again = self_attention(x2, w_q, w_k, w_v, mask=mask)
    assert np.array_equal(again.output[:length], padded.output[:length])


def test_a_mask_that_empties_a_row_is_still_refused():
    # a left-padded decoder would leave the first row nothing to look at: the core says so
    mask = causal_mask(3) & ~np.array([[True, False, False]] * 3)
    x, w_q, w_k, w_v = random_layer(np.random.default_rng(0), 3)
    with pytest.raises(InputError, match="allows nothing"):
        self_attention(x, w_q, w_k, w_v, mask=mask)
