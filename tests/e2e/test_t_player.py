"""▶ play T in headless Chromium: the Temperature screen's player animates the attention matrix and the entropy
marker through every T option inside the browser. No message goes to the server while it plays (so no script
run), every drawn frame is the app's softmax at that T, and afterwards the sidebar T and the app's T (share
link) are what they were."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import numpy as np

from attention_core import analysis, codec, softmax
from attention_core.i18n import text
from attention_core.registry import T_OPTIONS
from tests.e2e.driver import by_key, click_toggle, go_to, key_class, settle, share_link
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

# Counts what the page sends to the server (every rerun request is a websocket message) and every change of
# the app's script state, from before the page loads.
HOOK_JS = JS["HOOK_JS"]
PLAYER = f".{key_class('chart:t-player')} .js-plotly-plot"
# What the player shows now: the heatmap's z as drawn (gd.calcdata, which an animation frame changes while
# gd.data stays), the entropy marker's x and the slider's active step.
SHOWN_JS = JS["SHOWN_JS"]

# Records what the player shows at every animation frame (just before the browser paints it), each change once,
# until the slider's last step is shown with the last T (or a minute has passed): `window.__played` is a promise.
RECORD_JS = JS["RECORD_JS"]


def app_state(page):
    token = parse_qs(urlparse(share_link(page)).query)["s"][0]
    return codec.decode_link(token)[0]


def open_player(page, app_server) -> dict:
    """Home → ③ by its link, ▶ T player on; the app's weights at every T option (what each frame must show)."""
    page.add_init_script(HOOK_JS)
    page.goto(app_server.url)
    settle(page)
    go_to(page, "temperature")
    click_toggle(page, "temperature:play")
    page.wait_for_selector(PLAYER)
    scores = analysis.compute(app_state(page)).trace.scores
    return {t: np.vstack([softmax(row, temperature=t) for row in scores]) for t in T_OPTIONS}


def test_play_t_animates_in_the_browser_with_the_apps_softmax(app_server, new_page):
    page = new_page()
    expected = open_player(page, app_server)
    t_before = by_key(page, "sb:T").locator('[data-testid="stSliderThumbValue"]').inner_text().strip()
    scenario = app_state(page)
    shown = page.evaluate(SHOWN_JS, PLAYER)
    assert shown["frames"] == len(T_OPTIONS) and shown["active"] == 0
    np.testing.assert_allclose(shown["z"], expected[T_OPTIONS[0]], atol=1e-12)

    page.evaluate("() => { window.__sent = 0; window.__states = []; }")
    page.evaluate(RECORD_JS, [PLAYER, len(T_OPTIONS) - 1, T_OPTIONS[-1]])  # every painted frame, from before the press
    page.locator(f"{PLAYER} .updatemenu-button").first.click()
    frames = page.evaluate("() => window.__played")  # until the last frame is shown (or a minute has passed)
    seen = set()
    for now in frames:
        t = float(now["x"])
        assert t in expected, t
        np.testing.assert_allclose(now["z"], expected[t], atol=1e-12, err_msg=f"frame T = {t:g}")
        seen.add(t)
    assert T_OPTIONS[-1] in seen and len(seen) >= len(T_OPTIONS) // 2, sorted(seen)
    assert page.evaluate("() => window.__sent") == 0  # nothing asked of the server: no script run
    assert page.evaluate("() => window.__states") == []
    settle(page)
    assert by_key(page, "sb:T").locator('[data-testid="stSliderThumbValue"]').inner_text().strip() == t_before
    assert app_state(page).temperature == scenario.temperature


def test_with_reduced_motion_the_player_steps_one_frame_per_press(app_server, new_page):
    """prefers-reduced-motion (WCAG 2.3.3): the player starts paused and its first button steps one T on, drawn
    at once (no transition), never playing on by itself; ⑦'s auto-training waits for its button."""
    page = new_page(reduced_motion="reduce")
    expected = open_player(page, app_server)
    step = text("ko", "a11y.step_frame")
    page.wait_for_function("([sel, step]) => { const gd = document.querySelector(sel); return gd"
                           " && gd._fullLayout.updatemenus[0].buttons[0].label === step; }", arg=[PLAYER, step])
    assert page.evaluate(SHOWN_JS, PLAYER)["active"] == 0
    page.evaluate("() => { window.__sent = 0; }")
    for i in (1, 2):
        page.locator(f"{PLAYER} .updatemenu-button").first.click()
        page.wait_for_function("([sel, i]) => document.querySelector(sel)._fullLayout.sliders[0].active === i",
                               arg=[PLAYER, i])
        shown = page.evaluate(SHOWN_JS, PLAYER)
        assert float(shown["x"]) == T_OPTIONS[i]
        np.testing.assert_allclose(shown["z"], expected[T_OPTIONS[i]], atol=1e-12)
    # it stays where it was put: another frame is drawn only on the next press
    page.wait_for_function("sel => !document.querySelector(sel)._transitioning", arg=PLAYER)
    assert page.evaluate(SHOWN_JS, PLAYER)["active"] == 2
    assert page.evaluate("() => window.__sent") == 0
    go_to(page, "learn")
    assert by_key(page, "ln:auto").count() == 1 and by_key(page, "ln:stop").count() == 0


def test_the_players_button_and_frame_slider_work_by_keyboard(app_server, new_page):
    """The player's ▶ button and frame slider are Plotly's SVG; the app makes them keyboard controls (WCAG
    2.1.1): Tab reaches them, Enter presses the button, the arrows, Home and End move the slider to a frame,
    each drawn with the app's softmax at its T, nothing sent to the server."""
    page = new_page(reduced_motion="reduce")  # the button then steps one frame: a press is one visible step
    expected = open_player(page, app_server)
    page.wait_for_function("sel => document.querySelector(sel + ' .slider-container[role=slider]')", arg=PLAYER)
    page.evaluate("() => { window.__sent = 0; }")
    # Tab from the player's own switch reaches its slider and its button
    by_key(page, "temperature:play").locator("input").focus()
    reached = []
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => (document.activeElement.getAttribute('class') || '')"
                                     " + '|' + (document.activeElement.getAttribute('role') || '')"))
        if {"slider-container|slider", "updatemenu-button|button"} <= set(reached):
            break
    assert {"slider-container|slider", "updatemenu-button|button"} <= set(reached), reached
    page.locator(f"{PLAYER} .slider-container").focus()

    def frame(i: int) -> None:
        page.wait_for_function("([sel, i]) => document.querySelector(sel)._fullLayout.sliders[0].active === i"
                               " && !document.querySelector(sel)._transitioning", arg=[PLAYER, i])
        shown = page.evaluate(SHOWN_JS, PLAYER)
        assert float(shown["x"]) == T_OPTIONS[i]
        np.testing.assert_allclose(shown["z"], expected[T_OPTIONS[i]], atol=1e-12, err_msg=f"frame {i}")
        slider = page.locator(f"{PLAYER} .slider-container")
        assert slider.get_attribute("aria-valuenow") == str(i)

    page.keyboard.press("End")
    frame(len(T_OPTIONS) - 1)
    page.keyboard.press("Home")
    frame(0)
    page.keyboard.press("ArrowRight")
    frame(1)
    page.keyboard.press("ArrowLeft")
    frame(0)
    page.locator(f"{PLAYER} .updatemenu-button").first.focus()
    page.keyboard.press("Enter")  # the button, pressed by keyboard: one frame on (reduced motion)
    frame(1)
    assert page.evaluate("() => window.__sent") == 0
