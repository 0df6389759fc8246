"""The lesson state: tokens and labels, validation of every edit, presets, head recipes."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from attention_core import InputError, presets, self_attention
from attention_core.scenario import (
    MAX_ABS,
    MAX_WORDS,
    Scenario,
    View,
    clean_matrix,
    head_choices,
    labels,
)

DOCUMENT = "슬픈 영화였다 아름다운 장면이었다"


def test_default_scenario_is_the_documents_example():
    s = Scenario()
    assert s.tokens == tuple(DOCUMENT.split())
    assert s.x.shape == (4, 8) and s.w_q.shape == (8, 4) and s.w_v.shape == (8, 8)


def test_emotion_preset_looks_at_the_emotional_words():
    s = Scenario().with_preset("emotion")
    assert not np.array_equal(s.w_q, s.w_k)
    w = self_attention(s.x, s.w_q, s.w_k, s.w_v, temperature=1.0).weights
    emotional = [s.tokens.index("슬픈"), s.tokens.index("아름다운")]
    assert np.all(w[:, emotional].sum(axis=1) >= 0.70)


def test_identity_preset_is_symmetric_and_leans_on_itself():
    s = Scenario().with_preset("identity")
    tr = self_attention(s.x, s.w_q, s.w_k, s.w_v)
    np.testing.assert_allclose(tr.scores, tr.scores.T)
    assert np.all(np.diag(tr.weights) > 1 / s.n)


def test_random_preset_depends_on_seed_only():
    a, b = Scenario().with_preset("random", 7), Scenario().with_preset("random", 7)
    assert np.array_equal(a.w_q, b.w_q)
    assert not np.array_equal(a.w_q, Scenario().with_preset("random", 8).w_q)
    assert np.array_equal(a.w_q, a.w_q.round(2))


def test_preset_keeps_embedding_edits():
    x = Scenario().x.copy()
    x[0, 0] = 0.33
    s = Scenario().with_x(x).with_preset("identity")
    assert s.x[0, 0] == 0.33


def test_tokens_are_whitespace_words_and_repeats_get_labels():
    s, dropped = Scenario().with_sentence("  슬픈   슬픈\t영화였다  ")
    assert dropped == 0
    assert s.tokens == ("슬픈", "슬픈", "영화였다")
    assert s.labels == ("슬픈¹", "슬픈²", "영화였다")
    assert labels(("a", "b", "a", "a")) == ("a¹", "b", "a²", "a³")
    assert len(set(labels(tuple("x" for _ in range(12))))) == 12


def test_more_than_64_words_keeps_the_first_64():
    s, dropped = Scenario().with_sentence(" ".join(f"w{i}" for i in range(500)))
    assert s.n == MAX_WORDS and dropped == 500 - MAX_WORDS
    assert s.tokens[-1] == "w63"


@pytest.mark.parametrize("text,key", [
    ("", "sentence_empty"), ("   \n\t ", "sentence_empty"), (None, "sentence_empty"),
    ("가" * 10_000, "sentence_too_long"), ("a " + "b" * 40, "word_too_long"),
])
def test_bad_sentences_are_refused(text, key):
    with pytest.raises(InputError) as info:
        Scenario().with_sentence(text)
    assert info.value.key == key


@pytest.mark.parametrize("cell,key", [
    ("abc", "cell_not_number"), (None, "cell_not_number"), (float("nan"), "cell_not_number"), ("", "cell_not_number"),
    (float("inf"), "cell_too_large"), (-float("inf"), "cell_too_large"), (1e308, "cell_too_large"),
    (MAX_ABS + 0.01, "cell_too_large"), (True, "cell_not_number"),
])
def test_bad_cells_are_named(cell, key):
    values = [[1.0, 2.0], [3.0, cell]]
    with pytest.raises(InputError) as info:
        clean_matrix(values, (2, 2), "W_Q", ("a", "b"), ("q1", "q2"))
    assert info.value.key == key
    assert info.value.params["row"] == "b" and info.value.params["col"] == "q2"


def test_cells_are_rounded_to_the_editor_step():
    out = clean_matrix([["1.234", -0.001], [MAX_ABS, -MAX_ABS]], (2, 2), "X")
    assert out.tolist() == [[1.23, 0.0], [MAX_ABS, -MAX_ABS]]
    assert math.copysign(1, out[0, 1]) == 1


def test_wrong_shape_is_refused():
    with pytest.raises(InputError, match="must be 2×2"):
        clean_matrix([[1.0, 2.0]], (2, 2), "X")
    with pytest.raises(InputError):
        Scenario().with_matrix("w_q", np.ones((8, 3)))


def test_editing_a_repeated_word_edits_every_occurrence():
    s, _ = Scenario().with_sentence("슬픈 영화였다 슬픈")
    x = s.x.copy()
    x[2, 1] = -0.5
    s2 = s.with_x(x)
    assert s2.x[0, 1] == -0.5 and s2.x[2, 1] == -0.5
    assert s2.with_x(s.x).x_edits == ()


def test_edits_follow_the_word_when_the_sentence_changes():
    x = Scenario().x.copy()
    x[1, 0] = 0.77
    s = Scenario().with_x(x)
    s2, _ = s.with_sentence("영화였다 그리고")
    assert s2.x[0, 0] == 0.77


def test_scenario_arrays_are_read_only():
    s = Scenario()
    with pytest.raises(ValueError):
        s.w_q[0, 0] = 3
    with pytest.raises(ValueError):
        s.x[0, 0] = 3


@pytest.mark.parametrize("t", [0, -1, 0.001, 1000, float("nan"), "x"])
def test_temperature_outside_its_range_is_refused(t):
    with pytest.raises(InputError) as info:
        Scenario().with_temperature(t)
    assert info.value.key == "temperature_range"


def test_heads_and_recipes():
    assert head_choices() == (1, 2, 4, 8)
    s = Scenario().with_heads(4)
    assert s.n_heads == 4 and len(set(s.head_recipes)) == 4
    w_q, _w_k, _w_v, w_o = s.multi_head_weights
    assert w_q.shape == (8, 8) and np.array_equal(w_o, np.eye(8))
    with pytest.raises(InputError):
        Scenario().with_heads(3)
    s2 = s.with_head_recipe(0, "agent")
    assert s2.head_recipes[0] == "agent"
    assert np.array_equal(s2.w_q, s.w_q)  # a head recipe never touches the single-head weights
    assert s.with_heads(2).head_recipes == s.head_recipes[:2]


def test_multi_head_temperature_defaults_to_sqrt_d_head():
    s = Scenario().with_heads(2).with_temperature(0.3)
    assert s.mh_temperature == 2.0
    assert s.with_head_temperature("shared").mh_temperature == 0.3


def test_heads_read_different_axes():
    for recipe in presets.HEAD_RECIPES:
        q, k = presets.head_recipe(recipe, 4)
        assert np.any(q) and np.any(k)
    a, b = (presets.head_recipe(r, 4)[1] for r in ("emotion", "grammar"))
    assert not np.array_equal(a, b)


def test_view_is_fitted_to_the_sentence():
    s, _ = Scenario().with_sentence("하나 둘")
    v = View(focus=9, cell=(5, 7), dims=(3, 3)).fitted(s)
    assert v.focus == 1 and v.cell == (1, 1) and v.dims[0] != v.dims[1]


@given(st.lists(st.text(min_size=1, max_size=8).filter(lambda w: w.split() == [w]), min_size=1, max_size=80))
def test_random_sentences_always_give_a_valid_lesson(words):
    s, dropped = Scenario().with_sentence(" ".join(words))
    assert s.n == min(len(words), MAX_WORDS) and dropped == max(0, len(words) - MAX_WORDS)
    assert len(set(s.labels)) == s.n
    tr = self_attention(s.x, s.w_q, s.w_k, s.w_v, s.temperature)
    np.testing.assert_allclose(tr.weights.sum(axis=1), 1.0)


def test_position_strength_and_mask_are_validated():
    from attention_core.scenario import ALPHA_MAX, MASKS

    s = Scenario()
    assert s.pe_alpha == 0.0 and s.mask == "none"
    assert s.with_pe_alpha(0.123).pe_alpha == 0.12 and s.with_pe_alpha(ALPHA_MAX).pe_alpha == ALPHA_MAX
    for bad in (-0.01, ALPHA_MAX + 0.01, float("nan"), float("inf"), "abc", None, True):
        with pytest.raises(InputError, match="position strength"):
            s.with_pe_alpha(bad)
    assert [s.with_mask(m).mask for m in MASKS] == list(MASKS)
    for bad in ("", "Causal", None, 1):
        with pytest.raises(InputError, match="Unknown mask"):
            s.with_mask(bad)
    assert s.with_pe_alpha(1).with_mask("causal").with_sentence("새 문장")[0].mask == "causal"
