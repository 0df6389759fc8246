"""Lesson scenes in a real browser: Home's one-click built-in lesson walked with the clicker keys, captions as a
banner; each scene's focus brought under its pinned caption at a projector's and a laptop's size, nothing left
half hidden under the caption's edge, with never a frame without a page title on the way; a lesson built in the
sidebar saved as a file and loaded back in a new browser; a bad file refused."""

from __future__ import annotations

import json

import pytest

from attention_core import scenes
from attention_core.i18n import text
from tests.e2e import page_checks
from tests.e2e.driver import (
    SIDEBAR,
    T_VALUE,
    by_key,
    click_toggle,
    click_with_a_fragments_change,
    key_class,
    laid_out_for_the_page,
    open_drawer,
    path_of,
    send_file,
    settle,
    switch_language,
)

JS = page_checks.probes_beside(__file__)  # the JavaScript this module evaluates in a page

BANNER = "[data-testid='stMain'] [data-testid='stAlertContentInfo'] [data-testid='stMarkdownContainer']"


@pytest.mark.parametrize("presenting", [False, True])
def test_a_pagedown_pressed_right_after_opening_the_lesson_is_kept(app_server, new_page, presenting):
    """At once after the lesson's button: its first scene (and its step buttons) is not drawn yet. In presenter mode
    the page already has step buttons, presenter mode's own (the next page): the press waits for the run the
    button starts and is done on the lesson's, never on the buttons that run replaces."""
    lesson = scenes.builtin()
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.url)
    settle(page)
    if presenting:
        click_toggle(page, "sb:presenter")
        laid_out_for_the_page(page)
        assert by_key(page, "pr:next").count() == 1
    page.evaluate(page_checks.PROBES["RECORD_RUNS_AND_STEPS"])
    page.locator("[data-testid='stMain'] button", has_text="기본 수업 열기").click()
    page.keyboard.press("PageDown")
    page.wait_for_function("() => document.body.innerText.includes('장면 2 / 9')", timeout=60000)
    settle(page)
    assert path_of(page) == lesson[1].page
    seen = page.evaluate(page_checks.PROBES["RUNS_AND_STEPS"])
    # pressed once, after the run state changed (a run begun; or a run under way at the click over: the next test)
    assert seen.count("next") == 1 and seen.index("next") > 0, seen


def test_a_pagedown_right_after_opening_the_lesson_while_a_run_is_under_way_is_kept(app_server, new_page):
    """The same, with a run of the page under way at the click (the sentence just sent): that run is the one before
    the lesson's. The page holds what the server sends from the moment that run shows as begun until the click and
    the press are made, so that it still shows the run under way, whatever the server has done since. The lesson
    opens and the press moves it to its second scene; it is pressed once, once the run state has changed."""
    lesson = scenes.builtin()
    page = new_page(viewport=(1920, 1080))
    page.add_init_script(script=f"({page_checks.PROBES['HOLD_SOCKETS']})()")
    page.goto(app_server.url)
    settle(page)
    click_toggle(page, "sb:presenter")
    laid_out_for_the_page(page)
    page.evaluate(page_checks.PROBES["RECORD_RUNS_AND_STEPS"])
    page.evaluate(page_checks.PROBES["HOLD_AT_RUN"])
    box = by_key(page, "pr:sentence").locator("input")
    box.fill("나는 오늘 학교에 간다")
    box.press("Enter")
    page.wait_for_function(page_checks.PROBES["HOLDING"], timeout=60000)
    try:
        assert page.evaluate(page_checks.PROBES["RUNNING"])
        page.locator("[data-testid='stMain'] button", has_text="기본 수업 열기").click()
        page.keyboard.press("PageDown")
    finally:
        page.evaluate(page_checks.PROBES["RELEASE_HELD"])
    page.wait_for_function("() => document.body.innerText.includes('장면 2 / 9')", timeout=60000)
    settle(page)
    assert path_of(page) == lesson[1].page
    seen = page.evaluate(page_checks.PROBES["RUNS_AND_STEPS"])
    at_click = seen.index("running")  # the sentence's run: under way at the click
    assert seen.count("next") == 1 and seen.index("next") > at_click + 1, seen


def test_homes_lesson_button_pressed_in_the_same_moment_as_a_fragments_change_opens_the_lesson(app_server, new_page):
    """Home's "open the built-in lesson" sent in one message with a fragment's change (the table switch of Home's
    pipeline chart, in its T part): Streamlit runs that message as the fragment's run, and a button read from its
    return value in the page's body would be lost; its callback opens the lesson."""
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.url)
    settle(page)
    click_with_a_fragments_change(page, "table:pipeline", "home:lesson")
    page.wait_for_function("() => document.body.innerText.includes('장면 1 / 9')", timeout=60000)
    settle(page)
    assert page.locator(BANNER).first.inner_text().strip() == scenes.builtin()[0].caption_shown("ko")


def test_a_scene_step_pressed_in_the_same_moment_as_a_fragments_change_is_kept(app_server, new_page):
    """A press that Streamlit sends as a fragment's run (see test_presenter.py) still moves a scene, and so does
    the way out of the lesson."""
    lesson = scenes.builtin()
    on_t = next(k for k, scene in enumerate(lesson) if scene.page == "temperature")
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.url)
    settle(page)
    page.locator("[data-testid='stMain'] button", has_text="기본 수업 열기").click()
    settle(page)
    for k in range(on_t):
        page.keyboard.press("PageDown")
        page.wait_for_function("(k) => document.body.innerText.includes(`장면 ${k} / 9`)", arg=k + 2)
        settle(page)
    click_toggle(page, "temperature:play")  # ▶ play T: a fragment of ③, with its chart's table switch
    click_with_a_fragments_change(page, "table:t-player", "pr:next")
    page.wait_for_function("(k) => document.body.innerText.includes(`장면 ${k} / 9`)", arg=on_t + 2, timeout=60000)
    settle(page)
    assert path_of(page) == lesson[on_t + 1].page == "temperature"
    click_with_a_fragments_change(page, "table:t-player", "sc:end")  # ▶ play T is still on: the same page
    page.wait_for_function("() => !document.querySelector('.st-key-sc-end')", timeout=60000)
    settle(page)
    assert " / 9" not in page.locator("[data-testid='stMain']").inner_text()


# Is the scene's focus (drawn) on the screen, wholly, below the pinned bar that holds the caption, which is itself
# on the screen below Streamlit's header?
FOCUS_IN_VIEW_JS = JS["FOCUS_IN_VIEW_JS"]

# Once the scene's focus has come to rest: every line of text on the page that the pinned bar's lower edge cuts (a
# line of a label, heading, paragraph, caption, select box, chart title or table, partly under the bar and partly
# below it), and every table whose head row is under the bar while its body shows.
CUT_BY_BAR_JS = JS["CUT_BY_BAR_JS"]
AIMED_JS = JS["AIMED_JS"]

# Samples, at every animation frame (just before the browser paints it), whether a page title (h1) is there.
TITLE_RECORDER_JS = JS["TITLE_RECORDER_JS"]


@pytest.mark.parametrize("lang, size", [("ko", (1920, 1080)), ("ko", (1280, 720)), ("en", (1920, 1080)),
                                        ("en", (1280, 720))])
def test_each_scene_brings_its_focus_under_its_caption_with_no_blank_page_between(app_server, new_page, lang, size):
    """Walked with PageDown from the button that opened the lesson (the focus still on it): every scene on its page
    with its caption. On the way, at a projector's size in Korean, PageUp from scene 5 (another T on the same page)
    goes back to scene 4's T; at a laptop's size in Korean, T moved in a scene (see moving_t_in_a_scene)."""
    lesson = scenes.builtin()
    on_t = next(k for k, scene in enumerate(lesson) if scene.page == "temperature")
    page = new_page(viewport=size)
    page.goto(app_server.url)
    settle(page)
    if lang != "ko":
        switch_language(page, lang)
    page.evaluate(TITLE_RECORDER_JS)  # the clicker's script stays for the whole walk: so does the recorder
    page.locator("[data-testid='stMain'] button", has_text=text(lang, "lecture.builtin_open")).click()
    paths = set()
    for k, scene in enumerate(lesson):
        if k:
            page.keyboard.press("PageDown")
        page.wait_for_function("(s) => document.body.innerText.includes(s)",
                               arg=text(lang, "lecture.scene_of", k=k + 1, n=len(lesson)))
        settle(page)
        assert page.locator(BANNER).first.inner_text().strip() == scene.caption_shown(lang)
        page.wait_for_function(FOCUS_IN_VIEW_JS, arg=key_class(scene.focus), timeout=60000)
        page.wait_for_function(AIMED_JS, timeout=60000)  # at rest
        assert page.evaluate(CUT_BY_BAR_JS) == [], (k + 1, lang, size)  # nothing half hidden under the bar
        assert path_of(page) == scene.page, (k + 1, lang, size)
        paths.add(path_of(page))
        if (lang, size) == ("ko", (1920, 1080)) and k == 4:
            back_a_scene_on_the_same_page(page, lesson)
        if (lang, size) == ("ko", (1280, 720)) and k == on_t:
            moving_t_in_a_scene(page, lesson, k)
    samples = page.evaluate("() => window.__titleSamples")
    assert len(paths) == len({s.page for s in lesson})  # the walk went through every page of the lesson
    assert len({s["path"] for s in samples}) == len(paths)  # and the recorder saw them all
    blank = [s for s in samples if not s["titled"]]
    assert not blank, blank[:10]


def test_a_lesson_built_in_the_sidebar_saves_and_loads_in_a_new_browser(app_server, new_page, tmp_path):
    page = new_page()
    page.goto(app_server.page_url("score"))
    settle(page)
    open_drawer(page, "lecture.scenes")
    panel = page.locator(f"{SIDEBAR} [data-testid='stExpander']", has_text="수업 장면")
    panel.locator("input[aria-label='설명 (한국어)']").fill("점수 행렬부터")
    panel.locator("input[aria-label='설명 (한국어)']").press("Enter")
    settle(page)
    panel.get_by_role("button", name="지금 상태를 장면으로 추가").click()
    settle(page)
    with page.expect_download() as dl:
        page.locator(f"{SIDEBAR} [data-testid='stDownloadButton'] button", has_text="수업을 JSON").click()
    saved = tmp_path / "scenes.json"
    dl.value.save_as(saved)
    doc = json.loads(saved.read_text(encoding="utf-8"))
    assert doc["format"] == "attention-scenes" and doc["scenes"][0]["page"] == "score"
    assert doc["scenes"][0]["caption"]["ko"] == "점수 행렬부터"

    fresh = new_page()
    fresh.goto(app_server.url)
    settle(fresh)
    open_drawer(fresh, "lecture.scenes")
    upload = fresh.locator(f"{SIDEBAR} [data-testid='stFileUploaderDropzoneInput']").last
    upload.set_input_files(str(saved))
    fresh.wait_for_url("**/score*")
    settle(fresh)
    assert fresh.locator(BANNER).first.inner_text().strip() == "점수 행렬부터"


def test_a_bad_lesson_file_is_refused_with_a_message_and_nothing_changes(app_server, new_page, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "attention-scenes", "version": 1, "scenes": [{"page": "nowhere"}]}),
                   encoding="utf-8")
    page = new_page()
    page.goto(app_server.page_url("gaze"))
    settle(page)
    open_drawer(page, "lecture.scenes")
    send_file(page, page.locator(f"{SIDEBAR} [data-testid='stFileUploaderDropzoneInput']").last, bad,
              "lecture.scenes_loaded", "lecture.scenes_failed")
    assert page.get_by_text("이 파일은 불러올 수 없습니다").count() == 1
    assert path_of(page) == "gaze" and page.get_by_text("장면 1 /").count() == 0  # no lesson started


BAR_POSITION_JS = JS["BAR_POSITION_JS"]


@pytest.mark.parametrize("size, pinned", [((1920, 1080), True), ((640, 360), False), ((390, 844), False)])
def test_the_caption_bar_is_pinned_only_where_it_leaves_room_for_the_page(app_server, new_page, size, pinned):
    """At 640 × 360 (a 1280 × 720 window zoomed to 200 %) the pinned bar covered the whole screen, on a phone more
    than half: there it scrolls with the page (WCAG 1.4.10)."""
    page = new_page(viewport=size)
    page.goto(app_server.url)
    settle(page)
    page.locator("[data-testid='stMain'] button", has_text=text("ko", "lecture.builtin_open")).click()
    page.wait_for_function("() => document.querySelector('.st-key-pr-bar') !== null", timeout=60000)
    settle(page)
    assert page.evaluate(BAR_POSITION_JS) == ("sticky" if pinned else "static")


def test_a_lesson_started_from_the_sidebar_folds_the_sidebar_away(app_server, new_page):
    """The lesson walks in presenter mode, whose sidebar is folded away: started from the sidebar's scene list, the
    sidebar (open to reach it) folds, and the caption and the page get the width."""
    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("score"))
    settle(page)
    assert page.evaluate("() => document.querySelector('[data-testid=\"stSidebar\"]').dataset.collapsed") == "false"
    open_drawer(page, "lecture.scenes")
    page.locator(f"{SIDEBAR} .st-key-sc-builtin button").click()
    page.wait_for_function("() => document.querySelector('.st-key-pr-bar') !== null", timeout=60000)
    page.wait_for_function("() => document.querySelector('[data-testid=\"stSidebar\"]').dataset.collapsed === 'true'",
                           timeout=30000)
    settle(page)
    assert page.locator(BANNER).first.inner_text().strip() == scenes.builtin()[0].caption_shown("ko")


def test_the_scene_list_buttons_are_named_by_action_and_scene(app_server, new_page):
    """↑ ↓ ▶ ✕ say nothing to a screen reader: each is named by what it does and to which scene (WCAG 2.4.6)."""
    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("score"))
    settle(page)
    open_drawer(page, "lecture.scenes")
    page.locator(f"{SIDEBAR} .st-key-sc-builtin button").click()
    page.wait_for_function("() => document.querySelector('.st-key-pr-bar') !== null", timeout=60000)
    settle(page)
    unfold = '[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button'
    page.locator(unfold).first.click()  # the lesson folded the sidebar: opened again to reach the list
    open_drawer(page, "lecture.scenes")
    word = text("ko", "lecture.scene_word")
    for action in ("up", "down", "go", "drop"):
        name = f"{text('ko', f'lecture.scene_{action}')} ({word} 2)"
        page.wait_for_function("([sel, want]) => document.querySelector(sel)?.getAttribute('aria-label') === want",
                               arg=[f".st-key-sc-{action}-1 button", name], timeout=30000)


WARNING_BANNER = "[data-testid='stMain'] [data-testid='stAlertContentWarning']"


def back_a_scene_on_the_same_page(page, lesson) -> None:
    """On scene 5, whose T differs from scene 4's on the same page: PageUp shows scene 4's T, PageDown scene 5's."""
    shown_t = page.locator(f"[data-testid='stMain'] {T_VALUE}").first  # the T control on the page
    t4, t3 = (f"{lesson[k].scenario.temperature:g}" for k in (4, 3))
    assert lesson[4].page == lesson[3].page and shown_t.inner_text().strip() == t4 != t3
    for key, k in (("PageUp", 3), ("PageDown", 4)):
        page.keyboard.press(key)
        page.wait_for_function("(s) => document.body.innerText.includes(s)",
                               arg=text("ko", "lecture.scene_of", k=k + 1, n=len(lesson)))
        settle(page)
        assert shown_t.inner_text().strip() == f"{lesson[k].scenario.temperature:g}"
    page.wait_for_function(AIMED_JS, timeout=60000)


def moving_t_in_a_scene(page, lesson, k: int) -> None:
    """T moved with the keys in a scene (a T step redraws the T parts alone): the banner, a T part itself, says at
    once that its caption speaks of the scene's T, and "back to the scene" brings that T back."""
    saved = lesson[k].scenario.temperature
    control = page.locator("[data-testid='stMain'] .attention-t-range").first
    control.focus()
    for _ in range(5):
        control.press("ArrowRight")
    page.locator(WARNING_BANNER).first.wait_for(timeout=60000)
    shown = page.locator(WARNING_BANNER).first.inner_text()
    assert lesson[k].caption_shown("ko") in shown and f"T = {saved:g}" in shown
    settle(page)
    page.locator("[data-testid='stMain'] .st-key-pr-back button").click()
    page.locator(BANNER).first.wait_for(timeout=60000)
    settle(page)
    assert page.locator(WARNING_BANNER).count() == 0
    assert page.locator(BANNER).first.inner_text().strip() == lesson[k].caption_shown("ko")
    assert float(page.locator("[data-testid='stMain'] .attention-t-value").first.inner_text()) == saved
    page.wait_for_function(AIMED_JS, timeout=60000)
