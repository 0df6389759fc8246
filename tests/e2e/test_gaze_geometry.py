"""The gaze geometry chart in a real browser: the drawn labels do not overlap (on a laptop and on a phone), the
coincident keys share one label, and the page says they coincide."""

from __future__ import annotations

import itertools

import pytest

from tests.e2e.driver import settle
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

LABEL_BOXES_JS = JS["LABEL_BOXES_JS"]

# The geometry chart is drawn at its box's width, with its labels' text in place.
GEOMETRY_DRAWN_JS = JS["GEOMETRY_DRAWN_JS"]


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_geometry_labels_are_apart_and_coincident_keys_are_named_together(app_server, new_page, size):
    page = new_page(viewport=size)
    page.goto(app_server.page_url("gaze"))
    settle(page)
    page.wait_for_function(GEOMETRY_DRAWN_JS, timeout=30000)
    boxes = page.evaluate(LABEL_BOXES_JS)
    texts = [b["text"] for b in boxes]
    assert "영화였다 = 장면이었다" in texts and "슬픈" in texts and "아름다운" in texts and "Q 슬픈" in texts
    assert texts.count("영화였다") == 0 and texts.count("장면이었다") == 0
    for a, b in itertools.combinations(boxes, 2):
        apart = a["x1"] <= b["x0"] or b["x1"] <= a["x0"] or a["y1"] <= b["y0"] or b["y1"] <= a["y0"]
        assert apart, (a, b)
    caption = page.get_by_text("K 영화였다 = 장면이었다: 차원 1, 2에서 같은 점입니다")
    assert caption.count() == 1
