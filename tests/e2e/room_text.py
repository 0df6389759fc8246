"""Readable from the back of a room: what presenter mode at 1920×1080 draws on a page, in Korean and in English,
has no chart text below theme.PRESENTER_MIN_PX and no body text below PRESENTER_BODY_PX (as the browser computes
them). `tests/e2e/test_axe.py` runs `room_text_failures` on every page of its presenter-mode walk (the same page
loads as its audit)."""

from __future__ import annotations

from attention_core import theme
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

PRESENTER_BODY_PX = 22  # paragraphs, captions, widget labels, what is typed or picked

# Every drawn text of every Plotly chart on the page (ticks, cell numbers, titles, legends, colour bars, annotations,
# slider and button labels; hover boxes only exist while hovering), and every body text that has letters of its own.
SMALL_TEXT_JS = JS["SMALL_TEXT_JS"]

COUNT_JS = JS["COUNT_JS"]


def room_text_failures(page) -> list:
    """The texts too small for a room on this page (presenter mode must be on: its step buttons are checked
    here, and that the check sees charts and paragraphs at all)."""
    assert page.locator("[data-testid='stMain'] .st-key-pr-presenter").count() == 1, page.url
    charts_text, paragraphs = page.evaluate(COUNT_JS)
    assert charts_text > 0 and paragraphs > 0, (page.url, charts_text, paragraphs)
    return page.evaluate(SMALL_TEXT_JS, [theme.PRESENTER_MIN_PX, PRESENTER_BODY_PX])
