"""The notice about words not in the table, on every screen that shows the sentence, in both languages."""

import re

import pytest

from attention_core.ui import PAGES
from tests.app.conftest import assert_clean, open_page

SENTENCE = "그 슬픈 노래가 조용한 밤을 채웠다 퀀텀얽힘체"


def visible(text: str) -> str:
    return re.sub("[\u2066-\u2069]", "", text)  # the isolates around each user's word (tests/test_notice.py)


def _set_sentence(at, sentence):
    at.text_input(key="sb:sentence").set_value(sentence).run()
    assert_clean(at)
    return at


@pytest.mark.parametrize("page", [spec.key for spec in PAGES])
def test_every_screen_names_the_hashed_words_and_the_stems(page):
    at = _set_sentence(open_page(page), SENTENCE)
    (warning,) = [visible(w.value) for w in at.warning if "표에 없는 단어" in w.value]
    assert "‘퀀텀얽힘체’" in warning and "해시" in warning
    assert "노래가 → 노래" in warning  # found once 가 was split off
    assert "밤을" not in warning and "슬픈" not in warning  # words of the table are not named


def test_the_notice_in_english_and_gone_for_a_sentence_of_known_words():
    at = open_page("score")
    assert not any("표에 없는" in w.value for w in at.warning)  # the default sentence is all in the table
    assert not any("조사를 떼고" in visible(c.value) for c in at.caption)
    at.segmented_control(key="sb:lang").set_value("en").run()
    _set_sentence(at, SENTENCE)
    (warning,) = [visible(w.value) for w in at.warning if "Not in the word table" in w.value]
    assert "‘퀀텀얽힘체’" in warning and "made up from a hash" in warning and "노래가 → 노래" in warning
    _set_sentence(at, "그 슬픈 노래가 조용한 밤을 채웠다")  # only a stem: a quiet caption, no warning
    assert not any("Not in the word table" in w.value for w in at.warning)
    assert any("once a particle was split off: 노래가 → 노래" in visible(c.value) for c in at.caption)


def test_guessed_words_are_named_in_a_caption_in_both_languages():
    at = _set_sentence(open_page("gaze"), "그리웠다 평화 calm 퀀텀얽힘체")
    (warning,) = [visible(w.value) for w in at.warning if "표에 없는 단어" in w.value]
    assert "‘퀀텀얽힘체’" in warning and "그리웠다" not in warning  # only the made-up word warns
    (caption,) = [visible(c.value) for c in at.caption if "짐작한 단어" in c.value]
    assert "‘그리웠다’ → 그립다 (과거 서술어; 단어 표)" in caption and "‘평화’ = peace" in caption
    at.segmented_control(key="sb:lang").set_value("en").run()
    (caption,) = [visible(c.value) for c in at.caption if "read from their form" in c.value]
    assert "past predicate" in caption and "‘calm’ (VADER" in caption
