"""A word the table does not hold: its values read from its form and from the open lexicons (docs/lexicon.md).

`korean(word, table)` tries the readings of `morphology` in order and keeps the first whose stem is known (a
table row of one of the stem's forms, or the Korean word list); failing that, the reading its ending alone
makes most likely. The ending decides the role axes (entity, predicate, modifier) and the tense, the stem
the meaning (emotion, valence, visual, person). `english(word, table)` reads VADER, the Lancaster norms and
WordNet for the word, or for its lemma once a plain inflection is undone (times → time, smiled → smile).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from . import lexicons, morphology
from .axes import AXIS_KEYS
from .morphology import Reading

# Where a word's values come from (Lookup.source), in the order lookup tries them.
SOURCES = ("table", "stem", "morphology", "words_ko", "vader", "wordnet", "hash")
# The lexicons a stem's meaning can be read from (Lookup.via).
LEXICONS = ("table", "words_ko", "vader", "lancaster", "wordnet")


@dataclass(frozen=True)
class Lookup:
    """A word's values on AXES and where they come from.

    source: "table" (the word is a row), "stem" (a row once a particle is split off: 노래가 → 노래),
    "morphology" (a stem and an ending read by rule: 그리웠다 → 그립다, times → time), "words_ko" (the Korean
    word list), "vader" or "wordnet" (an English word of those lexicons), or "hash" (made up: not known).
    stem: what the word was found by (노래, 그립다, time); "" when no stem of it is known.
    how: what its ending does (Korean: "final", "connective", "adnominal", "adverbial", "nominal", "copula",
    "particle", "oblique"; English: "plural", "present", "past", "ing", "adverb", "comparative", "possessive").
    tense: the tense the ending marks: −1 past, 0 none, +1 future or intent.
    via: the lexicons the stem's meaning was read from (LEXICONS), e.g. ("words_ko", "vader", "wordnet").
    gloss: the English word a Korean word read the lexicons through (평화 → peace)."""

    values: tuple[float, ...]
    source: str
    stem: str = ""
    how: str = ""
    tense: int = 0
    via: tuple[str, ...] = ()
    gloss: str = ""


@dataclass(frozen=True)
class Meaning:
    """What is known of a stem: the axes its form does not decide, its part of speech and where it was read."""

    emotion: float
    valence: float
    visual: float
    person: float
    entity: float  # how tangible, for a noun: 0.8 abstract … 1.0 a thing one can touch
    tense: float  # its own tense (어제 −0.9), kept when the ending marks none
    pos: str  # noun, pron, num, verb, adj, adv, det, interj
    via: tuple[str, ...]
    gloss: str = ""


_NEUTRAL = Meaning(0.0, 0.0, 0.0, 0.0, 0.9, 0.0, "noun", ())
_UNKNOWN_VERB = Meaning(0.0, 0.0, 0.0, 0.0, 0.9, 0.0, "pred", ())
_NO_ENTRY = lexicons.KoreanEntry("", ())
_PARTICLE_FORMS = frozenset(p for p, _, _ in morphology.PARTICLES)
_I = {key: i for i, key in enumerate(AXIS_KEYS)}
_NOMINAL = ("noun", "pron", "num")


def _row_meaning(row: tuple[float, ...], pos: str, via: tuple[str, ...] = ("table",), gloss: str = "") -> Meaning:
    return Meaning(row[_I["emotion"]], row[_I["valence"]], row[_I["visual"]], row[_I["person"]],
                   max(0.8, row[_I["entity"]]), row[_I["tense"]], pos, via, gloss)


def _row_pos(row: tuple[float, ...]) -> str:
    """A table row's part of speech, read off its role axes (슬픈 → adj, 보았다 → verb, 노래 → noun)."""
    entity, predicate, modifier = row[_I["entity"]], row[_I["predicate"]], row[_I["modifier"]]
    if entity >= max(predicate, modifier):
        return "noun"
    if modifier > predicate or (modifier > 0 and predicate < 1):
        return "adj"
    return "verb"


def _gloss_meaning(entry: lexicons.KoreanEntry, table: Mapping[str, tuple[float, ...]]) -> Meaning:
    """A Korean word list entry read through its first English gloss that a lexicon knows."""
    for gloss in entry.glosses:
        if gloss in table:
            return _row_meaning(table[gloss], entry.pos, ("words_ko", "table"), gloss)
        s = lexicons.sense(gloss)
        if s is not None:
            return Meaning(s.emotion, s.valence, s.visual, s.person, s.entity, 0.0, entry.pos,
                           ("words_ko", *s.sources), gloss)
    return Meaning(0.0, 0.0, 0.0, 0.0, 0.9, 0.0, entry.pos, ("words_ko",))


def noun_meaning(noun: str, table: Mapping[str, tuple[float, ...]]) -> Meaning | None:
    if noun in table:
        return _row_meaning(table[noun], _row_pos(table[noun]))
    entry = lexicons.words_ko().get(noun)
    if entry is not None and entry.pos not in ("verb", "adj"):
        return _gloss_meaning(entry, table)
    return None


def predicate_meaning(predicate: str, table: Mapping[str, tuple[float, ...]]) -> Meaning | None:
    """A predicate in its dictionary form (그립다): a table row of one of its forms (그리운), else its entry in
    the Korean word list; its part of speech from the word list when it is there."""
    entry = lexicons.words_ko().get(predicate)
    if entry is not None and entry.pos not in ("verb", "adj"):
        entry = None
    for form in morphology.forms(predicate):
        row = table.get(form)
        if row is not None and _row_pos(row) != "noun":  # (장면 is no form of a predicate 장며다)
            found = _row_meaning(row, entry.pos if entry else ("adj" if _row_pos(row) == "adj" else "verb"))
            return replace(found, tense=0.0)  # the row's tense belongs to that form (갔다), not to the stem
    return _gloss_meaning(entry, table) if entry else None


def compound_meaning(word: str, kind: str, table: Mapping[str, tuple[float, ...]]
                     ) -> tuple[str, Meaning] | None:
    """A compound the lists do not hold, read by its last part: 산빛 → 빛, 단풍나무 → 나무, 옛이야기 → 이야기
    (nouns, after a known noun or determiner); 즈려밟다 → 밟다 (predicates). The longest known last part wins;
    returns it and its meaning."""
    stem = word[:-1] if kind == "pred" else word
    for i in range(1, len(stem)):
        head, last = stem[:i], stem[i:]
        if kind == "pred":  # a prefix no list knows + a known verb (즈려 + 밟다); not a noun + a verb (장면가 ≠
            # 장면 + 가다), nor a one-syllable verb after a one-syllable prefix, too often chance (약산 ≠ 약 + 사다)
            chance = (len(head) == 1 and len(last) == 1) or noun_meaning(head, table) is not None
            found = None if chance else predicate_meaning(last + "다", table)
        elif last in _PARTICLE_FORMS:
            found = None  # 노래은 is a misfit particle, not 노래 + 은 (silver)
        elif noun_meaning(head, table) is not None or lexicons.words_ko().get(head, _NO_ENTRY).pos == "det":
            found = noun_meaning(last, table)
            found = found if found is not None and found.pos in _NOMINAL else None  # (범위안: 안 is "not")
        else:
            found = None
        if found is not None:
            return (last + "다" if kind == "pred" else last), replace(found, tense=0.0)
    return None


def _meaning(r: Reading, table: Mapping[str, tuple[float, ...]]) -> Meaning | None:
    if r.kind == "noun":
        found = noun_meaning(r.stem, table)
        if found is not None and r.how != "bare" and found.pos in ("det", "interj"):
            return None  # a determiner takes no particle: 이는 is 일다 + 는, not 이 + 는
        return found
    found = predicate_meaning(r.stem, table)
    if found is None and r.head:
        noun = noun_meaning(r.head, table)  # 행복했다: 행복 lends its meaning to 행복하다
        if noun is not None:  # noun + 되다 is a verb, + 스럽다/롭다/답다 an adjective, + 하다 either: "pred"
            pos = "adj" if r.stem.endswith(("스럽다", "롭다", "답다")) else "pred"
            pos = "verb" if r.stem.endswith("되다") else pos
            found = replace(noun, tense=0.0, pos=pos)
    return found


# (entity, predicate, modifier) for an ending's role and the stem's part of speech, on the word table's scales:
# 슬픈 (adj adnominal) 0/0.2/0.9, 슬프다 0/0.8/0.3, 보았다 0/1/0, 맑고 (adj connective) 0/0.5/0.5 (here 0.6/0.4,
# so that the predicate still leads), 영화였다 (copula) 0.7/0.6/0.
def _roles(how: str, pos: str, entity: float) -> tuple[float, float, float]:
    adj = pos == "adj"
    if how in ("particle", "oblique", "bare"):
        return {
            "adv": (0.0, 0.0, 0.8), "det": (0.0, 0.0, 0.7), "interj": (0.0, 0.0, 0.6),
            "verb": (0.0, 1.0, 0.0), "adj": (0.0, 0.8, 0.3),
        }.get(pos, (entity, 0.0, 0.0))
    if how == "adnominal" and pos in _NOMINAL:
        return 0.4, 0.2, 0.8  # 학생인, 평화적인: the copula's adnominal form
    return {
        "copula": (0.7, 0.6, 0.0),
        "final": (0.0, 0.8, 0.3) if adj else (0.0, 1.0, 0.0),
        "connective": (0.0, 0.6, 0.4) if adj else (0.0, 0.8, 0.2),
        "adnominal": (0.0, 0.2, 0.9) if adj else (0.0, 0.5, 0.8),
        "adverbial": (0.0, 0.2, 0.8),
        "nominal": (0.8, 0.4, 0.0),
    }[how]


def _tense(r: Reading, pos: str, own: float) -> tuple[int, float]:
    """(the tense the ending marks, the tense axis): past −0.8 as 보았다 (the copula −0.6 as 영화였다; an
    adnominal −0.5), future or intent +0.5 as 만날; a verb's adnominal -ㄴ is past (떠난 사람)."""
    tense = r.tense
    if r.how == "adnominal" and r.ending == "ᆫ" and pos == "verb":
        tense = -1
    if tense < 0:
        return -1, {"copula": -0.6, "adnominal": -0.5}.get(r.how, -0.8)
    if tense > 0:
        return 1, 0.5
    return 0, own


def _vector(r: Reading, m: Meaning) -> tuple[tuple[float, ...], int]:
    pos = m.pos if r.kind == "pred" or r.how == "bare" else "noun"
    if r.how in ("particle", "oblique") and m.pos in ("adv", "pron", "num"):
        pos = m.pos  # 빨리도, 나를: an adverb or a pronoun keeps its kind under a particle
    entity, predicate, modifier = _roles(r.how, pos, m.entity)
    mark, tense = _tense(r, pos, m.tense)
    values = {"emotion": m.emotion, "valence": m.valence, "entity": entity, "predicate": predicate,
              "modifier": modifier, "visual": m.visual, "tense": tense, "person": m.person}
    return tuple(round(values[k], 2) + 0.0 for k in AXIS_KEYS), mark


def korean(word: str, table: Mapping[str, tuple[float, ...]]) -> Lookup | None:
    """A Hangul word's values from its form (see the module docstring), or None when nothing is known."""
    entry = lexicons.words_ko().get(word)
    if entry is not None:  # the word itself is in the Korean word list (가지 the branch, not 가다 + 지)
        r = Reading(word, "pred", "final") if entry.pos in ("verb", "adj") else Reading(word, "noun", "bare")
        return _found(r, _gloss_meaning(entry, table), table)
    rs = morphology.readings(word)
    for r in rs:
        m = _meaning(r, table)
        if m is None:
            continue
        return _found(r, m, table)
    for kind in ("noun", "rank", "pred"):  # no stem known: a noun compound (산빛), the ending alone, a verb compound
        if kind == "rank":
            best = max((r for r in rs if r.rank >= 2), key=lambda r: r.rank, default=None)
            if best is not None:
                unknown = _NEUTRAL if best.kind == "noun" else _UNKNOWN_VERB
                if best.stem.endswith("되다"):
                    unknown = replace(unknown, pos="verb")  # 임명된: noun + 되다 is a verb, its -ㄴ past
                values, mark = _vector(best, unknown)
                return Lookup(values, "morphology", "", best.how, mark)
            continue
        for r in rs:
            compound = compound_meaning(r.stem, r.kind, table) if r.kind == kind else None
            if compound is not None:
                last, m = compound
                found = _found(r, m, table)
                return replace(found, stem=last, how=found.how or "compound", source="morphology")
    return None


def _found(r: Reading, m: Meaning, table: Mapping[str, tuple[float, ...]]) -> Lookup:
    """The Lookup of reading `r` whose stem means `m`."""
    if r.kind == "noun" and r.how in ("particle", "oblique"):
        if m.via == ("table",) and r.stem in table:  # a particle-marked word follows its noun: the row unchanged
            return Lookup(table[r.stem], "stem", r.stem, r.how, 0, ("table",))
        values, _ = _vector(Reading(r.stem, "noun", "bare"), m)  # any noun + particle keeps the noun's values
        return Lookup(values, "morphology", r.stem, r.how, 0, m.via, m.gloss)
    values, mark = _vector(r, m)
    if r.stem in lexicons.words_ko() and r.how in ("bare", "final") and r.ending == "":
        return Lookup(values, "words_ko", "", "", mark, m.via, m.gloss)
    return Lookup(values, "morphology", r.stem, r.how, mark, m.via, m.gloss)


# ---- English --------------------------------------------------------------------------------------------

def _english_candidates(word: str) -> list[tuple[str, str]]:
    """(lemma, how) for the plain inflections of an English word: irregular forms from WordNet first."""
    out = []
    irregular = lexicons.wordnet_form(word)
    if irregular:
        lemma, pos = irregular
        out.append((lemma, {"v": "past", "n": "plural", "a": "comparative"}[pos]))
    rules = (
        ("'s", "", "possessive"), ("’s", "", "possessive"), ("ies", "y", "plural"), ("es", "", "plural"),
        ("s", "", "plural"), ("ied", "y", "past"), ("ed", "", "past"), ("ed", "e", "past"), ("d", "", "past"),
        ("ing", "", "ing"), ("ing", "e", "ing"), ("ily", "y", "adverb"), ("ly", "", "adverb"),
        ("ly", "le", "adverb"), ("ier", "y", "comparative"), ("iest", "y", "comparative"),
        ("er", "", "comparative"), ("est", "", "comparative"), ("r", "", "comparative"), ("st", "", "comparative"),
    )
    for suffix, add, how in rules:
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            base = word[: len(word) - len(suffix)]
            out.append((base + add, how))
            if add == "" and how in ("past", "ing", "comparative") and len(base) > 2 and base[-1] == base[-2]:
                out.append((base[:-1], how))  # stopped → stop, running → run, bigger → big
    return out


def _english_values(lemma: str, how: str, table: Mapping[str, tuple[float, ...]]
                    ) -> tuple[tuple[float, ...], tuple[str, ...], int] | None:
    """The values of `lemma` (a table row or a lexicon sense) changed as the inflection `how` says."""
    if lemma in table:
        row = dict(zip(AXIS_KEYS, table[lemma]))
        via: tuple[str, ...] = ("table",)
        noun = row["entity"] >= max(row["predicate"], row["modifier"])
    else:
        s = lexicons.sense(lemma)
        if s is None:
            return None
        entity, predicate, modifier = lexicons.roles_from_pos(s)
        row = {"emotion": s.emotion, "valence": s.valence, "entity": entity, "predicate": predicate,
               "modifier": modifier, "visual": s.visual, "tense": 0.0, "person": s.person}
        via = s.sources
        noun = s.pos is not None and s.pos[0] >= max(s.pos[1], s.pos[2])
    mark = 0
    if how == "plural" and not noun:
        how = "present"
    if how in ("past", "present", "ing"):
        if how == "past":
            mark = -1
        row |= {"entity": 0.0, "predicate": 1.0 if how != "ing" else 0.7, "modifier": 0.0 if how != "ing" else 0.5,
                "tense": -0.8 if how == "past" else 0.0}
    elif how == "adverb":
        row |= {"entity": 0.0, "predicate": 0.0, "modifier": 0.8}
    elif how == "comparative":
        row |= {"entity": 0.0, "predicate": 0.2, "modifier": 0.9}
    elif how == "possessive":
        row |= {"modifier": max(row["modifier"], 0.4)}
    return tuple(round(row[k], 2) + 0.0 for k in AXIS_KEYS), via, mark


def english(word: str, table: Mapping[str, tuple[float, ...]]) -> Lookup | None:
    """A word of the Latin alphabet: VADER, the Lancaster norms and WordNet for it, else for its lemma."""
    if not word.isascii() and "’" not in word:
        return None
    s = lexicons.sense(word)
    if s is not None:
        entity, predicate, modifier = lexicons.roles_from_pos(s)
        row = {"emotion": s.emotion, "valence": s.valence, "entity": entity, "predicate": predicate,
               "modifier": modifier, "visual": s.visual, "tense": 0.0, "person": s.person}
        source = "vader" if "vader" in s.sources else "wordnet"
        return Lookup(tuple(round(row[k], 2) + 0.0 for k in AXIS_KEYS), source, "", "", 0, s.sources)
    for lemma, how in _english_candidates(word):
        found = _english_values(lemma, how, table)
        if found is not None:
            values, via, mark = found
            return Lookup(values, "morphology", lemma, how, mark, via)
    return None
