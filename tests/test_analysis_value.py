"""analysis helpers of the V screen: the identity check and the contributions that add up to the output."""

import numpy as np

from attention_core import analysis as an
from attention_core import self_attention
from attention_core.scenario import Scenario


def test_is_identity_only_for_the_exact_square_identity():
    assert an.is_identity(np.eye(8))
    assert an.is_identity(np.eye(1))
    w = np.eye(8)
    w[0, 1] = 0.01
    assert not an.is_identity(w)
    assert not an.is_identity(2 * np.eye(3))
    assert not an.is_identity(np.eye(8)[:, :4])
    assert not an.is_identity(np.ones(3))


def test_default_w_v_is_identity_so_v_is_x():
    s = Scenario()
    assert an.is_identity(s.w_v)
    np.testing.assert_allclose(an.compute(s).trace.v, s.x)
    assert not an.is_identity(s.with_preset("random", 3).w_v)


def test_contributions_are_weight_times_v_and_sum_to_the_output_for_any_w_v():
    s = Scenario().with_preset("random", 7)
    tr = self_attention(s.x, s.w_q, s.w_k, s.w_v, 0.5)
    for i in range(s.n):
        parts = an.value_contributions(tr.weights, tr.v, i)
        assert parts.shape == (s.n, s.w_v.shape[1])
        for j in range(s.n):
            np.testing.assert_allclose(parts[j], float(tr.weights[i, j]) * np.asarray(tr.v[j]), rtol=1e-12)
        np.testing.assert_allclose(parts.sum(axis=0), tr.output[i], rtol=1e-9, atol=1e-12)


def test_largest_parts_keep_the_biggest_rows_and_fold_the_rest_exactly():
    parts = np.array([[0.1, 0.0], [2.0, -1.0], [0.0, 0.05], [-3.0, 0.0], [0.2, 0.2]])
    shown, rest = an.largest_parts(parts, 3)
    assert shown == [1, 3]
    np.testing.assert_allclose(rest, parts[[0, 2, 4]].sum(axis=0))
    np.testing.assert_allclose(parts[shown].sum(axis=0) + rest, parts.sum(axis=0))
    assert an.largest_parts(parts, 5) == ([0, 1, 2, 3, 4], None)


def test_the_contributions_span_holds_the_stack_at_every_t_folded_or_not():
    from attention_core.registry import T_OPTIONS

    for s in (Scenario(), Scenario().with_preset("random", 7), Scenario().with_preset("random", 2024)):
        lesson = an.compute(s)
        for i in range(s.n):
            lo, hi = an.contributions_span(lesson.trace.scores[i], lesson.trace.v, T_OPTIONS)
            assert lo <= 0 <= hi
            reached = []
            for t in T_OPTIONS:
                tr = self_attention(s.x, s.w_q, s.w_k, s.w_v, t)
                parts = an.value_contributions(tr.weights, tr.v, i)
                for keep in (len(parts), 3):  # the chart as drawn, and with the small words folded into one
                    kept, rest = an.largest_parts(parts, keep)
                    rows = np.array([parts[j] for j in kept] + ([rest] if rest is not None else []))
                    up, down = np.maximum(rows, 0).sum(axis=0), np.minimum(rows, 0).sum(axis=0)
                    assert np.all(down >= lo - 1e-12) and np.all(up <= hi + 1e-12), (s, i, t, keep)
                    reached += [down.min(), up.max()]
            # and it is the tightest such span: some T reaches each end
            assert np.isclose(min(reached), lo) and np.isclose(max(reached), hi)
