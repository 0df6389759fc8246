"""The app's own reading of Korean words against a real analyser, Kiwi (kiwipiepy, test-only), over a real text.

The text is the Constitution of the Republic of Korea (대한민국헌법, 1987), tests/data/constitution_ko.txt, as
shipped in KoNLPy 0.6.0's `kolaw` corpus; a statute is not protected by copyright in Korea (저작권법 제7조).

Agreement, per word (어절: a whitespace token whose normalised form is all Hangul, and that Kiwi gives a role):
- Kiwi's role of the word: modifier if it has an adnominal ending (ETM); else entity if it has the copula (VCP);
  else, if it has a predicate (VV, VA, VX, VCN, or XSV/XSA after a noun): entity with a nominal ending (ETN),
  modifier with the adverbial ending 게 (EC), predicate otherwise; else modifier for an adverb or determiner
  (MAG, MAJ, MM); else entity for a noun, pronoun, numeral or root (N*, XR, SL, SH, SN); else no role (skipped).
- Kiwi's past: a past marker (EP 었/았/였/ᆻ), a verb's adnominal -ㄴ (ETM ᆫ/은 after VV, XSV or VX), or -던.
- The app's role is the largest of its entity, predicate and modifier values (ties: that order); its past is
  tense < 0. A word agrees when both the role and the past agree. Words the app makes up from the hash are
  not counted (its share of analysed words is asserted separately).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from attention_core.lexicon import AXIS_INDEX, lookup, normalize
from attention_core.morphology import is_hangul
from tests.test_words import KOREAN_LINES

TEXT = Path(__file__).with_name("data") / "constitution_ko.txt"
AGREEMENT_FLOOR = 0.9
ANALYSED_FLOOR = 0.9

_PREDICATE = {"VV", "VA", "VX", "XSV", "XSA", "VCN"}
_PAST_EP = {"었", "았", "였", "ᆻ", "었었", "았었"}


def kiwi_role(tokens) -> tuple[str | None, bool]:
    """(role, past) of one word from Kiwi's morphemes (see the module docstring)."""
    tags = [t.tag.split("-")[0] for t in tokens]
    forms = [t.form for t in tokens]
    past = any(tag == "EP" and form in _PAST_EP for tag, form in zip(tags, forms, strict=True))
    for i, (tag, form) in enumerate(zip(tags, forms, strict=True)):
        if tag == "ETM" and (form == "던" or (form in ("ᆫ", "은") and i > 0 and tags[i - 1] in ("VV", "XSV", "VX"))):
            past = True
    if "ETM" in tags:
        return "modifier", past
    if "VCP" in tags:
        return "entity", past
    if _PREDICATE & set(tags):
        if "ETN" in tags:
            return "entity", past
        if any(tag == "EC" and form == "게" for tag, form in zip(tags, forms, strict=True)):
            return "modifier", past
        return "predicate", past
    if tags[0] in ("MAG", "MAJ", "MM"):
        return "modifier", past
    if any(tag.startswith("N") or tag in ("XR", "SL", "SH", "SN") for tag in tags):
        return "entity", past
    return None, past


def app_role(values: tuple[float, ...]) -> str:
    roles = ("entity", "predicate", "modifier")
    return max(roles, key=lambda r: (values[AXIS_INDEX[r]], -roles.index(r)))


@pytest.fixture(scope="module")
def kiwi():
    from kiwipiepy import Kiwi  # test-only (requirements-test.txt): 280 MB, never imported by the app

    return Kiwi()


def compare(kiwi, lines) -> list[tuple[str, str, bool, object]]:
    """(word, Kiwi's role, Kiwi's past, the app's Lookup) for every word of `lines` that Kiwi gives a role."""
    rows = []
    for line in lines:
        tokens = kiwi.tokenize(line)
        for m in re.finditer(r"\S+", line):
            word = normalize(m.group())
            mine = [t for t in tokens if m.start() <= t.start < m.end() and not t.tag.startswith("S")]
            if not is_hangul(word) or not mine:
                continue
            role, past = kiwi_role(mine)
            if role is not None:
                rows.append((word, role, past, lookup(word)))
    return rows


def agreement(name: str, comparison) -> tuple[float, float, float]:
    """(share of words analysed, share of those that agree, share of all words that agree: a made-up word counts as
    a disagreement), printed."""
    analysed = [(w, role, past, found) for w, role, past, found in comparison if found.source != "hash"]
    agreeing = [row for row in analysed
             if app_role(row[3].values) == row[1] and (row[3].values[AXIS_INDEX["tense"]] < 0) == row[2]]
    roles = sum(app_role(found.values) == role for _, role, _, found in analysed)
    share, agreed = len(analysed) / len(comparison), len(agreeing) / len(analysed)
    overall = len(agreeing) / len(comparison)
    print(f"\nKiwi agreement over {name}: {len(comparison)} words, {share:.1%} analysed (not hashed); "
          f"{agreed:.1%} of those agree on role and past ({roles / len(analysed):.1%} on the role alone); "
          f"{overall:.1%} of all words agree")
    return share, agreed, overall


def test_the_apps_roles_and_tense_agree_with_kiwi_over_the_constitution(kiwi):
    share, agree, overall = agreement(TEXT.name, compare(kiwi, TEXT.read_text(encoding="utf-8").splitlines()))
    assert share >= ANALYSED_FLOOR and agree >= AGREEMENT_FLOOR and overall >= AGREEMENT_FLOOR


def test_the_apps_roles_and_tense_agree_with_kiwi_over_the_poems(kiwi):
    share, agree, overall = agreement("the Korean lines of test_words",
                                      compare(kiwi, [line for _, line in KOREAN_LINES]))
    assert share >= ANALYSED_FLOOR and agree >= AGREEMENT_FLOOR and overall >= AGREEMENT_FLOOR
