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

import re
from pathlib import Path

from attention_core import theme

WIDTH, HEIGHT = 390, 844
PHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            "Version/17.0 Mobile/15E148 Safari/604.1")
PHONE = {"viewport": (WIDTH, HEIGHT), "is_mobile": True, "has_touch": True, "user_agent": PHONE_UA}
MIN_CHART_FONT_PX = theme.MIN_TEXT_PX  # 11
MAIN_PX, LEAST_PX = 44, 24


PROBES_FILE = Path(__file__).with_suffix(".js")


def probes(path: Path = PROBES_FILE) -> dict[str, str]:
    """The functions of a probe file (page_checks.js, or the .js beside a test module) by name: each `const NAME = ` at
    the start of a line, up to the next. A probe that names another of its file (`await (SUMS_JS)()`) gets that one's
    text in its place, so that each stands alone in a page."""
    text = path.read_text(encoding="utf-8")
    found = dict(re.findall(r"^const (\w+) = (.*?);\s*(?=^const |^//|\Z)", text, re.MULTILINE | re.DOTALL))

    def inline(own: str, body: str, named: dict[str, str]) -> str:
        def put(m: re.Match) -> str:
            word = m.group(0)
            return f"({named[word]})" if word in named and word != own else word

        return re.sub(r"\b[A-Z][A-Z0-9_]*\b", put, body)

    for _ in range(len(found)):  # bounded: a chain of names at most as long as the file's list
        inlined = {name: inline(name, body, found) for name, body in found.items()}
        if inlined == found:
            break
        found = inlined
    return found



def probes_beside(module: str) -> dict[str, str]:
    """The probes of the .js file beside a test module (`probes_beside(__file__)`)."""
    return probes(Path(module).with_suffix(".js"))


PROBES = probes()
FOLDED_JS, LAYOUT_JS, TARGETS_JS, COVERED_JS = (PROBES[k] for k in ("FOLDED", "LAYOUT", "TARGETS", "COVERED"))


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


def toolbar_failures(page) -> list:
    """The chart titles a chart's toolbar covers."""
    return page.evaluate(COVERED_JS)
