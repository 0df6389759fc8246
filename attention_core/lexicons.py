"""The open lexicons shipped with the app, read lazily, and what they say of a word on the named axes.

- VADER 3.3.2 (MIT): valence of 7,217 English words (data/lexicons/vader.tsv, −4…+4).
- Lancaster Sensorimotor Norms (CC BY 4.0): visual strength of 36,811 English words (lancaster.tsv, 0…5).
- WordNet 3.0 (WordNet licence): parts of speech and the kind of thing a noun names (wordnet.tsv), and
  irregular forms (wordnet_forms.tsv: went → go, children → child).
- The Korean word list (data/words_ko.tsv, this project's own): part of speech and an English gloss, through
  which a Korean word reads the lexicons above.

How each maps to the axes is in docs/lexicon.md ("Sources"). Each file is read once, on the first word the
word table does not know, and shared read-only by every session. Nothing here imports streamlit or plotly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

DATA = Path(__file__).with_name("data")
LEXICON_DIR = DATA / "lexicons"
WORDS_KO_PATH = DATA / "words_ko.tsv"

# The axes' scales (docs/lexicon.md): VADER's mean rating v (−4…+4) gives valence v/3 (the factor a least-squares
# fit of the word table's English rows gives) and emotion |v|/2, capped at 0.9 (a word VADER rates 1.6 or more,
# clearly emotional, gets the table's ≥ 0.8); Lancaster's visual strength s (0…5) gives visual (s − 2.5)/2.5,
# clipped to 0…1.
VALENCE_SCALE = 3.0
EMOTION_SCALE = 2.0
EMOTION_CAP = 0.9
VISUAL_FROM, VISUAL_SPAN = 2.5, 2.5
# Endings that keep a word's feeling (loveliness ← lovely, happily ← happy): (ending, what replaces it).
DERIVED = (("iness", "y"), ("ness", ""), ("ily", "y"), ("ly", ""))
FEELING_EMOTION = 0.5  # a WordNet feeling noun or emotion verb (nostalgia, yearn) that VADER does not rate
# WordNet lexicographer files of a noun's first sense → the person axis, and how tangible the noun is (entity).
PERSON = {"person": 1.0, "animal": 0.6}
CONCRETE = {"artifact": 1.0, "object": 1.0, "body": 1.0, "animal": 1.0, "plant": 1.0, "food": 1.0,
            "substance": 1.0, "person": 1.0, "location": 0.9, "shape": 0.9, "group": 0.9, "phenomenon": 0.9,
            "possession": 0.9, "quantity": 0.9, "event": 0.9, "time": 0.9, "communication": 0.9}
ABSTRACT = 0.8


def _columns(path: Path) -> dict[str, str]:
    """A tab-separated file as {first column: the rest of its line}, header skipped: one string per row, parsed
    only when a word is asked for (a few MB for all the lexicons, against tens for parsed rows)."""
    with path.open(encoding="utf-8") as f:
        next(f)
        return dict(line.rstrip("\n").split("\t", 1) for line in f)


@lru_cache(maxsize=1)
def _vader() -> dict[str, str]:
    return _columns(LEXICON_DIR / "vader.tsv")


@lru_cache(maxsize=1)
def _lancaster() -> dict[str, str]:
    return _columns(LEXICON_DIR / "lancaster.tsv")


@lru_cache(maxsize=1)
def _wordnet() -> dict[str, str]:
    return _columns(LEXICON_DIR / "wordnet.tsv")


@lru_cache(maxsize=1)
def _wordnet_forms() -> dict[str, str]:
    return _columns(LEXICON_DIR / "wordnet_forms.tsv")


def vader(word: str) -> float | None:
    """VADER's mean valence rating of `word` (−4…+4), None when VADER does not rate it."""
    found = _vader().get(word)
    return None if found is None else float(found)


def lancaster(word: str) -> float | None:
    """The visual strength of `word` in the Lancaster Sensorimotor Norms (0…5), None when not normed."""
    found = _lancaster().get(word)
    return None if found is None else float(found)


@dataclass(frozen=True)
class WordNetEntry:
    """A lemma's share of WordNet's tagged senses by part of speech, and the lexicographer file (person,
    animal, artifact, feeling, …) of its first noun and first verb sense ("" when it has none)."""

    noun: float
    verb: float
    adj: float
    adv: float
    noun_file: str
    verb_file: str


def wordnet(word: str) -> WordNetEntry | None:
    found = _wordnet().get(word)
    if found is None:
        return None
    noun, verb, adj, adv, noun_file, verb_file = found.split("\t")
    return WordNetEntry(float(noun), float(verb), float(adj), float(adv), noun_file, verb_file)


def wordnet_form(word: str) -> tuple[str, str] | None:
    """An irregular form's (lemma, part of speech "n", "v" or "a"): went → (go, v), children → (child, n)."""
    found = _wordnet_forms().get(word)
    return None if found is None else tuple(found.split("\t"))  # type: ignore[return-value]


@dataclass(frozen=True)
class KoreanEntry:
    """A row of the Korean word list: part of speech and English glosses (tried in order)."""

    pos: str  # noun, pron, num, verb, adj, adv, det, interj
    glosses: tuple[str, ...]


KO_POS = ("noun", "pron", "num", "verb", "adj", "adv", "det", "interj")


@lru_cache(maxsize=1)
def words_ko() -> Mapping[str, KoreanEntry]:
    """Korean word (nouns as they are, predicates in their dictionary form ending in 다) → its entry."""
    out = {}
    for word, rest in _columns(WORDS_KO_PATH).items():
        pos, _, gloss = rest.partition("\t")
        out[word] = KoreanEntry(pos, tuple(g.strip() for g in gloss.split("|") if g.strip()))
    return MappingProxyType(out)


@dataclass(frozen=True)
class Sense:
    """What the lexicons say of one English lemma, on the axes' scales: emotion, valence, visual, person; how
    tangible its noun reading is (entity 0.8…1.0); the shares of its noun, verb and modifier readings (None:
    no part of speech known); and the lexicons that said it."""

    emotion: float
    valence: float
    visual: float
    person: float
    entity: float
    pos: tuple[float, float, float] | None
    adjective: bool
    sources: tuple[str, ...]


def _clip(v: float, lo: float, hi: float) -> float:
    return round(min(hi, max(lo, v)), 2) + 0.0


@lru_cache(maxsize=8192)
def sense(lemma: str) -> Sense | None:
    """The lexicons' reading of an English lemma (lower case), or None when neither VADER nor WordNet has it
    (the Lancaster norms alone give no part of speech, so they only add to a word the others know)."""
    v = vader(lemma)
    wn = wordnet(lemma)
    if v is None and wn is None:
        return None
    if v is None and wn is not None:  # loveliness, sadly: VADER rates the word they are made from
        v = next((vader(lemma[: -len(end)] + add) for end, add in DERIVED if lemma.endswith(end)
                  and vader(lemma[: -len(end)] + add) is not None), None)
    sources = []
    emotion = valence = 0.0
    if v is not None:
        sources.append("vader")
        valence = _clip(v / VALENCE_SCALE, -1, 1)
        emotion = _clip(abs(v) / EMOTION_SCALE, 0, EMOTION_CAP)
    visual = 0.0
    s = lancaster(lemma)
    if s is not None:
        sources.append("lancaster")
        visual = _clip((s - VISUAL_FROM) / VISUAL_SPAN, 0, 1)
    person, entity, pos, adjective = 0.0, ABSTRACT, None, False
    if wn is not None:
        sources.append("wordnet")
        pos = (wn.noun, wn.verb, wn.adj + wn.adv)
        adjective = wn.adj >= wn.adv
        entity = CONCRETE.get(wn.noun_file, ABSTRACT)
        if wn.noun >= max(wn.verb, wn.adj + wn.adv):
            person = PERSON.get(wn.noun_file, 0.0)
        if v is None and (wn.noun_file == "feeling" or wn.verb_file == "emotion"):
            emotion = FEELING_EMOTION
    return Sense(emotion, valence, visual, person, entity, pos, adjective, tuple(sources))


def roles_from_pos(s: Sense) -> tuple[float, float, float]:
    """(entity, predicate, modifier) of an English word from its parts of speech: the dominant one takes the
    word table's value for its kind (a noun its tangibility 0.8…1.0, a verb 1.0, an adjective or adverb 0.9,
    an adjective also predicate 0.2 as in the table), the others 0.9 × their share relative to it."""
    if s.pos is None:
        return 0.0, 0.0, 0.6  # VADER alone: mostly interjections and slang (lol, yay)
    n, v, m = s.pos
    top = max(n, v, m)
    entity = s.entity if n == top else round(0.9 * n / top, 2)
    predicate = 1.0 if v == top and n != top else round(0.9 * v / top, 2)
    modifier = 0.9 if m == top and n != top and v != top else round(0.9 * m / top, 2)
    if modifier == 0.9 and s.adjective:
        predicate = max(predicate, 0.2)
    return entity, predicate, modifier
