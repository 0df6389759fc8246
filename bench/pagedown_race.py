"""Does a clicker press right after presenter mode turns on ever blank the page? The race, tried many times.

    python bench/pagedown_race.py [--tries 100] [--delay-ms 0] [--app-dir DIR] [--log-dir DIR]

One server; for each try a fresh browser context (1920×1080 and 1280×720 in turn) opens ② Score, switches
presenter mode on and presses PageDown at once (or after a delay drawn for each try between 0 and --delay-ms),
before the run that draws the step buttons has ended (what tests/e2e/test_presenter.py does once per size). A
try fails when the page reports an error (Streamlit's browser side crashing shows as "Bad delta path index …"),
when ③ does not settle within 30 s, or when ③ settles without what the lecturer had on ②: presenter mode on, T
at 1, no error (a report of the new page's widgets at their declared defaults, taken for the lecturer's changes,
turned presenter mode off, T to 0.05 and the sentence to "": with --delay-ms 150, 11 of 80 tries before the fix in
`Page.seed`, 0 of 80 after, docs/reliability.md).

Every message of the try's websocket is kept, and each try prints the sequence of its script runs as the browser
saw them: NS (a run starts: `full`, or the fragments it reruns, W for presenter mode's width measure, T for a
T-part run) and F<status> (it ended: 0 whole run done, 2 stopped for a newer request, 3 fragment run done). A
failed try's messages are written to --log-dir as text. The shapes are counted at the end: the interleaving the
race needs is rare (a few tries in a hundred), so a fix is judged by its failures over many tries and by whether
the shape that failed still occurs. `--app-dir` runs another checkout's app (a clone of the code before a
change) with this same script.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from tests.e2e.driver import CHROMIUM_ARGS, CHROMIUM_PATH, LECTURER_STATE_JS, by_key, settle, start_server  # noqa: E402  # noqa: E402

SIZES = [(1920, 1080), (1280, 720)]
WIDTH_FRAGMENT_KEY = "room:width"


def describe(frames: list[tuple[str, float, bytes]]) -> tuple[list[str], list[str]]:
    """(every message as a line of text, the run sequence) of one try's websocket frames."""
    lines, runs = [], []
    width_fragment, t_fragments = set(), set()
    for direction, at, payload in frames:
        if direction == "out":
            msg = BackMsg.FromString(payload)
            if msg.WhichOneof("type") == "rerun_script":
                r = msg.rerun_script
                told = sorted(_key(w.id) for w in r.widget_states.widgets)
                lines.append(f"{at:8.0f} out rerun page={r.page_script_hash[:6]} fragment={r.fragment_id[:6]!r}"
                             f" widgets={told}")
            continue
        msg = ForwardMsg.FromString(payload)
        kind, meta = msg.WhichOneof("type"), msg.metadata
        if kind == "delta":
            if msg.delta.fragment_id and (msg.delta.WhichOneof("type") == "add_block" or
                                          msg.delta.new_element.WhichOneof("type") == "bidi_component"):
                text = str(msg.delta)[:600]  # a block's key, or the width measure's element id
                if WIDTH_FRAGMENT_KEY in text:
                    width_fragment.add(msg.delta.fragment_id)
                elif "t-part-" in text:
                    t_fragments.add(msg.delta.fragment_id)
            lines.append(f"{at:8.0f} in  delta path={list(meta.delta_path)} fragment={msg.delta.fragment_id[:6]!r}"
                         f"{_widget(msg.delta)}")
        elif kind in ("new_session", "script_finished"):
            fragments = list(meta.run.fragment_ids)
            what = ("full" if not fragments else
                    "W" if set(fragments) <= width_fragment else
                    "T" if set(fragments) <= t_fragments else f"{len(fragments)} fragments")
            page = msg.new_session.page_script_hash[:6] if kind == "new_session" else ""
            lines.append(f"{at:8.0f} in  {kind} {page} run={meta.run.script_run_id[:6]} {what}")
            runs.append(f"NS {what}" if kind == "new_session" else f"F{msg.script_finished} {what}")
        else:
            lines.append(f"{at:8.0f} in  {kind}")
    return lines, runs


def _key(widget_id: str) -> str:
    """A widget's user key, read from its element id ("$$ID-<hash>-<key>")."""
    return widget_id.split("-", 2)[-1]


def _widget(delta) -> str:
    """A widget element's key, and whether it carries a value the browser must take (set_value) or its default."""
    if delta.WhichOneof("type") != "new_element":
        return ""
    el = delta.new_element
    kind = el.WhichOneof("type")
    proto = getattr(el, kind, None) if kind else None
    wid = getattr(proto, "id", "") if proto is not None else ""
    if not wid or "-" not in wid:
        return ""
    key = _key(wid)
    fields = [f"{name}={getattr(proto, name)!r}" for name in ("set_value", "value", "default")
              if hasattr(proto, name) and not callable(getattr(proto, name))]
    return f" {kind} {key} " + " ".join(f[:60] for f in fields)


class _Log:
    """Every binary websocket frame of a page, with its time in ms since `restart()`, and its errors."""

    def __init__(self) -> None:
        self.frames: list[tuple[str, float, bytes]] = []
        self.errors: list[str] = []
        self.start = time.perf_counter()

    def error(self, err) -> None:
        self.errors.append(str(err))

    def restart(self) -> None:
        self.frames.clear()
        self.start = time.perf_counter()

    def keep(self, direction: str, payload) -> None:
        if isinstance(payload, bytes):
            self.frames.append((direction, (time.perf_counter() - self.start) * 1000, payload))

    def watch(self, ws) -> None:
        ws.on("framereceived", lambda payload: self.keep("in", payload))
        ws.on("framesent", lambda payload: self.keep("out", payload))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tries", type=int, default=100)
    ap.add_argument("--delay-ms", type=float, default=0.0,
                    help="press PageDown after a delay drawn uniformly from 0 to this (ms) after the switch")
    ap.add_argument("--app-dir", type=Path, default=None)
    ap.add_argument("--log-dir", type=Path, default=ROOT / "bench" / "results" / "pagedown_race")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    failures, shapes = 0, collections.Counter()
    rng = random.Random(2026)
    with start_server(args.app_dir) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        for i in range(args.tries):
            width, height = SIZES[i % len(SIZES)]
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            log = _Log()
            page.on("pageerror", log.error)
            page.on("websocket", log.watch)
            page.goto(server.page_url("score"))
            settle(page)
            log.restart()
            delay = rng.uniform(0, args.delay_ms)
            by_key(page, "sb:presenter").locator("label").first.click()
            if delay:
                page.wait_for_timeout(delay)  # the race itself: the press lands at a drawn moment of the switch
            page.keyboard.press("PageDown")
            settled = True
            try:
                page.wait_for_url("**/temperature*", timeout=30000)
                settle(page, timeout=30000)
            except Exception:  # a try that does not settle is the failure counted
                settled = False
            kept = page.evaluate(LECTURER_STATE_JS) if settled else None
            if kept is not None and (not kept["presenter"] or kept["t"] != "1" or kept["error"]):
                log.errors.append(f"the lecturer's state lost on ③: {kept}")
            lines, runs = describe(log.frames)
            shape = " | ".join(runs)
            shapes[shape] += 1
            errors = log.errors
            failed = errors or not settled
            verdict = "FAIL " + "; ".join(errors) if failed else "ok"
            print(f"try {i + 1} {width}x{height} +{delay:.0f} ms: {verdict}  {shape}", flush=True)
            if failed:
                failures += 1
                args.log_dir.mkdir(parents=True, exist_ok=True)
                (args.log_dir / f"try-{i + 1}.txt").write_text("\n".join(lines) + "\n")
            context.close()
        browser.close()
    print(f"\n{failures} of {args.tries} tries failed. Run sequences (count, shape):")
    for shape, n in shapes.most_common():
        print(f"{n:5d}  {shape}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
