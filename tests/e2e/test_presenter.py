"""Presenter mode at first touch, at a projector's and a laptop's size: the first clicker press after turning it
on moves a step, and nothing of the page's first row sits under Streamlit's fixed header."""

from __future__ import annotations

import pytest

from attention_core.i18n import text
from tests.e2e.driver import (
    LECTURER_STATE_JS,
    T_CONTROL,
    assert_no_exception,
    by_key,
    click_toggle,
    click_with_a_fragments_change,
    path_of,
    settle,
)
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

# Key presses timed against a run that is just starting: the races they once lost (a blank page, a new page's
# widgets reported back at their defaults) and how each was closed are in docs/reliability.md.

HEADER_BOTTOM_JS = JS["HEADER_BOTTOM_JS"]
# The visible copy of each step button (Streamlit may keep a zero-size copy while a page is replaced).
STEP_BOXES_JS = JS["STEP_BOXES_JS"]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_first_pagedown_after_turning_presenter_on_moves_a_step(app_server, new_page, size):
    page = new_page(viewport=size)
    page.goto(app_server.page_url("score"))
    settle(page)
    click_toggle(page, "sb:presenter")
    # the sidebar folds away with the toggle that had the focus: the focus goes to the page's title, not nowhere
    page.wait_for_function("() => document.activeElement && document.activeElement.tagName === 'H1'", timeout=30000)
    header = page.evaluate(HEADER_BOTTOM_JS)
    assert header >= 40  # Streamlit's fixed header is there
    viewport_h = size[1]
    for box in page.evaluate(STEP_BOXES_JS):
        assert box is not None
        assert box["top"] >= header, (box, header)  # below the header, not under it
        assert box["bottom"] <= viewport_h and box["right"] <= size[0]  # and on screen
    sentence = by_key(page, "pr:sentence").locator("input").bounding_box()
    assert sentence["y"] >= header
    page.keyboard.press("PageDown")  # at once, the focus still on the sidebar toggle
    page.wait_for_url("**/temperature*")
    settle(page)
    assert path_of(page) == "temperature"
    page.keyboard.press("PageUp")
    page.wait_for_url("**/score*")
    settle(page)
    assert path_of(page) == "score"


def test_one_t_control_per_screen_in_presenter_mode(app_server, new_page):
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.page_url("temperature"))
    settle(page)
    click_toggle(page, "sb:presenter")
    t_label = text("ko", "sb.temperature")  # every T slider carries this label, whatever its key
    t_controls = page.locator(f"[data-testid='stMain'] {T_CONTROL}:visible")  # the fallback sliders are hidden
    assert t_controls.count() == 1
    assert page.locator("[data-testid='stMain'] [data-testid='stSlider']:visible", has_text=t_label).count() == 0
    page.keyboard.press("PageDown")
    page.wait_for_url("**/value*")
    settle(page)
    assert page.locator(f"[data-testid='stMain'] {T_CONTROL}:visible").count() == 1


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_pagedown_pressed_while_presenter_mode_is_still_turning_on_is_kept(app_server, new_page, size):
    page = new_page(viewport=size)
    page.goto(app_server.page_url("score"))
    settle(page)
    assert by_key(page, "pr:next").count() == 0  # no step buttons yet
    by_key(page, "sb:presenter").locator("label").first.click()
    page.keyboard.press("PageDown")  # at once: the run that draws the step buttons has not ended yet
    page.wait_for_url("**/temperature*", timeout=60000)
    settle(page)
    assert path_of(page) == "temperature"
    assert by_key(page, "pr:next").locator("button").first.is_visible()
    # with the lecturer's state: ③'s widgets were not drawn at their declared defaults and reported back as changes
    # (presenter mode off, T 0.05, no sentence; tests/app/test_widget_ownership.py has the sequence that did it)
    assert page.evaluate(LECTURER_STATE_JS) == {"presenter": True, "t": "1", "error": None}


def test_a_step_pressed_in_the_same_moment_as_a_fragments_change_is_kept(app_server, new_page):
    """A press that Streamlit sends as a fragment's run (another change of the same moment came from a fragment, as
    presenter mode's page-width report does right after a page is drawn) still moves a step."""
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.page_url("temperature"))
    settle(page)
    click_toggle(page, "sb:presenter")
    click_toggle(page, "temperature:play")  # ▶ play T: a fragment of ③, with its chart's table switch
    click_with_a_fragments_change(page, "table:t-player", "pr:next")
    page.wait_for_url("**/value*", timeout=60000)
    settle(page)
    assert path_of(page) == "value"


def test_the_browser_side_self_check_finds_what_the_clicker_reads(app_server, new_page):
    """ui/web/compat.js probes the Streamlit markup the page's scripts read once the app has rendered: with the pinned
    Streamlit every probe holds, and the root element says so."""
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.page_url("score"))
    settle(page)
    page.wait_for_function("() => !!document.documentElement.dataset.attentionCompat", timeout=60000)
    assert page.evaluate("() => document.documentElement.dataset.attentionCompat") == "ok"


# A Streamlit whose app element carries no run state: React sets the attribute through setAttribute, which drops it.
NO_RUN_STATE_JS = JS["NO_RUN_STATE_JS"]


def test_without_streamlits_run_state_the_clicker_does_nothing_of_its_own(app_server, new_page):
    """Where the page cannot tell a run under way from one over (the attribute compat.js reads is gone), the clicker
    would keep a press it can never do: it stands down, and says so on the console and on the root element. PageDown
    then steps nothing (it scrolls, as on any page), no copy of the page is put over it, and the step buttons still
    work by click."""
    page = new_page(viewport=(1920, 1080))
    page.context.add_init_script(NO_RUN_STATE_JS)
    warned = []
    page.on("console", lambda m: warned.append(m.text) if m.type == "warning" else None)
    page.goto(app_server.page_url("score"))
    page.wait_for_function("() => (document.documentElement.dataset.attentionCompat || '').includes('run-state')",
                           timeout=60000)
    assert page.evaluate("() => document.documentElement.dataset.attentionCompat") == "missing:run-state"
    assert any("running without run-state" in w for w in warned), warned
    page.locator("[data-testid='stMain'] h1").wait_for()
    by_key(page, "sb:presenter").locator("label").first.click()
    next_button = by_key(page, "pr:next").locator("button").first
    next_button.wait_for(state="visible", timeout=60000)
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=60000)
    # the clicker listens first (capture on window) and takes a press it steps with (preventDefault and no further
    # listener): a listener of the page's own, last in line, sees whether the press reached it untaken
    page.evaluate("() => window.addEventListener('keydown', e => { if (e.key === 'PageDown')"
                  " window.__pressSeen = {taken: e.defaultPrevented}; })")
    page.keyboard.press("PageDown")
    page.wait_for_function("() => !!window.__pressSeen", timeout=60000)
    assert page.evaluate("() => window.__pressSeen") == {"taken": False}
    assert path_of(page) == "score"
    assert page.locator("#attention-old-page").count() == 0
    next_button.click()
    page.wait_for_url("**/temperature*", timeout=60000)


def test_in_presenter_mode_the_title_takes_the_focus_after_a_step_without_a_ring(app_server, new_page):
    """On a projector the title's ring after each PageDown reads as a highlight: the focus still goes to the new
    page's title (screen readers start there), with no ring; outside presenter mode it keeps its ring
    (test_a11y.py), and controls keep theirs in both."""
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.page_url("score"))
    settle(page)
    click_toggle(page, "sb:presenter")
    page.keyboard.press("PageDown")
    page.wait_for_url("**/temperature*")
    settle(page)
    page.wait_for_function("() => document.activeElement && document.activeElement.tagName === 'H1'")
    assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") == "none"
    page.keyboard.press("Tab")  # the next stop is a control: ringed
    page.wait_for_function("() => { const s = getComputedStyle(document.activeElement);"
                           " return document.activeElement.tagName !== 'H1' && s.outlineStyle === 'solid'"
                           " && parseFloat(s.outlineWidth) >= 3; }")


def test_pagedown_while_typing_a_sentence_keeps_the_text_and_steps_once_it_is_sent(app_server, new_page):
    """A clicker's PageDown in the middle of typing would drop what is typed: a box being typed in keeps its keys.
    Once the text is sent (Enter), the clicker steps again, the new sentence carried to the next page."""
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.page_url("score"))
    settle(page)
    click_toggle(page, "sb:presenter")
    settle(page)
    box = by_key(page, "pr:sentence").locator("input")
    box.click()
    box.press("End")
    box.type(" 정말")
    page.keyboard.press("PageDown")  # mid-typing: no step (a step's run would start now and switch the page)
    box.press("Enter")
    settle(page)
    assert path_of(page) == "score"  # still here, the sentence sent
    page.wait_for_function("s => document.querySelector('.st-key-pr-sentence input').value.endsWith(s)", arg=" 정말",
                           timeout=30_000)
    page.keyboard.press("PageDown")
    page.wait_for_url("**/temperature*")
    settle(page)
    assert by_key(page, "pr:sentence").locator("input").input_value().endswith(" 정말")
    assert_no_exception(page)


def test_a_copy_of_the_old_page_never_stays_once_the_clicker_stands_down(app_server, new_page):
    """The clicker puts a copy of the page it leaves over the page until the new one has its title. Should a probe of
    the self-check be told missing while the copy is up (the clicker then stands down), the copy goes at the page's
    next change instead of staying over it for good."""
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.page_url("score"))
    settle(page)
    page.evaluate(JS["FAKE_COPY_JS"])
    page.wait_for_function("() => !document.getElementById(window.attentionCompat.OLD_PAGE)", timeout=30000)
