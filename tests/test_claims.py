"""What the screens say, checked against the math and the app's own presets (one test per corrected claim)."""

import math

import numpy as np

from attention_core import analysis as an
from attention_core import softmax
from attention_core.i18n import text
from attention_core.lexicon import AXIS_INDEX
from attention_core.scenario import Scenario


def _lesson(sentence: str | None = None, preset: str = "emotion", heads: int | None = None):
    s = Scenario() if preset == "emotion" else Scenario().with_preset(preset)
    if sentence is not None:
        s, _ = s.with_sentence(sentence)
    if heads is not None:
        s = s.with_heads(heads)
    return s, an.compute(s)


def test_temperature_lead_small_t_widens_the_gaps_not_only_the_big_scores():
    """temperature.lead: dividing by T < 1 makes every positive score larger; what spreads is the gaps and,
    after the softmax, the values (the large grow, the small shrink)."""
    z = np.array(an.DOCUMENT_Z)
    assert np.all(z / 0.5 > z)  # every positive score grows, the small ones too
    assert np.all(np.diff(np.sort(z / 0.5)) > np.diff(np.sort(z)))  # the gaps widen
    sharp, plain = softmax(z, temperature=0.5), softmax(z)
    assert sharp.max() > plain.max() and sharp.min() < plain.min()
    assert "차이가 벌어져" in text("ko", "temperature.lead") and "widens the gaps" in text("en", "temperature.lead")


def test_limits_exp_h_tends_to_the_number_of_words_tied_for_the_top():
    """temperature.limits_caption: exp(H) → k (words tied for the row's top score) as T → 0, not always 1."""
    _, lesson = _lesson("슬픈 영화 슬픈 장면")
    to_zero, _ = an.limits(lesson.trace.scores)
    np.testing.assert_allclose(an.effective_words(to_zero), 2.0)
    coldest = an.effective_words_curve(lesson.trace.scores, np.array([0.01]))[0]
    np.testing.assert_allclose(coldest, 2.0, atol=1e-6)
    _, single = _lesson()
    np.testing.assert_allclose(an.effective_words(an.limits(single.trace.scores)[0]), 1.0)


def test_a_head_spreads_evenly_when_the_words_q_is_zero_there():
    """multihead.fav_caption: ‘evenly’ also when the word's Q is zero for that head (나는, agent head)."""
    s, lesson = _lesson("나는 어제 영화를 보았다", heads=4)
    agent = s.head_recipes.index("agent")
    head = lesson.multi.heads[agent]
    assert np.all(head.q[0] == 0)  # 나는 has no predicate value, which is all the agent head asks with
    np.testing.assert_allclose(head.weights[0], 1 / s.n)
    assert not np.allclose(head.k, head.k[0])  # yet the sentence does hold what the head looks for
    assert "나는" in text("ko", "multihead.fav_caption") and "Q" in text("en", "multihead.fav_caption")


def test_one_gaze_of_the_emotion_preset_reads_four_things():
    """multihead.lead: one head can read several things (the emotion preset: four Q columns); it adds them."""
    s = Scenario()
    assert int(np.count_nonzero(np.any(s.w_q != 0, axis=0))) == 4
    assert "네 가지" in text("ko", "multihead.lead") and "reads four" in text("en", "multihead.lead")


def test_only_the_hand_set_preset_reads_a_few_axes():
    """gaze.focus_axes: zero rows (axes not read) exist for the hand-set preset only; identity, random are dense."""
    s = Scenario()
    assert 0 < len(an.read_axes(s.w_q)) < 8 and 0 < len(an.read_axes(s.w_k)) < 8
    for preset in ("identity", "random"):
        t = Scenario().with_preset(preset)
        assert len(an.read_axes(t.w_q)) == len(an.read_axes(t.w_k)) == 8, preset


def test_same_direction_yet_different_scores_length_counts():
    """gaze.geometry_help: K_슬픈 and K_아름다운 point the same way, yet 슬픈 scores them 2.97 and 2.64."""
    s, lesson = _lesson()
    k, words = lesson.trace.k, list(s.labels)
    a, b = words.index("슬픈"), words.index("아름다운")
    cos = float(an.cosine(k[a], k[b]))
    assert math.isclose(cos, 1.0, abs_tol=1e-12)
    assert round(float(lesson.trace.scores[a, a]), 2) == 2.97 and round(float(lesson.trace.scores[a, b]), 2) == 2.64
    assert "|Q_i| |K_j| cos θ" in text("en", "gaze.geometry_help")


def test_a_word_takes_in_its_own_v_too():
    """value.lead, residual.lead, residual.lost_text: every word's V, its own included."""
    s, lesson = _lesson()
    assert round(float(lesson.trace.weights[0, 0]), 2) == 0.53  # 슬픈 on itself
    cos_without = an.cosine(lesson.normalized_without_residual, s.x)
    assert round(float(cos_without[0]), 2) == 0.87  # which is why 슬픈 keeps this much without the residual
    for key in ("value.lead", "residual.lead", "residual.lost_text"):
        assert "자기 자신 포함" in text("ko", key) and "own included" in text("en", key).replace("itself", "own"), key


def test_the_printed_rows_are_not_what_softmax_gives():
    """temperature.table_note: T = 0.5 and T = 2 are off by up to 0.05; T = 1 matches."""
    cmp = an.document_comparison()
    by_t = dict(zip(cmp["temps"].tolist(), cmp["gap"].tolist(), strict=True))
    assert round(by_t[2.0], 2) == 0.05 and by_t[0.5] > 0.005 and by_t[1.0] < 0.005
    assert not any(cmp["differs"][list(cmp["temps"]).index(1.0)])
    assert "approximate" not in text("en", "temperature.table_note")


def test_the_divisor_is_the_head_width_fixed_by_the_architecture():
    """note.sqrt_dk: the divisor is √d_k with d_k one head's key width (the multi-head default: √d_h)."""
    s, lesson = _lesson(heads=4)
    d_h = s.x.shape[1] // 4
    assert math.isclose(s.mh_temperature or math.sqrt(d_h), math.sqrt(d_h))
    head = lesson.multi.heads[0]
    np.testing.assert_allclose(head.weights, softmax(head.q @ head.k.T / math.sqrt(d_h)))
    assert "not learned" in text("en", "note.sqrt_dk") and "fixes T" not in text("en", "note.sqrt_dk")


def test_spread_grows_like_sqrt_dk_for_unit_variance_entries_and_the_divided_curve_is_nearly_flat():
    """score.sqrt_text states its condition; temperature.dk_lead says "nearly flat" (0.30 → 0.36)."""
    dks = (1, 4, 16, 64, 256)
    exp = an.dk_experiment(dks)
    np.testing.assert_allclose(exp["std_raw"] / np.sqrt(dks), 1.0, atol=0.05)
    np.testing.assert_allclose(exp["std_scaled"], 1.0, atol=0.05)
    rise = exp["max_scaled"][-1] - exp["max_scaled"][0]
    assert 0.03 < rise < 0.1  # not flat, nearly
    assert "variance 1" in text("en", "score.sqrt_text") and "nearly flat" in text("en", "temperature.dk_lead")


def test_the_emotion_preset_is_based_on_the_example_only_w_k_reads_emotion():
    """preset.emotion: in the text both W_Q and W_K extract emotion; in the preset only W_K does."""
    s = Scenario()
    e = AXIS_INDEX["emotion"]
    assert not np.any(s.w_q[e]) and np.any(s.w_k[e])
    assert "based on" in text("en", "preset.emotion") and "바탕으로" in text("ko", "preset.emotion")


def test_weights_sum_to_one_yet_values_cancel():
    """value.more_text: each row of weights sums to 1, but opposite V's cancel (슬픈's valence −0.8 → ≈ −0.12)."""
    s, lesson = _lesson()
    v = AXIS_INDEX["valence"]
    np.testing.assert_allclose(lesson.trace.weights.sum(axis=1), 1.0)
    assert s.x[0, v] == -0.8 and round(float(lesson.trace.output[0, v]), 2) == -0.12
    assert "same total amount" not in text("en", "value.more_text")


def test_both_languages_say_the_same_about_the_next_sublayer():
    """residual.next_ffn: ⑤ adds the single-head output, ⑥ shows several heads, in both languages."""
    ko, en = text("ko", "residual.next_ffn"), text("en", "residual.next_ffn")
    for mark in ("⑤", "⑥"):
        assert mark in ko and mark in en
    assert "헤드 하나" in ko and "single head" in en


def test_normalised_words_have_mean_0_and_a_std_a_hair_under_1():
    """residual.stats_note: ẑ has mean 0 and std 1, a hair under 1 because of ε."""
    from attention_core import layer_norm

    _, lesson = _lesson()
    mean, std = an.row_stats(layer_norm(lesson.residual))
    np.testing.assert_allclose(mean, 0, atol=1e-12)
    assert np.all(std < 1) and np.all(std > 0.999)
    assert "ε" in text("ko", "residual.stats_note") and "ε" in text("en", "residual.stats_note")
