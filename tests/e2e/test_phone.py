"""A phone (390×844): a swipe across a chart scrolls the page, the sidebar still opens, and the grids are laid out for
its width. That every page fits a phone (the sidebar folded, nothing off the screen sideways, charts within the width
with no drawn text under 11 px, wide formulas in their own scrolling box) is checked in the phone walks of
tests/e2e/test_axe.py, on the same page loads as the audit (tests/e2e/page_checks.py)."""

from __future__ import annotations

from tests.e2e.driver import settle
from tests.e2e.page_checks import HEIGHT, PHONE_UA, WIDTH, probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page


def test_a_swipe_across_a_chart_scrolls_the_page(app_server, new_page):
    """A finger that scrolls the page over a chart scrolls the page, and the chart keeps its ranges (Plotly's
    default drag on a touch screen draws a zoom box: the page stood still and the chart zoomed in)."""
    page = new_page(viewport=(WIDTH, HEIGHT), is_mobile=True, has_touch=True, user_agent=PHONE_UA)
    page.goto(app_server.page_url("temperature"))
    settle(page)
    chart = page.locator(".js-plotly-plot").first
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    ranges = "() => { const L = document.querySelector('.js-plotly-plot')._fullLayout; " \
             "return [L.xaxis.range, L.yaxis.range]; }"
    main = "() => document.querySelector('[data-testid=\"stMain\"]').scrollTop + window.scrollY"
    before, top = page.evaluate(ranges), page.evaluate(main)
    x, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.7
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y0}]})
    for k in range(1, 11):  # a slow upward swipe, 10 moves
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y0 - 25 * k}]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function(f"top => ({main})() > top + 50", arg=top, timeout=30_000)
    assert page.evaluate(ranges) == before


def test_the_sidebar_still_opens_on_a_phone(app_server, new_page):
    page = new_page(viewport=(WIDTH, HEIGHT), is_mobile=True, has_touch=True, user_agent=PHONE_UA)
    page.goto(app_server.page_url("score"))
    settle(page)
    opener = '[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button'
    page.locator(opener).first.click()
    # the sidebar has slid in: its left edge on the screen, at its full width
    page.wait_for_function(JS["SIDEBAR_IN_JS"], timeout=30000)
    box = page.locator('[data-testid="stSidebar"]').bounding_box()
    assert box is not None and box["x"] >= -1 and box["width"] > 200



PANEL_TITLES_JS = JS["PANEL_TITLES_JS"]
# every row label's box and every colour bar's box of a chart (px)
LABELS_AND_BARS_JS = JS["LABELS_AND_BARS_JS"]
GRID_COLUMNS_JS = JS["GRID_COLUMNS_JS"]


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_grids_are_laid_out_for_a_phone(app_server, new_page):
    """Home's pipeline, the Add & Norm grid and the heads' grid come in fewer columns on a phone (its browser says
    "Mobile"), laid out for its width: panel titles apart; a wide screen keeps the full grid."""
    phone = new_page(viewport=(WIDTH, HEIGHT), is_mobile=True, has_touch=True, user_agent=PHONE_UA)
    wide = new_page()
    for key, name in (("", "pipeline"), ("residual", "add-norm"), ("multihead", "bilinears")):
        first_panel = {}
        for label, page in (("phone", phone), ("wide", wide)):
            page.goto(app_server.page_url(key))
            settle(page)
            page.wait_for_selector(f".st-key-chart-{name} .js-plotly-plot .main-svg", timeout=60000)
            first_panel[label] = page.evaluate(GRID_COLUMNS_JS, name)  # the first panel's right edge (0–1)
        assert first_panel["phone"] > first_panel["wide"], (name, first_panel)  # fewer, wider panels
        titles = phone.evaluate(PANEL_TITLES_JS, name)
        assert titles, name
        clashes = [(a, b) for i, a in enumerate(titles) for b in titles[i + 1:] if _overlap(a, b)]
        assert not clashes, (name, clashes)
        drawn = phone.evaluate(LABELS_AND_BARS_JS, name)  # a panel's row labels clear of its neighbour's colour bar
        assert drawn["labels"], name
        hit = [(a, b) for a in drawn["labels"] for b in drawn["bars"] if _overlap(a, b)]
        assert not hit, (name, hit[:3])
