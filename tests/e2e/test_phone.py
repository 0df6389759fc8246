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
    // the charts on show: a wide-screen variant hidden by CSS on a phone has no box
    charts: [...document.querySelectorAll('.js-plotly-plot')].filter(gd => gd.getBoundingClientRect().width > 0)
      .map(gd => {
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


SHOWN_JS = """
name => [`chart-${name}`, `chart-phone-${name}`].map(k => {
  const el = document.querySelector(`.st-key-${k}`);
  return el ? el.getBoundingClientRect().width > 0 : null;
})
"""

PANEL_TITLES_JS = """
name => [...document.querySelectorAll(`.st-key-chart-phone-${name} .annotation-text`)].map(t => {
  const r = t.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})
"""


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_grids_have_a_phone_layout_shown_only_on_a_phone(app_server, new_page):
    """Home's pipeline, the Add & Norm grid and the heads' grid are laid out for a phone in fewer columns: on a
    phone only that one shows (its panel titles apart), on a wide screen only the full one."""
    phone = new_page(viewport=(WIDTH, HEIGHT), is_mobile=True, has_touch=True)
    wide = new_page()
    for key, name in (("", "pipeline"), ("residual", "add-norm"), ("multihead", "bilinears")):
        for page, expected in ((phone, [False, True]), (wide, [True, False])):
            page.goto(app_server.page_url(key))
            settle(page)
            assert page.evaluate(SHOWN_JS, name) == expected, (key, name, expected)
        titles = phone.evaluate(PANEL_TITLES_JS, name)
        assert titles, name
        clashes = [(a, b) for i, a in enumerate(titles) for b in titles[i + 1:] if _overlap(a, b)]
        assert not clashes, (name, clashes)
