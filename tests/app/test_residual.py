"""Residual & LayerNorm under AppTest: the heatmaps render, the switch drops the residual, γ/β edits follow."""

import numpy as np

from attention_core import analysis
from attention_core.registry import t_options
from tests.app.conftest import assert_clean, chart, chart_names, edit_matrix, open_page, say, state, title

X, ATTN, Z, LN = (say(f"residual.{k}") for k in ("x_chart", "attn_chart", "z_chart", "ln_chart"))
Z_DROPPED, LN_DROPPED = say("residual.z_chart_dropped"), say("residual.ln_chart_dropped")


def panels(at) -> dict[str, np.ndarray]:
    """The X, Attention, Z, LayerNorm grid: each panel's matrix by its panel title."""
    grid = chart(at, "add-norm")
    return {note.text: np.array(trace.z) for note, trace in zip(grid.layout.annotations, grid.data, strict=True)}


def test_page_shows_add_and_norm_with_per_word_stats():
    at = open_page("residual")
    shown = panels(at)
    assert list(shown) == [X, ATTN, Z, LN]
    lesson = analysis.compute(state(at).scenario)
    assert np.allclose(shown[Z], lesson.residual)
    assert np.allclose(shown[LN], lesson.normalized)
    grid = chart(at, "add-norm")
    assert {t.coloraxis for t in grid.data} == {"coloraxis"}  # one scale and one colour bar for the four
    # the scale holds the four at every T (the T control's drag moves the cells, not the scale), so at least now
    s = state(at).scenario
    m = analysis.add_norm_limit(s, t_options(s.temperature), ("X", "O", "Z", "LN"))
    assert max(np.abs(z).max() for z in shown.values()) <= m
    assert np.isclose(grid.layout.coloraxis.cmax, m) and grid.layout.coloraxis.cmin == -grid.layout.coloraxis.cmax
    stats = chart(at, "stats")
    after = {t.name: np.array(t.y) for t in stats.data}
    # ẑ's lines: 0.00 and 1.00 for every word at every T, so their legend prints the number for the room to read
    # (scene 8's caption names them)
    assert np.allclose(after["μ(ẑ) = 0.00"], 0, atol=1e-9)
    assert np.allclose(after["σ(ẑ) = 1.00"], 1, atol=1e-4)
    assert len(at.latex) >= 3


def test_dropping_the_residual_changes_the_layernorm_and_shows_what_is_lost():
    at = open_page("residual")
    assert chart_names(at) == ["add-norm", "stats"]  # nothing about what is lost while the residual is on
    assert any(h.value.startswith("Add & Norm: Z = X + Attention") for h in at.header)
    at.toggle(key="residual:drop").set_value(True).run()
    assert_clean(at)
    shown = panels(at)
    assert list(shown) == [X, ATTN, Z_DROPPED, LN_DROPPED]
    headings = [h.value for h in at.header]
    assert not any("X + Attention" in h for h in headings)  # the heading follows the switch
    assert any(h.startswith("Residual 없이: Z = Attention") for h in headings)
    lesson = analysis.compute(state(at).scenario)
    assert np.allclose(shown[LN_DROPPED], lesson.normalized_without_residual)
    assert np.allclose(shown[Z_DROPPED], lesson.trace.output)
    cos = chart(at, "cosine")
    with_res, without = (np.array(t.y) for t in cos.data)
    assert np.all(with_res > without)
    with_pairs = np.array(chart(at, "pairs-with").data[0].z)
    without_pairs = np.array(chart(at, "pairs-without").data[0].z)
    assert without_pairs.min() > 0.99 > 0.7 > with_pairs.min()  # without the residual, every word alike


def test_editing_gamma_scales_the_layernorm_and_junk_is_refused():
    at = open_page("residual")
    before = panels(at)[LN]
    edit_matrix(at, "gamma_beta", {0: {"감정": 2.0}})
    assert_clean(at)
    assert state(at).scenario.gamma[0] == 2.0
    after = panels(at)[LN]
    assert np.allclose(after[:, 0], 2 * before[:, 0]) and np.allclose(after[:, 1:], before[:, 1:])
    edit_matrix(at, "gamma_beta", {0: {"감정": "abc"}})
    assert_clean(at)
    assert state(at).scenario.gamma[0] == 2.0
    assert any("숫자가 아닙니다" in e.value for e in at.error)


def test_english_page_and_switch():
    at = open_page("residual")
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert at.title[0].value.startswith("⑤ Residual")
    edit_matrix(at, "gamma_beta", {1: {"emotion": 0.5}})
    assert state(at).scenario.beta[0] == 0.5
    at.toggle(key="residual:drop").set_value(True).run()
    assert_clean(at)
    assert say("residual.ln_chart_dropped", "en") in panels(at)
    assert title(at, "cosine") == say("residual.cos_chart", "en")
