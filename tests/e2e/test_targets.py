"""Targets a finger or a mouse must hit, and what covers chart titles, on every page: at 390 × 844 (a phone) every
control is at least 24 × 24 px (WCAG 2.2, 2.5.8) and the main ones at least 44 × 44 (2.5.5); at 390 px and at
1280 × 720 no chart toolbar sits over a chart's title; a data grid that takes the keyboard focus shows a ring
(2.4.7). Measured in Chromium, where the layout is real.
"""

from __future__ import annotations

import pytest

from attention_core.registry import PAGES
from tests.e2e.driver import settle

PHONE = {"viewport": (390, 844), "is_mobile": True, "has_touch": True,
         "user_agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"}
MAIN_PX, LEAST_PX = 44, 24

# Every control on the page with the box a press really lands in: its own, its label's when the label takes the press
# (a toggle, a checkbox), a slider thumb's square hit area (its ::before), a link's line. Controls that are not there
# for the eye (the skip link until focused, 1 × 1) and links inside a sentence (WCAG's inline exception) are left out.
TARGETS_JS = """
() => {
  const sel = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=switch], [role=slider],' +
              ' [role=tab], [role=checkbox], [role=radio]';
  const out = [];
  for (const el of document.querySelectorAll(`:is([data-testid="stMain"], [data-testid="stSidebar"]) :is(${sel})`)) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
    const side = el.closest('[data-testid="stSidebar"]');
    if (side && side.getBoundingClientRect().right <= 0) continue;  // a folded sidebar
    if (el.matches('a') && el.closest('p, li') && !el.closest('[data-testid="stPageLink-NavLink"]')) continue;
    let box = {w: r.width, h: r.height};
    // a box's text, its "open the list" button and a number's steps sit in one frame that takes the press
    const frame = el.closest('[data-testid="stSelectbox"] [role="group"], [data-testid="stTextInputRootElement"],' +
                             ' [data-testid="stNumberInputContainer"]');
    if (frame) { const f = frame.getBoundingClientRect(); box = {w: f.width, h: f.height}; }
    const label = el.closest('label');
    if (label) {
      const l = label.getBoundingClientRect();
      box = {w: Math.max(box.w, l.width), h: Math.max(box.h, l.height)};
    }
    const thumb = el.matches('input[type=range]') ? el.parentElement && el.parentElement.parentElement : null;
    if (thumb) {
      const before = getComputedStyle(thumb, '::before');
      const w = parseFloat(before.width) || 0, h = parseFloat(before.height) || 0;
      box = {w: Math.max(box.w, w), h: Math.max(box.h, h)};
    }
    const key = ((el.closest('[class*="st-key-"]') || {}).className || '').match(/st-key-[^ ]+/);
    const id = (el.closest('[data-testid]') || {dataset: {}}).dataset.testid;
    out.push({w: Math.round(box.w), h: Math.round(box.h), tag: el.tagName,
              type: el.type || el.getAttribute('role') || '', key: key ? key[0] : '', id,
              what: (el.getAttribute('aria-label') || el.innerText || '').trim().slice(0, 30)});
  }
  return out;
}
"""

# Each chart's toolbar (when it has one) against the chart's title: their boxes must not meet.
COVERED_JS = """
() => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')].flatMap((gd) => {
  const bar = gd.querySelector('.modebar-container .modebar');
  const titles = [...gd.querySelectorAll('.gtitle, .g-gtitle text, .annotation-text')];
  if (!bar || getComputedStyle(bar).display === 'none') return [];
  const b = bar.getBoundingClientRect();
  if (!b.width) return [];
  return titles.map((t) => ({t, r: t.getBoundingClientRect()}))
    .filter(({r}) => r.width && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
    .map(({t}) => t.textContent.slice(0, 40));
})
"""


def small(targets: list[dict], least: int) -> list[dict]:
    return [t for t in targets if t["w"] < least or t["h"] < least]


def main_controls(targets: list[dict]) -> list[dict]:
    """The controls a student uses to work the page: buttons, boxes, toggles, links to steps, drawers, sliders."""
    return [t for t in targets if t["id"] != "stBaseButton-elementToolbar"  # a data grid's own small tools
            and (t["tag"] in ("BUTTON", "SUMMARY", "SELECT", "TEXTAREA")
                 or t["type"] in ("text", "number", "checkbox", "switch", "range", "slider", "tab")
                 or t["id"] == "stPageLink-NavLink")]


def url(server, key: str) -> str:
    return server.page_url("" if key == "home" else key)  # a page's address is its key (pages/<n>_<key>.py)


@pytest.mark.parametrize("key", [spec.key for spec in PAGES])
def test_on_a_phone_every_target_is_24_px_and_the_main_controls_44(app_server, new_page, key):
    page = new_page(**PHONE)
    page.goto(url(app_server, key))
    settle(page)
    targets = page.evaluate(TARGETS_JS)
    assert targets, key
    assert small(targets, LEAST_PX) == [], key
    assert small(main_controls(targets), MAIN_PX) == [], key
    assert page.evaluate(COVERED_JS) == [], key


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_no_chart_toolbar_sits_over_a_title(app_server, new_page, size):
    page = new_page(viewport=size)  # a desktop browser: the toolbar is on, shown on hover
    page.goto(app_server.url)
    settle(page)
    covered = {}
    for spec in PAGES:
        page.goto(url(app_server, spec.key))
        settle(page)
        found = page.evaluate(COVERED_JS)
        if found:
            covered[spec.key] = found
    assert covered == {}


FOCUS_IN_GRID_JS = """
() => {
  const grid = document.activeElement && document.activeElement.closest('[data-testid="stDataFrame"]');
  if (!grid) return null;
  const s = getComputedStyle(grid);
  return {style: s.outlineStyle, width: parseFloat(s.outlineWidth)};
}
"""


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
