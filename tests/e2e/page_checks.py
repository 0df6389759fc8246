"""What every page must show in each browser setting, read on a page already loaded: the browser walks of
tests/e2e/test_axe.py make these checks on the same page loads as the audit (one walk per setting and language,
the pages reached by their links), rather than each check loading all nine pages again.

- ``phone_fit_failures``: at 390 px on a phone the sidebar is folded, nothing runs off the screen sideways, every
  chart fits the width with no drawn text under 11 px and no zoom box, and a wide formula scrolls in its own box.
- ``target_failures``: every control is at least 24 × 24 px (WCAG 2.2, 2.5.8) and the main ones at least 44 × 44
  (2.5.5).
- ``toolbar_failures``: no chart toolbar sits over a chart's title.

Each returns a list of what is wrong (empty: nothing), so a walk can gather every page's findings before it fails.
"""

from __future__ import annotations

from attention_core import theme
from tests.e2e.driver import SEL_SIDEBAR

WIDTH, HEIGHT = 390, 844
PHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            "Version/17.0 Mobile/15E148 Safari/604.1")
PHONE = {"viewport": (WIDTH, HEIGHT), "is_mobile": True, "has_touch": True, "user_agent": PHONE_UA}
MIN_CHART_FONT_PX = theme.MIN_TEXT_PX  # 11
MAIN_PX, LEAST_PX = 44, 24
FOLDED_JS = f"""() => {{ const s = document.querySelector('{SEL_SIDEBAR}');
  const r = s && s.getBoundingClientRect(); return !r || r.right <= 1 || r.width === 0; }}"""

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


def phone_fit_failures(page) -> list:
    """What does not fit a phone's width on the page as it stands (its sidebar folded)."""
    m = page.evaluate(LAYOUT_JS, MIN_CHART_FONT_PX)
    wrong: list = []
    if not (m["sidebarRight"] <= 1 or m["sidebarWidth"] == 0):
        wrong.append(("sidebar not folded", m["sidebarRight"]))
    if m["scrollWidth"] > WIDTH:
        wrong.append(("page wider than the screen", m["scrollWidth"]))
    if m["mainOverflow"] > 0:  # the main column scrolls sideways: a swipe moves the page
        wrong.append(("main column scrolls sideways", m["mainOverflow"]))
    if not m["charts"]:
        wrong.append("no chart drawn")
    for chart in m["charts"]:
        if chart["left"] < 0 or chart["right"] > WIDTH or chart["layoutWidth"] > WIDTH:
            wrong.append(("chart wider than the screen", chart))
        if chart["font"] < MIN_CHART_FONT_PX or chart["small"]:  # colour bar ticks included
            wrong.append(("chart text under 11 px", chart))
        if not chart["swipes"]:  # a zoom box would take the swipe that scrolls the page
            wrong.append(("chart takes a swipe", chart))
    for formula in m["formulas"]:
        if formula["right"] > WIDTH + 1 or not formula["scrolls"]:
            wrong.append(("formula runs off the screen", formula))
    return wrong


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


def small(targets: list[dict], least: int) -> list[dict]:
    return [t for t in targets if t["w"] < least or t["h"] < least]


def main_controls(targets: list[dict]) -> list[dict]:
    """The controls a student uses to work the page: buttons, boxes, toggles, links to steps, drawers, sliders."""
    return [t for t in targets if t["id"] != "stBaseButton-elementToolbar"  # a data grid's own small tools
            and (t["tag"] in ("BUTTON", "SUMMARY", "SELECT", "TEXTAREA")
                 or t["type"] in ("text", "number", "checkbox", "switch", "range", "slider", "tab")
                 or t["id"] == "stPageLink-NavLink")]


def target_failures(page) -> list:
    """Controls on the page (the sidebar's too when it is open) smaller than a finger needs."""
    targets = page.evaluate(TARGETS_JS)
    if not targets:
        return ["no control found"]
    return ([("under 24 px", t) for t in small(targets, LEAST_PX)]
            + [("main control under 44 px", t) for t in small(main_controls(targets), MAIN_PX)])


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


def toolbar_failures(page) -> list:
    """The chart titles a chart's toolbar covers."""
    return page.evaluate(COVERED_JS)
