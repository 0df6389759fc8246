"""Screenshots of every page, in Korean and in English, from a freshly started app (for the README).

    python scripts/screenshots.py [--out docs/screenshots] [--full] [--pages home,gaze] [--langs ko,en]
    python scripts/screenshots.py --lecture   # presenter mode at 1920×1080, phone views at 390×844
    python scripts/screenshots.py --presenter 1280x720 --out /tmp/shots   # the presenter walk at a laptop's size

Each language is reached through the app's own controls: the sidebar language switch. The lecture set opens
the built-in lesson with Home's button and walks it with PageDown, as a clicker would.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from attention_core.registry import PAGE_KEYS  # noqa: E402
from tests.e2e.driver import (  # noqa: E402
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    screenshot,
    start_server,
    wait_for_app,
    wait_for_plots,
)

PHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            "Version/17.0 Mobile/15E148 Safari/604.1")  # a phone's browser: the app lays grids out for its width


def url_path(path: str) -> str:
    return "" if path == "app.py" else Path(path).stem.split("_", 1)[1]


def settle(page) -> None:
    wait_for_app(page)
    wait_for_plots(page)
    page.wait_for_timeout(700)


def scene_slug(lesson, k: int) -> str:
    """A scene's file-name part: "summary" for Home, else its page, with its T when the page comes again."""
    scene = lesson[k]
    if scene.page == "home":
        return "summary"
    if sum(s.page == scene.page for s in lesson) > 1:
        return f"{scene.page}-t{scene.scenario.temperature:g}".replace(".", "")
    return scene.page


# The scene's focus is drawn, and on the screen under the pinned caption (what the browser tests check too).
FOCUS_SHOWN_JS = """
(cls) => {
  const shown = (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const el = [...document.querySelectorAll(`[data-testid="stMain"] .${cls}`)].find(shown);
  const bar = [...document.querySelectorAll('[data-testid="stMain"] .st-key-pr-bar')].find(shown);
  if (!el || !bar || !el.querySelector('.js-plotly-plot .main-svg')) return false;
  const r = el.getBoundingClientRect();
  return r.top >= bar.getBoundingClientRect().bottom - 1 && r.bottom <= innerHeight + 1;
}
"""


def presenter_shots(server, browser, out: Path, size: tuple[int, int] = (1920, 1080), suffix: str = "",
                    langs: tuple[str, ...] = ("ko", "en")) -> None:
    """The built-in lesson in presenter mode (at 1920×1080 unless `size` says otherwise), every scene, in Korean and
    in English: opened with Home's button, walked with PageDown; each shot once the scene's focus is under its
    caption."""
    from attention_core import scenes
    from attention_core.i18n import text
    from tests.e2e.driver import key_class

    lesson = scenes.builtin()
    for lang in langs:
        page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
        page.goto(server.page_url(""))
        settle(page)
        if lang == "en":
            page.locator('[data-testid="stSidebar"] button', has_text="English").first.click()
            settle(page)
        page.locator('[data-testid="stMain"] button', has_text=text(lang, "lecture.builtin_open")).click()
        for k, scene in enumerate(lesson):
            if k:
                page.keyboard.press("PageDown")
            label = text(lang, "lecture.scene_of", k=k + 1, n=len(lesson))
            page.wait_for_function("(label) => document.body.innerText.includes(label)", arg=label, timeout=120_000)
            # the charts laid out for the page's measured width (attention_core/ui/room.py), and that run over
            page.wait_for_function("() => !!document.documentElement.dataset.attentionRoom", timeout=120_000)
            settle(page)
            try:
                page.wait_for_function(FOCUS_SHOWN_JS, arg=key_class(scene.focus), timeout=60_000)
            except PlaywrightTimeoutError:  # taller than the window's room under the bar: shot as it stands, said
                print(f"scene {k + 1} ({lang}, {size[0]}×{size[1]}): its focus is not wholly under the bar")
            page.wait_for_timeout(300)
            target = out / f"presenter-{k + 1}-{scene_slug(lesson, k)}-{lang}{suffix}.png"
            page.screenshot(path=str(target))
            print(target)
        page.context.close()


def lecture_shots(server, browser, out: Path) -> None:
    """Presenter mode walking the built-in lesson at 1920×1080; phone views at 390×844; the gaze geometry chart."""
    presenter_shots(server, browser, out)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                user_agent=PHONE_UA).new_page()
    for key in ("home", "score"):
        phone.goto(server.page_url("" if key == "home" else key))
        settle(phone)
        target = out / f"phone-{key}-ko.png"
        phone.screenshot(path=str(target))
        print(target)
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.goto(server.page_url("gaze"))
    settle(page)
    chart = page.locator('[data-testid="stPlotlyChart"]').filter(has_text="차원 1, 2").first
    chart.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    target = out / "gaze-geometry-ko.png"
    chart.screenshot(path=str(target))
    print(target)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--full", action="store_true", help="whole page instead of the 1280×720 viewport")
    ap.add_argument("--pages", default=",".join(PAGE_KEYS))
    ap.add_argument("--langs", default="ko,en")
    ap.add_argument("--query", default="", help="extra query string, e.g. s=<share token>")
    ap.add_argument("--sentence", default="", help="open the app on this sentence (through a share link)")
    ap.add_argument("--suffix", default="", help="added to every file name, e.g. -long")
    ap.add_argument("--lecture", action="store_true", help="only the presenter-mode and phone screenshots")
    ap.add_argument("--presenter", default="", metavar="WxH",
                    help="only the presenter walk at this window size, e.g. 1280x720 (file names end in -WxH)")
    args = ap.parse_args()
    if args.sentence:
        from attention_core.codec import encode_link
        from attention_core.scenario import Scenario, View

        scenario, _ = Scenario().with_sentence(args.sentence)
        args.query = "&".join(q for q in (args.query, f"s={encode_link(scenario, View())}") if q)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = args.pages.split(",")
    with start_server() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS, headless=True)
        if args.presenter:
            w, h = (int(v) for v in args.presenter.lower().split("x"))
            presenter_shots(server, browser, out, (w, h), f"-{w}x{h}", tuple(args.langs.split(",")))
            browser.close()
            return
        if args.lecture:
            lecture_shots(server, browser, out)
            browser.close()
            return
        for lang in args.langs.split(","):
            page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            page.goto(server.page_url("") + (f"?{args.query}" if args.query else ""))
            wait_for_app(page)
            if lang == "en":
                page.locator('[data-testid="stSidebar"] button', has_text="English").first.click()
                wait_for_app(page)
            for key in PAGE_KEYS:
                if key not in wanted:
                    continue
                page.locator('[data-testid="stSidebar"] a[data-testid="stPageLink-NavLink"]').nth(
                    PAGE_KEYS.index(key)).click()
                wait_for_app(page)
                wait_for_plots(page)
                page.wait_for_timeout(500)
                target = out / f"{key}-{lang}{args.suffix}.png"
                if args.full:
                    screenshot(page, target)
                else:
                    page.screenshot(path=str(target))
                print(target)
        browser.close()


if __name__ == "__main__":
    main()
