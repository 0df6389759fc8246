"""The word table: complete, in range, readable; unknown words get the same vector everywhere."""

from __future__ import annotations

import csv
import subprocess
import sys

import numpy as np

from attention_core import lexicon
from attention_core.lexicon import AXES, embed, embed_all, hashed_vector, is_known, normalize

DOCUMENT_SENTENCES = ("슬픈 영화였다", "아름다운 장면이었다")


def test_axes_are_named_in_both_languages():
    assert len(AXES) >= 6
    assert len({a.key for a in AXES}) == len(AXES)
    assert all(a.ko and a.en for a in AXES)
    assert not next(a for a in AXES if a.key == "emotion").signed


def test_table_has_at_least_80_words_in_range():
    with lexicon.LEXICON_PATH.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= 80
    assert {r["lang"] for r in rows} == {"ko", "en"}
    for r in rows:
        for a in AXES:
            v = float(r[a.key])
            assert (-1 if a.signed else 0) <= v <= 1, (r["word"], a.key, v)


def test_document_words_are_known():
    for sentence in DOCUMENT_SENTENCES:
        for word in sentence.split():
            assert is_known(word), word


def test_lookup_ignores_case_and_outer_punctuation():
    assert normalize("Movie,") == "movie"
    assert embed("Sad.") == embed("sad")


def test_unknown_words_get_a_stable_hashed_vector_across_processes():
    word = "퀀텀얽힘체"
    assert not is_known(word)
    here = hashed_vector(word)
    code = f"from attention_core.lexicon import hashed_vector; print(list(hashed_vector({word!r})))"
    env = {"PYTHONHASHSEED": "123", "PATH": ""}
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert there.strip() == str(list(here))
    assert hashed_vector("another") != here
    assert embed(word) == here


def test_hashed_vectors_stay_in_range_and_keep_a_role():
    for word in ("zzz", "qwerty", "가나다라", "😀", "<script>"):
        v = hashed_vector(word)
        for a, x in zip(AXES, v, strict=False):
            assert (-1 if a.signed else 0) <= x <= 1
        roles = v[2] + v[3] + v[4]
        assert roles >= 0.6


def test_embed_all_shape():
    assert embed_all(("슬픈", "영화였다", "unknown")).shape == (3, len(AXES))
    assert np.array_equal(embed_all(("슬픈",))[0], embed("슬픈"))
