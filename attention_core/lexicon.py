"""The named semantic axes and the built-in word table (`data/lexicon.csv`, documented in docs/lexicon.md).

Real embedding dimensions have no names; ours are named so the idea can be seen. Values are set by
hand, not learned. A word missing from the table gets a stable vector derived from a SHA-256 hash
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


def is_known(word: str) -> bool:
    return normalize(word) in table()


def embed(word: str) -> tuple[float, ...]:
    """The word's values on AXES: from the table when known, else the hashed vector."""
    return table().get(normalize(word)) or hashed_vector(word)


def embed_all(words: tuple[str, ...]) -> np.ndarray:
    """(n, D_MODEL) embeddings of `words`, one row per word."""
    return np.array([embed(w) for w in words], dtype=np.float64).reshape(len(words), D_MODEL)
