"""The offline lesson (attention_core.handout) in Chromium, opened from file:// with every request but the file's
own aborted and counted: every scene walked, T stepped through every option with the keys, every chart's data read
from the page and compared with the chart attention_core builds at that T (relative 1e-9); axe in both languages;
a keyboard-only walk; a phone's width; the file the app's lecture tools download."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from attention_core import handout, scenes
from attention_core.handout import charts
from attention_core.i18n import text
from attention_core.registry import LANGS
from tests.e2e.driver import click_button, open_tools, poll_until, settle
from tests.e2e.page_checks import probes_beside
from tests.e2e.test_axe import AXE_JS, FAILING, RUN_AXE_JS, STRUCTURE_RULES, TAGS, summary

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

pytestmark = pytest.mark.e2e

APP = "http://127.0.0.1:9"  # never opened: the links only have to be there
READY = JS["READY"]
# what the page drew for chart `k`: its traces' numbers and texts, and its title
DRAWN_JS = JS["DRAWN_JS"]


@pytest.fixture(scope="module")
def lesson_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("handout") / "lesson.html"
    path.write_text(handout.build(scenes.builtin(), APP), encoding="utf-8")
    return path


# the visible controls (buttons, the range, the tables' switches, links) smaller than 44 px either way
SMALL_CONTROLS_JS = JS["SMALL_CONTROLS_JS"]


def wait_for(page, js: str, arg=None, timeout: float = 30.0) -> None:
    """Until `js` (a function of `arg`) is true in the page, for at most `timeout` seconds. Through `page.evaluate`:
    Playwright's own wait_for_function evaluates a string, which the page's Content-Security-Policy refuses (no
    'unsafe-eval': the page never needs it)."""
    poll_until(lambda: page.evaluate(js, arg), timeout, f"never true: {js[:120]}", interval=0.05)


class Offline:
    """A browser context in which only the handout file itself loads: every other request is aborted and kept."""

    def __init__(self, browser, path: Path, **context) -> None:
        self.url = path.as_uri()
        self.requests: list[str] = []
        self.context = browser.new_context(**context)
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route) -> None:
        if route.request.url.split("#")[0] == self.url:
            route.continue_()
        else:
            self.requests.append(route.request.url)
            route.abort()

    def open(self, scene: int = 1):
        self.page.goto(f"{self.url}#scene-{scene}")
        wait_for(self.page, READY)
        self.page.evaluate("() => window.__handout.state.pending")
        return self.page

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def offline(browser, lesson_file):
    made: list[Offline] = []

    def make(**context) -> Offline:
        o = Offline(browser, lesson_file, **context)
        made.append(o)
        return o

    yield make
    for o in made:
        assert o.requests == [], o.requests  # nothing was fetched, or tried to be
        assert o.errors == [], o.errors
        o.close()


def values(obj):
    """A trace's numbers as floats (null for a gap), or its strings as they are."""
    if obj is None:
        return None
    arr = np.asarray(obj, dtype=object)
    if any(isinstance(v, str) for v in arr.ravel()):  # labels or printed numbers: compared as they are
        return np.asarray(obj, dtype=object).tolist()
    return np.asarray([np.nan if v is None else v for v in arr.ravel()], dtype=float).reshape(arr.shape)


def assert_same(drawn, built, what: str) -> None:
    a, b = values(drawn), values(built)
    if a is None or b is None:
        assert a is None and b is None, what
    elif isinstance(a, list) or isinstance(b, list):
        assert a == b, what
    else:
        np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-12, equal_nan=True, err_msg=what)


def words_of(title: str) -> list[str]:
    return title.replace("<br>", " ").split()


def python_chart(scene: scenes.Scene, name: str, t: float, lang: str) -> dict:
    """The chart attention_core builds for the scene at T = t (the screen's builder: charts.build)."""
    return handout.figure_json(charts.build(scene.page, name, scene.scenario.with_temperature(t), scene.view, lang))


def walk(page, lesson, lang: str = "ko", every: int = 1, keys: bool = True) -> None:
    """Walk every scene with the next button, step T through every option with the keyboard, and read each chart
    from the page: a chart that follows T equals the chart built in Python at that T (every trace's numbers, texts,
    line widths and opacities, its title's words, the notes and lines T moves), one that does not the scene's own.
    `every`: the options read, every `every`-th and the last (with `keys`, each is stepped through with the arrow
    keys; else T is set to each option read)."""
    data = page.evaluate("() => window.__handout.data")
    options = data["options"]
    for k, scene in enumerate(lesson):
        if k:
            page.get_by_role("button", name=text(lang, "lecture.scene_next")).click()
        wait_for(page, "(k) => window.__handout.state.k === k && window.__handout.state.pending", k)
        section = page.locator(f"#scene-{k + 1}")
        assert section.is_visible()
        if scene.caption_shown(lang):
            assert section.locator(f"p.caption.l-{lang}").inner_text() == scene.caption_shown(lang)
        entry = data["scenes"][k]
        follow = entry["follow"]
        own = python_chart(scene, entry["chart"], scene.scenario.temperature, lang)
        page.locator("#t-range").focus()
        page.keyboard.press("Home")
        for i, t in enumerate(options):
            read = not i % every or i == len(options) - 1
            if keys and i:
                page.keyboard.press("ArrowRight")
                wait_for(page, "(t) => window.__handout.state.T === t", t)
            elif not keys and read:
                page.evaluate("(t) => window.__handout.setT(t)", t)
            if not read:
                continue
            wait_for(page, "(t) => window.__handout.state.T === t", t)
            drawn = page.evaluate(DRAWN_JS, k)
            built = python_chart(scene, entry["chart"], t, lang) if follow else own
            assert drawn["T"] == t
            for j, (got, want) in enumerate(zip(drawn["data"], built["data"], strict=True)):
                line = want.get("line") or {}
                for key, expected in (("z", want.get("z")), ("x", want.get("x")), ("y", want.get("y")),
                                      ("text", want.get("text")), ("width", line.get("width")),
                                      ("opacity", want.get("opacity"))):
                    assert_same(got[key], expected, f"scene {k + 1} ({entry['chart']}), T = {t}, trace {j}, {key}")
            # the title's words (its line breaks are the scene's T's, as the app's T control keeps them)
            want_title = (built if follow and follow[lang].get("title") else own)["layout"]["title"]["text"]
            assert words_of(drawn["title"]) == words_of(want_title), (k, t)
            if follow:  # ④'s sums and a line at T with its label: where and as Python draws them
                follow_lang = follow[lang]
                notes = built["layout"].get("annotations") or []
                moved_notes = [*(follow_lang.get("sums") or {}).get("notes", ()),
                               *(m["note"] for m in follow_lang.get("marks") or () if "note" in m)]
                for n in moved_notes:
                    x, y, label = drawn["notes"][n]
                    assert label == notes[n]["text"], (k, t, n)
                    assert_same([x], [notes[n]["x"]], f"scene {k + 1}, T = {t}, note {n}'s x")
                    assert_same([y], [notes[n]["y"]], f"scene {k + 1}, T = {t}, note {n}'s y")
                for m in follow_lang.get("marks") or ():
                    if "shape" in m:
                        shape = built["layout"]["shapes"][m["shape"]]
                        assert_same(drawn["shapes"][m["shape"]], [shape["x0"], shape["x1"]], f"{k}, {t}: line at T")
            moved = section.locator(".moved")
            assert moved.is_visible() == (t != scene.scenario.temperature), (k, t)
        # the scene's own T again: its caption holds
        section.locator("button.back").click()
        wait_for(page, "(t) => window.__handout.state.T === t", scene.scenario.temperature)
        assert not section.locator(".moved").is_visible()
    assert page.get_by_role("button", name=text(lang, "lecture.scene_next")).is_disabled()


def test_every_scene_at_every_t_draws_attention_cores_numbers_offline(offline):
    """The built-in lesson, walked offline: captions, and every chart at every T option. No request leaves the
    page (the fixture counts them)."""
    o = offline(viewport={"width": 1280, "height": 900})
    walk(o.open(1), scenes.builtin())


def catalogue_lesson() -> tuple[scenes.Scene, ...]:
    """A scene for every chart the handout can draw, at the default state (⑥'s heads also on the sidebar's T, so
    that theirs follow it; ⑧ with positions added): what a lecturer's own lesson may focus on."""
    base = scenes.builtin()[0]
    s = base.scenario
    out = []
    for page, names in charts.CHARTS.items():
        state = {"multihead": s.with_head_temperature("shared"), "order": s.with_pe_alpha(0.5)}.get(page, s)
        for name in names:
            if page == "multihead" and name.startswith("weights-") and int(name.split("-")[1]) >= state.n_heads:
                continue
            out.append(scenes.Scene(state, base.view, page, ("", ""), f"chart:{name}"))
    return tuple(out)


def test_every_chart_the_handout_can_draw_follows_t_with_attention_cores_numbers(offline, tmp_path):
    lesson = catalogue_lesson()
    path = tmp_path / "catalogue.html"
    path.write_text(handout.build(lesson, lang="en"), encoding="utf-8")
    o = offline(viewport={"width": 1280, "height": 900})
    o.url = path.as_uri()
    page = o.open(1)
    follow = [k for k, e in enumerate(page.evaluate("() => window.__handout.data.scenes")) if e["follow"]]
    assert len(follow) >= 12
    # a step redraws the shown scene's chart alone, however many of the lesson's charts follow T
    page.evaluate("(k) => window.__handout.open(k, false)", follow[-1])
    wait_for(page, "() => window.__handout.state.drawn.size === window.__handout.data.scenes.length")
    before = page.evaluate("() => window.__handout.state.redraws")
    page.evaluate("() => window.__handout.setT(20)")
    assert page.evaluate("() => window.__handout.state.redraws") == before + 1
    page.evaluate("() => window.__handout.open(0, false)")
    walk(page, lesson, "en", every=8, keys=False)  # 0.05, 0.6, 1.8, 15 and 20: both ends and between


def audit(page) -> list[dict]:
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE_JS))
    found = page.evaluate(RUN_AXE_JS, [TAGS, STRUCTURE_RULES, [], []])
    return [v for v in found if v["impact"] in FAILING]


@pytest.mark.parametrize("lang", LANGS)
def test_axe_finds_nothing_critical_or_serious_on_any_scene(offline, lang):
    assert Path(AXE_JS).exists(), f"{AXE_JS} missing: scripts/test.sh installs axe-core (npm) into .axe/"
    o = offline(viewport={"width": 1280, "height": 900})
    page = o.open(1)
    page.locator(f"button.lang[data-lang='{lang}']").click()
    wait_for(page, "(l) => document.documentElement.lang === l", lang)
    for k in range(len(scenes.builtin())):
        page.evaluate("(k) => window.__handout.open(k, false)", k)
        wait_for(page, READY)
        page.locator(f"#scene-{k + 1} details.numbers summary").click()
        bad = audit(page)
        assert not bad, (k, summary(bad))
    assert o.requests == []


def test_a_keyboard_alone_walks_the_scenes_and_moves_t(offline):
    o = offline(viewport={"width": 1280, "height": 900})
    page = o.open(1)
    n = len(scenes.builtin())
    for k in range(1, n):
        page.keyboard.press("PageDown")
        wait_for(page, "(k) => window.__handout.state.k === k", k)
        assert page.evaluate("() => document.activeElement.closest('section.scene').id") == f"scene-{k + 1}"
    page.keyboard.press("ArrowLeft")
    wait_for(page, "(k) => window.__handout.state.k === k", n - 2)
    # Tab from the top of the page to the T control, then to the scene list: each reached and used by keys alone
    page.evaluate("() => document.activeElement.blur()")
    reached = []
    for _ in range(40):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement.id || document.activeElement.textContent.trim()"))
        if reached[-1] == "t-range":
            break
    assert reached[-1] == "t-range", reached
    before = page.evaluate("() => window.__handout.state.T")
    page.keyboard.press("ArrowRight")
    wait_for(page, "(t) => window.__handout.state.T > t", before)
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.scene-list')"):
            break
    page.keyboard.press("Tab")  # the second scene
    page.keyboard.press("Enter")
    wait_for(page, "() => window.__handout.state.k === 1")
    assert page.evaluate("() => document.activeElement.closest('section.scene').id") == "scene-2"
    # T moved away from the scene's: its "back to the scene" button is reached by Tab and brings the scene's T back
    page.evaluate("() => window.__handout.setT(5)")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('back')"):
            break
    page.keyboard.press("Enter")
    t = scenes.builtin()[1].scenario.temperature
    wait_for(page, "(t) => window.__handout.state.T === t", t)
    assert not page.locator("#scene-2 .moved").is_visible()


def test_a_phone_scrolls_nothing_sideways_and_every_control_is_a_finger_wide(offline):
    o = offline(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = o.open(1)
    for k in range(len(scenes.builtin())):
        page.evaluate("(k) => window.__handout.open(k, false)", k)
        wait_for(page, READY)
        page.locator(f"#scene-{k + 1} details.numbers summary").click()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, k
        small = page.evaluate(SMALL_CONTROLS_JS)
        assert not small, (k, small)


def test_the_lecture_tools_download_the_lesson_as_a_web_page(app_server, new_page, tmp_path):
    """The app's lecture tools give the same page for the built-in lesson, its scenes linked back to the app."""
    page = new_page()
    page.goto(app_server.page_url("score"))
    settle(page)
    open_tools(page)
    with page.expect_download() as dl:
        click_button(page, "tl:handout", wait=False)
    assert dl.value.suggested_filename == "attention-lesson.html"
    got = Path(dl.value.path()).read_text(encoding="utf-8")
    assert got.startswith("<!DOCTYPE html>") and len(got.encode("utf-8")) <= 6_000_000
    start = got.index('id="handout-data">') + len('id="handout-data">')
    data = json.loads(got[start:got.index("</script>", start)])
    assert [s["page"] for s in data["scenes"]] == [s.page for s in scenes.builtin()]
    base = app_server.url.rstrip("/")
    assert f'href="{base}/score?s=' in got and f'href="{base}/?s=' in got


def test_printing_puts_each_scene_on_its_own_page_at_its_own_t(offline):
    """On paper every scene starts a page of its own (the built-in lesson's fit one each), with its chart at its own
    T, whatever T the screen showed, and its numbers printed."""
    o = offline(viewport={"width": 1280, "height": 900})
    page = o.open(4)
    lesson = scenes.builtin()
    wait_for(page, "() => window.__handout.state.drawn.size === window.__handout.data.scenes.length")
    page.evaluate("() => window.__handout.setT(0.3)")
    page.emulate_media(media="print")
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    wait_for(page, "(ts) => ts.every((t, k) => window.__handout.state.drawn.get(k).T === t)",
             [s.scenario.temperature for s in lesson])
    page.evaluate("() => window.__handout.state.pending")
    for k in range(len(lesson)):
        section = page.locator(f"#scene-{k + 1}")
        assert section.is_visible() and section.locator("details.numbers table").first.is_visible()
        assert page.evaluate("(k) => window.__handout.plotOf(k)._fullLayout.width", k) <= 700
    assert not page.locator("#t-range").is_visible() and not page.locator(".scene-list").is_visible()
    # after printing, the screen as it was: the scene shown, at the T it showed
    page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
    page.emulate_media(media="screen")
    wait_for(page, "() => window.__handout.state.T === 0.3")
    assert [page.locator(f"#scene-{k + 1}").is_visible() for k in range(len(lesson))] == [k == 3 for k in
                                                                                        range(len(lesson))]
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4")  # Chromium's own printing (beforeprint, afterprint later): a page per scene
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == len(lesson)
