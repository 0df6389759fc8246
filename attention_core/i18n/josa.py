"""Korean particles (조사) that follow the word before them: 슬픈이 / 영화가, 물로 / 장면으로.

In a template, `{word:이/가}` renders only the particle chosen for the value of `word`; `{x:.2f|이었/였}`
first formats the value with `.2f` and chooses by what is printed. Either side of the slash may come
first: the form taken after a final consonant (받침) is the one starting with 이, 을, 은, 과 or 으.
"""

from __future__ import annotations

import string

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8  # index of ㄹ among the final consonants
_DIGIT_FINAL = {"0": 21, "1": _RIEUL, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": _RIEUL, "8": _RIEUL, "9": 0}
#                 영 (ㅇ)    일 (ㄹ)       이      삼 (ㅁ)   사      오      육 (ㄱ)  칠 (ㄹ)       팔 (ㄹ)       구
_TENS_FINAL = {1: 17, 2: 1, 3: 4, 4: 4}  # 십 (ㅂ), 백 (ㄱ), 천 (ㄴ), 만 (ㄴ): a whole number ending in zeros
_LETTER_FINAL = {"l": _RIEUL, "m": 16, "n": 4, "r": _RIEUL}  # 엘, 엠, 엔, 알; every other letter name ends in a vowel
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"  # labels of repeated words (슬픈¹, 슬픈²) are read without them
_BIDI_MARKS = "\u200e\u200f\u2066\u2067\u2068\u2069"  # isolates around a user's word (i18n.isolated), marks
_TRAILING = string.punctuation + string.whitespace + "’”»…·" + _SUPERSCRIPTS + _BIDI_MARKS
_CONSONANT_FORMS = ("이", "을", "은", "과", "으")
_NEUTRAL = {("이었", "였"): "(이)었", ("이에요", "예요"): "(이)에요", ("이었다", "였다"): "(이)었다"}


def final_consonant(word: str) -> int | None:
    """The index (0 = none, 8 = ㄹ, …) of the final consonant the word is read with; None when unknown.

    Hangul: its last syllable. Digits: how the number is read (3 → 삼, 3.12 → 이, 10 → 십). A single
    Latin or Greek letter after a non-letter (X, W_Q, v8's v): its Korean name. A longer Latin word: None.
    """
    core = word.rstrip(_TRAILING)
    if not core:
        return None
    last = core[-1]
    if _HANGUL_FIRST <= ord(last) <= _HANGUL_LAST:
        return (ord(last) - _HANGUL_FIRST) % 28
    if last.isdigit() and last in _DIGIT_FINAL:
        digits = len(core) - len(core.rstrip("0123456789"))
        number = core[-digits:]
        before = core[:-digits]
        if last == "0" and not before.endswith(".") and number.strip("0"):
            zeros = len(number) - len(number.rstrip("0"))
            return _TENS_FINAL.get(zeros, 4)
        return _DIGIT_FINAL[last]
    if last.isalpha() and (len(core) == 1 or not core[-2].isalpha()):
        if last.lower() in "abcdefghijklmnopqrstuvwxyz":
            return _LETTER_FINAL.get(last.lower(), 0)
        if "\u03b1" <= last.lower() <= "\u03c9":  # Greek letter names (감마, 베타, 람다 …) end in a vowel
            return 0
    return None


def particle(word: object, forms: str) -> str:
    """The form of `forms` ("이/가", "을/를", "으로/로", …) that follows `word`; "(이)가" when unknown."""
    a, b = forms.split("/", 1)
    consonant, vowel = (a, b) if a.startswith(_CONSONANT_FORMS) else (b, a)
    final = final_consonant(str(word))
    if final is None:
        if (consonant, vowel) in _NEUTRAL:
            return _NEUTRAL[(consonant, vowel)]
        if consonant.endswith(vowel):
            return f"({consonant[: len(consonant) - len(vowel)]}){vowel}"
        return f"({consonant}){vowel}"
    if final == 0 or (final == _RIEUL and consonant.startswith("으")):
        return vowel
    return consonant


def is_particle_spec(spec: str) -> bool:
    """True for a format spec that asks for a particle: "이/가" or ".2f|이었/였"."""
    return "/" in spec and any("\uac00" <= c <= "\ud7a3" for c in spec)


def format_particle(value: object, spec: str) -> str:
    """Render `{value:spec}` for a particle spec: format the value (when `fmt|` is given), then choose."""
    fmt, _, forms = spec.rpartition("|")
    shown = format(value, fmt) if fmt else str(value)
    return particle(shown, forms)
