"""Score matrix under AppTest: the decomposition follows the picked cell; shuffling only permutes."""

import numpy as np

from attention_core import analysis
from attention_core.accessible import fixed
from tests.app.conftest import assert_clean, chart, chart_names, open_page, say, state, t_tables, title


def test_score_page_shows_the_matrix_and_a_decomposition_that_adds_up():
    at = open_page("score")
    assert chart_names(at) == ["scores", "contributions", "bilinear"]
    assert np.allclose(chart(at, "scores").data[0].z, analysis.compute(state(at).scenario).trace.scores)
    contrib = chart(at, "contributions")
    s = state(at).scenario
    lesson = analysis.compute(s)
    i, j = state(at).view.cell
    assert np.isclose(np.sum(contrib.data[0].z), lesson.trace.scores[i, j])


def test_picking_a_cell_moves_the_decomposition():
    at = open_page("score")
    before = title(at, "contributions")
    at.selectbox(key="pick:col:score").set_value(2).run()
    assert_clean(at)
    assert state(at).view.cell == (0, 2)
    after = title(at, "contributions")
    assert before != after and "아름다운" in after  # the picked column's word names the decomposition
    lesson = analysis.compute(state(at).scenario)
    assert np.isclose(np.sum(chart(at, "contributions").data[0].z), lesson.trace.scores[0, 2])


def test_shuffle_switch_shows_the_same_scores_permuted():
    at = open_page("score")
    assert "shuffled" not in chart_names(at)
    at.toggle(key="score:shuffle").set_value(True).run()
    assert_clean(at)
    shuffled = np.array(chart(at, "shuffled").data[0].z)
    original = np.array(chart(at, "scores").data[0].z)
    assert sorted(shuffled.ravel().round(9)) == sorted(original.ravel().round(9))
    assert not np.allclose(shuffled, original)


def assert_weight_path(at, t: float, lang: str = "ko") -> None:
    """The weight path table is the picked row's analysis.weight_path at T, printed as the page prints numbers, with
    the row's exact scores for the browser to redraw it from."""
    (table,) = t_tables(at)
    s = state(at).scenario
    i = state(at).view.cell[0]
    scores = analysis.compute(s).trace.scores[i]
    path = analysis.weight_path(scores, t)
    assert table["t"] == t and table["path"]["scores"] == scores.tolist()
    assert table["cols"] == [say(f"score.col_{c}", lang) for c in ("word", "score", "scaled", "exp", "weight")]
    assert table["rows"] == [(word, [fixed(float(path[q][k]), 3) for q in ("scores", "scaled", "exp", "weights")])
                             for k, word in enumerate(s.labels)]
    assert table["bars"] == [f"{w * 100:.1f}%" for w in path["weights"]]
    assert table["caption"] == say("score.path_caption", lang, t=f"{t:g}", total="1.000")
    assert table["name"] == say("score.path", lang, i=s.labels[i])


def test_temperature_changes_the_weight_path_and_english_works():
    at = open_page("score")
    assert_weight_path(at, 1.0)
    at.select_slider(key="sb:T").set_value(0.2).run()
    assert_clean(at)
    assert_weight_path(at, 0.2)
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert title(at, "scores") == say("score.matrix", "en")
    assert_weight_path(at, 0.2, "en")


def test_the_weight_path_follows_the_picked_row():
    at = open_page("score")
    at.selectbox(key="pick:row:score").set_value(2).run()
    assert_clean(at)
    assert state(at).view.cell[0] == 2
    assert_weight_path(at, 1.0)


def test_symmetry_text_follows_the_math_not_a_fixed_claim():
    at = open_page("score")
    text = " ".join(m.value for m in at.markdown)
    assert "대칭이 아니어서" in text and "‘슬픈’이" in text  # the emotion preset: M is not symmetric
    at.selectbox(key="sb:preset").set_value("identity").run()
    assert_clean(at)
    text = " ".join(m.value for m in at.markdown)
    assert "W_Q W_Kᵀ가 대칭이라" in text
    # W_Q = W_K, yet 영화였다 scores 장면이었다 (1.85) above itself (1.71): the text says so, with the numbers
    assert "‘영화였다’는 자기 자신(1.71)보다 ‘장면이었다’(1.85)를 더 크게 봅니다" in text
    at.selectbox(key="sb:preset").set_value("emotion").run()
    at.text_input(key="sb:sentence").set_value("영화 장면").run()
    assert_clean(at)
    text = " ".join(m.value for m in at.markdown)
    assert "이 문장의 단어들로는 차이가 드러나지 않습니다" in text and "프리셋으로 바꾸면" not in text


def test_the_largest_asymmetry_is_named_fairly_on_a_tie():
    """‘영화였다’ and ‘장면이었다’ score alike, so ‘슬픈’ ↔ either has the same largest gap: the text names one and
    says it is one of two; with distinct words it is "the pair"."""
    at = open_page("score")
    s = state(at).scenario
    scores = analysis.compute(s).trace.scores
    assert analysis.asymmetry_ties(scores) == 2
    text = " ".join(m.value for m in at.markdown)
    assert say("score.asym_largest_tied", k=2) in text and say("score.asym_largest") not in text
    at.text_input(key="sb:sentence").set_value("슬픈 영화였다 아름다운").run()
    assert_clean(at)
    assert analysis.asymmetry_ties(analysis.compute(state(at).scenario).trace.scores) == 1
    text = " ".join(m.value for m in at.markdown)
    assert say("score.asym_largest") in text and say("score.asym_largest_tied", k=2) not in text
