"""No press is lost: five arrow keys 60 ms apart on the sidebar T control, faster than the app's reruns, on every
page, several times per page; the control, the page's own T control and the app's state (the share link) must
all end on the fifth option, and the burst is told to the server once (one server run per burst). The control tells
the server once the hand has paused (control.js's PAUSE_MS after a step): on a machine so busy that the browser
itself saw a gap that long between two of the presses, each such gap may add one message, and no more."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from attention_core import codec
from attention_core.ui import T_OPTIONS
from tests.e2e.app_driver import PAGE_KEYS, SIDEBAR, go_to, settle, share_link, t_counts, t_shown
from tests.e2e.app_driver import t_control as t_control_of
from tests.e2e.helpers import wait_for_app

PRESSES, GAP_MS, ROUNDS = 5, 60, 3
CONTROL_JS = Path(__file__).resolve().parents[2] / "attention_core" / "ui" / "tcontrol" / "control.js"
PAUSE_MS = int(re.search(r"const PAUSE_MS = (\d+);", CONTROL_JS.read_text(encoding="utf-8")).group(1))
# when the page saw each step of a T control (its input event, before the control's own handler ends)
RECORD_STEPS_JS = """
() => {
  window.__e2eSteps = [];
  if (window.__e2eStepsOn) return;
  window.__e2eStepsOn = true;
  document.addEventListener('input', e => {
    if (e.target.closest && e.target.closest('.attention-t')) window.__e2eSteps.push(performance.now());
  }, true);
}
"""
shown_t = t_shown
# Every frame of the burst, from the first press until the runs are over: each chart of the main area that was
# drawn before the burst should show a drawing (its own, or the one attention_core.ui.steady keeps until the new
# one is drawn); a frame where it shows none is recorded as [chart, ms after the start].
WATCH_BLANKS_JS = """
() => {
  const drawn = (box) => {
    if (box.querySelector('.attention-cover .main-svg')) return true;
    return [...box.querySelectorAll('.js-plotly-plot')].some(gd => {
      if (!gd._fullData || !gd.querySelector('.main-svg')) return false;
      if (gd._fullData.length && !gd.querySelector('.hm, .trace')) return false;
      for (let el = gd; el && el !== box; el = el.parentElement) {
        const cs = getComputedStyle(el);
        if (cs.visibility === 'hidden' || cs.display === 'none') return false;
      }
      return true;
    });
  };
  const main = document.querySelector('[data-testid="stMain"]');
  const keys = [...main.querySelectorAll('[class*="st-key-chart-"]')].filter(drawn)
    .map(b => [...b.classList].find(c => c.startsWith('st-key-chart-')));
  const w = window.__e2eBlanks = { keys, blank: [], frames: 0, on: true };
  const t0 = performance.now();
  const tick = () => {
    if (!w.on) return;
    w.frames += 1;
    for (const k of w.keys) {
      const boxes = [...main.querySelectorAll('.' + k)];
      if (!boxes.some(drawn)) w.blank.push([k, Math.round(performance.now() - t0)]);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
"""


def canonical_t(page) -> float:
    token = parse_qs(urlparse(share_link(page)).query)["s"][0]
    return codec.decode_link(token)[0].temperature


def quiet(page) -> None:
    """The runs of the burst are over: no T control still holds a T for the server, and the app has been idle
    for a while (a queued rerun would have started). Generous timeouts: the machine may be busy."""
    page.wait_for_function("() => window.__attentionT.scheduled() === 0", timeout=120_000)
    wait_for_app(page, timeout=120_000, settle_ms=600)
    settle(page)


@pytest.mark.parametrize("key", PAGE_KEYS)
def test_five_quick_presses_on_t_all_count_on_every_page(app_server, new_page, key):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    if key != "home":
        go_to(page, key)
        settle(page)
        # a page switch lays nothing of the old page over the new one
        assert page.evaluate("() => window.__attentionSteady.covers") == 0, key
    slider = t_control_of(page)
    blank_rounds = 0
    for r in range(ROUNDS):
        arrow, step = ("ArrowRight", 1) if r % 2 == 0 else ("ArrowLeft", -1)
        start = T_OPTIONS.index(shown_t(page, SIDEBAR))
        want = T_OPTIONS[start + step * PRESSES]
        sends = t_counts(page)["sends"]
        slider.focus()
        page.evaluate(RECORD_STEPS_JS)
        page.evaluate(WATCH_BLANKS_JS)
        for _ in range(PRESSES):
            page.keyboard.press(arrow, delay=GAP_MS)  # held GAP_MS: the presses come GAP_MS apart
        page.wait_for_function("n => window.__attentionT.sends > n", arg=sends, timeout=30_000)
        quiet(page)
        watched = page.evaluate("() => { window.__e2eBlanks.on = false; return window.__e2eBlanks; }")
        where = f"{key}, round {r + 1}: {PRESSES} × {arrow} from T = {T_OPTIONS[start]:g}"
        # a drawing kept over a redrawn chart sat exactly where the new one came, and is gone once it came
        assert watched["keys"] and watched["frames"] > 0, (where, watched)
        steady = page.evaluate("() => window.__attentionSteady")
        assert all(abs(c["dx"]) < 1 and abs(c["dy"]) < 1 for c in steady["lifted"]), (where, steady["lifted"])
        assert page.locator(".attention-cover").count() == 0, where
        blank_rounds += bool(watched["blank"])
        assert shown_t(page, SIDEBAR) == want, where
        assert canonical_t(page) == want, where
        steps = page.evaluate("() => window.__e2eSteps")
        assert len(steps) == PRESSES, (where, steps)  # every press stepped the control once
        paused = sum(b - a >= PAUSE_MS for a, b in itertools.pairwise(steps))  # the browser saw the hand pause
        told = t_counts(page)["sends"] - sends
        assert 1 <= told <= 1 + paused, (where, told, [round(b - a) for a, b in itertools.pairwise(steps)])
        if key == "temperature":  # the page's own T slider follows the sidebar's
            assert shown_t(page, '[data-testid="stMain"]') == want, where
    if key == "home":  # Home's grid is mounted afresh after every burst: its last drawing stood in each time
        steady = page.evaluate("() => window.__attentionSteady")
        assert steady["covers"] >= ROUNDS, steady
    # Rounds where some chart still showed a blank frame (docs/rehearsal.md: about 1 in 8 with the kept drawing,
    # 29 in 32 without): counted in the report, not asserted, as a frame's timing depends on the machine's load.
    print(f"{key}: {blank_rounds} of {ROUNDS} rounds with a blank frame")

