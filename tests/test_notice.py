"""The notice about the sentence's words that are not table rows: made-up words warn, guessed words inform."""

from __future__ import annotations

import re

from attention_core.i18n.notice import LIMIT, word_notice
from attention_core.scenario import Scenario


def visible(text: str) -> str:
    """The text as read: without the invisible isolates around each user's word (checked on their own below)."""
    return re.sub("[\u2066-\u2069]", "", text)


def notice(sentence: str, lang: str) -> tuple[str, str]:
    s, _ = Scenario().with_sentence(sentence)
    warning, caption = word_notice(lang, s.word_sources)
    return visible(warning), visible(caption)


def test_guessed_words_are_a_caption_that_says_how():
    warning, caption = notice("그리웠다 떠나가는 평화 calm times, 퀀텀얽힘체가 산빛을", "ko")
    assert warning == ""  # nothing made up: no warning
    assert "‘그리웠다’ → 그립다 (과거 서술어; 단어 표)" in caption
    assert "‘떠나가는’ → 떠나다 (꾸미는 꼴(관형형); 단어 표)" in caption
    assert "‘평화’ = peace (VADER" in caption and "‘calm’ (VADER" in caption
    assert "‘퀀텀얽힘체가’는 꼴로 보아 명사 + 조사 (뜻은 모름)" in caption  # 가 ends in a vowel: 는
    assert "‘산빛을’ → 빛 (명사 + 조사; 단어 표)" in caption
    _, caption = notice("그리웠다 퀀텀얽힘책을", "en")
    assert "‘그리웠다’ → 그립다 (past predicate; word table)" in caption
    assert "‘퀀텀얽힘책을’: noun + particle by its form (meaning unknown)" in caption


def test_the_particle_after_a_users_word_fits_it():
    _, caption = notice("퀀텀얽힘책을", "ko")
    assert "‘퀀텀얽힘책을’은 꼴로 보아" in caption  # 을 ends in a consonant: 은


def test_made_up_words_still_warn_and_the_table_words_are_not_named():
    warning, caption = notice("그 슬픈 노래가 퀀텀얽힘체 그리웠다", "ko")
    assert "‘퀀텀얽힘체’" in warning and "해시" in warning and "노래가 → 노래" in warning
    assert "그리웠다" in caption and "슬픈" not in warning + caption
    assert notice("슬픈 영화였다 아름다운 장면이었다", "ko") == ("", "")  # the app's example: all table rows


def test_a_long_list_is_counted_past_the_limit():
    words = " ".join(f"퀀텀{chr(0xAC00 + 28 * i)}를" for i in range(LIMIT + 3))
    _, caption = notice(words, "en")
    assert caption.count("noun + particle") == LIMIT and "3 more" in caption


def test_each_users_word_in_a_list_is_isolated_so_a_right_to_left_word_keeps_the_order():
    s, _ = Scenario().with_sentence("שלום עולם 퀀텀얽힘체 그리웠다")
    warning, caption = word_notice("en", s.word_sources)
    for word in ("שלום", "עולם", "퀀텀얽힘체"):
        assert f"\u2068{word}\u2069" in warning, warning
    assert "\u2068그리웠다\u2069" in caption
