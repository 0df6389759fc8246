"""Lesson scenes under AppTest: build, reorder, delete, walk with the step buttons, open the built-in lesson."""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

from attention_core import analysis, scenes
from attention_core.i18n import text
from attention_core.ui import md
from tests.app.conftest import assert_clean, chart, open_drawer, open_page, say, state
from tests.figure_data import decode_typed_arrays
from tests.test_scenes import numbers


def test_home_opens_the_builtin_lesson_and_the_buttons_walk_it():
    at = open_page("home")
    at.button(key="home:lesson").click().run()
    assert_clean(at)
    lesson = scenes.builtin()
    st_ = state(at)
    assert st_.walk == 0 and len(st_.scenes) == len(lesson)
    assert st_.view.presenter
    assert any(md(lesson[0].caption_shown('ko')) in i.value for i in at.info)
    seen = []
    for k in range(1, len(lesson)):
        at.button(key="pr:next").click().run()
        assert_clean(at)
        st_ = state(at)
        assert st_.walk == k
        assert st_.scenario.temperature == lesson[k].scenario.temperature
        assert any(md(lesson[k].caption_shown('ko')) in i.value for i in at.info), k
        seen.append(at.title[0].value[0])
    assert seen[-1] == "⑥" and at.button(key="pr:next").disabled
    at.button(key="pr:prev").click().run()
    assert state(at).walk == len(lesson) - 2
    at.button(key="sc:end").click().run()
    assert state(at).walk is None


@pytest.mark.parametrize("opener", ["home:lesson", "sc:builtin"])
def test_a_step_pressed_in_the_same_message_as_the_lessons_opener_moves_the_opened_lesson(opener):
    """In presenter mode the page has presenter mode's own step buttons, under the keys the lesson's bar reuses: a
    clicker's press right after "open the built-in lesson" can reach the server in the opener's message, and
    Streamlit calls the two callbacks in an order of its own (here one order for each opener: Home's body, the
    sidebar). The lesson opens, moved on by the step; no page step is taken."""
    at = open_page("home")
    at.toggle(key="sb:presenter").set_value(True).run()
    if opener == "sc:builtin":
        open_drawer(at, "sc:box")
    assert not at.button(key="pr:next").disabled and not state(at).scenes
    at.button(key=opener).click()
    at.button(key="pr:next").click().run()
    assert_clean(at)
    lesson = scenes.builtin()
    assert state(at).walk == 1 and len(state(at).scenes) == len(lesson)
    assert any(md(lesson[1].caption_shown("ko")) in i.value for i in at.info)
    assert at.title[0].value == text("ko", f"page.{lesson[1].page}")  # the scene's page: no page step on


def test_the_builtin_lesson_walks_in_the_language_on_screen():
    lesson = scenes.builtin()
    at = open_page("home")
    at.segmented_control(key="sb:lang").set_value("en").run()
    at.button(key="home:lesson").click().run()
    for k in range(len(lesson)):
        if k:
            at.button(key="pr:next").click().run()
        assert_clean(at)
        assert state(at).view.lang == "en"
        assert any(md(lesson[k].caption_shown("en")) in i.value for i in at.info), k


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_caption_whose_scene_was_moved_says_so_and_the_scene_comes_back(lang):
    """A caption's numbers are its scene's: once T moves (or the sentence, or the page), the banner says which
    state the caption is about and what the screen shows now, and "back to the scene" restores it."""
    from attention_core.i18n import text

    lesson = scenes.builtin()
    k = next(i for i, sc in enumerate(lesson) if sc.page == "temperature" and "{" in sc.caption_in(lang))
    at = open_page("home")
    at.segmented_control(key="sb:lang").set_value(lang).run()
    at.button(key="home:lesson").click().run()
    for _ in range(k):
        at.button(key="pr:next").click().run()
    assert state(at).walk == k
    saved = lesson[k].scenario.temperature
    assert not [w for w in at.warning if md(lesson[k].caption_shown(lang)) in w.value]
    now = next(t for t in (2.0, 0.5, 5.0) if t != saved)
    at.select_slider(key="sb:T").set_value(now).run()
    assert_clean(at)
    said = text(lang, "lecture.scene_moved_t", saved=saved, now=now)
    banner = [w.value for w in at.warning if md(lesson[k].caption_shown(lang)) in w.value]
    assert banner and said in banner[0]
    assert not any(md(lesson[k].caption_shown(lang)) in i.value for i in at.info)
    at.button(key="pr:back").click().run()
    assert_clean(at)
    assert state(at).scenario.temperature == saved and state(at).walk == k
    assert any(md(lesson[k].caption_shown(lang)) in i.value for i in at.info)
    assert not any(said in w.value for w in at.warning)
    at.text_input(key="sb:sentence").set_value("고양이가 매트 위에 앉았다").run()  # another sentence: said too
    assert any(text(lang, "lecture.scene_moved") in w.value for w in at.warning)


def test_scenes_are_added_reordered_deleted_and_walked():
    at = open_drawer(open_page("score"), "sc:box")
    at.text_input(key="sc:cap_ko").input("첫 장면").run()
    at.text_input(key="sc:cap_en").input("first").run()
    at.button(key="sc:add").click().run()
    at.select_slider(key="sb:T").set_value(0.3).run()
    at.text_input(key="sc:cap_ko").input("둘째").run()
    at.button(key="sc:add").click().run()
    assert_clean(at)
    st_ = state(at)
    assert [s.caption[0] for s in st_.scenes] == ["첫 장면", "둘째"]
    assert [s.scenario.temperature for s in st_.scenes] == [1.0, 0.3]
    at.button(key="sc:up:1").click().run()
    assert [s.caption[0] for s in state(at).scenes] == ["둘째", "첫 장면"]
    at.button(key="sc:go:1").click().run()  # show the T = 1 scene: T goes back to 1
    assert_clean(at)
    assert state(at).walk == 1 and state(at).scenario.temperature == 1.0
    at.button(key="pr:prev").click().run()
    assert state(at).scenario.temperature == 0.3
    at.button(key="sc:drop:0").click().run()
    assert [s.caption[0] for s in state(at).scenes] == ["첫 장면"]


def test_a_lesson_link_opens_its_first_scene_and_a_bad_one_says_so():
    token = scenes.encode_link(scenes.builtin()[2:4])
    at = open_page("home", query={"lesson": token})
    assert_clean(at)
    assert state(at).walk == 0 and state(at).view.cell == (1, 0)
    bad = open_page("home", query={"lesson": "AAAA"})
    assert_clean(bad)
    assert state(bad).scenes == []
    assert any("수업 링크를 열 수 없습니다" in e.value and "could not be opened" in e.value for e in bad.error)


def figure_numbers(fig) -> tuple[list[float], set[str]]:
    """Every number a figure's traces hold (their arrays, decoded) and every number written in its texts (titles,
    tick labels, cell and bar texts, legend names): what the chart can show."""
    values: list[float] = []
    written: set[str] = set()

    def walk(obj, key: str = "", data: bool = True) -> None:
        if isinstance(obj, dict):
            for k, v in obj.items():
                walk(v, k if k in TEXTS else key, data)
        elif isinstance(obj, (list, tuple)):
            for v in obj:
                walk(v, key, data)
        elif isinstance(obj, np.ndarray):
            walk(obj.tolist(), key, data)
        elif isinstance(obj, str):
            if key in TEXTS:
                written.update(re.findall(r"\d+(?:\.\d+)?", obj))
        elif data and isinstance(obj, (int, float)) and not isinstance(obj, bool) and np.isfinite(obj):
            values.append(float(obj))

    data = decode_typed_arrays(fig.to_plotly_json())
    walk([{k: t[k] for k in ("y", "z", "text", "name", "customdata") if k in t} for t in data["data"]])
    walk(data["layout"], "", data=False)  # its texts only: sizes and ranges are not data
    return values, written


TEXTS = {"text", "ticktext", "name", "customdata"}


def holds(number: str, values: list[float], written: set[str]) -> bool:
    """The figure shows `number` as written: a string with it, or a value that rounds to it."""
    places = len(number.split(".")[1]) if "." in number else 0
    return number in written or any(abs(round(abs(v), places) - float(number)) < 1e-9 for v in values)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_number_of_each_builtin_caption_is_in_its_focused_element(lang):
    lesson = scenes.builtin()
    at = open_page("home")
    if lang == "en":
        at.segmented_control(key="sb:lang").set_value("en").run()
    at.button(key="home:lesson").click().run()
    for k, scene in enumerate(lesson):
        if k:
            at.button(key="pr:next").click().run()
        assert_clean(at)
        assert state(at).walk == k
        assert scene.focus.startswith("chart:"), k  # the built-in lesson's captions are all about a chart
        values, written = figure_numbers(chart(at, scene.focus.removeprefix("chart:")))
        caption = scene.caption_shown(lang)
        said = re.findall(r"(?<![\w.√/])\d+(?:\.\d+)?", caption)
        assert [float(x) for x in said] == numbers(caption)
        missing = [x for x in said if not holds(x, values, written)]
        assert not missing, (k, scene.focus, caption, missing)


def test_the_builder_picks_the_captions_focus_by_its_visible_name_and_previews_the_caption():
    at = open_page("score")
    open_drawer(at, "sc:box")
    picker = at.selectbox(key="sc:focus")
    scores_title = html.unescape(re.sub("<[^>]+>", "", chart(at, "scores").layout.title.text.replace("<br>", " ")))
    assert picker.options[0] == say("lecture.scene_focus_none")
    assert " ".join(scores_title.split()) in picker.options  # the chart's own title, as the page shows it
    path_name = say("score.path", i=state(at).scenario.labels[state(at).view.cell[0]])
    assert path_name in picker.options  # and the weight path table, by its name
    weights_title = " ".join(scores_title.split())
    at.text_input(key="sc:cap_ko").input("‘{word[0]}’의 점수 {s[0][1]}").run()
    picker.set_value("chart:scores").run()
    assert_clean(at)
    s = state(at).scenario
    filled = f"‘{s.labels[0]}’의 점수 {analysis.compute(s).trace.scores[0, 1]:.2f}"
    assert any(md(filled) in i.value for i in at.info)  # what the class will see, filled from this state
    assert any(say("lecture.scene_preview_focus", name=weights_title) in c.value for c in at.caption)
    at.button(key="sc:add").click().run()
    (scene,) = state(at).scenes
    assert scene.focus == "chart:scores" and scene.caption_shown("ko") == filled


def test_a_caption_with_a_blank_the_app_does_not_offer_is_refused_in_the_preview_and_not_added():
    at = open_page("score")
    open_drawer(at, "sc:box")
    at.text_input(key="sc:cap_en").input("T is {T:>999999999}").run()
    assert_clean(at)
    assert any("{T:>999999999}" in e.value for e in at.error)
    at.button(key="sc:add").click().run()
    assert state(at).scenes == []
