"""The sidebar's drawers (lecture tools, lesson scenes): built only while open, their widgets' values kept while
they are closed, opened again by a new lesson (ui/drawers.py, frame.Page.drawer, persist_state="session")."""

from __future__ import annotations

import pytest

from attention_core.registry import PAGE_KEYS
from tests.app.conftest import _walk, assert_clean, open_drawer, open_page, state

DRAWERS = {"tl:box": "tl:", "sc:box": "sc:"}  # a drawer's key, and the prefix of the keys of what it holds


def keys(at, prefix: str) -> set[str]:
    """The keys of the widgets on the page that start with `prefix`, the drawers themselves left out."""
    return {str(e.key) for e in _walk(at._tree)
            if str(getattr(e, "key", None) or "").startswith(prefix) and e.key not in DRAWERS}


def close(at, key: str):
    """Close drawer `key` as a click does (its on_change keeps it closed for the session)."""
    at.session_state[key] = False
    state(at).kept[key] = False
    return at.run()


@pytest.mark.parametrize("page", PAGE_KEYS)
def test_closed_drawers_build_nothing(page):
    at = open_page(page)
    for key, prefix in DRAWERS.items():
        assert any(e.key == key for e in at.expander), f"the drawer {key} is on the page"
        assert keys(at, prefix) == set(), f"a closed drawer builds none of its widgets ({key})"


def test_an_open_drawer_builds_its_tools_and_a_closed_one_drops_them():
    at = open_drawer(open_page("gaze"), "tl:box")
    assert {"tl:snapshot", "tl:matrix", "tl:csv", "tl:tex", "tl:json", "tl:handout", "tl:upload"} <= keys(at, "tl:")
    open_drawer(at, "sc:box")
    assert {"sc:cap_ko", "sc:cap_en", "sc:add", "sc:upload", "sc:builtin"} <= keys(at, "sc:")
    close(at, "tl:box")
    assert keys(at, "tl:") == set() and "sc:add" in keys(at, "sc:")


def test_a_caption_being_typed_and_the_export_picked_survive_their_drawer_closing():
    at = open_drawer(open_page("score"), "sc:box")
    at.text_input(key="sc:cap_ko").input("점수부터").run()
    at.text_input(key="sc:cap_en").input("scores first").run()
    open_drawer(at, "tl:box")
    at.selectbox(key="tl:matrix").set_value("weights").run()
    close(close(at, "sc:box"), "tl:box")
    assert keys(at, "sc:") == set() and keys(at, "tl:") == set()
    at.switch_page("pages/1_gaze.py").run()  # a page switch with both closed
    open_drawer(open_drawer(at, "sc:box"), "tl:box")
    assert_clean(at)
    assert at.text_input(key="sc:cap_ko").value == "점수부터" and at.text_input(key="sc:cap_en").value == "scores first"
    assert at.selectbox(key="tl:matrix").value == "weights"
    at.button(key="sc:add").click().run()  # and the scene gets the caption kept
    assert state(at).scenes[-1].caption == ("점수부터", "scores first")


def test_a_new_lesson_opens_the_scene_list_even_after_it_was_closed():
    at = open_drawer(open_page("home"), "sc:box")
    close(at, "sc:box")
    at.button(key="home:lesson").click().run()
    assert_clean(at)
    assert state(at).scenes and "sc:go:0" in keys(at, "sc:"), "the lesson's scenes are listed"


def test_a_kept_export_choice_that_is_gone_gives_way_to_the_first():
    at = open_drawer(open_page("multihead"), "tl:box")
    at.selectbox(key="tl:matrix").set_value("head2_weights").run()
    close(at, "tl:box")
    at.segmented_control(key="mh:heads").set_value(1).run()  # one head: "head 2's weights" is gone
    assert_clean(at)
    open_drawer(at, "tl:box")
    assert_clean(at)
    assert at.selectbox(key="tl:matrix").value == "X"
