"""axe-core (WCAG 2.0–2.2 A and AA rules) on every page, in Korean and English, in three settings: a laptop at
1280×720, presenter mode at 1920×1080, and a phone at 390×844 with the sidebar open. Fails on any critical or
serious violation, on any heading that skips a level (axe's `heading-order`, h1 → h2 → h3) or a page without
an h1, and in presenter mode on any text of the page under 7:1 (axe's AAA contrast rule) and on any text too
small for a room (tests/e2e/room_text.py); at the laptop's and the presenter's size, also what a room sees of the
layout (tests/e2e/room_layout.py: titles, Home's grid labels, the T control's caption, the numbers in presenter
mode). The same page loads serve every other check a page gets in that setting (tests/e2e/page_checks.py): on
the phone, that the page fits its width and every control is big enough for a finger (with the sidebar folded,
then open); in every setting, that no chart's toolbar sits over its title. One server and one browser
for the module; each setting and language walks the pages as a user would (the sidebar's step links;
presenter mode's next-step button), the language and presenter mode staying set.

The class is audited on the walks that test it (`Audits`): test_classroom.py (a question of words: the lecturer in
presenter mode in English, students on phones in Korean and English and one on a laptop) and test_classroom_kinds.py
(a spread, a tapped cell and a T guess: the lecturer in Korean, phones in Korean and English), every step of both
sides, in the language of the page that shows it.

axe-core is an npm package, installed by scripts/test.sh into .axe/ (pinned, see AXE_VERSION there); run
`npm install --prefix .axe axe-core@<version>` to run this file alone.

Where Streamlit's own markup is at fault and the app cannot change it, the rule is excluded for exactly that
selector below, with the upstream issue; docs/accessibility.md lists the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from attention_core.i18n import text
from attention_core.registry import LANGUAGES, PAGE_KEYS
from tests.e2e import page_checks, room_layout
from tests.e2e.driver import SIDEBAR_LINKS, by_key, click_toggle, settle, start_server, switch_language
from tests.e2e.page_checks import probes_beside
from tests.e2e.room_text import room_text_failures

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

AXE_JS = Path(__file__).resolve().parents[2] / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
FAILING = ("critical", "serious")

# (rule id, CSS selector of the nodes it may flag, why): Streamlit's markup the app cannot change.
EXCLUDED: tuple[tuple[str, str, str], ...] = ()

WAIT = 90_000  # ms: a bound for a busy machine, never a sleep
SETTINGS = {
    "laptop": {"viewport": (1280, 720)},
    "presenter": {"viewport": (1920, 1080)},
    "phone": page_checks.PHONE,
}
OPEN_SIDEBAR = '[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button'
# every chart element has its role and name (the page's charts, and those the class draws under other keys)
LABELLED_JS = JS["LABELLED_JS"]
# Best-practice rules the audit holds the pages to as well: the headings' order (h1 → h2 → h3, no level
# skipped) and one h1 per page. axe rates them moderate; here they fail like a serious violation.
STRUCTURE_RULES = ["heading-order", "page-has-heading-one"]
# one axe run per page view: the tags' rules, the structure rules and, in presenter mode, the AAA contrast rule
# (tests/e2e/page_checks.js, AUDIT)
RUN_AXE_JS = page_checks.PROBES["AUDIT"]


def sidebar_open(page) -> bool:
    box = page.locator('[data-testid="stSidebar"]').bounding_box()
    return bool(box and box["x"] >= -1 and box["width"] > 200)


def open_sidebar(page) -> None:
    if not sidebar_open(page):
        page.locator(OPEN_SIDEBAR).first.click()
        page.wait_for_function("() => { const s = document.querySelector('[data-testid=\"stSidebar\"]');"
                               " const r = s && s.getBoundingClientRect(); return r && r.x >= -1 && r.width > 200; }")


# Presenter mode: the page's text ≥ 7:1 (WCAG 1.4.6, axe's AAA rule), for projectors that wash colours out; the main
# column's (the folded sidebar is not shown to the room).
AAA_RULE = "color-contrast-enhanced"


def audit(page, presenter: bool = False) -> list[dict]:
    page.wait_for_function(LABELLED_JS, timeout=30000)
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE_JS))
    extra = STRUCTURE_RULES + ([AAA_RULE] if presenter else [])  # any text under 7:1 fails like a serious one
    found = page.evaluate(RUN_AXE_JS, [TAGS, extra, [list(e[:2]) for e in EXCLUDED], [AAA_RULE]])
    return [v for v in found if v["impact"] in FAILING]


AUDITED_PAGE = """<html lang="en"><head><title>audit</title></head><body>
<div data-testid="stMain"><h1>Title</h1><h3>A level skipped</h3><p style="color:#666;background:#fff">5.7:1</p></div>
<footer><p style="color:#666;background:#fff">5.7:1 outside the main column</p></footer></body></html>"""


def test_the_one_pass_audit_finds_what_each_of_its_rules_is_for(browser, axe_available):
    """The audit's one axe run holds the tags' rules, the structure rules and the AAA rule together: on a page made to
    fail, each finds its own, the AAA rule in the main column alone, and an exclusion takes its nodes away."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(AUDITED_PAGE)
        page.add_script_tag(path=str(AXE_JS))
        laptop = page.evaluate(RUN_AXE_JS, [TAGS, STRUCTURE_RULES, [], [AAA_RULE]])
        assert {v["id"]: v["impact"] for v in laptop} == {"heading-order": "serious"}  # 5.7:1 passes AA
        room = page.evaluate(RUN_AXE_JS, [TAGS, [*STRUCTURE_RULES, AAA_RULE], [], [AAA_RULE]])
        assert {v["id"]: len(v["nodes"]) for v in room} == {"heading-order": 1, AAA_RULE: 1}
        assert all(v["impact"] == "serious" for v in room)
        excused = page.evaluate(RUN_AXE_JS, [TAGS, STRUCTURE_RULES, [["heading-order", "h3"]], [AAA_RULE]])
        assert excused == []
    finally:
        context.close()


@pytest.fixture(scope="module")
def app_server(tmp_path_factory):
    """The module's one server, with a class store of its own (a temporary folder) for the class's pages."""
    with start_server(env={"ATTENTION_CLASS_DIR": str(tmp_path_factory.mktemp("classes"))}) as server:
        yield server


class Audits:
    """The audits of a walk that is not this module's (the class's walks in test_classroom.py and
    test_classroom_kinds.py): each view audited where the walk stands, in the page's own language; `failures` holds
    what was found, by where, for one assertion at the walk's end."""

    def __init__(self) -> None:
        assert AXE_JS.exists(), f"{AXE_JS} missing: scripts/test.sh installs axe-core (npm) into .axe/"
        self.failures: dict = {}

    def check(self, where: str, page, lang: str, presenter: bool = False) -> None:
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang, timeout=WAIT)
        bad = audit(page, presenter=presenter)
        if bad:
            self.failures[f"{where} ({lang})"] = summary(bad)
        if presenter:  # readable from the back of the room, on the same view
            small = room_text_failures(page)
            if small:
                self.failures[f"{where} ({lang}): text too small for a room"] = small[:10]


def summary(bad: list[dict]) -> list:
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5], v["nodes"][0]["summary"]) for v in bad]


@pytest.fixture(scope="module")
def axe_available():
    assert AXE_JS.exists(), f"{AXE_JS} missing: scripts/test.sh installs axe-core (npm) into .axe/"
    return AXE_JS


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("setting", list(SETTINGS))
def test_no_critical_or_serious_violation(app_server, new_page, axe_available, setting, lang):
    cfg = dict(SETTINGS[setting])
    page = new_page(**cfg)
    page.goto(app_server.page_url(""))
    settle(page)
    phone = setting == "phone"
    if lang != "ko":
        if phone:
            open_sidebar(page)
        switch_language(page, lang)
    if setting == "presenter":
        click_toggle(page, "sb:presenter")
    assert page.evaluate("() => document.documentElement.lang") == lang
    failures: dict = {}
    fitted = 0
    for i, key in enumerate(PAGE_KEYS):
        if i:
            if setting == "presenter":  # the presenter's own way: the next-step button (the sidebar is folded)
                page.locator('[data-testid="stMain"] .st-key-pr-next button').first.click()
            else:
                if phone:
                    open_sidebar(page)
                page.locator(SIDEBAR_LINKS).nth(i).click()
            page.wait_for_url(f"**/{key}*")
            settle(page)
        if phone and not (i == 0 and lang != "ko"):  # the sidebar folds after a step link (English's Home: open)
            page.wait_for_function(page_checks.FOLDED_JS, timeout=WAIT)
            failures.update(found(key, {"does not fit a phone": page_checks.phone_fit_failures(page),
                                        "targets too small for a finger": page_checks.target_failures(page)}))
            fitted += 1
        if phone:
            open_sidebar(page)
            failures.update(found(key, {"sidebar's targets too small for a finger": page_checks.target_failures(page)}))
        assert page.evaluate("() => document.documentElement.lang") == lang, key
        if setting == "presenter":
            assert by_key(page, "pr:next").count() == 1, key  # still in presenter mode
            small = room_text_failures(page)  # readable from the back of the room, on the same page load
            if small:
                failures[f"{key}: text too small for a room"] = [f"{len(small)} texts", *small[:25]]
        failures.update(found(key, {"a chart's toolbar over its title": page_checks.toolbar_failures(page)}))
        bad = audit(page, presenter=setting == "presenter")
        if bad:
            failures[key] = summary(bad)
        if setting != "phone":  # what a room sees (tests/e2e/room_layout.py), on the same page load
            for what, check in room_checks(key, presenter=setting == "presenter"):
                wrong = check(page)
                if wrong:
                    failures[f"{key}: {what}"] = wrong[:10]
    assert not phone or fitted == len(PAGE_KEYS) - (lang != "ko"), fitted  # every page checked for the phone
    assert not failures, failures


def found(key: str, checks: dict[str, list]) -> dict:
    """The checks of page `key` that found something, by what they check."""
    return {f"{key}: {what}": wrong[:10] for what, wrong in checks.items() if wrong}


def room_checks(key: str, presenter: bool) -> list:
    """The room's layout checks that apply to page `key` (the T control's last: it moves the focus)."""
    checks = [("axis and chart titles", room_layout.title_failures)] if key in room_layout.TITLE_PAGES else []
    if key == "home":
        checks.append(("Home's grid labels", room_layout.grid_failures))
    if presenter:
        checks.append(("numbers where they fit", room_layout.numbers_failures))
    if key == "temperature":
        checks.append(("the T control and its caption", room_layout.t_control_failures))
    return checks


NAMED_JS = JS["NAMED_JS"]


@pytest.mark.parametrize("setting", ["laptop", "phone"])
def test_tables_opened_in_a_narrow_column_have_no_critical_or_serious_violation(app_server, new_page, axe_available,
                                                                               setting):
    """"Numbers as a table" opened on ④ (charts in half columns; on a phone, a narrow screen): a table wider than its
    column scrolls in its own box, which the keyboard reaches and which is named (axe: scrollable-region-focusable)."""
    page = new_page(**SETTINGS[setting])
    page.goto(app_server.page_url("value"))
    settle(page)
    title = text("ko", "a11y.table_switch")
    closed = page.locator("[data-testid='stMain'] [data-testid='stExpander']", has_text=title).locator(
        "details:not([open]) summary")
    for _ in range(12):  # each opening reruns the page: open the first closed one until none is left
        if not closed.count():
            break
        closed.first.click()
        settle(page)
    assert not closed.count()
    tables = page.locator("[data-testid='stMain'] .a11y-table")
    assert tables.count() >= 2
    assert page.evaluate("() => [...document.querySelectorAll('.a11y-table')].some(t => t.scrollWidth > t.clientWidth)")
    bad = audit(page)
    assert not bad, summary(bad)
