"""Lesson scenes: the file and link formats as untrusted input, and the built-in lesson's captions against the math."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import numpy as np
import pytest

from attention_core import analysis, codec, scenes
from attention_core.errors import InputError
from attention_core.lexicon import AXES
from attention_core.scenario import Scenario, View


def _lesson() -> list[scenes.Scene]:
    s = Scenario()
    edited = s.with_temperature(0.4).with_matrix("w_q", np.full(s.w_q.shape, 0.25))
    edited, _ = edited.with_sentence("고양이가 매트 위에 앉았다")
    return [
        scenes.Scene(s, View(presenter=True), "score", ("점수", "scores")),
        scenes.Scene(edited, View(lang="en", focus=2, cell=(3, 1)), "value", ("", "only English")),
    ]


def test_file_round_trip_keeps_every_state_page_and_caption():
    back = scenes.from_json(scenes.to_json(_lesson()))
    for a, b in zip(_lesson(), back, strict=True):
        assert b.page == a.page and b.caption == a.caption and b.view == a.view
        assert codec.link_payload(b.scenario, b.view) == codec.link_payload(a.scenario, a.view)
    assert back[1].caption_in("ko") == "only English"  # an empty caption falls back to the other language


def test_link_round_trip_and_length():
    token = scenes.encode_link(_lesson())
    assert len(token) <= scenes.LINK_LIMIT
    back = scenes.decode_link(token)
    assert [b.page for b in back] == ["score", "value"]
    assert back[1].scenario.sentence == "고양이가 매트 위에 앉았다" and back[1].scenario.temperature == 0.4


def _doc() -> dict:
    return json.loads(scenes.to_json(_lesson()))


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="attention-lesson"),
    lambda d: d.update(version=2),
    lambda d: d.update(scenes=[]),
    lambda d: d.update(scenes="x"),
    lambda d: d["scenes"][0].update(page="nowhere"),
    lambda d: d["scenes"][0].update(caption={"ko": "x" * (scenes.MAX_CAPTION_CHARS + 1)}),
    lambda d: d["scenes"][0].update(caption={"fr": "bonjour"}),
    lambda d: d["scenes"][0].update(caption={"ko": 3}),
    lambda d: d["scenes"][0]["state"].update(t=-1),
    lambda d: d["scenes"][0]["state"].update(s=""),
    lambda d: d["scenes"][0]["state"].update(v=9),
    lambda d: d["scenes"][0].update(state=[1, 2]),
    lambda d: d.update(scenes=d["scenes"] * (scenes.MAX_SCENES // 2 + 1)),
])
def test_bad_lesson_files_are_refused(change):
    doc = _doc()
    change(doc)
    with pytest.raises(InputError):
        scenes.from_json(json.dumps(doc, ensure_ascii=False))


@pytest.mark.parametrize("raw", [b"", b"\xff\xfe", b"{not json", b"[]", b"null", b"x" * (scenes.MAX_FILE_BYTES + 1)])
def test_unreadable_files_are_refused(raw):
    with pytest.raises(InputError):
        scenes.from_json(raw)


@pytest.mark.parametrize("token", [
    "", "%%%", "AAAA", "x" * (scenes.MAX_LINK_CHARS + 1), codec.encode_link(Scenario(), View()),
])
def test_bad_lesson_links_are_refused(token):
    with pytest.raises(InputError):
        scenes.decode_link(token)


# The built-in lesson: the source text from its key summary to multi-head attention, every caption checked.

BUILTIN = scenes.builtin()


def numbers(text: str) -> list[float]:
    """Every number a caption states (not the 4 of √4 nor the T of QKᵀ/T)."""
    return [float(x) for x in re.findall(r"(?<![\w.√/])\d+(?:\.\d+)?", text)]


def test_builtin_lesson_follows_the_text_from_summary_to_multi_head():
    assert 8 <= len(BUILTIN) <= 10
    assert BUILTIN[0].page == "home" and BUILTIN[-1].page == "multihead"
    order = ["home", "gaze", "score", "temperature", "value", "residual", "multihead"]
    assert [order.index(s.page) for s in BUILTIN] == sorted(order.index(s.page) for s in BUILTIN)
    assert all(s.caption[0] and s.caption[1] for s in BUILTIN)
    assert all(s.view.presenter for s in BUILTIN)
    assert len(scenes.encode_link(BUILTIN)) <= scenes.LINK_LIMIT  # the Home button's lesson also fits a link


def test_builtin_captions_state_the_scenes_numbers():
    ko = [s.caption[0] for s in BUILTIN]
    en = [s.caption[1] for s in BUILTIN]
    for k, (a, b) in enumerate(zip(ko, en, strict=True)):  # both languages state the same numbers
        assert sorted(numbers(a)) == sorted(numbers(b)), k
    traces = [analysis.compute(s.scenario) for s in BUILTIN]
    r2 = lambda v: round(float(v), 2)  # noqa: E731

    # 1 summary: at T = 1 every word puts more than 91% on 슬픈 and 아름다운
    w = traces[0].trace.weights
    assert BUILTIN[0].scenario.temperature == 1.0 and np.all(w[:, 0] + w[:, 2] > 0.91)
    assert numbers(en[0]) == [1.0, 91.0]
    # 2 gaze: column 1 of W_K reads the emotion axis only; K[:, 0] and 슬픈's scores
    s, tr = BUILTIN[1].scenario, traces[1].trace
    assert [AXES[a].key for a in np.flatnonzero(s.w_k[:, 0])] == ["emotion"]
    assert BUILTIN[1].view.focus == 0
    assert numbers(en[1]) == [1, 1, r2(tr.k[0, 0]), r2(tr.k[2, 0]), *(r2(v) for v in tr.scores[0][[0, 2, 1]])]
    assert r2(tr.scores[0, 1]) == r2(tr.scores[0, 3])
    # 3 score: 영화였다 → 슬픈 against 슬픈 → 영화였다
    tr = traces[2].trace
    assert BUILTIN[2].view.cell == (1, 0)
    assert numbers(en[2]) == [r2(tr.scores[1, 0]), r2(tr.scores[0, 1])]
    assert not np.array_equal(BUILTIN[2].scenario.w_q, BUILTIN[2].scenario.w_k)
    # 4-6 temperature: 슬픈's weights at T = 1, 0.3, 5
    w1, w03, w5 = (traces[k].trace.weights[0] for k in (3, 4, 5))
    assert [BUILTIN[k].scenario.temperature for k in (3, 4, 5)] == [1.0, 0.3, 5.0]
    assert numbers(en[3]) == [1.0, r2(w1[0]), r2(w1[2]), r2(w1[1])] and r2(w1[1]) == r2(w1[3])
    assert numbers(en[4]) == [0.3, r2(w1[0]), 1.0, r2(w03[0])] and w03[0] > w1[0]
    assert numbers(ko[4]) == [0.3, 1.0, r2(w1[0]), r2(w03[0])]
    assert numbers(en[5]) == [5.0, *(r2(v) for v in w5)]
    # 7 value: the largest share of 영화였다's new vector comes from 슬픈's V
    w = traces[6].trace.weights[1]
    parts = analysis.value_contributions(traces[6].trace.weights, traces[6].trace.v, 1)
    assert BUILTIN[6].view.focus == 1 and int(np.argmax(w)) == 0
    assert int(np.argmax(np.linalg.norm(parts, axis=1))) == 0
    assert numbers(en[6]) == [r2(w[0])]
    # 8 residual: after LayerNorm every word has mean 0.00 and std 1.00 (to two decimals)
    mean, std = analysis.row_stats(traces[7].normalized)
    assert np.all(np.round(mean, 2) == 0) and np.all(np.round(std, 2) == 1)
    assert numbers(en[7]) == [0.0, 1.0]
    # 9 multi-head: two heads, T = √4 = 2; the emotion head's favourite is 슬픈 for every word, the grammar
    # head's favourites are 영화였다 and 장면이었다, tied
    s = BUILTIN[8].scenario
    assert s.head_recipes == ("emotion", "grammar") and s.mh_temperature == 2.0
    emotion, grammar = (h.weights for h in traces[8].multi.heads)
    assert np.all(np.argmax(emotion, axis=1) == 0)
    assert np.allclose(grammar[:, 1], grammar[:, 3]) and np.all(grammar[:, 1] > np.max(grammar[:, [0, 2]], axis=1))
    assert numbers(en[8]) == [s.n_heads, 2.0] == [2, 2.0]


def test_a_scene_keeps_its_own_state():
    a = BUILTIN[4]
    b = replace(a, caption=("x", "y"))
    assert b.scenario is a.scenario and b.caption_in("en") == "y"
