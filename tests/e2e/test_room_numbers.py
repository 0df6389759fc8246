"""Presenter charts are laid out for the width they get (ui/room.py): a heatmap whose drawn cells hold its numbers
at the room's size prints them, and the note that hover has them stands under exactly the charts that leave them
out (tests/e2e/room_layout.py), on every page at 1280×720 (one walk by the next-step button); the presenter walk
of tests/e2e/test_axe.py runs the same check at 1920×1080, in Korean and English."""

from __future__ import annotations

from attention_core.codec import encode_link
from attention_core.registry import PAGE_KEYS
from attention_core.scenario import Scenario, View
from tests.e2e.driver import laid_out_for_the_page, settle
from tests.e2e.room_layout import numbers_failures


def test_presenter_charts_print_their_numbers_wherever_room_sized_numbers_fit(app_server, new_page):
    """Every page, walked in presenter mode by its next-step button (one page load: a link does not boot Streamlit's
    frontend again)."""
    page = new_page(viewport=(1280, 720))
    page.goto(app_server.page_url("") + f"?s={encode_link(Scenario(), View(presenter=True))}")
    settle(page)
    failures = {}
    for i, key in enumerate(PAGE_KEYS):
        if i:
            page.locator('[data-testid="stMain"] .st-key-pr-next button').first.click()
            page.wait_for_url(f"**/{key}*")
            settle(page)
        laid_out_for_the_page(page)
        wrong = numbers_failures(page)
        if wrong:
            failures[key] = wrong
    assert not failures, failures
