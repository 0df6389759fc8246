"""Home under AppTest: the pipeline renders, and editing the sentence changes what it shows."""

import numpy as np

from attention_core import analysis
from tests.app.conftest import assert_clean, chart, chart_names, chart_words, open_page, state


def test_home_shows_the_pipeline_and_follows_the_sentence():
    at = open_page("home")
    assert chart_names(at) == ["pipeline", "share"]
    assert "아름다운" in chart_words(at, "pipeline")
    assert len(at.get("page_link")) >= 2 * 7 - 1  # sidebar steps + links in the body
    at.text_input(key="sb:sentence").input("고양이가 매트 위에 앉았다").run()
    assert_clean(at)
    words = chart_words(at, "pipeline")
    assert "고양이가" in words and "아름다운" not in words
    assert state(at).scenario.n == 4


def test_pipeline_has_a_colour_bar_for_every_scale_and_shares_q_k_and_v_output():
    at = open_page("home")
    fig = chart(at, "pipeline")
    axes = [t.coloraxis for t in fig.data]
    assert axes[1] == axes[2] and axes[5] == axes[6]  # Q, K share a scale; so do V and the output
    assert len(set(axes)) == 6  # X, scores, weights and LayerNorm each have their own
    lesson = analysis.compute(state(at).scenario)
    qk = fig.layout[axes[1]]
    assert np.isclose(qk.cmax, max(np.abs(lesson.trace.q).max(), np.abs(lesson.trace.k).max()))
    assert qk.cmin == -qk.cmax
    weights = fig.layout[axes[4]]
    assert (weights.cmin, weights.cmax) == (0.0, 1.0)
    for name in set(axes):
        assert fig.layout[name].colorbar.len > 0  # every scale has its colour bar


def test_language_switch_translates_the_page():
    at = open_page("home")
    assert at.title[0].value.startswith("처음")
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert at.title[0].value.startswith("Home")
    assert "emotion" in chart_words(at, "pipeline")


def test_bad_link_starts_from_the_default_with_a_message():
    at = open_page("home", query={"s": "garbage!!"})
    assert any("link" in e.value.lower() or "링크" in e.value for e in at.error)
    assert state(at).scenario.sentence == "슬픈 영화였다 아름다운 장면이었다"


def test_home_shows_each_words_share_on_the_two_most_looked_at_words():
    at = open_page("home")
    lesson = analysis.compute(state(at).scenario)
    (a, b), share = analysis.most_looked_pair(lesson.trace.weights)
    words = state(at).scenario.labels
    assert (words[a], words[b]) == ("슬픈", "아름다운")
    w = lesson.trace.weights
    assert np.allclose(share, 100 * (w[:, a] + w[:, b])) and np.all(share > 50)
    fig = chart(at, "share")
    assert np.allclose(fig.data[0].y, share)
    assert "‘슬픈’ + ‘아름다운’" in fig.layout.title.text.replace("<br>", " ")  # as read, wherever it wraps
