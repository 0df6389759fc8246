"""A lecturer's own lesson, in a real browser: built on a laptop with presenter mode off (a line of a poem, two
scenes, each caption's focus picked by its chart's visible name), then walked in class in presenter mode at a
projector's and a laptop's size: presenter mode stays on through every scene, chart text stays readable from the
back (≥ 18 px), and each scene brings its chart to just under the caption.
"""

from __future__ import annotations

import pytest

from attention_core import codec, scenes
from attention_core.i18n import text
from attention_core.scenario import Scenario, View
from tests.e2e.driver import SIDEBAR, by_key, chart_title, click_toggle, go_to, key_class, open_drawer, settle
from tests.e2e.room_text import room_text_failures
from tests.e2e.test_axe import open_sidebar
from tests.e2e.test_scenes import AIMED_JS, BANNER, CUT_BY_BAR_JS, FOCUS_IN_VIEW_JS, path_of

POEM = "나 보기가 역겨워 가실 때에는 말없이 고이 보내 드리우리다"  # 김소월, 진달래꽃
WAIT = 90_000
# (page, the chart the caption is about, the Korean caption with blanks filled from the scene's state, the word picked
# on the page for it: the one the caption names, or None)
PLAN = [("temperature", "chart:weights", "‘{word[0]}’의 가중치가 가장 큰 곳: {w[0][2]}", None),
        ("value", "chart:contributions", "‘{word[1]}’{word[1]:이/가} 받아 오는 것", 1)]


def add_scene(page, key: str, focus: str, caption: str, pick: int | None = None) -> None:
    """On page `key` (reached by the sidebar's link), the word `pick` picked (the page's word box), then the scene
    list's caption, focus and "add"."""
    go_to(page, key)
    settle(page)
    if pick is not None:
        by_key(page, f"pick:focus:{key}").locator("input").first.click()
        page.keyboard.type(POEM.split()[pick])  # the list opens filtered to it
        page.keyboard.press("Enter")
        settle(page)
    open_drawer(page, "lecture.scenes")
    panel = page.locator(f"{SIDEBAR} [data-testid='stExpander']", has_text=text("ko", "lecture.scenes")).first
    box = panel.locator(f"input[aria-label='{text('ko', 'lecture.caption_ko')}']")
    box.fill(caption)
    box.press("Enter")
    settle(page)
    name = page.evaluate("(k) => { const gd = document.querySelector(`.${k} .js-plotly-plot`);"  # as the page titles it
                         " return gd && gd.layout.title.text.replace(/<br>/g, ' '); }", key_class(focus))
    assert name, focus
    by_key(page, "sc:focus").locator("input").first.click()
    page.keyboard.type(name.split()[0])  # the list opens filtered to it
    page.get_by_role("option", name=" ".join(name.split()), exact=True).click()
    settle(page)
    by_key(page, "sc:add").locator("button").first.click()
    settle(page)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_lesson_built_with_presenter_mode_off_walks_in_presenter_mode_with_each_focus_in_view(app_server, new_page,
                                                                                               size):
    s, _ = Scenario().with_sentence(POEM)
    token = codec.encode_link(s, View())
    page = new_page(viewport=(1280, 800))  # preparing on a laptop, presenter mode off
    page.goto(f"{app_server.url}/?s={token}")  # the poem
    settle(page)
    for key, focus, caption, pick in PLAN:
        add_scene(page, key, focus, caption, pick)
    lesson = [scene for scene in _session_lesson(page)]
    assert [(sc.page, sc.focus, sc.view.presenter) for sc in lesson] == [(k, f, False) for k, f, _, _ in PLAN]
    assert [sc.view.focus for sc in lesson] == [pick or 0 for *_, pick in PLAN]  # the word picked is the scene's

    page.set_viewport_size({"width": size[0], "height": size[1]})  # in class: presenter mode, then the lesson
    click_toggle(page, "sb:presenter")
    settle(page)
    open_sidebar(page)
    open_drawer(page, "lecture.scenes")
    by_key(page, "sc:go:0").locator("button").first.click()  # the first scene, from the scene list (which folds)
    settle(page)
    for k, (key, focus, _, pick) in enumerate(PLAN):
        if k:
            page.keyboard.press("PageDown")
        page.wait_for_function("(s) => document.body.innerText.includes(s)",
                               arg=text("ko", "lecture.scene_of", k=k + 1, n=len(PLAN)), timeout=WAIT)
        settle(page)
        assert path_of(page) == key
        assert page.locator("[data-testid='stMain'] .st-key-pr-presenter input").is_checked()  # still presenting
        assert page.locator(BANNER).first.inner_text().strip() == lesson[k].caption_shown("ko")
        page.wait_for_function(FOCUS_IN_VIEW_JS, arg=key_class(focus), timeout=WAIT)
        page.wait_for_function(AIMED_JS, timeout=WAIT)
        assert page.evaluate(CUT_BY_BAR_JS) == [], (k + 1, size)
        assert room_text_failures(page) == [], (k + 1, size)
        if pick is not None:  # the chart the caption is about shows the word the caption names
            assert f"‘{POEM.split()[pick]}’" in chart_title(page, focus.split(":", 1)[1]), (k + 1, size)
    assert page.js_errors == []


def _session_lesson(page) -> tuple[scenes.Scene, ...]:
    """The lesson the session holds, read back from the file the scene list offers (what the lecturer saves)."""
    with page.expect_download() as saved:
        by_key(page, "sc:json").locator("button").first.click()
    return scenes.from_json(open(saved.value.path(), "rb").read())
