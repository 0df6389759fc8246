"""Lesson scenes under AppTest: build, reorder, delete, walk with the step buttons, open the built-in lesson."""

from __future__ import annotations

from attention_core import scenes
from attention_core.ui import md
from tests.app.conftest import assert_clean, open_page, state


def test_home_opens_the_builtin_lesson_and_the_buttons_walk_it():
    at = open_page("home")
    at.button(key="home:lesson").click().run()
    assert_clean(at)
    lesson = scenes.builtin()
    st_ = state(at)
    assert st_.walk == 0 and len(st_.scenes) == len(lesson)
    assert st_.view.presenter
    assert any(md(lesson[0].caption[0]) in i.value for i in at.info)
    seen = []
    for k in range(1, len(lesson)):
        at.button(key="pr:next").click().run()
        assert_clean(at)
        st_ = state(at)
        assert st_.walk == k
        assert st_.scenario.temperature == lesson[k].scenario.temperature
        assert any(md(lesson[k].caption[0]) in i.value for i in at.info), k
        seen.append(at.title[0].value[0])
    assert seen[-1] == "⑥" and at.button(key="pr:next").disabled
    at.button(key="pr:prev").click().run()
    assert state(at).walk == len(lesson) - 2
    at.button(key="sc:end").click().run()
    assert state(at).walk is None


def test_scenes_are_added_reordered_deleted_and_walked():
    at = open_page("score")
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
