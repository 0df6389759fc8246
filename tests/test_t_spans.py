"""The scales the server fixes over every T so that the T control's drag moves the data, not the axis: each holds
its chart at every T option (analysis.row_stats_span, add_norm_limit, multi_head_spans, shuffle_spans)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from attention_core import analysis, layer_norm, order
from attention_core.registry import T_OPTIONS
from attention_core.scenario import Scenario

SCENARIOS = [Scenario(), Scenario().with_preset("random", 7), replace(Scenario(), pe_alpha=1.0)]


@pytest.mark.parametrize("s", SCENARIOS)
def test_each_span_holds_its_chart_at_every_t_and_is_reached_at_some_t(s):
    stats_lo, stats_hi = analysis.row_stats_span(analysis.compute(s).trace.scores, analysis.compute(s).trace.v,
                                                 s.x, T_OPTIONS)
    norm = analysis.add_norm_limit(s, T_OPTIONS, ("LN",))
    (c_lo, c_hi), (o_lo, o_hi) = analysis.multi_head_spans(replace(s, head_temperature="shared"), T_OPTIONS)
    (d0, d1), scale = order.shuffle_spans(s, (0.0, 1.0), T_OPTIONS)
    reached = {"stats": [], "norm": [], "concat": [], "delta": []}
    for t in T_OPTIONS:
        at = s.with_temperature(t)
        lesson = analysis.compute(at)
        lines = [*analysis.row_stats(lesson.residual), *analysis.row_stats(layer_norm(lesson.residual))]
        assert all(stats_lo <= line.min() and line.max() <= stats_hi for line in lines), t
        reached["stats"] += [min(line.min() for line in lines), max(line.max() for line in lines)]
        assert np.abs(lesson.normalized).max() <= norm, t
        reached["norm"].append(np.abs(lesson.normalized).max())
        multi = analysis.compute(replace(at, head_temperature="shared")).multi
        assert c_lo <= multi.concat.min() and multi.concat.max() <= c_hi, t
        assert o_lo <= multi.output.min() and multi.output.max() <= o_hi, t
        reached["concat"] += [multi.concat.min(), multi.concat.max()]
        for (lo, hi), alpha in (((d0), 0.0), ((d1), 1.0)):
            delta = order.shuffle_experiment(at, alpha).delta
            assert lo <= delta.min() and delta.max() <= hi and np.abs(delta).max() <= scale, (t, alpha)
        reached["delta"].append(np.abs(order.shuffle_experiment(at, 1.0).delta).max())
    # the spans are the reach over T, not wider
    assert (min(reached["stats"]), max(reached["stats"])) == (stats_lo, stats_hi)
    assert max(reached["norm"]) == norm
    assert (min(reached["concat"]), max(reached["concat"])) == (c_lo, c_hi)
    assert max(reached["delta"]) == scale


def test_a_span_is_computed_once_per_scenario_whatever_its_t_and_again_for_anything_else():
    s = Scenario().with_preset("random", 11)
    memo = analysis.add_norm_limit.memo
    first = analysis.add_norm_limit(s, T_OPTIONS, ("LN",))
    size = len(memo)
    assert analysis.add_norm_limit(s.with_temperature(2.0), T_OPTIONS, ("LN",)) == first  # the T is not read
    assert len(memo) == size
    for other in (s.with_preset("random", 12), replace(s, gamma=np.full_like(s.gamma, 2.0))):
        again = analysis.add_norm_limit(other, T_OPTIONS, ("LN",))
        assert again == analysis.add_norm_limit.__wrapped__(other, T_OPTIONS, ("LN",))
    assert analysis.add_norm_limit(s, T_OPTIONS, ("X", "LN")) == analysis.add_norm_limit.__wrapped__(
        s, T_OPTIONS, ("X", "LN"))
    assert len(memo) == size + 3
    assert first == analysis.add_norm_limit.__wrapped__(s, T_OPTIONS, ("LN",))


def test_printed_alike_is_the_number_every_value_prints_as_or_none():
    assert analysis.printed_alike([np.array([1e-12, -1e-12, 0.0])]) == 0.0  # −0.00 prints as 0.00
    assert analysis.printed_alike([np.array([0.9996, 1.0]), np.array([1.004])]) == 1.0
    assert analysis.printed_alike([np.array([0.994, 1.0])]) is None  # 0.99 and 1.00
    assert analysis.printed_alike([np.array([0.5])], decimals=1) == 0.5  # a single value is itself
    assert analysis.printed_alike([np.array([0.25]), np.array([0.25])]) == 0.25


@pytest.mark.parametrize("s", SCENARIOS)
def test_the_normalised_rows_print_as_mean_0_and_std_1_at_every_t(s):
    """What ⑤'s legend prints for ẑ (μ(ẑ) = 0.00, σ(ẑ) = 1.00) is what every word's row gives at every T option."""
    trace = analysis.compute(s).trace
    over_t = analysis.row_stats_over_t(trace.scores, trace.v, s.x, T_OPTIONS)
    assert analysis.printed_alike([after[0] for _, after in over_t]) == 0.0
    assert analysis.printed_alike([after[1] for _, after in over_t]) == 1.0
    assert analysis.normalised_alike(trace.scores, trace.v, s.x, T_OPTIONS) == (0.0, 1.0)  # what ⑤ prints
    for t, (_, (mean, std)) in zip(T_OPTIONS, over_t, strict=True):
        residual = analysis.compute(s.with_temperature(t)).residual
        assert np.allclose(mean, layer_norm(residual).mean(axis=1))
        assert np.all(np.abs(std - 1) < 0.005), t
