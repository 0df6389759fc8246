"""The word table: complete, in range, readable; unknown words get the same vector everywhere."""

from __future__ import annotations

import csv
import subprocess
import sys

import numpy as np

from attention_core import lexicon
from attention_core.lexicon import AXES, embed, embed_all, hashed_vector, lookup, normalize
from attention_core.scenario import Scenario

DOCUMENT_SENTENCES = ("슬픈 영화였다", "아름다운 장면이었다")
LECTURE_STEMS = ("노래", "밤", "영화", "장면", "배우", "친구", "사람", "음악", "이야기", "책", "날", "하늘", "마음")


def is_known(word: str) -> bool:
    """The word itself is a row of the table (no particle split off, no hash)."""
    return lookup(word).source == "table"


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
    assert embed("times,") == embed("times") and embed("“quantumflux”") == embed("quantumflux")


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


def test_the_stems_a_lecturer_types_are_in_the_table():
    for word in LECTURE_STEMS:
        assert is_known(word), word


def test_no_word_appears_twice_and_every_row_keeps_a_role():
    with lexicon.LEXICON_PATH.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    pairs = [(normalize(r["word"]), r["lang"]) for r in rows]
    assert len(pairs) == len(set(pairs))
    for r in rows:
        assert float(r["entity"]) + float(r["predicate"]) + float(r["modifier"]) >= 0.6, r["word"]


def test_added_stems_are_documented():
    doc = (lexicon.LEXICON_PATH.parents[2] / "docs" / "lexicon.md").read_text(encoding="utf-8")
    for word in ("노래", "이야기", "날", "마음", "주인공", "쓸쓸한", "불렀다"):
        assert word in doc, word


def test_a_particle_is_split_off_to_find_the_stem():
    cases = {"노래가": "노래", "밤을": "", "친구와": "친구", "하늘은": "하늘", "영화의": "영화", "학교에서": "학교",
             "책도": "책", "물로": "물", "장면으로": "장면", "영화에서는": "영화", "음악을": "음악", "사람이": "사람"}
    for word, stem in cases.items():
        found = lookup(word)
        if stem:
            assert (found.source, found.stem) == ("stem", stem), word
            assert found.values == embed(stem)
        else:
            assert found.source == "table", word  # 밤을 is a row of its own


def test_a_particle_must_fit_the_final_consonant():
    # 가/를/는/와/로 follow a vowel, 이/을/은/과/으로 a consonant (ㄹ takes 로): a misfit is not a particle
    for word in ("장면가", "장면를", "노래을", "노래은", "물으로", "노래으로", "장면와"):
        assert lookup(word).source == "hash", word
    # A fitting particle after a stem no list knows: the word is read as a noun (its role), its meaning unknown.
    found = lookup("퀀텀얽힘체가")
    assert (found.source, found.stem, found.how) == ("morphology", "", "particle")
    assert found.values == (0.0, 0.0, 0.9, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert lookup("apple").source not in ("stem", "morphology")  # no Korean particle is split off English words


def test_scenario_names_where_each_words_vector_comes_from():
    s, _ = Scenario().with_sentence("그 슬픈 노래가 조용한 밤을 채웠다 퀀텀얽힘체 노래가")
    sources = {w.word: (w.source, w.stem) for w in s.word_sources}
    assert sources["노래가"] == ("stem", "노래") and sources["퀀텀얽힘체"] == ("hash", "")
    assert sources["밤을"] == ("table", "") and len(s.word_sources) == 7  # each word once
    edited = s.with_x(np.vstack([s.x[:6], np.full((1, len(AXES)), 0.5), s.x[7:]]))
    assert {w.word: w.source for w in edited.word_sources}["퀀텀얽힘체"] == "edited"
