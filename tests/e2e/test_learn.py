"""Screen ⑦ in headless Chromium: training changes the charts, auto-train runs without blocking the page,
the replay animates in the browser, and the learned weights reach the score screen."""

from __future__ import annotations

import base64
import re

import numpy as np

from attention_core.i18n import text
from attention_core.registry import LANGUAGES
from tests.e2e.driver import by_key, chart_by_name, chart_shown, go_to, settle
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

MAIN = '[data-testid="stMain"]'
# The first metric is the step.
STEP_AT_LEAST = JS["STEP_AT_LEAST"]


def chart_data(page, name: str) -> dict:
    """Chart `name` as drawn: trace 0's y values for lines, the displayed z for heatmaps (gd.calcdata, which
    an animation frame changes while gd.data stays), its animation frames and slider position."""
    shown = chart_shown(page, name)
    first = shown["traces"][0]
    return {"y": first["y"] if first["type"] == "scatter" else None,
            "z": first["drawn_z"] if first["type"] == "heatmap" else None,
            "frames": shown["frames"], "slider": shown["slider"]}


def metric(page, key: str, lang: str = "ko") -> str:
    """The value of the metric labelled with catalogue string `key` (st.metric takes no widget key)."""
    box = page.locator(f'{MAIN} [data-testid="stMetric"]', has_text=text(lang, key)).first
    return box.locator('[data-testid="stMetricValue"]').inner_text().strip()


def click(page, key: str) -> None:
    """Click the button with this widget key."""
    by_key(page, key).locator("button").first.click()


def test_training_changes_the_charts_and_the_learned_weights_reach_every_screen(app_server, new_page):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    go_to(page, "learn")
    settle(page, n_min=4)
    assert metric(page, "learn.m_step") == "0"
    loss_before = chart_data(page, "curves")["y"]
    grid_before = chart_data(page, "bilinear")["z"]
    assert len(loss_before) == 1

    click(page, "ln:train")
    settle(page, n_min=5)
    assert metric(page, "learn.m_step") == "50"
    loss_after = chart_data(page, "curves")["y"]
    assert len(loss_after) == 51 and loss_after[-1] < 0.5 * loss_after[0]
    grid_after = chart_data(page, "bilinear")["z"]
    emotion_before = sum(abs(row[0]) for row in grid_before)
    emotion_after = sum(abs(row[0]) for row in grid_after)
    assert emotion_after > 10 * emotion_before  # the emotion column comes alive

    replay = chart_data(page, "replay")
    assert replay["frames"] == ["0", "10", "20", "30", "40", "50"]
    assert replay["z"] != grid_after  # frame 0 (random weights) is shown first
    replay_gd = chart_by_name(page, "replay")
    replay_gd.locator(".updatemenu-button", has_text=text("ko", "learn.play")).click()  # ▶ play, in the browser only
    page.wait_for_function("gd => gd._fullLayout.sliders[0].active === 5", arg=replay_gd.element_handle(),
                           timeout=20000)
    played = chart_data(page, "replay")
    assert all(abs(a - b) < 1e-9 for ra, rb in zip(played["z"], grid_after) for a, b in zip(ra, rb))
    replay_gd.locator(".updatemenu-button", has_text=text("ko", "learn.rewind")).click()
    page.wait_for_function("gd => gd._fullLayout.sliders[0].active === 0", arg=replay_gd.element_handle(),
                           timeout=20000)
    assert chart_data(page, "replay")["slider"] == 0
    assert chart_data(page, "replay")["z"] == replay["z"]

    click(page, "ln:apply")
    settle(page)
    assert page.locator(f"{MAIN} [data-testid='stAlertContentSuccess']", has_text="단계 50").count() == 1
    go_to(page, "score")
    assert page.locator(f"{MAIN} [data-testid='stCaptionContainer']", has_text="⑦ 화면에서 학습한").count() >= 1
    assert page.js_errors == []


def test_auto_train_advances_while_the_rest_of_the_page_answers(app_server, new_page):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    go_to(page, "learn")
    settle(page, n_min=4)
    click(page, "ln:auto")
    page.wait_for_function(STEP_AT_LEAST, arg=30, timeout=30000)
    first = int(metric(page, "learn.m_step"))
    # the rest of the app still answers: the sidebar language switch works while training runs
    by_key(page, "sb:lang").locator("button", has_text=LANGUAGES["en"]).click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=\"stMetric\"]')].some(m => m.innerText.includes('Step'))",
        timeout=30000)
    page.wait_for_function(STEP_AT_LEAST, arg=first + 30, timeout=30000)
    click(page, "ln:stop")
    by_key(page, "ln:auto").wait_for(timeout=30000)  # the server took the stop: the button to start again is back
    settle(page, n_min=4)
    stopped = int(metric(page, "learn.m_step", "en"))
    # nothing runs once stopped: one more whole run of the page (back to Korean), which would take training steps
    # were it still on, leaves the step where it was
    by_key(page, "sb:lang").locator("button", has_text=LANGUAGES["ko"]).click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=\"stMetric\"]')].some(m => m.innerText.includes('단계'))",
        timeout=30000)
    settle(page, n_min=4)
    assert int(metric(page, "learn.m_step")) == stopped
    assert len(chart_data(page, "curves")["y"]) == stopped + 1
    assert page.js_errors == []


# Every animation frame until the step shown reaches `until` (or `limitMs` passes): the step and the names of the
# charts drawn (a container with the chart's key holding a drawn Plotly plot).
SAMPLE_JS = JS["SAMPLE_JS"]
# Records the step shown at the next click anywhere in the page, before the app's own handlers see it.
STEP_AT_CLICK_JS = JS["STEP_AT_CLICK_JS"]
CHARTS = {"curves", "bilinear", "weights-learned", "weights-hand-set", "replay"}


def test_no_chart_vanishes_while_auto_training_and_stop_stops_at_once(app_server, new_page):
    from attention_core import learn

    page = new_page()
    page.goto(app_server.url)
    settle(page)
    go_to(page, "learn")
    settle(page, n_min=4)
    click(page, "ln:auto")
    page.wait_for_function(STEP_AT_LEAST, arg=1, timeout=60000)
    page.wait_for_function("() => !!document.querySelector('.st-key-chart-replay .js-plotly-plot .main-svg')",
                           timeout=60000)
    start = int(metric(page, "learn.m_step"))
    samples = page.evaluate(SAMPLE_JS, [start + 10 * learn.AUTO_STEPS, 90000])  # ten ticks, every frame
    assert samples[-1]["step"] >= start + 10 * learn.AUTO_STEPS, samples[-1]
    missing = [(s["step"], sorted(CHARTS - set(s["charts"]))) for s in samples if not set(s["charts"]) >= CHARTS]
    assert not missing, missing[:5]  # every chart drawn in every frame
    assert len({s["step"] for s in samples}) >= 5  # and it did update meanwhile

    # the step on screen when the click reaches the page (read in the page, in the click's capture phase): a step
    # read beforehand would count the ticks a busy machine runs while the test's click is on its way
    page.evaluate(STEP_AT_CLICK_JS)
    click(page, "ln:stop")
    shown = page.wait_for_function("() => window.__stepAtClick != null && [window.__stepAtClick]",
                                   timeout=60000).json_value()[0]
    notice = page.locator(f"{MAIN} [data-testid='stAlertContentInfo']", has_text="멈췄습니다")
    notice.wait_for(timeout=60000)
    stopped = int("".join(c for c in notice.inner_text() if c.isdigit()))
    settle(page, n_min=5)
    # the step the Stop's callback saw is the last one: no tick advanced after it ...
    assert int(metric(page, "learn.m_step")) == stopped
    assert len(chart_data(page, "curves")["y"]) == stopped + 1
    # ... and it is at most a few ticks past what the page showed at the click (ticks already asked for or on
    # their way to the browser; the code before this ran on for 80 steps in ticks of 20)
    assert 0 <= stopped - shown <= 6 * learn.AUTO_STEPS, (shown, stopped)
    assert page.js_errors == []


def decoded(z) -> np.ndarray:
    """A heatmap's z as Plotly holds it in a frame: nested lists, or typed-array data ({dtype, bdata, shape})."""
    if isinstance(z, dict):
        shape = [int(n) for n in str(z["shape"]).split(",")] if "shape" in z else [-1]
        return np.frombuffer(base64.b64decode(z["bdata"]), dtype=np.dtype(z["dtype"])).reshape(shape)
    return np.asarray(z, dtype=float)


def test_with_reduced_motion_the_replay_starts_paused_and_steps_one_frame_a_press(app_server, new_page):
    """prefers-reduced-motion (WCAG 2.3.3) on ⑦: auto-training waits for its button and training steps only on a
    press (by the press's count); the replay starts paused on frame 0, its first button steps one frame on, drawn
    at once (no transition, nothing asked of the server), and nothing plays on by itself."""
    from tests.e2e.test_t_player import HOOK_JS

    page = new_page(reduced_motion="reduce")
    page.add_init_script(HOOK_JS)
    page.goto(app_server.url)
    settle(page)
    go_to(page, "learn")
    settle(page, n_min=4)
    assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert by_key(page, "ln:auto").count() == 1 and by_key(page, "ln:stop").count() == 0  # not training by itself
    assert metric(page, "learn.m_step") == "0"
    label = by_key(page, "ln:train").inner_text()
    per_press = int(re.search(r"\d+", label).group())  # the button says how many steps a press trains
    assert text("ko", "learn.train", n=per_press) in label
    for presses in (1, 2):  # on demand: a press, a step of its count
        click(page, "ln:train")
        settle(page, n_min=5)
        assert metric(page, "learn.m_step") == str(presses * per_press)
    assert by_key(page, "ln:stop").count() == 0

    replay_gd = chart_by_name(page, "replay")
    step = text("ko", "a11y.step_frame")
    page.wait_for_function("([gd, step]) => gd._fullLayout.updatemenus[0].buttons[0].label === step",
                           arg=[replay_gd.element_handle(), step])
    shown = chart_data(page, "replay")
    assert shown["slider"] == 0 and len(shown["frames"]) >= 3  # paused, on the first frame
    frame_z = [decoded(z) for z in replay_gd.evaluate("gd => gd._transitionData._frames.map(f => f.data[0].z)")]
    np.testing.assert_array_equal(shown["z"], frame_z[0])
    page.evaluate("() => { window.__sent = 0; }")
    for i in (1, 2):
        replay_gd.locator(".updatemenu-button").first.click()
        page.wait_for_function("([gd, i]) => gd._fullLayout.sliders[0].active === i",
                               arg=[replay_gd.element_handle(), i])
        np.testing.assert_array_equal(chart_data(page, "replay")["z"], frame_z[i])
    assert not np.array_equal(frame_z[1], frame_z[2])  # the frames differ: each press shows another
    page.wait_for_function("gd => !gd._transitioning", arg=replay_gd.element_handle())
    assert chart_data(page, "replay")["slider"] == 2  # it stays where it was put
    # by keyboard (WCAG 2.1.1): the replay's frame slider takes the focus and moves by End, Home and the arrows
    replay_gd.locator(".slider-container[role=slider]").focus()
    for key, i in (("End", len(frame_z) - 1), ("Home", 0), ("ArrowRight", 1)):
        page.keyboard.press(key)
        page.wait_for_function("([gd, i]) => gd._fullLayout.sliders[0].active === i && !gd._transitioning",
                               arg=[replay_gd.element_handle(), i])
        np.testing.assert_array_equal(chart_data(page, "replay")["z"], frame_z[i], err_msg=key)
    assert page.evaluate("() => window.__sent") == 0
