"""Every page on a phone (390×844): the sidebar starts folded, nothing runs off the screen sideways, every chart
fits the width with no drawn text under 11 px, and a wide formula scrolls inside its own box."""

from __future__ import annotations

from attention_core import theme
from attention_core.registry import PAGES
from tests.e2e.driver import settle

WIDTH, HEIGHT = 390, 844
PHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            "Version/17.0 Mobile/15E148 Safari/604.1")
MIN_CHART_FONT_PX = theme.MIN_TEXT_PX  # 11

LAYOUT_JS = """
(minPx) => {
  const sb = document.querySelector('[data-testid="stSidebar"]');
  const sbBox = sb ? sb.getBoundingClientRect() : null;
  const formulas = [...document.querySelectorAll('[data-testid="stMain"] .katex-display')].map(k => {
    const r = k.getBoundingClientRect();
    const style = getComputedStyle(k);
    return {right: r.right, scrolls: ['auto', 'scroll'].includes(style.overflowX)};
  });
  return {
    scrollWidth: document.scrollingElement.scrollWidth,
    // the main column scrolls on its own (Streamlit's stMain): what is wider than it scrolls it sideways
    mainOverflow: (m => m ? m.scrollWidth - m.clientWidth : 0)(document.querySelector('[data-testid="stMain"]')),
    sidebarRight: sbBox ? sbBox.right : 0,
    sidebarWidth: sbBox ? sbBox.width : 0,
    charts: [...document.querySelectorAll('.js-plotly-plot')].map(gd => {
      const r = gd.getBoundingClientRect();
      // every text the chart draws (ticks, colour bar ticks, cell numbers, titles), not only its base font
      const small = [...gd.querySelectorAll('text')]
        .filter(t => t.textContent.trim() && t.getBoundingClientRect().width > 0)
        .map(t => ({px: parseFloat(getComputedStyle(t).fontSize), text: t.textContent.slice(0, 12),
                    where: t.parentElement.getAttribute('class') || ''}))
        .filter(t => t.px < minPx);
      const L = gd._fullLayout;
      const axes = Object.keys(L).filter(k => /^[xy]axis\\d*$/.test(k) && L[k] && L[k]._id);
      return {left: r.left, right: r.right, layoutWidth: L.width, font: L.font.size,
              small: small.slice(0, 5), swipes: L.dragmode === false && axes.every(k => L[k].fixedrange)};
    }),
    formulas,
  };
}
"""


def test_every_page_fits_a_phone(app_server, new_page):
    page = new_page(viewport=(WIDTH, HEIGHT), is_mobile=True, has_touch=True, user_agent=PHONE_UA)
    for spec in PAGES:
        page.goto(app_server.page_url("" if spec.key == "home" else spec.key))
        settle(page)
        m = page.evaluate(LAYOUT_JS, MIN_CHART_FONT_PX)
        assert m["sidebarRight"] <= 1 or m["sidebarWidth"] == 0, (spec.key, m["sidebarRight"])  # folded
        assert m["scrollWidth"] <= WIDTH, (spec.key, m["scrollWidth"])
        assert m["mainOverflow"] <= 0, (spec.key, m["mainOverflow"])  # no sideways swipe of the page
        assert m["charts"], spec.key
        for chart in m["charts"]:
            assert chart["left"] >= 0 and chart["right"] <= WIDTH, (spec.key, chart)
            assert chart["layoutWidth"] <= WIDTH, (spec.key, chart)
            assert chart["font"] >= MIN_CHART_FONT_PX, (spec.key, chart)
            assert not chart["small"], (spec.key, chart)  # no drawn text under it, colour bar ticks included
            assert chart["swipes"], (spec.key, chart)  # no zoom box: a swipe across it scrolls the page
        for formula in m["formulas"]:
            assert formula["right"] <= WIDTH + 1 and formula["scrolls"], (spec.key, formula)


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
    page.wait_for_function("""() => { const sb = document.querySelector('[data-testid="stSidebar"]');
                                      const r = sb && sb.getBoundingClientRect();
                                      return !!r && r.left >= -1 && r.width > 200; }""", timeout=30000)
    box = page.locator('[data-testid="stSidebar"]').bounding_box()
    assert box is not None and box["x"] >= -1 and box["width"] > 200



PANEL_TITLES_JS = """
name => [...document.querySelectorAll(`.st-key-chart-${name} .annotation-text`)].map(t => {
  const r = t.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})
"""
# every row label's box and every colour bar's box of a chart (px)
LABELS_AND_BARS_JS = """
name => {
  const gd = document.querySelector(`.st-key-chart-${name} .js-plotly-plot`);
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const ticks = [...gd.querySelectorAll('g')].filter(g => /^y\\d*tick$/.test(g.getAttribute('class') || ''));
  return {labels: ticks.map(g => g.querySelector('text')).filter(t => t && t.textContent.trim()).map(box),
          bars: [...gd.querySelectorAll('g.colorbar rect.cbbg, g.colorbar rect.cbfill')].map(box)};
}
"""
GRID_COLUMNS_JS = "name => document.querySelector(`.st-key-chart-${name} .js-plotly-plot`)._fullLayout.xaxis.domain[1]"


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
