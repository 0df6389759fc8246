"""PageDown → the next scene's focused chart drawn, walking the built-in lesson in presenter mode at 1920×1080.

    python bench/scenes.py [--sizes 8] [--reps 3] [--out bench/results/scenes-<stamp>.json]

The built-in lesson is opened through a `?lesson=` link with its sentence made `n` words long (the same pages,
states and foci). For every PageDown the clock starts right before the key press (performance.now() in the page) and
stops twice: when the scene's focused chart has been drawn anew (a Plotly graph that was not on the page at
the press, with its SVG), and when that chart is on the screen under the pinned caption (the scroll done).
`bench/run.py` runs it after the slider steps and puts the table in the report (target: ≤ 1 s at 8 words on a
quiet machine; reported, not asserted).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_MS_AT_8 = 1000
VIEWPORT = {"width": 1920, "height": 1080}

# Right before a press: mark the charts on the page as old and start the clock (the app's own key handler stops
# the key event, so the page cannot time the keydown itself).
ARM_JS = """
() => {
  document.querySelectorAll('.js-plotly-plot').forEach((gd) => { gd.dataset.benchOld = '1'; });
  window.__sceneDrawn = undefined;
  window.__sceneT0 = performance.now();
}
"""

# After it: the times (ms after the keydown) at which the focus was drawn anew, then in view under the caption.
DONE_JS = """
([cls, label, seen]) => {
  if (window.__sceneT0 === null || !document.body.innerText.includes(label)) return false;
  const shown = (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const el = [...document.querySelectorAll(`[data-testid="stMain"] .${cls}`)].find(shown);
  const gd = el && el.querySelector('.js-plotly-plot');
  if (!gd || gd.dataset.benchOld || !gd.querySelector('.main-svg')) return false;
  const now = performance.now() - window.__sceneT0;
  window.__sceneDrawn = window.__sceneDrawn ?? now;
  const bar = [...document.querySelectorAll('[data-testid="stMain"] .st-key-pr-bar')].find(shown);
  const r = el.getBoundingClientRect();
  if (!bar || r.top < bar.getBoundingClientRect().bottom - 1 || r.bottom > innerHeight + 1) return false;
  const drawn = window.__sceneDrawn;
  window.__sceneDrawn = undefined;
  return {drawn_ms: drawn, in_view_ms: now};
}
"""


def lesson_link(n: int) -> str:
    from attention_core import scenes
    from bench.run import sentence

    lesson = []
    for scene in scenes.builtin():
        scenario, _ = scene.scenario.with_sentence(sentence(n))
        lesson.append(replace(scene, scenario=scenario))
    return scenes.encode_link(lesson)


def measure(browser, url: str, sizes: list[int], reps: int, timeout: float = 60_000) -> dict:
    """For each sentence length, `reps` walks of the built-in lesson: one row per PageDown."""
    from attention_core import scenes
    from tests.e2e.driver import key_class, wait_for_app, wait_for_plots

    lesson = scenes.builtin()
    rows = []
    for n in sizes:
        link = lesson_link(n)
        for rep in range(reps):
            ctx = browser.new_context(viewport=VIEWPORT)
            page = ctx.new_page()
            try:
                page.goto(f"{url.rstrip('/')}/?lesson={link}", timeout=timeout)
                wait_for_app(page, timeout=timeout)
                wait_for_plots(page, timeout=timeout)
                for k in range(1, len(lesson)):
                    page.wait_for_timeout(600)  # the scene before has settled
                    page.evaluate(ARM_JS)
                    page.keyboard.press("PageDown")
                    label = f"{k + 1} / {len(lesson)}"
                    got = page.wait_for_function(DONE_JS, arg=[key_class(lesson[k].focus), label, 0],
                                                 timeout=timeout, polling="raf").json_value()
                    rows.append({"n": n, "rep": rep, "scene": k + 1, "page": lesson[k].page,
                                 "new_page": lesson[k].page != lesson[k - 1].page, **got})
                    wait_for_app(page, timeout=timeout)
            except Exception as err:  # reported with the rows measured so far
                rows.append({"n": n, "rep": rep, "error": str(err).splitlines()[0][:300]})
            finally:
                ctx.close()
    return {"viewport": VIEWPORT, "sizes": sizes, "reps": reps, "rows": rows}


def summary(result: dict) -> list[dict]:
    """Per sentence length: median and worst of both times, over all presses and over page changes."""
    out = []
    for n in result["sizes"]:
        ok = [r for r in result["rows"] if r["n"] == n and "error" not in r]
        errors = [r for r in result["rows"] if r["n"] == n and "error" in r]
        if not ok:
            out.append({"n": n, "presses": 0, "errors": len(errors)})
            continue
        switch = [r for r in ok if r["new_page"]]
        med = lambda rows, k: statistics.median(r[k] for r in rows) if rows else None  # noqa: E731
        out.append({"n": n, "presses": len(ok), "errors": len(errors),
                    "drawn_median_ms": med(ok, "drawn_ms"), "drawn_max_ms": max(r["drawn_ms"] for r in ok),
                    "in_view_median_ms": med(ok, "in_view_ms"), "in_view_max_ms": max(r["in_view_ms"] for r in ok),
                    "switch_drawn_median_ms": med(switch, "drawn_ms")})
    return out


def markdown(result: dict) -> list[str]:
    """The report's section: one row per sentence length."""
    fmt = lambda v: "–" if v is None else f"{v:.0f}"  # noqa: E731
    lines = [f"## PageDown → the next scene's focused chart (presenter mode, {VIEWPORT['width']}×"
             f"{VIEWPORT['height']}, built-in lesson; target ≤ {TARGET_MS_AT_8 / 1000:g} s at 8 words, reported)",
             "",
             "| n | presses | drawn: median ms | drawn: worst ms | page changes only: drawn median ms "
             "| in view under the caption: median ms | in view: worst ms | verdict at 8 words | errors |",
             "|---|---|---|---|---|---|---|---|---|"]
    for s in summary(result):
        verdict = ""
        if s["n"] == 8 and s["presses"]:
            verdict = "met" if s["drawn_median_ms"] <= TARGET_MS_AT_8 else "missed"
        lines.append(f"| {s['n']} | {s['presses']} | {fmt(s.get('drawn_median_ms'))} | {fmt(s.get('drawn_max_ms'))} "
                     f"| {fmt(s.get('switch_drawn_median_ms'))} | {fmt(s.get('in_view_median_ms'))} "
                     f"| {fmt(s.get('in_view_max_ms'))} | {verdict} | {s['errors']} |")
    lines += ["", "Measured by `bench/scenes.py`: the clock starts right before the PageDown (in the page) and stops "
              "when the next scene's focused chart is drawn anew, then when it is on the screen under the pinned "
              "caption.", ""]
    return lines


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import CHROMIUM_ARGS, CHROMIUM_PATH, launch_server

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="8")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)
    sizes = [int(v) for v in args.sizes.split(",") if v]
    server = launch_server(timeout=120)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS, headless=True)
            try:
                result = measure(browser, server.url, sizes, args.reps)
            finally:
                browser.close()
    finally:
        server.stop()
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    out = Path(args.out or ROOT / "bench" / "results" / f"scenes-{stamp}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print("\n".join(markdown(result)))
    for r in result["rows"]:
        print(r)
    print(f"raw: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
