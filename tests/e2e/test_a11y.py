"""What a screen reader and a keyboard get, in Chromium: every chart's accessible name (read from the
accessibility tree) and its "numbers as a table"; `<html lang>` following the UI language; the focus on the
page's title after a page switch; the skip link to the chart; the Plotly toolbars out of the Tab order (and
off on phones); a focus ring of ≥ 3:1 on the controls; the sidebar folding after a step link on a phone; 44 × 44
slider thumbs on a phone; the whole built-in lesson walked with the keyboard alone, a cell of ② picked and its quiz
answered on the way, the focus ring measured at every stop; text and select boxes' edges ≥ 3:1; labels that wrap
instead of being cut under the text-spacing style."""

from __future__ import annotations

import re

import pytest

from attention_core import analysis, scenes
from attention_core.i18n import text
from attention_core.registry import PAGE_KEYS
from attention_core.ui.a11y import UI_NAMES
from tests.e2e.driver import SIDEBAR_LINKS, by_key, path_of, settle, switch_language
from tests.e2e.page_checks import FOLDED_JS, HEIGHT, PHONE_UA, WIDTH, probes_beside
from tests.e2e.test_axe import open_sidebar, sidebar_open
from tests.e2e.test_t_player import app_state

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

CHARTS_JS = JS["CHARTS_JS"]
TABLES_JS = JS["TABLES_JS"]
ACTIVE_JS = JS["ACTIVE_JS"]
STUDENT_TARGETS = ", ".join(f'[data-testid="stMain"] {sel}' for sel in (
    '[data-testid="stTooltipIcon"] button', 'button[data-variant="segmented_control"]',
    '[data-testid="stSelectbox"] div:has(> input[role="combobox"])', '[data-testid="stBaseButton-primary"]',
    '[data-testid="stBaseButton-secondary"]'))
WAIT_LABELLED = JS["WAIT_LABELLED"]


def plain(title: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", title).split())


def go(page, key: str) -> None:
    page.locator(SIDEBAR_LINKS).nth(PAGE_KEYS.index(key)).click()
    page.wait_for_url(f"**/{'' if key == 'home' else key}*")
    settle(page)
    page.wait_for_function(WAIT_LABELLED)


def test_every_chart_has_its_name_and_its_table(app_server, new_page):
    """Every chart of every page: a figure named by its title and its numbers, in the accessibility tree, with a
    "numbers as a table" switch beside it; each table opened has row and column headers and a row per matrix row.
    A page's switches are pressed one after another without waiting, as a quick hand would: each press reruns the
    page, and the last run shows every table opened (one wait per page, not per chart)."""
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
        opened = []
        for c in charts:
            assert c["role"] == "figure", (key, c)
            if c["title"]:
                assert c["label"].startswith(plain(c["title"])), (key, c)
            assert len(c["label"]) > len(plain(c["title"])) + 10, (key, c)  # the numbers too, not the title alone
            assert page.locator(f".st-key-table-{c['name']} summary").count() == 1, (key, c["name"])
            if not page.locator(f".st-key-chart-{c['name']}").is_visible():
                continue  # inside a closed expander: not in the accessibility tree until opened
            # what a screen reader gets: a figure with that name in the accessibility tree
            tree = page.locator(f".st-key-chart-{c['name']}").aria_snapshot()
            assert re.match(r"""\s*- '?figure "?""", tree), (key, c["name"], tree[:200])  # YAML quotes a name with ":"
            assert c["label"][:40] in tree, (key, c["name"], tree[:200])
            opened.append(c)
        # its table, opened with the switch beside it: from the page's end up, so that a table opening never moves a
        # switch still to be pressed (a press aimed before such a shift lands beside the switch, as a hand's would)
        for c in reversed(opened):
            page.locator(f".st-key-table-{c['name']} summary").click()
        for c in opened:
            page.locator(f".st-key-table-{c['name']} table").first.wait_for(timeout=60_000)
        settle(page)
        for c in opened:  # row and column headers, one row per matrix row
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
        info = page.evaluate(JS["TOGGLE_RING_JS"])
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
    page.wait_for_function(FOLDED_JS)
    assert not sidebar_open(page)
    opener = page.locator('[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button')
    box = opener.first.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    assert by_key(page, "chart:weights").count() == 1
    # the student's other targets on a page with a quiz and pickers: help buttons, segmented buttons, select boxes
    small = page.evaluate(JS["SMALL_TARGETS_JS"], STUDENT_TARGETS)
    assert not small, small


# The focus ring of the focused control, as drawn: the element that carries it (the control, or what the app's
# style sheet rings for it: a toggle's drawn switch, a select box's frame, a slider's thumb), its outline, and the
# contrast of the outline's colour against the background behind it (WCAG 1.4.11: ≥ 3:1).
RING_JS = JS["RING_JS"]


class Keyboard:
    """The keyboard alone: Tab / Shift+Tab to a control, checking the focus ring at every stop on the way."""

    def __init__(self, page):
        self.page, self.stops, self.grids, self.bad = page, 0, 0, []

    def ring(self) -> None:
        info = self.page.evaluate(RING_JS)
        if info is not None and info.get("grid"):
            self.grids += 1
        elif info is not None:
            self.stops += 1
            if not info["ok"]:
                self.bad.append((self.page.url.rsplit("/", 1)[-1], info["name"], info["why"]))

    def to(self, selector: str, back: bool = False, limit: int = 150) -> None:
        """Press Tab (Shift+Tab when `back`) until the focus is inside `selector`."""
        for _ in range(limit):
            self.page.keyboard.press("Shift+Tab" if back else "Tab")
            self.ring()
            if self.page.evaluate("sel => !!(document.activeElement && document.activeElement.closest(sel))",
                                  selector):
                return
        raise AssertionError(f"{'Shift+' if back else ''}Tab never reached {selector}")


def chart_label(page, name: str) -> str:
    return page.locator(f".st-key-chart-{name}").get_attribute("aria-label") or ""


def pick_a_cell_and_answer_the_quiz(page, keys: Keyboard) -> None:
    """On ②, by keyboard alone: the picked cell's row (Tab to its select box, arrows, Enter), then the quiz: hide
    the results (Space on the switch), guess a largest cell with the word pickers (type the word,
    Enter, for its row and its column), reveal (Enter); the verdict is "right" and the chart's name says the
    winners."""
    picked, winner = text("ko", "score.picked"), text("ko", "lecture.winner")
    before = chart_label(page, "scores")
    assert f"{picked}: " in before
    keys.to(".st-key-pick-row-score")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_function("([name, old]) => { const e = document.querySelector(`.st-key-chart-${name}`);"
                           " return e && e.getAttribute('aria-label') && e.getAttribute('aria-label') !== old; }",
                           arg=["scores", before])
    assert f"{picked}: " in chart_label(page, "scores")
    keys.to(".st-key-quiz-score-scores-hidden")
    page.keyboard.press("Space")
    settle(page)
    scenario = app_state(page)  # the state the scene set, from the page's share link
    words = list(scenario.labels)
    i, j = analysis.winners(analysis.compute(scenario).trace.scores)[0]  # a largest cell of the matrix
    for part, word in (("row", words[i]), ("col", words[j])):
        keys.to(f".st-key-quiz-score-scores-{part}")
        page.keyboard.type(word)  # the word picker: type the word, Enter picks it
        page.keyboard.press("Enter")
        settle(page)
        assert by_key(page, f"quiz:score:scores:{part}").locator('input[role="combobox"]').input_value() == word
    keys.to(".st-key-quiz-score-scores-reveal")
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_function("w => { const e = document.querySelector('.st-key-chart-scores');"
                           " return e && (e.getAttribute('aria-label') || '').includes(w + ': '); }", arg=winner)
    verdicts = page.locator('[data-testid="stMain"] [data-testid^="stAlertContent"]').all_inner_texts()
    assert page.locator('[data-testid="stMain"] [data-testid="stAlertContentSuccess"]').count() >= 1, verdicts


def test_the_builtin_lesson_by_keyboard_alone(app_server, new_page):
    """The whole built-in lesson with the keyboard alone (WCAG 2.1.1): open it from Home (Tab, Enter), walk every
    scene with its step button (Shift+Tab from the page's title up to "next", Enter), pick a cell of ② and answer
    its quiz with the word picker on the way, leave the lesson; every control focused on the way shows a solid
    ring of ≥ 3:1 against what is behind it (WCAG 1.4.11, 2.4.7)."""
    lesson = scenes.builtin()
    page = new_page(viewport=(1280, 900))
    page.goto(app_server.page_url(""))
    settle(page)
    page.wait_for_function(WAIT_LABELLED)
    keys = Keyboard(page)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    keys.to(".st-key-home-lesson")
    page.keyboard.press("Enter")
    n = len(lesson)
    page.wait_for_function("s => document.body.innerText.includes(s)", arg=text("ko", "lecture.scene_of", k=1, n=n))
    settle(page)
    walked = [path_of(page)]
    for k in range(1, n):
        keys.to(".st-key-pr-next", back=True)  # the step buttons sit above the page's title, where the focus is
        page.keyboard.press("Enter")
        page.wait_for_function("s => document.body.innerText.includes(s)",
                               arg=text("ko", "lecture.scene_of", k=k + 1, n=n))
        settle(page)
        page.wait_for_function(WAIT_LABELLED)
        walked.append(path_of(page))
        if lesson[k].page == "score":
            pick_a_cell_and_answer_the_quiz(page, keys)
    assert walked == [s.page for s in lesson]
    keys.to(".st-key-sc-end", back=True)
    page.keyboard.press("Enter")  # out of the lesson (presenter mode, which its scenes turned on, stays)
    page.wait_for_function("s => !document.body.innerText.includes(s)", arg=text("ko", "lecture.scene_of", k=n, n=n))
    settle(page)
    assert keys.stops >= 3 * n, keys.stops
    assert not keys.bad, sorted({(b[1][:60], b[2]) for b in keys.bad})

def _nodes(node: dict) -> list[dict]:
    """A DevTools DOM node and everything under it, shadow roots included (the browser's own, user-agent ones)."""
    found = [node]
    for child in (*node.get("children", ()), *node.get("shadowRoots", ())):
        found += _nodes(child)
    return found


STREAMLIT_THUMBS = '[data-testid="stMain"] [data-testid="stSlider"] div:has(> div > input[type="range"])'
# Points of a 44 × 44 square around each Streamlit thumb's centre (its four corners, 1 px inside, and the
# middle of each side): is the element there the thumb (or inside it)? A press there grabs the thumb.
THUMB_HITS_JS = JS["THUMB_HITS_JS"]


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


FOCUS_WHERE_JS = JS["FOCUS_WHERE_JS"]


def test_a_folded_sidebar_takes_no_tab_stop(app_server, new_page):
    """Presenter mode (and a phone) start with the sidebar folded, which Streamlit only moves off screen: its 21
    controls came first in the Tab order, unseen, and typing then edited a hidden sentence box."""
    from attention_core.codec import encode_link
    from attention_core.scenario import Scenario, View

    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("score") + "?s=" + encode_link(Scenario(), View(presenter=True)))
    settle(page)
    assert page.evaluate("() => document.querySelector('[data-testid=\"stSidebar\"]').dataset.collapsed") == "true"
    for _ in range(6):
        page.keyboard.press("Tab")
        where = page.evaluate(FOCUS_WHERE_JS)
        assert not where["sidebar"] and where["x"] + where["w"] > 0, where


FOCUSED_TOP_JS = JS["FOCUSED_TOP_JS"]


LAST_IN_MAIN_JS = JS["LAST_IN_MAIN_JS"]


def test_a_control_focused_backwards_is_not_left_under_the_header(app_server, new_page):
    """Shift+Tab from the end of Home: each control in the page that takes the focus is below Streamlit's fixed
    header once the focus has moved (the browser scrolls it to the scroller's top edge, which the header covers;
    WCAG 2.4.11)."""
    page = new_page(viewport=(1280, 720))
    page.goto(app_server.page_url(""))
    settle(page)
    page.evaluate(LAST_IN_MAIN_JS)
    hidden = []
    for _ in range(25):
        page.keyboard.press("Shift+Tab")
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        at = page.evaluate(FOCUSED_TOP_JS)
        if at["inMain"] and 0 < at["height"] < 400 and at["top"] < at["header"]:  # a control, not a region
            hidden.append(at)
    assert not hidden, hidden[:5]


T_CONTROL_A11Y_JS = JS["T_CONTROL_A11Y_JS"]


def test_the_t_control_is_named_described_and_says_its_value_once(app_server, new_page):
    """Its help reaches a screen reader (aria-describedby, not only a mouse's tooltip), and the printed value, an
    <output> (a live region), is hidden from it: the slider's own value text says T once per step."""
    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("temperature"))
    settle(page)
    controls = page.evaluate(T_CONTROL_A11Y_JS)
    assert len(controls) >= 2  # the sidebar's and ③'s own
    for c in controls:
        assert c == {"name": text("ko", "sb.temperature"), "help": text("ko", "sb.temperature_help"),
                     "hidden": "true", "label": False}, c


TRACK_JS = JS["TRACK_JS"]


def test_a_toggle_s_edge_stands_out_from_its_background(app_server, new_page):
    """An off toggle was a light grey track on white (1.5:1): its outline is ≥ 3:1 against the sidebar (WCAG
    1.4.11)."""
    import re as _re

    from attention_core import figures, theme

    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("score"))
    settle(page)
    found = page.evaluate(TRACK_JS)
    assert found is not None
    edge = _re.search(r"rgb\((\d+), (\d+), (\d+)\)", found["shadow"])
    back = _re.search(r"rgba?\((\d+), (\d+), (\d+)", found["sidebar"])
    assert edge and back and "inset" in found["shadow"]
    hexed = ["#" + "".join(f"{int(v):02x}" for v in m.groups()) for m in (edge, back)]
    assert hexed[0] == theme.CONTROL_EDGE_COLOR
    assert figures.contrast(*hexed) >= 3.0 and figures.contrast(hexed[0], "#ffffff") >= 3.0


FORCED_JS = JS["FORCED_JS"]


def test_forced_colours_keep_toggles_and_the_chosen_segment_visible(app_server, new_page):
    """Windows' contrast themes drop backgrounds: a toggle drawn by fills alone vanished, and the chosen language
    could not be told from the other. Bordered, with a knob in the text colour, and outlined (WCAG 1.4.11)."""
    page = new_page(viewport=(1280, 800), forced_colors="active")
    page.goto(app_server.page_url("score"))
    settle(page)
    assert page.evaluate(FORCED_JS) == {"forced": True, "track": "solid", "knob": "none", "chosen": "solid"}


ENGLISH_NAMES_JS = JS["ENGLISH_NAMES_JS"]


def test_streamlit_and_plotly_names_speak_the_page_s_language(app_server, new_page):
    """Streamlit and Plotly name their own controls in English on every page ("Help for 발표 모드", "Link to
    heading", the toolbar's "Zoom", and the tooltip Plotly shows on hover over it): on a Korean page the app's
    script renames them (WCAG 3.1.2)."""
    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("score"))
    settle(page)
    page.wait_for_function(f"() => ({ENGLISH_NAMES_JS})().english.length === 0", timeout=30000)
    found = page.evaluate(ENGLISH_NAMES_JS)
    assert found["skip"] == text("ko", "a11y.ui.skip")
    help_name = text("ko", "a11y.ui.help_for", name=text("ko", "lecture.presenter"))
    assert page.locator(f"[aria-label='{help_name}']").count()


ACTIVE_KEY_JS = JS["ACTIVE_KEY_JS"]


def test_a_control_pressed_away_hands_the_focus_to_its_successor_not_to_the_page(app_server, new_page):
    """Enter on a button the run then takes away left the focus on the page itself (WCAG 2.4.3): it goes back to the
    nearest control before it still on the page (the quiz's Reveal: the quiz's own "hide" switch above the chart it
    revealed), or to the page's title when there is none ("End the scenes", at the top of the page)."""
    from tests.e2e.driver import click_toggle

    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("score"))
    settle(page)
    click_toggle(page, "quiz:score:scores:hidden")
    by_key(page, "quiz:score:scores:reveal").locator("button").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({ACTIVE_KEY_JS})().key === 'st-key-quiz-score-scores-hidden'", timeout=30000)

    page.goto(app_server.page_url(""))
    settle(page)
    by_key(page, "home:lesson").locator("button").first.click()
    settle(page)
    by_key(page, "sc:end").locator("button").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({ACTIVE_KEY_JS})().tag === 'H1'", timeout=30000)


BOXES_JS = JS["BOXES_JS"]


def _over(css: str, under: tuple[float, ...]) -> tuple[float, ...]:
    """A CSS rgb()/rgba() colour as drawn over the colour `under`."""
    m = re.fullmatch(r"rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)", css)
    assert m, css
    alpha = float(m.group(4) or 1)
    return tuple(alpha * float(c) + (1 - alpha) * u for c, u in zip(m.groups()[:3], under, strict=True))


def _hex(rgb: tuple[float, ...]) -> str:
    return "#" + "".join(f"{round(c):02x}" for c in rgb)


def edges_of_the_boxes(page) -> dict[str, tuple[float, float]]:
    """Per box (by its key class): its edge's contrast against its own fill and against what is behind it."""
    from attention_core import figures

    found = {}
    for box in page.evaluate(BOXES_JS):
        behind = _over(box["behind"], (255.0, 255.0, 255.0))
        fill = _over(box["fill"], behind)
        edge = _over(box["edge"], fill)  # an edge is drawn over the box's own background
        found[box["key"]] = (figures.contrast(_hex(edge), _hex(fill)), figures.contrast(_hex(edge), _hex(behind)))
    return found


def test_text_and_select_boxes_edges_stand_out_from_the_page_and_their_fill(app_server, new_page):
    """Streamlit draws a text box's, a number box's and a select box's edge in its text colour at 20 %: 1.5:1 against
    the sidebar, the page and the box's own grey fill. Each edge is ≥ 3:1 against both (WCAG 1.4.11), in the sidebar,
    in the main area and in presenter mode's bar; a focused box keeps Streamlit's primary edge and the focus ring."""
    from attention_core import theme
    from tests.e2e.driver import click_toggle

    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("learn"))
    settle(page)
    found = edges_of_the_boxes(page)
    # the sentence and the preset in the sidebar; ⑦'s seed (a number box) and steps per press in the main area
    assert {"st-key-sb-sentence", "st-key-sb-preset", "st-key-ln-seed", "st-key-ln-per_press"} <= set(found), found
    for key, (to_fill, to_page) in found.items():
        assert to_fill >= 3.0 and to_page >= 3.0, (key, to_fill, to_page)

    by_key(page, "sb:sentence").locator("input").focus()
    primary, ring = ("rgb({}, {}, {})".format(*(int(c[i:i + 2], 16) for i in (1, 3, 5)))
                     for c in (theme.PRIMARY_COLOR, theme.FOCUS_COLOR))
    # the edge's colour changes with a transition: bounded wait for its end
    page.wait_for_function(JS["SENTENCE_RINGED_JS"], arg={"edge": primary, "ring": ring}, timeout=10000)

    page.set_viewport_size({"width": 1920, "height": 1080})
    go(page, "score")
    click_toggle(page, "sb:presenter")
    found = edges_of_the_boxes(page)
    assert "st-key-pr-sentence" in found and len(found) >= 3, found  # the bar's sentence, ②'s word pickers
    for key, (to_fill, to_page) in found.items():
        assert to_fill >= 3.0 and to_page >= 3.0, (key, to_fill, to_page)


# The text-spacing bookmarklet's style (WCAG 1.4.12's four properties), on everything
TEXT_SPACING_CSS = ("* { line-height: 1.5 !important; letter-spacing: 0.12em !important;"
                    " word-spacing: 0.16em !important; } p, li, dd, dt { margin-bottom: 2em !important; }")
LABELS_JS = JS["LABELS_JS"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_with_wider_text_spacing_labels_wrap_instead_of_being_cut(app_server, new_page, lang):
    """With the text-spacing style, Streamlit cut the labels of buttons, metrics and toggles in ⑦'s and ⑤'s narrow
    columns with an ellipsis ("Train 50 st…", "Held-out accur…", "Drop the residual (do no…") and the language
    buttons' at their fixed height. Every label of a button, a metric or a widget, in the main area and the
    sidebar, now shows whole: it wraps (WCAG 1.4.12)."""
    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("learn"))
    settle(page)
    if lang == "en":
        switch_language(page, "en")
    page.add_style_tag(content=TEXT_SPACING_CSS)
    named = {"learn": [text(lang, "learn.train", n=50), text(lang, "learn.reset"), text(lang, "learn.m_accuracy")],
             "residual": [text(lang, "residual.drop")]}
    for key, names in named.items():
        if key != "learn":
            go(page, key)
        labels = page.evaluate(LABELS_JS)
        shown = {label["text"] for label in labels}
        assert set(names) <= shown, (key, names, sorted(shown))
        assert [label["text"] for label in labels if label["cut"]] == [], key


def test_after_switching_to_english_streamlits_names_are_english_again(app_server, new_page):
    """Controls Streamlit keeps across a language switch (its main menu; a help button whose label reads the same in
    both languages) keep the names the script gave them on the Korean page unless it names them again: after ko → en
    they are "Main menu" and "Help for Temperature T", not "메뉴" and "Temperature T 도움말"."""
    page = new_page(viewport=(1280, 800))
    page.goto(app_server.page_url("score"))
    settle(page)
    korean, english = text("ko", "a11y.ui.menu"), text("en", "a11y.ui.menu")
    page.locator(f"[aria-label='{korean}']").first.wait_for(state="attached", timeout=30000)
    switch_language(page, "en")
    page.locator(f"[aria-label='{english}']").first.wait_for(state="attached", timeout=30000)
    left = {n: page.locator(f"[aria-label='{n}']").count() for n in {text("ko", f"a11y.ui.{k}") for k in UI_NAMES}}
    assert not any(left.values()), left
    before, after = text("ko", "a11y.ui.help_for", name="{}").split("{}")
    helps = page.locator(f"[aria-label^='{before}'][aria-label$='{after}']")
    assert helps.count() == 0, helps.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert page.locator(f"[aria-label='{text('en', 'a11y.ui.help_for', name='Temperature T')}']").count()
