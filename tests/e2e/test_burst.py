"""No press is lost: five arrow keys 60 ms apart on the sidebar T control, faster than the app's reruns, on every
page, twice per page (one burst each way); the control, the page's own T control and the app's state (the share
link) must all end on the fifth option, and the burst is told to the server once (one server run per burst). The
control tells the server once the hand has paused (control.js's PAUSE_MS after a step): on a machine so busy that
the browser itself saw a gap that long between two of the presses, each such gap may add one message, and no more."""

from __future__ import annotations

import itertools
import re
from urllib.parse import parse_qs, urlparse

from attention_core import codec
from attention_core.ui import T_OPTIONS, web
from tests.e2e.driver import PAGE_KEYS, SIDEBAR, go_to, settle, share_link, t_counts, t_shown, wait_for_app
from tests.e2e.driver import t_control as t_control_of
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

PRESSES, GAP_MS, ROUNDS = 5, 60, 2
PAUSE_MS = int(re.search(r"const PAUSE_MS = (\d+);", web.asset("tcontrol/control.js")).group(1))
# when the page saw each step of a T control (its input event, before the control's own handler ends)
RECORD_STEPS_JS = JS["RECORD_STEPS_JS"]
shown_t = t_shown
# once the session's T control has drawn a T in the browser (the first burst), every chart of a T part is drawn in
# place (ui/live_chart: Plotly.react on the same node), never mounted afresh by a T run: mounted afresh, a chart stood
# blank for 13–316 ms after a burst while Plotly drew a new one (docs/performance.md, blank frames). MARK_JS marks
# the drawn node of each and returns their keys; KEPT_JS lists those not kept.
T_CHARTS = '[data-testid="stMain"] [class*="st-key-t-part-"] [class*="st-key-chart-"]'
MARK_JS = JS["MARK_JS"]  # of the charts T_CHARTS finds
KEPT_JS = JS["KEPT_JS"]
# the pages whose T charts the control redraws (a page's own T parts); the others have none, or ⑥ by default none
WITH_T_CHARTS = ("home", "temperature", "value", "residual", "order")


def canonical_t(page) -> float:
    token = parse_qs(urlparse(share_link(page)).query)["s"][0]
    return codec.decode_link(token)[0].temperature


def quiet(page) -> None:
    """The runs of the burst are over: no T control still holds a T for the server, and the app has been idle
    for a while (a queued rerun would have started). Generous timeouts: the machine may be busy."""
    page.wait_for_function("() => window.__attentionT.scheduled() === 0", timeout=120_000)
    wait_for_app(page, timeout=120_000, settle_ms=600)
    settle(page)


def test_five_quick_presses_on_t_all_count_on_every_page(app_server, new_page):
    """One session walks every page by the sidebar's links (a page load boots Streamlit's frontend anew, a link does
    not), with ROUNDS bursts on each; the bursts alternate their direction, so T stays within its options."""
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    for i, key in enumerate(PAGE_KEYS):
        if key != "home":
            go_to(page, key)
        bursts(page, key, first_right=i % 2 == 0)


def bursts(page, key: str, first_right: bool) -> None:
    slider = t_control_of(page)
    kept = None
    for r in range(ROUNDS):
        arrow, step = ("ArrowRight", 1) if (r % 2 == 0) == first_right else ("ArrowLeft", -1)
        start = T_OPTIONS.index(shown_t(page, SIDEBAR))
        want = T_OPTIONS[start + step * PRESSES]
        sends = t_counts(page)["sends"]
        slider.focus()
        page.evaluate(RECORD_STEPS_JS)
        for _ in range(PRESSES):
            page.keyboard.press(arrow, delay=GAP_MS)  # held GAP_MS: the presses come GAP_MS apart
        page.wait_for_function("n => window.__attentionT.sends > n", arg=sends, timeout=30_000)
        quiet(page)
        where = f"{key}, round {r + 1}: {PRESSES} × {arrow} from T = {T_OPTIONS[start]:g}"
        assert shown_t(page, SIDEBAR) == want, where
        assert canonical_t(page) == want, where
        steps = page.evaluate("() => window.__e2eSteps")
        assert len(steps) == PRESSES, (where, steps)  # every press stepped the control once
        paused = sum(b - a >= PAUSE_MS for a, b in itertools.pairwise(steps))  # the browser saw the hand pause
        told = t_counts(page)["sends"] - sends
        assert 1 <= told <= 1 + paused, (where, told, [round(b - a) for a, b in itertools.pairwise(steps)])
        if key == "temperature":  # the page's own T slider follows the sidebar's
            assert shown_t(page, '[data-testid="stMain"]') == want, where
        if kept is None:  # after the first burst: the T charts as drawn in place from now on
            kept = page.evaluate(MARK_JS, T_CHARTS)
            if key in WITH_T_CHARTS:
                assert kept, key  # the check below has charts to check
        else:
            assert page.evaluate(KEPT_JS, kept) == [], where  # redrawn where it was, not anew


