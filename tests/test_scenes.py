"""Lesson scenes: the file and link formats as untrusted input, and the built-in lesson's captions against the math."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import numpy as np
import pytest

from attention_core import analysis, codec, scenes
from attention_core.classroom.asking import Ask
from attention_core.errors import InputError
from attention_core.lexicon import AXES
from attention_core.scenario import Scenario, View


def _lesson() -> list[scenes.Scene]:
    s = Scenario()
    edited = s.with_temperature(0.4).with_matrix("w_q", np.full(s.w_q.shape, 0.25))
    edited, _ = edited.with_sentence("고양이가 매트 위에 앉았다")
    return [
        scenes.Scene(s, View(presenter=True), "score", ("점수", "scores"), "chart:scores"),
        scenes.Scene(edited, View(lang="en", focus=2, cell=(3, 1)), "value", ("", "only English")),
    ]


def test_file_round_trip_keeps_every_state_page_and_caption():
    back = scenes.from_json(scenes.to_json(_lesson()))
    for a, b in zip(_lesson(), back, strict=True):
        assert b.page == a.page and b.caption == a.caption and b.view == a.view and b.focus == a.focus
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
    lambda d: d["scenes"][0].update(focus="chart:<b>"),
    lambda d: d["scenes"][0].update(focus=["chart:x"]),
    lambda d: d["scenes"][0].update(focus="x" * (scenes.MAX_FOCUS_CHARS + 1)),
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


def test_a_scenes_question_round_trips_through_the_file_and_the_link():
    s = Scenario()
    asks = [Ask("spread", row=1, t=0.5), Ask("tap", target="pair", row=1, col=0), Ask("temperature", row=2),
            Ask("spread", source="document", t=2.0), Ask("pick", row=3)]
    lesson = [scenes.Scene(s, View(), "temperature", ("", "x"), question=a) for a in asks]
    for back in (scenes.from_json(scenes.to_json(lesson)), scenes.decode_link(scenes.encode_link(lesson))):
        assert [b.question for b in back] == asks
    assert "question" not in json.loads(scenes.to_json(_lesson()))["scenes"][0]  # none: none written


@pytest.mark.parametrize("question", [
    "spread", [], {}, {"kind": "poll"}, {"kind": "spread", "row": 4}, {"kind": "spread", "row": -1},
    {"kind": "spread", "row": True}, {"kind": "spread", "row": 1.0}, {"kind": "spread", "t": float("nan")},
    {"kind": "spread", "t": 0}, {"kind": "spread", "t": 1e9}, {"kind": "spread", "t": "0.5"},
    {"kind": "spread", "t": True},
    {"kind": "spread", "extra": 1}, {"kind": "tap", "target": "min"}, {"kind": "tap", "col": 4},
    {"kind": "temperature"},  # ③'s only: the scene is on ②
    {"kind": "spread", "source": "document"},  # ③'s only
    {"kind": "spread", "source": "x" * 10_000}, {"kind": ["spread"] * 1000}, {"kind": "x" * 100},
])
def test_a_bad_scene_question_is_refused(question):
    doc = _doc()
    doc["scenes"][0]["question"] = question  # scene 0 is on ② (score), 4 words
    with pytest.raises(InputError) as err:
        scenes.from_json(json.dumps(doc, ensure_ascii=False))
    assert err.value.key == "lesson_invalid"


def test_a_tap_question_needs_a_sentence_a_phone_can_tap():
    s, _ = Scenario().with_sentence(" ".join(f"w{k}" for k in range(9)))
    with pytest.raises(InputError):
        scenes.Scene(s, View(), "score", ("", "x"), question=Ask("tap"))
    assert scenes.Scene(s, View(), "score", ("", "x"), question=Ask("spread", row=8)).question.row == 8


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


def shown(k: int, lang: str) -> str:
    return BUILTIN[k].caption_shown(lang)


def test_builtin_captions_are_filled_from_each_scenes_state_never_typed():
    for k, scene in enumerate(BUILTIN):
        for lang in ("ko", "en"):
            template = scene.caption_in(lang)
            assert "{" in template, (k, lang)  # its numbers are blanks
            assert not numbers(re.sub(r"\{[^}]*\}", "", template).replace("QKᵀ/T", "")), (k, lang, template)
            assert "{" not in shown(k, lang) and "}" not in shown(k, lang), (k, lang)  # every blank filled
        assert sorted(numbers(shown(k, "ko"))) == sorted(numbers(shown(k, "en"))), k  # the same numbers
        assert scene.focus, k  # and each names the element it is about


def test_builtin_captions_claims_hold_on_their_scenes_math():
    traces = [analysis.compute(s.scenario) for s in BUILTIN]
    words = [s.scenario.labels for s in BUILTIN]
    r2 = lambda v: round(float(v), 2)  # noqa: E731

    # 1 summary: every word puts most of its weight on 슬픈 and 아름다운 (the two most-looked-at words)
    (a, b), share = analysis.most_looked_pair(traces[0].trace.weights)
    assert (words[0][a], words[0][b]) == ("슬픈", "아름다운") and share.min() > 50
    assert numbers(shown(0, "en")) == [1.0, round(share.min())]
    # 2 gaze: column 1 of W_K reads the emotion axis only; the other two words get the same score
    s, tr = BUILTIN[1].scenario, traces[1].trace
    assert [AXES[a].key for a in np.flatnonzero(s.w_k[:, 0])] == ["emotion"]
    assert BUILTIN[1].view.focus == 0 and r2(tr.scores[0, 1]) == r2(tr.scores[0, 3])
    # 3 score: 영화였다 → 슬픈 against 슬픈 → 영화였다, and W_Q ≠ W_K
    assert BUILTIN[2].view.cell == (1, 0)
    assert not np.array_equal(BUILTIN[2].scenario.w_q, BUILTIN[2].scenario.w_k)
    assert traces[2].trace.scores[1, 0] != traces[2].trace.scores[0, 1]
    # 4-6 temperature: 슬픈's weights at T = 1, 0.3, 5: the other two equal; lower T sharper; T = 5 spread out
    w1, w03, w5 = (traces[k].trace.weights[0] for k in (3, 4, 5))
    assert [BUILTIN[k].scenario.temperature for k in (3, 4, 5)] == [1.0, 0.5, 5.0]
    assert r2(w1[1]) == r2(w1[3]) and w03[0] > w1[0] and np.ptp(w5) < np.ptp(w1)
    # 4 asks the class where 영화였다 puts its attention at T = 0.5, which 5 shows: its row, the other two equal
    assert BUILTIN[3].question == Ask("spread", row=1, t=0.5) and BUILTIN[4].scenario.temperature == 0.5
    w05 = traces[4].trace.weights[1]
    assert numbers(shown(4, "en")) == [0.5, r2(w05[0]), r2(w05[2]), r2(w05[1])] and r2(w05[1]) == r2(w05[3])
    # 7 value: the largest share of 영화였다's new vector comes from 슬픈's V, its largest weight
    w = traces[6].trace.weights[1]
    parts = analysis.value_contributions(traces[6].trace.weights, traces[6].trace.v, 1)
    assert BUILTIN[6].view.focus == 1 and int(np.argmax(w)) == 0
    assert int(np.argmax(np.linalg.norm(parts, axis=1))) == 0
    # 8 residual: after LayerNorm every word has the same mean and std (to two decimals) as the first word
    mean, std = analysis.row_stats(traces[7].normalized)
    assert len(set(np.round(mean, 2) + 0.0)) == 1 and len(set(np.round(std, 2))) == 1
    # 9 multi-head: the emotion head's favourite is 슬픈 for every word, the grammar head's 영화였다 and 장면이었다
    s = BUILTIN[8].scenario
    assert s.head_recipes == ("emotion", "grammar")
    emotion, grammar = (h.weights for h in traces[8].multi.heads)
    assert np.all(np.argmax(emotion, axis=1) == 0)
    assert np.allclose(grammar[:, 1], grammar[:, 3]) and np.all(grammar[:, 1] > np.max(grammar[:, [0, 2]], axis=1))


def test_a_caption_blank_is_filled_from_the_state_and_anything_else_in_braces_is_refused_when_the_scene_is_made():
    s, _ = Scenario().with_sentence("고양이가 매트 위에 앉았다")
    w = analysis.compute(s).trace.weights
    scene = scenes.Scene(s, View(), "score", ("‘{word[1]}’{word[1]:이/가} {w[1][0]} · {T:g} {{x}}", "{w[1][0]:.3f}"))
    assert scene.caption_shown("ko") == f"‘매트’가 {w[1, 0]:.2f} · 1 {{x}}"
    assert scene.caption_shown("en") == f"{w[1, 0]:.3f}"
    for typed in ("{", "a } b", "{nothing}", "{w[9][9]}", "{w[0]}", "{word.__class__}", "{w[0][0]:%}", "{T:>9}",
                  "{T:>999999999}", "{word[0]:^400000000}", "{w[0][0]:,>300000000.2f}", "{T:{T}}", "{T!r}",
                  "{word[0]:.2f}", "{T:.9f}", "{word[0]:이/가x}"):
        with pytest.raises(InputError) as err:
            scenes.Scene(s, View(), "score", (typed, ""))
        assert err.value.key == "caption_blank", typed


def test_a_scene_keeps_its_own_state():
    a = BUILTIN[4]
    b = replace(a, caption=("x", "y"))
    assert b.scenario is a.scenario and b.caption_in("en") == "y"


def test_the_largest_lesson_the_app_lets_a_lecturer_build_saves_and_opens_again():
    rng = np.random.default_rng(0)
    words = " ".join(f"단어{i:02d}" + "가나다라마바사아자차카타파하가나다라마바사아"[: 30 - 4] for i in range(64))
    s, _ = Scenario().with_sentence(words)
    s = (s.with_x(rng.uniform(-9, 9, (64, 8))).with_matrix("w_q", rng.uniform(-9, 9, (8, 4)))
         .with_matrix("w_k", rng.uniform(-9, 9, (8, 4))).with_matrix("w_v", rng.uniform(-9, 9, (8, 8))))
    caption = ("{word[63]} → {word[0]} {w[63][0]:.3f} · " * 8)[: scenes.MAX_CAPTION_CHARS].rsplit("{", 1)[0].strip()
    lesson = [scenes.Scene(s.with_temperature(0.5 + 0.1 * k), View(presenter=True), "score", (caption, caption),
                           "chart:scores") for k in range(scenes.MAX_SCENES)]
    text = scenes.to_json(lesson)
    assert len(text.encode()) <= scenes.MAX_FILE_BYTES
    back = scenes.from_json(text.encode())
    assert len(back) == scenes.MAX_SCENES and back[-1].caption_shown("en") == lesson[-1].caption_shown("en")
