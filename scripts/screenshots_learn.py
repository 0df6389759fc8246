"""Screen ⑦ before, during and after training, at 1280×720, in Korean and English (docs/screenshots/learn-*.png).

    python scripts/screenshots_learn.py [--out docs/screenshots]

Drives a freshly started app with its own controls: the sidebar language switch and link, "Train 50 steps",
"▶ auto-train" and "■ Stop", the replay's ▶ button.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from attention_core.i18n import text  # noqa: E402
from attention_core.registry import PAGE_KEYS  # noqa: E402
from tests.e2e.driver import CHROMIUM_ARGS, CHROMIUM_PATH, start_server, wait_for_app, wait_for_plots  # noqa: E402

MAIN = '[data-testid="stMain"]'
SCROLL_TO_JS = """
([selector, index]) => {
  const el = document.querySelectorAll(selector)[index];
  const main = document.querySelector('[data-testid="stMain"]');
  main.scrollTop += el.getBoundingClientRect().top - 70;  // below Streamlit's fixed header
}
"""
TOP_CHARTS_DRAWN = """
() => {
  const visible = el => { for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.visibility === 'hidden' || cs.display === 'none' || parseFloat(cs.opacity) < 0.9) return false; }
    return true; };
  const charts = ':is([data-testid="stPlotlyChart"], .attention-live-box)';  // live charts: ui/live_chart.py
  const shown = [...document.querySelectorAll(`[data-testid="stMain"] ${charts}`)]
    .filter(c => c.getBoundingClientRect().height > 50);
  return shown.length >= 5 && shown.slice(0, 4).every(c => {
    const layer = c.querySelector('.scatterlayer path.js-line, .heatmaplayer image');
    return layer && layer.getBoundingClientRect().width > 10 && visible(layer); });
}
"""
STEP_AT_LEAST = """
(n) => { const m = document.querySelector('[data-testid="stMain"] [data-testid="stMetricValue"]');
         return m && parseInt(m.innerText) >= n; }
"""


def shoot(page, out: Path, name: str, scroll_to: str | None = None, index: int = 0, wait_ms: int = 700) -> None:
    if scroll_to:
        page.evaluate(SCROLL_TO_JS, [scroll_to, index])
    page.wait_for_timeout(wait_ms)
    path = out / f"learn-{name}.png"
    page.screenshot(path=str(path))
    print(path)


def button(page, lang: str, key: str, **params) -> None:
    page.locator(f"{MAIN} button", has_text=text(lang, key, **params)).first.click()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--auto-steps", type=int, default=250, help="stop auto-training after about this many steps")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with start_server() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS, headless=True)
        for lang in ("ko", "en"):
            page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            page.goto(server.page_url(""))
            wait_for_app(page)
            if lang == "en":
                page.locator('[data-testid="stSidebar"] button', has_text="English").first.click()
                wait_for_app(page)
            page.locator('[data-testid="stSidebar"] a[data-testid="stPageLink-NavLink"]').nth(
                PAGE_KEYS.index("learn")).click()
            wait_for_app(page)
            wait_for_plots(page, n_min=4)
            shoot(page, out, f"{lang}-0-top")
            shoot(page, out, f"{lang}-1-before", scroll_to=f'{MAIN} [data-testid="stMetric"]')
            button(page, lang, "learn.train", n=50)
            wait_for_app(page)
            wait_for_plots(page, n_min=5)
            shoot(page, out, f"{lang}-2-after-50", scroll_to=f'{MAIN} [data-testid="stMetric"]')
            button(page, lang, "learn.auto")
            page.wait_for_function(STEP_AT_LEAST, arg=90, timeout=60000)
            page.evaluate(SCROLL_TO_JS, [f'{MAIN} [data-testid="stMetric"]', 0])
            for _ in range(10):  # each tick redraws the live charts: keep a shot where they are drawn
                page.wait_for_function(TOP_CHARTS_DRAWN, timeout=30000, polling=20)
                page.screenshot(path=str(out / f"learn-{lang}-3-during-auto.png"))
                if page.evaluate(TOP_CHARTS_DRAWN):  # still drawn after the shot: no tick replaced them meanwhile
                    break
                page.wait_for_timeout(300)
            print(out / f"learn-{lang}-3-during-auto.png")
            page.wait_for_function(STEP_AT_LEAST, arg=args.auto_steps, timeout=120000)
            button(page, lang, "learn.stop")
            wait_for_app(page)
            wait_for_plots(page, n_min=5)
            shoot(page, out, f"{lang}-4-after", scroll_to=f'{MAIN} [data-testid="stMetric"]')
            shoot(page, out, f"{lang}-5-compare", scroll_to=f"{MAIN} h2", index=1)
            page.evaluate(SCROLL_TO_JS, [f"{MAIN} h2", 2])
            page.locator(".updatemenu-button").first.click()  # ▶ play the replay in the browser
            page.wait_for_timeout(1200)
            shoot(page, out, f"{lang}-6-replay")
        browser.close()


if __name__ == "__main__":
    main()
