"""The named semantic axes, the built-in word table (`data/lexicon.csv`) and where a word's vector comes from.

Real embedding dimensions have no names; ours are named so the idea can be seen. `lookup(word)` reads a
word's values, in this order (docs/lexicon.md):

1. the word table (hand-set rows: the app's example and presets depend on them);
2. Korean morphology (`morphology`): a particle split off a table word (노래가 → 노래, "stem"), or a stem and
   an ending read by rule (그리웠다 → 그립다, past predicate): the ending decides the role and the tense, and
   a known stem (a table row of one of its forms, or the Korean word list) lends its meaning;
3. the open lexicons (`lexicons`): VADER, the Lancaster norms and WordNet for English words (and their
   plain inflections: times → time), the Korean word list with its English glosses for Korean ones;
4. only then a stable vector made up from a SHA-256 hash of the normalised word: the same word gives the
   same vector in every process and on every machine, and its values carry no meaning.
"""

from __future__ import annotations

import csv
import hashlib
import unicodedata
from functools import lru_cache
from pathlib import Path

import numpy as np

from . import morphology, words
from .axes import AXES, AXIS_INDEX, AXIS_KEYS, D_MODEL, Axis
from .words import LEXICONS, SOURCES, Lookup

__all__ = ["AXES", "AXIS_INDEX", "AXIS_KEYS", "D_MODEL", "LEXICONS", "SOURCES", "Axis", "Lookup", "embed",
           "embed_all", "hashed_vector", "lookup", "normalize", "table", "table_languages"]

LEXICON_PATH = Path(__file__).with_name("data") / "lexicon.csv"
# Characters stripped from both ends of a word before any lookup: punctuation and symbols of every script
# (“ ” ‘ ’ 「 」 『 』 … , . ! ? and the like), spaces, and invisible format characters (zero-width, bidi).
_STRIP_CATEGORIES = ("P", "S", "Z", "C")
_INVISIBLE = ("Cf", "Cc", "Cs", "Co", "Cn")
MAX_LOOKUP_CHARS = 64  # a longer word (the sentence box allows 30) is not analysed, only hashed


def normalize(word: str) -> str:
    """The table's spelling of a token: NFC, invisible characters removed, punctuation and symbols stripped
    from both ends, lower case. A token made only of such characters (😀, …) keeps them: it stays a word of its
    own (its X edits are keyed by this spelling)."""
    nfc = unicodedata.normalize("NFC", word)
    text = "".join(c for c in nfc if unicodedata.category(c) not in _INVISIBLE)
    start, end = 0, len(text)
    while start < end and unicodedata.category(text[start])[0] in _STRIP_CATEGORIES:
        start += 1
    while end > start and unicodedata.category(text[end - 1])[0] in _STRIP_CATEGORIES:
        end -= 1
    return (text[start:end] or text or nfc).lower()


@lru_cache(maxsize=1)
def table() -> dict[str, tuple[float, ...]]:
    """word → its values on AXES, read once from the CSV (shared read-only by every session)."""
    entries: dict[str, tuple[float, ...]] = {}
    with LEXICON_PATH.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            entries[normalize(row["word"])] = tuple(float(row[key]) for key in AXIS_KEYS)
    return entries


@lru_cache(maxsize=1)
def table_languages() -> dict[str, str]:
    """word → its language ("ko", "en") in the table, in the table's order (what "means like…" offers)."""
    with LEXICON_PATH.open(encoding="utf-8", newline="") as f:
        return {normalize(row["word"]): row["lang"] for row in csv.DictReader(f)}


def hashed_vector(word: str) -> tuple[float, ...]:
    """A stable made-up vector for an unknown word, read off SHA-256(word) (lookup passes the normalised word).

    Unsigned axes land in [0, 0.5], signed ones in [−0.3, 0.3]; the three grammatical-role axes
    (entity, predicate, modifier) get at least 0.2 each, so every word still plays some role.
    """
    data = unicodedata.normalize("NFC", word).encode("utf-8", "surrogatepass")
    digest = hashlib.sha256(data).digest()
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


@lru_cache(maxsize=4096)
def lookup(word: str) -> Lookup:
    """The word's values on AXES and where they come from (the module docstring gives the order)."""
    key = normalize(word)
    entries = table()
    if key in entries:
        return Lookup(entries[key], "table")
    if key and len(key) <= MAX_LOOKUP_CHARS:
        found = words.korean(key, entries) if morphology.is_hangul(key) else words.english(key, entries)
        if found is not None:
            return found
    return Lookup(hashed_vector(key), "hash")


def embed(word: str) -> tuple[float, ...]:
    """The word's values on AXES: from the table, morphology, the open lexicons, else the hashed vector."""
    return lookup(word).values


def embed_all(words_: tuple[str, ...]) -> np.ndarray:
    """(n, D_MODEL) embeddings of `words_`, one row per word."""
    return np.array([embed(w) for w in words_], dtype=np.float64).reshape(len(words_), D_MODEL)

