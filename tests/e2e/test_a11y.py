"""What a screen reader and a keyboard get, in Chromium: every chart's accessible name (read from the
accessibility tree) and its "numbers as a table"; `<html lang>` following the UI language; the focus on the
page's title after a page switch; the skip link to the chart; the Plotly toolbars out of the Tab order (and
off on phones); a focus ring of ≥ 3:1 on the controls; the sidebar folding after a step link on a phone."""

from __future__ import annotations

import re

from attention_core.i18n import text
from attention_core.registry import PAGE_KEYS
from tests.e2e.app_driver import SIDEBAR_LINKS, by_key, settle, switch_language
from tests.e2e.test_axe import open_sidebar, sidebar_open
from tests.e2e.test_phone import HEIGHT, PHONE_UA, WIDTH

CHARTS_JS = """
() => [...document.querySelectorAll('[data-testid="stMain"] [class*="st-key-chart-"]')].map(e => {
  const gd = e.querySelector('.js-plotly-plot');
  const heat = gd ? (gd._fullData || []).filter(t => t.type === 'heatmap' && !(t.text || []).flat().includes('✕')) : [];
  return {
    name: e.className.match(/st-key-chart-(\\S+)/)[1],
    role: e.getAttribute('role'), label: e.getAttribute('aria-label') || '',
    title: gd && gd.layout.title ? String(gd.layout.title.text || '').replace(/<br>/g, ' ') : '',
    heatmapRows: heat.map(t => (t.z || []).length),
  };
})
"""
TABLES_JS = """
name => [...document.querySelectorAll(`.st-key-table-${name} table`)].map(t => ({
  cols: t.querySelectorAll('thead th[scope="col"]').length,
  rows: t.querySelectorAll('tbody th[scope="row"]').length,
  cells: t.querySelectorAll('tbody td').length,
}))
"""
ACTIVE_JS = "() => { const a = document.activeElement; return {tag: a.tagName, text: (a.textContent || '').trim()}; }"
STUDENT_TARGETS = ", ".join(f'[data-testid="stMain"] {sel}' for sel in (
    '[data-testid="stTooltipIcon"] button', 'button[data-variant="segmented_control"]',
    '[data-testid="stSelectbox"] div:has(> input[role="combobox"])', '[data-testid="stBaseButton-primary"]',
    '[data-testid="stBaseButton-secondary"]'))
WAIT_LABELLED = """
() => [...document.querySelectorAll('[data-testid="stMain"] [class*="st-key-chart-"]')]
  .every(e => e.getAttribute('role') === 'figure' && e.getAttribute('aria-label'))
"""


def plain(title: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", title).split())


def go(page, key: str) -> None:
    page.locator(SIDEBAR_LINKS).nth(PAGE_KEYS.index(key)).click()
    page.wait_for_url(f"**/{'' if key == 'home' else key}*")
    settle(page)
    page.wait_for_function(WAIT_LABELLED)


def test_every_chart_has_its_name_and_its_table(app_server, new_page):
    page = new_page(viewport=(1280, 900))
    page.goto(app_server.page_url(""))
    settle(page)
    page.wait_for_function(WAIT_LABELLED)
    seen = 0
    for key in PAGE_KEYS:
        if key != "home":
            go(page, key)
        charts = page.evaluate(CHARTS_JS)
        assert charts, key
        for c in charts:
            assert c["role"] == "figure", (key, c)
            if c["title"]:
                assert c["label"].startswith(plain(c["title"])), (key, c)
            assert len(c["label"]) > len(plain(c["title"])) + 10, (key, c)  # the numbers too, not the title alone
            switch = page.locator(f".st-key-table-{c['name']} summary")
            assert switch.count() == 1, (key, c["name"])
            if not page.locator(f".st-key-chart-{c['name']}").is_visible():
                continue  # inside a closed expander: not in the accessibility tree until opened
            # what a screen reader gets: a figure with that name in the accessibility tree
            tree = page.locator(f".st-key-chart-{c['name']}").aria_snapshot()
            assert re.match(r"""\s*- '?figure "?""", tree), (key, c["name"], tree[:200])  # YAML quotes a name with ":"
            assert c["label"][:40] in tree, (key, c["name"], tree[:200])
            # its table, opened with the switch beside it: row and column headers, one row per matrix row
            switch.click()
            settle(page)
            page.wait_for_function("name => document.querySelector(`.st-key-table-${name} table`)", arg=c["name"])
            tables = page.evaluate(TABLES_JS, c["name"])
            assert tables and all(t["cols"] >= 2 and t["rows"] >= 1 and t["cells"] >= t["rows"] for t in tables), (
                key, c["name"], tables)
            for rows, t in zip(c["heatmapRows"], tables):
                assert t["rows"] == rows, (key, c["name"], rows, t)
            seen += 1
    assert seen >= 30


def test_lang_follows_the_language_and_focus_goes_to_the_title(app_server, new_page):
    page = new_page()
    page.goto(app_server.page_url(""))
    settle(page)
    page.wait_for_function("() => document.documentElement.lang === 'ko'")
    go(page, "score")
    page.wait_for_function("t => document.activeElement && document.activeElement.tagName === 'H1'"
                           " && document.activeElement.textContent.trim().startsWith(t)", arg=text("ko", "page.score"))
    switch_language(page, "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    link = page.locator(SIDEBAR_LINKS).nth(PAGE_KEYS.index("value"))  # this time by keyboard: the ring shows
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/value*")
    settle(page)
    page.wait_for_function("t => document.activeElement && document.activeElement.tagName === 'H1'"
                           " && document.activeElement.textContent.trim().startsWith(t)", arg=text("en", "page.value"))
    # the title's focus ring: ≥ 3 px, dark on white
    page.wait_for_function("() => { const a = document.activeElement; const s = getComputedStyle(a);"
                           " return a.tagName === 'H1' && s.outlineStyle === 'solid' && parseFloat(s.outlineWidth) >= 3"
                           " && s.outlineColor === 'rgb(32, 33, 36)'; }")


def test_toolbars_are_out_of_the_tab_order_and_the_skip_link_reaches_the_chart(app_server, new_page):
    page = new_page()
    page.goto(app_server.page_url("temperature"))
    settle(page)
    page.wait_for_function(WAIT_LABELLED)
    page.wait_for_function("() => [...document.querySelectorAll('.modebar-btn')].length > 0"
                           " && [...document.querySelectorAll('.modebar-btn')].every(b => b.tabIndex === -1)")
    # Tab from the top of the page: no stop is a toolbar button, and the skip link comes after the sidebar
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    stops = []
    for _ in range(60):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("() => { const a = document.activeElement;"
                                   " return [a.className && a.className.baseVal === undefined ? a.className : '',"
                                   " !!a.closest('[data-testid=\"stSidebar\"]'), (a.textContent || '').trim()]; }"))
    assert not any("modebar-btn" in str(cls) for cls, _, _ in stops), stops
    skip = text("ko", "a11y.skip_to_chart")
    at = next(i for i, (cls, _, label) in enumerate(stops) if "a11y-skip" in str(cls) and label == skip)
    assert any(in_sidebar for _, in_sidebar, _ in stops[:at]), stops[:at]  # the sidebar comes first
    page.locator(".a11y-skip").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => { const a = document.activeElement; return a && a.getAttribute('role') === 'figure'"
                           " && [...a.classList].some(c => c.startsWith('st-key-chart-')); }")


def test_focus_ring_on_toggles_and_step_links(app_server, new_page):
    page = new_page()
    page.goto(app_server.page_url("score"))
    settle(page)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    rings = {}
    for _ in range(40):
        page.keyboard.press("Tab")
        info = page.evaluate("""() => {
          const a = document.activeElement;
          const box = a.closest('[data-testid="stCheckbox"]');  // its input is hidden: the ring is on the switch drawn
          const target = box ? box.querySelector('label > span + div') : a;
          const s = getComputedStyle(target);
          const kind = a.closest('[data-testid="stPageLink-NavLink"]') ? 'link' : box ? 'toggle' : a.tagName;
          return [kind, s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor];
        }""")
        rings.setdefault(info[0], info[1:])
    for kind in ("link", "toggle"):
        assert kind in rings, rings
        style, width, color = rings[kind]
        assert style == "solid" and width >= 3 and color == "rgb(32, 33, 36)", (kind, rings[kind])


def test_on_a_phone_no_toolbar_and_the_sidebar_folds_after_a_step_link(app_server, new_page):
    page = new_page(viewport=(WIDTH, HEIGHT), is_mobile=True, has_touch=True, user_agent=PHONE_UA)
    page.goto(app_server.page_url("score"))
    settle(page)
    assert page.locator(".modebar-btn").count() == 0
    open_sidebar(page)
    box = page.locator(SIDEBAR_LINKS).nth(PAGE_KEYS.index("value")).bounding_box()
    assert box["height"] >= 44, box  # a 44 px target (WCAG 2.5.5)
    page.locator(SIDEBAR_LINKS).nth(PAGE_KEYS.index("value")).tap()
    page.wait_for_url("**/value*")
    settle(page)
    page.wait_for_function("() => { const s = document.querySelector('[data-testid=\"stSidebar\"]');"
                           " const r = s && s.getBoundingClientRect(); return !r || r.right <= 1 || r.width === 0; }")
    assert not sidebar_open(page)
    opener = page.locator('[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button')
    box = opener.first.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    assert by_key(page, "chart:weights").count() == 1
    # the student's other targets on a page with a quiz and pickers: help buttons, segmented buttons, select boxes
    small = page.evaluate("""sel => [...document.querySelectorAll(sel)]
      .map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && (r.height < 44 || r.width < 44))
      .map(r => [Math.round(r.width), Math.round(r.height)])""", STUDENT_TARGETS)
    assert not small, small


def tab_to(page, selector: str, limit: int = 150) -> None:
    """Press Tab until the focus is inside `selector` (the keyboard's only way there)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("sel => !!(document.activeElement && document.activeElement.closest(sel))", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def chart_label(page, name: str) -> str:
    return page.locator(f".st-key-chart-{name}").get_attribute("aria-label") or ""


def test_a_cell_of_the_score_matrix_and_a_quiz_by_keyboard_alone(app_server, new_page):
    page = new_page(viewport=(1280, 900))
    page.goto(app_server.page_url("score"))
    settle(page)
    page.wait_for_function(WAIT_LABELLED)
    picked, winner = text("ko", "score.picked"), text("ko", "lecture.winner")
    before = chart_label(page, "scores")
    assert f"{picked}: " in before
    # the row of the picked cell: Tab to its select box, open it, one down, Enter
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    tab_to(page, ".st-key-pick-row-score")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_function("([name, old]) => { const e = document.querySelector(`.st-key-chart-${name}`);"
                           " return e && e.getAttribute('aria-label') && e.getAttribute('aria-label') !== old; }",
                           arg=["scores", before])
    assert f"{picked}: " in chart_label(page, "scores")
    # the quiz: hide the results (Space on the switch), guess with the select boxes, reveal with Enter
    tab_to(page, ".st-key-quiz-score-scores-hidden")
    page.keyboard.press("Space")
    settle(page)
    tab_to(page, ".st-key-quiz-score-scores-reveal")
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_function("w => { const e = document.querySelector('.st-key-chart-scores');"
                           " return e && (e.getAttribute('aria-label') || '').includes(w + ': '); }", arg=winner)
    assert page.locator('[data-testid="stMain"] [data-testid="stAlert"]').count() >= 1  # the verdict, in words


def _nodes(node: dict) -> list[dict]:
    """A DevTools DOM node and everything under it, shadow roots included (the browser's own, user-agent ones)."""
    found = [node]
    for child in (*node.get("children", ()), *node.get("shadowRoots", ())):
        found += _nodes(child)
    return found


STREAMLIT_THUMBS = '[data-testid="stMain"] [data-testid="stSlider"] div:has(> div > input[type="range"])'
# Points of a 44 × 44 square around each Streamlit thumb's centre (its four corners, 1 px inside, and the
# middle of each side): is the element there the thumb (or inside it)? A press there grabs the thumb.
THUMB_HITS_JS = """
([sel, half]) => [...document.querySelectorAll(sel)].map(t => {
  t.scrollIntoView({block: 'center'});
  const r = t.getBoundingClientRect(), cx = r.x + r.width / 2, cy = r.y + r.height / 2;
  const d = half - 1, points = [[-d, -d], [d, -d], [-d, d], [d, d], [0, -d], [0, d], [-d, 0], [d, 0]];
  return points.filter(([dx, dy]) => { const e = document.elementFromPoint(cx + dx, cy + dy);
                                       return !(e && t.contains(e)); });
})
"""


def test_on_a_phone_slider_thumbs_are_44_px_targets(app_server, new_page):
    """WCAG 2.5.5 on the student's path at 390 px: the T control's range thumb is a 44 × 44 box that the browser's
    hit test gives to the thumb at every corner, and so are Streamlit's slider thumbs (⑦'s learning rate and T)."""
    page = new_page(viewport=(WIDTH, HEIGHT), is_mobile=True, has_touch=True, user_agent=PHONE_UA)
    half = 22  # 44 / 2
    page.goto(app_server.page_url("temperature"))
    settle(page)
    control = page.locator('[data-testid="stMain"] .attention-t-range').first
    control.scroll_into_view_if_needed()
    # the thumb lives in the range input's user-agent shadow tree: only the DevTools protocol reaches it
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": '[data-testid="stMain"] .attention-t-range'})
    tree = cdp.send("DOM.describeNode", {"nodeId": node["nodeId"], "depth": -1, "pierce": True})["node"]
    thumbs = [n for n in _nodes(tree) if (n.get("attributes") or [])[:2] == ["id", "thumb"]]
    assert len(thumbs) == 1, [n.get("attributes") for n in _nodes(tree)]
    thumb = thumbs[0]["backendNodeId"]
    box = cdp.send("DOM.getBoxModel", {"backendNodeId": thumb})["model"]
    assert box["width"] >= 2 * half and box["height"] >= 2 * half, box
    quad = box["border"]
    cx, cy = (quad[0] + quad[2]) / 2, (quad[1] + quad[5]) / 2
    d = half - 1
    for dx, dy in ((-d, -d), (d, -d), (-d, d), (d, d), (0, 0)):
        hit = cdp.send("DOM.getNodeForLocation", {"x": round(cx + dx), "y": round(cy + dy),
                                                  "includeUserAgentShadowDOM": True})
        assert hit["backendNodeId"] == thumb, (dx, dy, hit)
    # a press at a corner of that box grabs the thumb: a drag from there moves T by what the hand moved,
    # not first to where it landed
    before = float(page.locator('[data-testid="stMain"] .attention-t-value').first.inner_text())
    page.mouse.move(cx - d, cy - d)
    page.mouse.down()
    page.mouse.up()
    assert float(page.locator('[data-testid="stMain"] .attention-t-value').first.inner_text()) == before

    page.goto(app_server.page_url("learn"))
    settle(page)
    assert page.locator(STREAMLIT_THUMBS).count() >= 2
    missed = page.evaluate(THUMB_HITS_JS, [STREAMLIT_THUMBS, half])
    assert missed and not any(missed), missed
