"""Does a chart go blank after a burst of T presses? Every animation frame watched, in headless Chromium.

    python bench/blank_frames.py [--pages home,temperature,value,residual] [--bursts 8] [--presenter]
                                 [--app-dir DIR] [--json OUT]

For each page: the page opened, then `--bursts` bursts of five arrow presses 60 ms apart on the sidebar T control
(alternating right and left), each followed by the one server run the control starts once the hand pauses. From the
first press until that run is over and the page is quiet, a requestAnimationFrame loop looks at every chart that
was drawn before the burst (`[class*="st-key-chart-"]`, the key `Page.chart` gives it) and notes each frame in which
one of them shows no drawn plot (no `.main-svg` under its `.js-plotly-plot`): the class saw that chart blank. A run of
such frames is one blank; its hold is the time from its first frame to the first frame the chart shows again.

Reported per page: bursts with a blank frame in any chart (and which: each page is a new session, whose first
burst is its T control's first release, after which the T charts are drawn in place), which charts, and the holds
(median, max). `--app-dir`
measures another checkout's app (e.g. a clone of the code before a change) with this same script.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.driver import (  # noqa: E402  # noqa: E402
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    PAGE_KEYS,
    SIDEBAR,
    click_toggle,
    go_to,
    launch_server,
    settle,
    t_control,
    wait_for_app,
)

PRESSES, GAP_MS = 5, 60
MAIN = '[data-testid="stMain"]'
WATCH_JS = """
() => {
  const drawn = el => !!el.querySelector('.js-plotly-plot .main-svg');
  const charts = [...document.querySelectorAll('[data-testid="stMain"] [class*="st-key-chart-"]')]
    .map(el => [...el.classList].find(c => c.startsWith('st-key-chart-')))
    .filter((c, i, all) => c && all.indexOf(c) === i)
    .filter(c => drawn(document.querySelector('.' + c)));
  const w = window.__blankWatch = { charts, blanks: [], open: {}, on: true, frames: 0 };
  const tick = now => {
    if (!w.on) return;
    w.frames++;
    for (const c of charts) {
      const el = document.querySelector('.' + c);
      const blank = !el || !drawn(el);
      if (blank && w.open[c] == null) w.open[c] = now;
      if (!blank && w.open[c] != null) { w.blanks.push({ chart: c, ms: now - w.open[c] }); w.open[c] = null; }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
"""
STOP_JS = """
() => {
  const w = window.__blankWatch; w.on = false;
  for (const [c, t] of Object.entries(w.open)) if (t != null) w.blanks.push({ chart: c, ms: null });
  return { charts: w.charts, blanks: w.blanks, frames: w.frames };
}
"""


def burst_rounds(page, bursts: int, scope: str) -> list[dict]:
    out = []
    for r in range(bursts):
        sends = page.evaluate("() => window.__attentionT.sends")
        page.evaluate(WATCH_JS)
        t_control(page, scope).focus()
        for _ in range(PRESSES):
            page.keyboard.press("ArrowRight" if r % 2 == 0 else "ArrowLeft", delay=GAP_MS)
        page.wait_for_function("n => window.__attentionT.sends > n", arg=sends, timeout=60_000)
        page.wait_for_function("() => window.__attentionT.scheduled() === 0", timeout=60_000)
        wait_for_app(page, timeout=60_000, settle_ms=600)
        settle(page)
        out.append(page.evaluate(STOP_JS))
    return out


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", default="home,temperature,value,residual")
    ap.add_argument("--bursts", type=int, default=8)
    ap.add_argument("--presenter", action="store_true", help="presenter mode at 1920×1080 (else 1280×720)")
    ap.add_argument("--app-dir", type=Path, default=ROOT, help="the checkout whose app is measured")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    pages = [p for p in args.pages.split(",") if p]
    unknown = set(pages) - set(PAGE_KEYS)
    if unknown:
        raise SystemExit(f"unknown pages: {sorted(unknown)}")
    size = {"width": 1920, "height": 1080} if args.presenter else {"width": 1280, "height": 720}
    results = {}
    server = launch_server(args.app_dir, timeout=120)
    with contextlib.ExitStack() as stack:
        stack.callback(server.stop)
        pw = stack.enter_context(sync_playwright())
        browser = pw.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        stack.callback(browser.close)
        for key in pages:
            page = browser.new_page(viewport=size)
            page.goto(server.url + "/")
            settle(page)
            if key != "home":
                go_to(page, key)
            if args.presenter:  # the sidebar folds away; the presenter bar's T control is the first in the page
                click_toggle(page, "sb:presenter")
            rounds = burst_rounds(page, args.bursts, MAIN if args.presenter else SIDEBAR)
            page.close()
            holds = [b["ms"] for r in rounds for b in r["blanks"] if b["ms"] is not None]
            results[key] = {
                "bursts": len(rounds), "charts": rounds[0]["charts"] if rounds else [],
                "bursts_with_blank": sum(bool(r["blanks"]) for r in rounds),
                "which": [i + 1 for i, r in enumerate(rounds) if r["blanks"]],
                "blank_charts": sorted({b["chart"] for r in rounds for b in r["blanks"]}),
                "never_shown_again": sum(b["ms"] is None for r in rounds for b in r["blanks"]),
                "hold_median_ms": round(statistics.median(holds), 1) if holds else None,
                "hold_max_ms": round(max(holds), 1) if holds else None,
            }
            r = results[key]
            print(f"{key:12} charts {len(r['charts'])}  bursts with a blank frame {r['bursts_with_blank']}/"
                  f"{r['bursts']} {r['which']}  hold median {r['hold_median_ms']} ms, max {r['hold_max_ms']} ms  "
                  f"{', '.join(c.removeprefix('st-key-chart-') for c in r['blank_charts'])}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
