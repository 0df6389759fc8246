"""Presenter charts are laid out for the width they get (ui/room.py): a heatmap whose drawn cells hold its numbers
at the room's size prints them, and the note that hover has them stands under exactly the charts that leave them
out (tests/e2e/room_layout.py), on every page at 1280×720; the presenter walk of tests/e2e/test_axe.py runs the
same check at 1920×1080, in Korean and English."""

from __future__ import annotations

import pytest

from attention_core.codec import encode_link
from attention_core.registry import PAGE_KEYS
from attention_core.scenario import Scenario, View
from tests.e2e.driver import laid_out_for_the_page, settle
from tests.e2e.room_layout import numbers_failures


@pytest.mark.parametrize("key", PAGE_KEYS)
def test_presenter_charts_print_their_numbers_wherever_room_sized_numbers_fit(app_server, new_page, key):
    page = new_page(viewport=(1280, 720))
    page.goto(app_server.page_url("" if key == "home" else key) + f"?s={encode_link(Scenario(), View(presenter=True))}")
    settle(page)
    laid_out_for_the_page(page)
    wrong = numbers_failures(page)
    assert not wrong, (key, wrong)
