"""What covers chart titles in a narrow desktop window, and the focus ring of a data grid (WCAG 2.4.7). Measured in
Chromium, where the layout is real. The phone's targets (every control ≥ 24 × 24 px, WCAG 2.2 2.5.8; the main ones
≥ 44 × 44, 2.5.5) and the toolbars at the laptop's, the presenter's and the phone's sizes are checked in the walks of
tests/e2e/test_axe.py, on the same page loads as the audit (tests/e2e/page_checks.py).
"""

from __future__ import annotations

from attention_core.registry import PAGES
from tests.e2e.driver import settle
from tests.e2e.page_checks import probes_beside, toolbar_failures

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page


def url(server, key: str) -> str:
    return server.page_url("" if key == "home" else key)  # a page's address is its key (pages/<n>_<key>.py)


def test_in_a_narrow_desktop_window_no_chart_toolbar_sits_over_a_title(app_server, new_page):
    """A desktop browser 390 px wide (no "Mobile" in its name: the toolbar is on, shown on hover). The laptop's,
    the presenter's and the phone's walks in test_axe.py check the same on their own page loads."""
    page = new_page(viewport=(390, 844))
    covered = {}
    for spec in PAGES:
        page.goto(url(app_server, spec.key))
        settle(page)
        found = toolbar_failures(page)
        if found:
            covered[spec.key] = found
    assert covered == {}


FOCUS_IN_GRID_JS = JS["FOCUS_IN_GRID_JS"]


def test_a_data_grid_that_takes_the_keyboard_focus_shows_a_ring(app_server, new_page):
    page = new_page(viewport=(1280, 900))
    page.goto(url(app_server, "temperature"))
    settle(page)
    grid = page.locator("[data-testid='stMain'] [data-testid='stDataFrame']").first
    grid.scroll_into_view_if_needed()
    page.locator("[data-testid='stMain'] h1").first.focus()
    ring = None
    for _ in range(80):  # Tab through the page until the focus lands in a grid (bounded: the page's stops)
        page.keyboard.press("Tab")
        ring = page.evaluate(FOCUS_IN_GRID_JS)
        if ring is not None:
            break
    assert ring is not None, "no data grid took the focus"
    assert ring["style"] != "none" and ring["width"] >= 2, ring
