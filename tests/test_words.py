"""Words the table does not hold: read from their form and the open lexicons before any hash.

Run with -s to see the coverage of each line of literature (the figures of docs/lexicon.md).
"""

from __future__ import annotations

import math
import time
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import lexicons
from attention_core.lexicon import AXES, AXIS_INDEX, lookup, normalize, table

V, E, P, M, T = (AXIS_INDEX[k] for k in ("valence", "entity", "predicate", "modifier", "tense"))

# Lines of literature in the public domain (the Korean poets died before 1955; the English works are centuries
# old), as a lecturer would paste them. Punctuation is kept as printed.
KOREAN_LINES = (
    ("김소월, 진달래꽃 (1922)", "나 보기가 역겨워 가실 때에는 말없이 고이 보내 드리우리다"),
    ("김소월, 진달래꽃", "영변에 약산 진달래꽃 아름 따다 가실 길에 뿌리우리다"),
    ("김소월, 진달래꽃", "가시는 걸음걸음 놓인 그 꽃을 사뿐히 즈려밟고 가시옵소서"),
    ("김소월, 진달래꽃", "나 보기가 역겨워 가실 때에는 죽어도 아니 눈물 흘리우리다"),
    ("김소월, 산유화 (1924)", "산에는 꽃 피네 꽃이 피네 갈 봄 여름 없이 꽃이 피네"),
    ("윤동주, 서시 (1941)", "죽는 날까지 하늘을 우러러 한 점 부끄럼이 없기를,"),
    ("윤동주, 서시", "잎새에 이는 바람에도 나는 괴로워했다."),
    ("윤동주, 서시", "별을 노래하는 마음으로 모든 죽어 가는 것을 사랑해야지"),
    ("윤동주, 서시", "그리고 나한테 주어진 길을 걸어가야겠다."),
    ("윤동주, 서시", "오늘 밤에도 별이 바람에 스치운다."),
    ("윤동주, 별 헤는 밤 (1941)", "계절이 지나가는 하늘에는 가을로 가득 차 있습니다."),
    ("한용운, 님의 침묵 (1926)", "님은 갔습니다. 아아, 사랑하는 나의 님은 갔습니다."),
    ("한용운, 님의 침묵", "푸른 산빛을 깨치고 단풍나무 숲을 향하여 난 작은 길을 걸어서, 차마 떨치고 갔습니다."),
    ("이상화, 빼앗긴 들에도 봄은 오는가 (1926)", "지금은 남의 땅 ― 빼앗긴 들에도 봄은 오는가?"),
    ("정지용, 향수 (1927)", "넓은 벌 동쪽 끝으로 옛이야기 지줄대는 실개천이 회돌아 나가고,"),
    ("정지용, 향수", "얼룩백이 황소가 해설피 금빛 게으른 울음을 우는 곳,"),
)
ENGLISH_LINES = (
    ("Dickens, A Tale of Two Cities (1859)",
     "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness,"),
    ("Dickens", "it was the epoch of belief, it was the epoch of incredulity, it was the season of Light, it was the "
                "season of Darkness,"),
    ("Dickens", "it was the spring of hope, it was the winter of despair,"),
    ("Austen, Pride and Prejudice (1813)", "It is a truth universally acknowledged, that a single man in possession of "
                                           "a good fortune, must be in want of a wife."),
    ("Wordsworth, I Wandered Lonely as a Cloud (1807)", "I wandered lonely as a cloud That floats on high o'er vales "
                                                        "and hills,"),
    ("Shakespeare, Sonnet 18 (1609)", "Shall I compare thee to a summer's day? Thou art more lovely and more "
                                      "temperate:"),
    ("Blake, The Tyger (1794)", "Tyger Tyger, burning bright, In the forests of the night;"),
    ("Keats, Endymion (1818)", "A thing of beauty is a joy for ever: Its loveliness increases; it will never Pass "
                               "into nothingness;"),
    ("Dickinson, “Hope” is the thing with feathers (1891)", "“Hope” is the thing with feathers That perches in the "
                                                             "soul,"),
    ("Poe, The Raven (1845)", "Once upon a midnight dreary, while I pondered, weak and weary,"),
    ("Shelley, Ozymandias (1818)", "My name is Ozymandias, King of Kings; Look on my Works, ye Mighty, and despair!"),
)
# Floors measured on the lines above (docs/lexicon.md): the share of words with any source but the hash, and of
# words whose stem's meaning is known (not only their role, read off an ending).
COVERAGE_FLOOR = {"ko": 0.95, "en": 0.9}
MEANING_FLOOR = {"ko": 0.85, "en": 0.9}
LINE_FLOOR = 0.75

POSITIVE_KO = ("행복", "기쁨", "사랑", "평화", "설렘", "기뻐서", "눈부신", "그리움", "그리웠다", "희망", "웃음",
               "아름다운", "즐겁다", "고맙다", "따뜻한", "축복", "자유", "기뻤다", "사랑하는", "님은")
NEGATIVE_KO = ("슬픔", "미워하고", "분노", "두려움", "외로움", "절망", "고통", "눈물", "괴로워했다", "역겨워", "죽음",
               "싫다", "아프다", "무서운", "증오", "우울한", "빼앗긴", "슬펐다", "저주")
POSITIVE_EN = ("calm", "delight", "joy", "hope", "love", "peace", "beautiful", "happy", "wonderful", "smiled",
               "lovely", "cheerful", "glad", "beauty", "loveliness", "wisdom", "kindness")
NEGATIVE_EN = ("rage", "despair", "sad", "fear", "hate", "grief", "sorrow", "angry", "terrible", "darkness",
               "foolishness", "weary", "dreary", "lonely", "cried", "wept")


def coverage(lines) -> tuple[float, float]:
    words = [w for _, line in lines for w in line.split()]
    found = [lookup(w) for w in words]
    known = sum(f.source != "hash" for f in found) / len(words)
    meaning = sum(f.source != "hash" and (f.source != "morphology" or bool(f.stem)) for f in found) / len(words)
    return known, meaning


def test_coverage_of_lines_of_literature():
    for lang, lines in (("ko", KOREAN_LINES), ("en", ENGLISH_LINES)):
        for source, line in lines:
            found = [(w, lookup(w)) for w in line.split()]
            share = sum(f.source != "hash" for _, f in found) / len(found)
            marked = " ".join(w if f.source != "hash" else f"[{w}]" for w, f in found)
            print(f"{lang} {share:4.0%}  {source}: {marked}")
            assert share >= LINE_FLOOR, (source, marked)
        known, meaning = coverage(lines)
        print(f"{lang}: {known:.1%} of the words get a meaning or a role; {meaning:.1%} a known stem's meaning")
        assert known >= COVERAGE_FLOOR[lang] and meaning >= MEANING_FLOOR[lang]


def test_clearly_emotional_words_get_the_right_valence():
    for words, sign in ((POSITIVE_KO, 1), (NEGATIVE_KO, -1), (POSITIVE_EN, 1), (NEGATIVE_EN, -1)):
        assert len(words) >= 15
        for word in words:
            found = lookup(word)
            assert found.source != "hash", word
            assert found.values[V] * sign > 0, (word, found)


def test_the_words_of_the_brief():
    found = lookup("그리웠다")
    assert (found.source, found.stem, found.how, found.tense) == ("morphology", "그립다", "final", -1)
    assert found.values[T] < 0 and found.values[:2] == table()["그리운"][:2]  # emotion and valence of 그리운
    assert lookup("떠나가는").how == "adnominal" and lookup("떠나가는").values[M] > lookup("떠나가는").values[P] > 0
    assert lookup("눈부신").how == "adnominal" and lookup("눈부신").values[M] >= 0.8
    assert lookup("기뻐서").how == "connective" and lookup("기뻐서").values[P] > lookup("기뻐서").values[M]
    assert lookup("미워하고").stem == "밉다" and lookup("미워하고").values[V] < 0
    assert lookup("평화").source == "words_ko" and lookup("평화").gloss == "peace" and "vader" in lookup("평화").via
    assert lookup("calm").source == "vader" and lookup("rage").values[V] < 0 < lookup("delight").values[V]


def test_punctuation_and_quotes_are_stripped_before_any_lookup():
    assert lookup("times,").values == lookup("times").values
    for word in ("“슬픈”", "‘슬픈’", "「슬픈」", "『슬픈』", "슬픈…", "슬픈,", "(슬픈)", "슬픈!?", "\u200b슬픈\u2066"):
        assert lookup(word).values == lookup("슬픈").values, word
    assert lookup("«quantumflux»").values == lookup("quantumflux").values  # the hash too: of the normalised word
    assert normalize("Times,") == "times" and normalize("don't") == "don't"


def test_any_noun_with_a_fitting_particle_keeps_the_nouns_values():
    entries = lexicons.words_ko()
    nouns = [w for w, e in entries.items() if e.pos == "noun" and len(w) > 1]
    nouns += [w for w in table() if w.isalpha() and not w.isascii() and lookup(w).values[E] >= 0.8
              and lookup(w).values[P] == 0 and lookup(w).values[M] == 0]
    for noun in nouns:
        consonant = (ord(noun[-1]) - 0xAC00) % 28 != 0
        for particle in ("을", "은", "이", "과") if consonant else ("를", "는", "가", "와"):
            word = noun + particle
            if word in table() or word in entries:
                continue  # a row of its own (밤을, 나는)
            assert lookup(word).values == lookup(noun).values, word


STEMS = ("가다", "보다", "먹다", "떠나다", "기쁘다", "슬프다", "그립다", "아름답다", "만들다", "흐르다", "사랑하다",
         "눈부시다", "빛나다", "웃다", "울다", "피다", "작다", "넓다", "밝다", "부르다")


@given(st.sampled_from(STEMS))
def test_endings_decide_the_role_and_the_tense(stem):
    forms = {f: lookup(f) for f in (f for f in __import__("attention_core").morphology.forms(stem))}
    adnominal = [f for f, found in forms.items() if found.how == "adnominal" and found.tense <= 0]
    assert adnominal, stem
    for f in adnominal:
        assert forms[f].values[M] > forms[f].values[P], f  # an adnominal ending raises the modifier
    past = [f for f in forms if f.endswith("었다") or f.endswith("았다") or f.endswith("였다") or f.endswith("ㅆ다")]
    past += [f for f in forms if f.endswith("다") and (ord(f[-2]) - 0xAC00) % 28 == 20]
    for f in past:
        assert forms[f].values[T] < 0, f  # a past ending makes the tense negative


ROLE_MIN = 0.6


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3), min_size=1, max_size=12))
def test_any_hangul_word_gets_finite_values_within_the_axes_ranges(word):
    values = lookup(word).values
    for axis, v in zip(AXES, values, strict=True):
        assert math.isfinite(v) and (-1 if axis.signed else 0) <= v <= 1 and round(v, 2) == v
    assert values[E] + values[P] + values[M] >= ROLE_MIN - 1e-9


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_odd_unicode_never_raises(word):
    values = lookup(word).values
    assert len(values) == len(AXES) and all(math.isfinite(v) for v in values)


def test_hostile_words_are_answered_in_bounded_time():
    odd = ["\ud800", "\udfff슬픈", "슬\u0301픈", "\u202e슬픈\u202c", "\u200d\u200d", "a\u0300" * 30, "가" * 30,
           "았" * 30, "\U0001f600" * 30, "에서" * 15, "이었다" * 10, "ᄀ" * 30,
           unicodedata.normalize("NFD", "그리웠다")]
    start = time.perf_counter()
    for word in odd:
        lookup(word)
    for i in range(64):  # a sentence of 64 fresh words of 30 characters
        lookup(chr(0xAC00 + 37 * i) * 29 + "다")
    assert time.perf_counter() - start < 5.0
    assert lookup(unicodedata.normalize("NFD", "그리웠다")).values == lookup("그리웠다").values
