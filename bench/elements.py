"""What one more element on a page costs a T step that draws none of them, in headless Chromium.

    python bench/elements.py [--reps 30] [--sizes 0,40,80] [--kinds markdown,html,select,…]

Streamlit's frontend renders every element of the page again whenever a script run starts and ends (each
element reads the run's state), fragment runs included. So an element that a T step never touches still costs
that step. This measures it on the floor page (`bench/bare_app.py`) with its T slider in a fragment, as the
app's T parts are (`?frag=1`), and `extra` elements of one kind outside it (`&markdown=K`, `&select=K`…, the
kinds of `bare_app.EXTRA`): the same step as `bench/run.py` (a key press on the slider → the run it starts is
over), the variants stepped in turn in one browser, reported as medians with bootstrap 95 % intervals of the
ratio to the variant without extra elements, and the renderer's main thread busy during the step (Chromium's
own count, less noisy than the step's time), with what one more element of the kind adds to it. Why the
sidebar's lecture tools and lesson scenes are drawers, and what ② would have to shed (docs/performance.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import report  # noqa: E402
from bench.run import BENCH_BROWSER_ARGS, Tab, calibrate  # noqa: E402
from tests.e2e.driver import CHROMIUM_ARGS, CHROMIUM_PATH, launch_server  # noqa: E402

SPEC = "100x400:0:8x8;100x400:0:8x8"  # two heatmaps T does not change, as on ①


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=30, help="measured steps per variant")
    ap.add_argument("--sizes", default="0,40,80", help="how many extra elements, comma-separated")
    ap.add_argument("--kinds", default="markdown,html", help="kinds of bench/bare_app.py's EXTRA, comma-separated")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    variants = [("none", 0)] + [(kind, k) for kind in args.kinds.split(",") for k in sizes if k]

    from playwright.sync_api import sync_playwright

    server = launch_server(script="bench/bare_app.py", timeout=120)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS + BENCH_BROWSER_ARGS,
                                         headless=True)
            tabs = []
            for kind, k in variants:
                tab = Tab(browser, f"{kind}{k}")
                tab.open(f"{server.url}/?spec={SPEC}&frag=1" + (f"&{kind}={k}" if k else ""))
                calibrate(tab, "sweep", 3)
                tabs.append(tab)
            steps: list[list[float]] = [[] for _ in variants]
            busy: list[list[float]] = [[] for _ in variants]
            sessions = []
            for tab in tabs:
                cdp = tab.context.new_cdp_session(tab.page)
                cdp.send("Performance.enable")
                sessions.append(cdp)
            for i in range(args.reps):
                order = list(range(len(variants)))
                if i % 2:
                    order.reverse()
                for j in order:
                    before = main_thread_ms(sessions[j])
                    steps[j].append(tabs[j].step("sweep", expect=0, settle=150)["run_end"])
                    busy[j].append(main_thread_ms(sessions[j]) - before)
            browser.close()
    finally:
        server.stop()
    base, base_busy = steps[0], report.median(busy[0])
    print("| extra elements outside the fragment | step median | ratio to none | 95 % interval "
          "| main thread a step | more per element |")
    print("|---|---|---|---|---|---|")
    for (kind, k), got, cpu in zip(variants, steps, busy):
        name = "none" if not k else f"{k} × st.{kind}"
        extra = f"{(report.median(cpu) - base_busy) / k:+.2f} ms" if k else "–"
        print(f"| {name} | {report.median(got):.1f} ms | {report.median(got) / report.median(base):.2f}× "
              f"| {report.fmt_ci(report.ratio_ci(got, base))} | {report.median(cpu):.1f} ms | {extra} |")


def main_thread_ms(cdp) -> float:
    """The page's renderer main thread busy so far (ms): Chromium's TaskDuration (CDP Performance.getMetrics)."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return 1000 * next(m["value"] for m in metrics if m["name"] == "TaskDuration")


if __name__ == "__main__":
    main()
