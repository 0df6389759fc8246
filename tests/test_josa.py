"""Korean particles follow the word before them (받침), in the helper and in every string of the catalogue."""

import re
import string

import pytest

from attention_core.i18n import CATALOGUE, fill, text
from attention_core.i18n.josa import final_consonant, particle

# word → the forms of 이/가, 을/를, 은/는, 와/과, 으로/로, 이었/였 that must follow it
EXPECTED = {
    "슬픈": "이 을 은 과 으로 이었",
    "영화": "가 를 는 와 로 였",
    "장면": "이 을 은 과 으로 이었",
    "노래": "가 를 는 와 로 였",
    "물": "이 을 은 과 로 이었",  # ㄹ takes 로, not 으로
    "apple": "(이)가 (을)를 (은)는 (과)와 (으)로 (이)었",  # no reading known: the neutral form
    "3": "이 을 은 과 으로 이었",  # 삼
    "슬픈¹": "이 을 은 과 으로 이었",  # a repeated word's label is read without its superscript
    "영화²": "가 를 는 와 로 였",
    "3.12": "가 를 는 와 로 였",  # 삼 점 일이
    "3.51": "이 을 은 과 로 이었",  # … 오일 (ㄹ)
    "10": "이 을 은 과 으로 이었",  # 십
    "W_Q": "가 를 는 와 로 였",  # 더블유 큐
    "v8": "이 을 은 과 로 이었",  # 브이 팔 (ㄹ)
}
PAIRS = ("이/가", "을/를", "은/는", "와/과", "으로/로", "이었/였")


@pytest.mark.parametrize("word", list(EXPECTED))
def test_particle_follows_the_last_syllable(word):
    assert [particle(word, forms) for forms in PAIRS] == EXPECTED[word].split()
    assert [particle(word, forms) for forms in ("가/이", "를/을")] == EXPECTED[word].split()[:2]  # either order


def test_final_consonant_reads_numbers_letters_and_quotes():
    assert final_consonant("‘장면’") == final_consonant("장면") == 4  # ㄴ
    assert final_consonant("100") == 1 and final_consonant("1000") == 4  # 백, 천
    assert final_consonant("0") == 21 and final_consonant("3.50") == 21  # 영
    assert final_consonant("X") == 0 and final_consonant("W_K") == 0
    assert final_consonant("apple") is None and final_consonant("") is None


def test_a_template_fills_particles_and_numbers():
    assert fill("‘{w}’{w:이/가} {g:.2f}{g:.2f|이었/였}습니다", w="노래", g=3.512) == "‘노래’가 3.51이었습니다"
    assert fill("‘{w}’{w:이/가} {g:.2f}{g:.2f|이었/였}습니다", w="슬픈¹", g=3.119) == "‘슬픈¹’이 3.12였습니다"


_FORMS = {  # consonant form, vowel form
    "이": "가", "을": "를", "은": "는", "과": "와", "으로": "로", "이었": "였",
}
_END = r"(?=[\s.,:;!?()\[\]’”*_]|$)"


def _wrong_particles(word: str) -> list[str]:
    """Particles that must not follow `word` (a regex alternative each)."""
    final = final_consonant(word)
    if final is None:  # only the neutral forms may follow
        return [re.escape(c) for c in _FORMS] + [re.escape(v) for v in _FORMS.values()]
    if final == 0:
        return [re.escape(c) for c in _FORMS]
    wrong = [re.escape(v) for c, v in _FORMS.items() if not (final == 8 and c == "으로")]
    return wrong + (["으로"] if final == 8 else [])


def _fields(template: str) -> list[tuple[str, str]]:
    return [(name, spec or "") for _, name, spec, _ in string.Formatter().parse(template) if name]


WORDS = ("슬픈", "영화", "장면", "노래", "물", "apple", "3", "슬픈¹")


@pytest.mark.parametrize("word", WORDS)
def test_every_korean_string_puts_the_right_particle_after_a_word(word):
    """Every blank of every string is filled with the word (numbers where a number format is asked for); the
    word must never be followed by a particle of the wrong kind (‘영화’이, 슬픈가, 물으로, apple가 …)."""
    checked = 0
    for key, (ko, _) in CATALOGUE.items():
        fields = _fields(ko)
        if not fields:
            continue
        numbers = {name for name, spec in fields if re.search(r"[dfgeE%]$", spec.split("|")[0])}
        params = {name: 3.0 if name in numbers else word for name, _ in fields}
        rendered = text("ko", key, **params)
        wrong = "|".join(_wrong_particles(word))
        found = re.findall(re.escape(word) + r"[’”)*]*(?:" + wrong + ")" + _END, rendered)
        assert not found, (key, rendered)
        checked += 1
    assert checked > 40


def test_no_string_keeps_an_old_fixed_particle_form():
    for key, (ko, _) in CATALOGUE.items():
        assert "은(는)" not in ko and "을(를)" not in ko and "이(가)" not in ko, key
        assert not re.search(r"\) (입니다|였습니다|이었습니다)", ko), key  # "(3.51)입니다", not "(3.51) 입니다"
        assert not re.search(r"\d (였|이었)습니다", ko), key
