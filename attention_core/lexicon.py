"""The named semantic axes and the built-in word table (`data/lexicon.csv`, documented in docs/lexicon.md).

Real embedding dimensions have no names; ours are named so the idea can be seen. Values are set by
hand, not learned. A Korean word missing from the table is looked up again without a common particle
(노래가 → 노래, 영화에서 → 영화); a word still missing gets a stable vector derived from a SHA-256 hash
of the word, so the same word gives the same vector in every process and on every machine.
"""

from __future__ import annotations

import csv
import hashlib
import string
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class Axis:
    """One named embedding dimension; `signed` axes run from −1 to 1, the others from 0 to 1."""

    key: str
    ko: str
    en: str
    signed: bool


AXES: tuple[Axis, ...] = (
    Axis("emotion", "감정", "emotion", False),
    Axis("valence", "긍정·부정", "valence", True),
    Axis("entity", "명사성", "entity", False),
    Axis("predicate", "서술성", "predicate", False),
    Axis("modifier", "수식성", "modifier", False),
    Axis("visual", "시각", "visual", False),
    Axis("tense", "시제", "tense", True),
    Axis("person", "사람", "person", False),
)
AXIS_KEYS: tuple[str, ...] = tuple(a.key for a in AXES)
D_MODEL = len(AXES)
AXIS_INDEX = {key: i for i, key in enumerate(AXIS_KEYS)}

LEXICON_PATH = Path(__file__).with_name("data") / "lexicon.csv"
_PUNCTUATION = string.punctuation + "“”‘’«»…·。、！？，"


def normalize(word: str) -> str:
    """The table's spelling of a token: NFC, outer punctuation stripped, lower case."""
    return unicodedata.normalize("NFC", word).strip(_PUNCTUATION).lower()


@lru_cache(maxsize=1)
def table() -> dict[str, tuple[float, ...]]:
    """word → its values on AXES, read once from the CSV (shared read-only by every session)."""
    entries: dict[str, tuple[float, ...]] = {}
    with LEXICON_PATH.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            entries[normalize(row["word"])] = tuple(float(row[key]) for key in AXIS_KEYS)
    return entries


def hashed_vector(word: str) -> tuple[float, ...]:
    """A stable made-up vector for an unknown word, read off SHA-256(word).

    Unsigned axes land in [0, 0.5], signed ones in [−0.3, 0.3]; the three grammatical-role axes
    (entity, predicate, modifier) get at least 0.2 each, so every word still plays some role.
    """
    digest = hashlib.sha256(unicodedata.normalize("NFC", word).encode("utf-8")).digest()
    values = []
    for i, axis in enumerate(AXES):
        u = digest[i] / 255.0  # in [0, 1]
        if axis.signed:
            v = -0.3 + 0.6 * u
        elif axis.key in ("entity", "predicate", "modifier"):
            v = 0.2 + 0.5 * u
        elif axis.key == "emotion":
            v = 0.3 * u
        else:
            v = 0.5 * u
        values.append(round(v, 2))
    return tuple(values)


# Korean particles split off an unknown word to find its stem in the table, longest first. Each entry:
# (particle, which stems it follows: "c" after a final consonant, "v" after none or ㄹ-only rules, "any").
PARTICLES: tuple[tuple[str, str], ...] = (
    ("에서", "any"), ("으로", "c"), ("로", "v"), ("이", "c"), ("가", "v"), ("을", "c"), ("를", "v"),
    ("은", "c"), ("는", "v"), ("과", "c"), ("와", "v"), ("의", "any"), ("에", "any"), ("도", "any"),
)
_RIEUL = 8


def _final(syllable: str) -> int | None:
    """The final-consonant index of a Hangul syllable (0 = none, 8 = ㄹ), None for anything else."""
    code = ord(syllable) - 0xAC00
    return code % 28 if 0 <= code < 11172 else None


def _fits(stem: str, particle: str, after: str) -> bool:
    """Whether `particle` can follow `stem` (받침 rules; ㄹ takes 로, not 으로)."""
    final = _final(stem[-1])
    if final is None:
        return False
    if particle == "로":
        return final in (0, _RIEUL)
    if particle == "으로":
        return final not in (0, _RIEUL)
    return after == "any" or (after == "c") == (final != 0)


@dataclass(frozen=True)
class Lookup:
    """Where a word's vector comes from: "table" (the word itself), "stem" (its stem once a particle is split
    off, e.g. 노래가 → 노래) or "hash" (made up from the word's SHA-256: not in the table)."""

    values: tuple[float, ...]
    source: str
    stem: str = ""


@lru_cache(maxsize=4096)
def lookup(word: str) -> Lookup:
    """The word's values on AXES and where they come from: the table, a stem in the table, or the hash."""
    key = normalize(word)
    entries = table()
    if key in entries:
        return Lookup(entries[key], "table")
    stem = _stem(key, entries)
    if stem:
        return Lookup(entries[stem], "stem", stem)
    return Lookup(hashed_vector(word), "hash")


def _stem(key: str, entries: dict[str, tuple[float, ...]], depth: int = 2) -> str:
    """The longest table entry left once one or two particles are split off the end (영화에서는 → 영화)."""
    if depth == 0:
        return ""
    for particle, after in PARTICLES:
        stem = key[: -len(particle)]
        if key.endswith(particle) and stem and _fits(stem, particle, after):
            if stem in entries:
                return stem
            deeper = _stem(stem, entries, depth - 1)
            if deeper:
                return deeper
    return ""


def embed(word: str) -> tuple[float, ...]:
    """The word's values on AXES: from the table (the word or its stem), else the hashed vector."""
    return lookup(word).values


def embed_all(words: tuple[str, ...]) -> np.ndarray:
    """(n, D_MODEL) embeddings of `words`, one row per word."""
    return np.array([embed(w) for w in words], dtype=np.float64).reshape(len(words), D_MODEL)
