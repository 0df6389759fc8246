"""Every page on a phone (390×844): the sidebar starts folded, nothing runs off the screen sideways, every chart
fits the width with readable text, and a wide formula scrolls inside its own box."""

from __future__ import annotations

from attention_core.registry import PAGES
from tests.e2e.app_driver import settle

WIDTH, HEIGHT = 390, 844
MIN_CHART_FONT_PX = 11

LAYOUT_JS = """
() => {
  const sb = document.querySelector('[data-testid="stSidebar"]');
  const sbBox = sb ? sb.getBoundingClientRect() : null;
  const formulas = [...document.querySelectorAll('[data-testid="stMain"] .katex-display')].map(k => {
    const r = k.getBoundingClientRect();
    const style = getComputedStyle(k);
    return {right: r.right, scrolls: ['auto', 'scroll'].includes(style.overflowX)};
  });
  return {
    scrollWidth: document.scrollingElement.scrollWidth,
    sidebarRight: sbBox ? sbBox.right : 0,
    sidebarWidth: sbBox ? sbBox.width : 0,
    charts: [...document.querySelectorAll('.js-plotly-plot')].map(gd => {
      const r = gd.getBoundingClientRect();
      return {left: r.left, right: r.right, layoutWidth: gd._fullLayout.width, font: gd._fullLayout.font.size};
    }),
    formulas,
  };
}
"""


def test_every_page_fits_a_phone(app_server, new_page):
    page = new_page(viewport=(WIDTH, HEIGHT), is_mobile=True, has_touch=True)
    for spec in PAGES:
        page.goto(app_server.page_url("" if spec.key == "home" else spec.key))
        settle(page)
        m = page.evaluate(LAYOUT_JS)
        assert m["sidebarRight"] <= 1 or m["sidebarWidth"] == 0, (spec.key, m["sidebarRight"])  # folded
        assert m["scrollWidth"] <= WIDTH, (spec.key, m["scrollWidth"])
        assert m["charts"], spec.key
        for chart in m["charts"]:
            assert chart["left"] >= 0 and chart["right"] <= WIDTH, (spec.key, chart)
            assert chart["layoutWidth"] <= WIDTH, (spec.key, chart)
            assert chart["font"] >= MIN_CHART_FONT_PX, (spec.key, chart)
        for formula in m["formulas"]:
            assert formula["right"] <= WIDTH + 1 and formula["scrolls"], (spec.key, formula)


def test_the_sidebar_still_opens_on_a_phone(app_server, new_page):
    page = new_page(viewport=(WIDTH, HEIGHT), is_mobile=True, has_touch=True)
    page.goto(app_server.page_url("score"))
    settle(page)
    opener = '[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button'
    page.locator(opener).first.click()
    page.wait_for_timeout(600)
    box = page.locator('[data-testid="stSidebar"]').bounding_box()
    assert box is not None and box["x"] >= -1 and box["width"] > 200
