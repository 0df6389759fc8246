"""The rules that read a Korean word as stem + ending: jamo, particles, endings, irregular stems, bounded work."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import morphology
from attention_core.morphology import forms, infinitives, jamo, noun_splits, readings, syllable

HANGUL = st.integers(0xAC00, 0xD7A3).map(chr)


def has(word: str, stem: str, how: str, tense: int | None = None) -> bool:
    """`word` has a reading with this stem and ending role (and tense, when given)."""
    return any(r.stem == stem and r.how == how and (tense is None or r.tense == tense) for r in readings(word))


@given(HANGUL)
def test_a_syllable_comes_apart_into_jamo_and_back(s):
    assert syllable(*jamo(s)) == s


def test_endings_and_their_roles():
    assert has("그리웠다", "그립다", "final", -1)  # ㅂ-irregular 그리워 + 었 + 다: past
    assert has("떠나가는", "떠나가다", "adnominal") and has("떠나가는", "떠나다", "adnominal")  # 떠나 + 가다
    assert has("눈부신", "눈부시다", "adnominal")
    assert has("기뻐서", "기쁘다", "connective")  # ㅡ dropped before 어서
    assert has("미워하고", "밉다", "connective")  # an adjective + 어하다
    assert has("그리움", "그립다", "nominal")
    assert has("보았다", "보다", "final", -1) and has("봤다", "보다", "final", -1)
    assert has("했다", "하다", "final", -1) and has("하였다", "하다", "final", -1)
    assert has("가셨다", "가다", "final", -1)  # honorific 시 + 었
    assert has("먹었었다", "먹다", "final", -1)
    assert has("가겠다", "가다", "final", 1) and has("걸어가야겠다", "걷다", "final", 1)
    assert has("가실", "가다", "adnominal", 1)  # -ㄹ: what is to come
    assert has("흘러", "흐르다", "connective")  # 르-irregular
    assert has("들어", "듣다", "connective")  # ㄷ-irregular (and 들다)
    assert has("마셔", "마시다", "connective") and has("돼", "되다", "connective")
    assert has("파란", "파랗다", "adnominal")  # ㅎ-irregular
    assert has("우는", "울다", "adnominal") and has("사는", "살다", "adnominal")  # ㄹ drops before ㄴ
    assert has("아름다운", "아름답다", "adnominal")
    assert has("먹습니다", "먹다", "final") and has("갑니다", "가다", "final")
    assert has("스치운다", "스치다", "final")  # the poets' 우
    assert has("평화롭게", "평화롭다", "adverbial")
    assert has("조용히", "조용하다", "adverbial")


def test_particles_the_copula_and_their_fit():
    assert ("노래", "particle", 0, False) in noun_splits("노래가")
    assert ("영화", "oblique", 0, False) in noun_splits("영화에서는")  # two particles; 에서 decides
    assert ("장면", "copula", -1, False) in noun_splits("장면이었다")
    assert ("학생", "adnominal", 0, False) in noun_splits("학생인")  # the copula's adnominal form
    assert ("평화", "adnominal", 0, False) in noun_splits("평화적인")
    assert not any(n == "장면" for n, *_ in noun_splits("장면가"))  # 가 follows a vowel, 장면 ends in ㄴ
    assert not any(n == "물" for n, *_ in noun_splits("물으로"))  # ㄹ takes 로
    assert any(n == "물" for n, *_ in noun_splits("물로"))
    assert readings("퀀텀얽힘체가")[0].rank == 2  # an unknown noun + a particle that fits: trusted
    assert max(r.rank for r in readings("얻어야") if r.kind == "noun") < 2  # 야 is too like an ending


def test_forms_of_a_stem_find_the_tables_rows():
    assert {"그리운", "그리워", "그리웠다"} <= set(forms("그립다"))
    assert {"본", "본다", "보는", "봤다", "보았다"} <= set(forms("보다"))
    assert {"들었다"} <= set(forms("듣다")) and {"흘렀다"} <= set(forms("흐르다"))
    assert {"만든", "만드는", "만들었다"} <= set(forms("만들다"))
    assert infinitives("기쁘") == ["기뻐"] and infinitives("아프") == ["아파"] and infinitives("하")[0] == "해"


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=0, max_size=40))
def test_any_text_gives_readings_without_error(text):
    for r in readings(text):
        assert r.kind in ("noun", "pred") and r.stem


def test_the_work_is_bounded_for_long_and_odd_words():
    words = ["가" * 64, "았" * 64, "ᆫ" * 64, "는" * 64, "이었다" * 20, "에서" * 30, "하" * 64]
    start = time.perf_counter()
    for w in words:
        assert len(readings(w)) < 2000
    assert time.perf_counter() - start < 2.0
    assert morphology.is_hangul("한글") and not morphology.is_hangul("한글a") and not morphology.is_hangul("")
