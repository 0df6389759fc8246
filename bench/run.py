"""Slider-step latency of every page against a bare Streamlit floor, in headless Chromium; cold start too.

    python bench/run.py [--quick] [--pages home,score] [--sizes 4,8,16,32,64] [--reps 15] [--warmup 5]
                        [--pattern sweep|alternate] [--via slider|send] [--cold-reps 3]
                        [--out bench/results/report.md]

Two servers run side by side with the same flags: the app (with ATTENTION_TIMING_LOG set, so every script
run logs its server-side time) and `bench/bare_app.py`, the floor: a sidebar T slider and the same charts
(count, heatmap shapes, sizes, which ones depend on T) as random go.Heatmaps, nothing else. For each page
and sentence length the app page (A) and its floor (B) are stepped alternately, A B A B …

One step: a key press (ArrowRight/ArrowLeft) on the focused sidebar T slider. The clock starts at the
keydown (performance.now() in the page) and stops when the app is idle again (the script run the press
started has finished, no stale elements) and every chart that redraws has fired plotly_afterplot; the
latency is the later of the two. Streamlit 1.67 gives a keyed st.plotly_chart an element id that hashes
its spec, so a chart whose spec changed is a new element (a new DOM node, Plotly.newPlot, afterplot) and
a chart whose spec did not change is left alone (no redraw, no afterplot). So "every chart" means every
chart whose spec changed: the warm-up steps count how many charts redraw per step, the measured steps wait
for at least that many. afterplot is caught from a chart's birth by wrapping the `emit` Plotly gives each
chart div (a setter on HTMLElement.prototype), because a listener attached with gd.on dies with the node.

Bytes per rerun are the websocket messages the page receives between the press and the end of the step.

The T control (attention_core/ui/tcontrol) redraws the T charts in the browser and tells the server once the
hand stops. The step above is the server's run (the app's Streamlit slider, which the control hides, is shown
again and pressed): what every step cost before the control, and what the release costs now. On CONTROL_PAGES
`measure_control` then times the control itself: a key press on it → the frame that shows every T chart's new
data (keydown → requestAnimationFrame after the redraw, performance.now() in the page), the same press → the
end of the server run it starts after its pause ("confirmed"), and drags across it (the browser's own
performance.now() around each redraw, per pointer move).

`--via send` steps the app with its T control instead (the floor with its slider) and times each step from the
message the page sends the server to the end of the run it starts: the step's run as a user makes it, where the
Streamlit slider's path is not the control's (② redraws the whole page for a step the browser did not draw).
Results: raw JSON in bench/results/, the report (tables against the targets) in --out.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import report  # noqa: E402

PAGE_KEYS = ("home", "gaze", "score", "temperature", "value", "residual", "multihead")
# the pages the T control's press and drag-frame targets name
CONTROL_PAGES = ("home", "temperature", "value", "residual")
SHOW_FALLBACK_JS = "() => document.querySelectorAll('style[id^=\"attention-t-hide-\"]').forEach(s => s.remove())"
SIZES = (4, 8, 16, 32, 64)
VIEWPORT = {"width": 1280, "height": 720}
# keep both tabs running at full speed although only one is stepped at a time
BENCH_BROWSER_ARGS = ["--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                      "--disable-backgrounding-occluded-windows"]

# Installed before any page script: records every plotly_afterplot (chart id, time), every websocket message
# (time, bytes), the script-run state transitions of the app and the time of the last keydown.
HOOK_JS = """
(() => {
  if (window.__bench) return;
  const B = window.__bench = {plots: [], states: [], msgs: [], sent: [], key: null, nextId: 0};
  Object.defineProperty(HTMLElement.prototype, 'emit', {
    configurable: true,
    get() { return undefined; },
    set(fn) {  // Plotly's Events.init assigns gd.emit once per chart div: wrap it
      const gd = this;
      Object.defineProperty(gd, 'emit', {configurable: true, writable: true, value: function (ev, data) {
        if (ev === 'plotly_afterplot') {
          if (gd.__benchId == null) gd.__benchId = B.nextId++;
          B.plots.push([gd.__benchId, performance.now()]);
        }
        return fn.call(this, ev, data);
      }});
    },
  });
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    send(data) { B.sent.push(performance.now()); return super.send(data); }
    constructor(...args) {
      super(...args);
      this.addEventListener('message', e => {
        const d = e.data;
        const size = typeof d === 'string' ? new Blob([d]).size : (d.byteLength ?? d.size ?? 0);
        B.msgs.push([performance.now(), size]);
      });
    }
  };
  document.addEventListener('keydown', () => { B.key = performance.now(); }, true);
  new MutationObserver(ms => {
    for (const m of ms) B.states.push([m.target.getAttribute('data-test-script-state'), performance.now()]);
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-test-script-state']});
})();
"""

RESET_JS = "() => { const B = window.__bench; B.plots = []; B.states = []; B.msgs = []; B.sent = []; B.key = null; }"

# The step is done when: the server has answered the press (a websocket message after it), the run is over
# (if the app showed "running" after the press, it has shown "notRunning" since; a run shorter than one
# React render never shows "running"), the app is idle (connected, no stale element), at least `expect`
# charts on the page have drawn after the press, and nothing (message, draw, state change) has happened for
# `settle` ms. Returns the step's timings (ms after the keydown, or with `fromSend` after the first message the
# page sent the server after it: the T control sends its T only once the hand stops) and bytes, or false.
STEP_DONE_JS = """
([expect, settle, fromSend]) => {
  const B = window.__bench, key = B.key;
  if (key == null) return false;
  const sent = B.sent.filter(s => s >= key);
  if (fromSend && !sent.length) return false;
  const k = fromSend ? sent[0] : key;
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app || app.getAttribute('data-test-script-state') !== 'notRunning'
      || app.getAttribute('data-test-connection-state') !== 'CONNECTED'
      || document.querySelector('[data-testid="stElementContainer"][data-stale="true"]')) return false;
  const msgs = B.msgs.filter(m => m[0] >= k);
  if (!msgs.length) return false;
  const states = B.states.filter(s => s[1] >= k);
  const startIdx = states.findIndex(s => s[0] !== 'notRunning');
  const end = startIdx < 0 ? null : states.slice(startIdx).find(s => s[0] === 'notRunning');
  if (startIdx >= 0 && !end) return false;
  const plots = B.plots.filter(p => p[1] >= k);
  const drawn = new Set(plots.map(p => p[0]));
  const nodes = [...document.querySelectorAll('.js-plotly-plot')];
  const redrawn = nodes.map((gd, i) => drawn.has(gd.__benchId) ? i : -1).filter(i => i >= 0);
  if (redrawn.length < expect) return false;
  const lastMsg = msgs[msgs.length - 1][0];
  const lastPlot = plots.length ? Math.max(...plots.map(p => p[1])) : null;
  const runEnd = end ? end[1] : lastMsg;
  const last = Math.max(lastMsg, lastPlot ?? k, ...states.map(s => s[1]));
  if (performance.now() - last < settle) return false;
  return {latency: Math.max(lastPlot ?? k, runEnd) - k, first_msg: msgs[0][0] - k, run_end: runEnd - k,
          last_plot: lastPlot == null ? null : lastPlot - k, redrawn, charts: nodes.length,
          bytes: msgs.reduce((a, m) => a + m[1], 0), run_seen: startIdx >= 0};
}
"""

# What the floor needs to know about the page's charts: width (% of the main column), height, heatmap shapes.
CHART_SPEC_JS = """
() => {
  const main = document.querySelector('[data-testid="stMainBlockContainer"]')
    || document.querySelector('[data-testid="stMain"]');
  const mw = main.getBoundingClientRect().width;
  return [...document.querySelectorAll('.js-plotly-plot')].map(gd => {
    const L = gd._fullLayout || {};
    // a heatmap keeps its shape; all other traces (bars, lines, text) become one heatmap of traces × points
    const traces = (gd._fullData || []).filter(t => t.visible !== false);
    const shapes = traces.filter(t => t.type === 'heatmap' && t.z && t.z.length)
      .map(t => [t.z.length, (t.z[0] || []).length || 1]);
    const others = traces.filter(t => !(t.type === 'heatmap' && t.z && t.z.length));
    if (others.length) {
      shapes.push([others.length, Math.max(1, ...others.map(t => Math.max((t.x || []).length, (t.y || []).length)))]);
    }
    return {width: Math.round(100 * gd.getBoundingClientRect().width / mw), height: Math.round(L.height || 400),
            shapes};
  });
}
"""

OPENED_JS = """
() => !document.querySelector('[data-testid="stSkeleton"]')
  && [...document.querySelectorAll('.js-plotly-plot')].every(p => p.querySelector('svg.main-svg'))
"""
FIRST_PLOT_JS = "() => window.__bench.plots.length > 0"
# epoch seconds of the first afterplot and of the end of the first script run (null if not seen yet)
COLD_TIMES_JS = """
() => {
  const B = window.__bench, t0 = performance.timeOrigin;
  const start = B.states.findIndex(s => s[0] === 'running');
  const end = start < 0 ? null : B.states.slice(start).find(s => s[0] === 'notRunning');
  return [(t0 + B.plots[0][1]) / 1000, end ? (t0 + end[1]) / 1000 : null];
}
"""


# --- what to measure ------------------------------------------------------------------------------------------
def lexicon_words() -> list[str]:
    with open(ROOT / "attention_core" / "data" / "lexicon.csv", encoding="utf-8") as f:
        return [row["word"] for row in csv.DictReader(f) if row["lang"] == "ko"]


def sentence(n: int) -> str:
    """n words of the lexicon, repeated as needed."""
    words = lexicon_words()
    return " ".join((words * (n // len(words) + 1))[:n])


def share_token(key: str, n: int) -> str:
    """The ?s= token of an n-word sentence; the multi-head page follows the sidebar T (else T changes nothing)."""
    from attention_core import codec
    from attention_core.scenario import Scenario, View

    scenario = Scenario().with_sentence(sentence(n))[0]
    if key == "multihead":
        scenario = scenario.with_head_temperature("shared")
    return codec.encode_link(scenario, View())


def url_path(key: str) -> str:
    from attention_core.registry import page_spec

    path = page_spec(key).file
    return "" if path == "app.py" else Path(path).stem.split("_", 1)[1]


def floor_spec(charts: list[dict], depends: list[bool]) -> str:
    """The bare page's ?spec= for these charts (see bench/bare_app.py)."""
    parts = []
    for c, dep in zip(charts, depends):
        width = min(max(int(c["width"]), 5), 100)
        shapes = ",".join(f"{r}x{k}" for r, k in c["shapes"]) or "1x1"
        parts.append(f"{width}x{c['height']}:{int(dep)}:{shapes}")
    return ";".join(parts)


# --- the browser side -------------------------------------------------------------------------------------------
class Tab:
    """One page of one server in its own browser context (the hook counts its websocket bytes)."""

    def __init__(self, browser, name: str) -> None:
        self.name = name
        self.context = browser.new_context(viewport=VIEWPORT)
        self.context.add_init_script(HOOK_JS)
        self.page = self.context.new_page()
        self.direction = 1

    def open(self, url: str, timeout: float = 90_000) -> None:
        from tests.e2e.driver import wait_for_app

        self.page.goto(url, timeout=timeout)
        wait_for_app(self.page, timeout=timeout, settle_ms=500)
        count = -1
        while True:  # every lazily loaded element has mounted and every chart has drawn, and it stays so
            self.page.wait_for_function(OPENED_JS, timeout=timeout, polling=100)
            self.page.wait_for_timeout(500)
            now = self.page.evaluate("() => document.querySelectorAll('.js-plotly-plot').length")
            if now == count:
                return
            count = now

    def slider(self):
        return self.page.locator('[data-testid="stSidebar"] [data-testid="stSlider"] input[type="range"]').first

    def next_key(self, pattern: str) -> str:
        """Alternate Right/Left, or sweep the whole range (turning at the ends)."""
        if pattern == "alternate":
            self.direction = -self.direction
        else:
            self.page.evaluate(SHOW_FALLBACK_JS)
            s = self.slider()
            value, lo, hi = (float(s.get_attribute(a)) for a in ("value", "min", "max"))
            if value + self.direction > hi or value + self.direction < lo:
                self.direction = -self.direction
        return "ArrowRight" if self.direction > 0 else "ArrowLeft"

    def step(self, pattern: str, expect: int, settle: float, timeout: float = 30_000, via: str = "slider") -> dict:
        """One slider step: press, wait until the app is idle and `expect` charts have redrawn.

        `via` "slider": the app's Streamlit slider (the server's step as before the T control), timed from the
        key press. "send": the page's own T control (the floor's slider), timed from the first message the page
        sends after the press, to compare the server runs of the two."""
        if via == "send" and self.page.locator(CONTROL).count():
            key = self.control_key()
            slider = self.page.locator(CONTROL).first
        else:
            key = self.next_key(pattern)
            self.page.evaluate(SHOW_FALLBACK_JS)  # the app's Streamlit slider: the server's step, as before the control
            slider = self.slider()
        slider.focus()
        self.page.evaluate(RESET_JS)
        t_wall = time.time()
        slider.press(key)
        handle = self.page.wait_for_function(STEP_DONE_JS, arg=[expect, settle, via == "send"], timeout=timeout,
                                             polling=20)
        result = handle.json_value()
        result.update(key=key, t=t_wall)
        return result

    def control_key(self) -> str:
        """The next key on the T control: sweep its range, turning at the ends."""
        control = self.page.locator(CONTROL).first
        value, hi = int(control.input_value() or 0), int(control.get_attribute("max") or 0)
        if value + self.direction > hi or value + self.direction < 0:
            self.direction = -self.direction
        return "ArrowRight" if self.direction > 0 else "ArrowLeft"

    def exceptions(self) -> list[str]:
        """The first line of every Streamlit exception block on the page (a page that raised)."""
        texts = self.page.locator('[data-testid="stException"]').all_inner_texts()
        return [t.strip().splitlines()[0][:200] for t in texts if t.strip()]

    def chart_spec(self) -> list[dict]:
        return self.page.evaluate(CHART_SPEC_JS)

    def close(self) -> None:
        self.context.close()


def calibrate(tab: Tab, pattern: str, warmup: int) -> tuple[int, list[bool]]:
    """Warm-up steps with a long settle: how many charts redraw per step, and which (by document order)."""
    counts, which = [], set()
    for _ in range(max(warmup, 2)):
        r = tab.step(pattern, expect=0, settle=500)
        counts.append(len(r["redrawn"]))
        which.update(r["redrawn"])
    n_charts = r["charts"]
    return min(counts[1:] or counts), [i in which for i in range(n_charts)]


def timing_lines(path: Path, page: str, t0: float, t1: float) -> list[float]:
    """Script times (ms) the server logged for `page` between t0 and t1 (epoch seconds)."""
    out = []
    with contextlib.suppress(FileNotFoundError), open(path, encoding="utf-8") as f:
        for line in f:
            with contextlib.suppress(ValueError):
                rec = json.loads(line)
                if rec.get("page") == page and t0 <= rec.get("t", 0) <= t1 + 2:
                    out.append(float(rec["ms"]))
    return out


def measure_page(tabs: dict, servers: dict, logs: dict, key: str, n: int, args, deadline: float) -> dict:
    """A/B steps of one page at one sentence length against its floor: up to --reps pairs, at least --min-reps,
    fewer than --reps only when the time slice of this (page, n) ends at `deadline` (epoch seconds)."""
    app, floor = tabs["app"], tabs["floor"]
    app.open(f"{servers['app'].page_url(url_path(key))}?s={share_token(key, n)}")
    charts = app.chart_spec()
    expect_a, depends = calibrate(app, args.pattern, args.warmup)
    page_errors = sorted(set(app.exceptions()))
    spec = floor_spec(charts, depends)
    floor.open(f"{servers['floor'].url}/?spec={spec}")
    expect_b, _ = calibrate(floor, args.pattern, args.warmup)
    a_steps, b_steps, failures = [], [], 0
    t0 = time.time()
    for i in range(args.reps):
        if i >= args.min_reps and time.time() > deadline:
            break
        for tab, expect, steps in ((app, expect_a, a_steps), (floor, expect_b, b_steps)):
            try:
                steps.append(tab.step(args.pattern, expect, args.settle, via=args.via))
            except Exception as err:  # a step that never settles is reported, not fatal
                failures += 1
                print(f"    {tab.name} step failed: {str(err).splitlines()[0]}", flush=True)
    t1 = time.time()
    control = None
    if key in CONTROL_PAGES and getattr(args, "control_reps", 0):
        try:
            control = measure_control(app, args.control_reps, args.settle)
        except Exception as err:  # reported, the run goes on
            control = {"error": str(err).splitlines()[0][:300]}
    return {
        "control": control,
        "page": key, "n": n, "charts": len(charts), "redrawn": expect_a, "floor_redrawn": expect_b,
        "chart_spec": charts, "floor_spec": spec, "failures": failures,
        "page_errors": sorted(set(page_errors) | set(app.exceptions())),
        "app": a_steps, "floor": b_steps,
        "script_ms": timing_lines(logs["app"], key, t0, t1),
        "floor_script_ms": timing_lines(logs["floor"], "floor", t0, t1),
    }


CONTROL = '[data-testid="stSidebar"] .attention-t-range'
CONTROL_STATS_JS = """
() => { const s = window.__attentionT || {}; return {previews: s.previews || 0, sends: s.sends || 0,
  frames: s.frames || [], done: s.lastDone, paint: s.lastPaint, key: window.__bench.key}; }
"""


def measure_control(tab: Tab, reps: int, settle: float, drag_moves: int = 24) -> dict:
    """The T control on the open page: key press → painted preview; → end of the server's run; drag frames."""
    from tests.e2e.driver import wait_for_app

    page = tab.page
    control = page.locator(CONTROL).first
    control.wait_for(timeout=30_000)
    press, confirmed, failures = [], [], 0
    for i in range(reps):
        value, hi = int(control.input_value() or 0), int(control.get_attribute("max") or 0)
        key = "ArrowLeft" if (i // 6) % 2 else "ArrowRight"  # sweep a stretch of the range, then back
        if (key == "ArrowRight" and value >= hi) or (key == "ArrowLeft" and value <= 0):
            key = "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
        control.focus()
        before = page.evaluate(CONTROL_STATS_JS)
        page.evaluate(RESET_JS)
        try:
            control.press(key)
            page.wait_for_function("([p, s]) => window.__attentionT.previews > p && window.__attentionT.lastPaint"
                                   " > window.__attentionT.lastDone - 1e-9 && window.__attentionT.sends > s",
                                   arg=[before["previews"], before["sends"]], timeout=15_000, polling=20)
            st = page.evaluate(CONTROL_STATS_JS)
            press.append(st["paint"] - st["key"])
            done = page.wait_for_function(STEP_DONE_JS, arg=[0, settle], timeout=30_000, polling=20).json_value()
            confirmed.append(done["run_end"])
        except Exception as err:  # a step that never settles is reported, not fatal
            failures += 1
            print(f"    control step failed: {str(err).splitlines()[0]}", flush=True)
    wait_for_app(page, timeout=60_000)
    # drags: pointer down on the thumb, moves one option at a time across part of the range and back, release
    drag = []
    box = control.bounding_box()
    hi = int(control.get_attribute("max") or 1)
    for _ in range(2):
        value = int(control.input_value() or 0)
        y, step = box["y"] + box["height"] / 2, box["width"] / hi
        x = box["x"] + step * value
        n0 = len(page.evaluate(CONTROL_STATS_JS)["frames"])
        page.mouse.move(x, y)
        page.mouse.down()
        direction = -1 if value > hi / 2 else 1
        for k in range(1, drag_moves + 1):
            page.mouse.move(x + direction * step * min(k, drag_moves // 2 * 2 - k), y)
            page.wait_for_timeout(20)
        page.mouse.up()
        drag += page.evaluate(CONTROL_STATS_JS)["frames"][n0:]
        wait_for_app(page, timeout=60_000)
        page.wait_for_timeout(settle)
    return {"press": press, "confirmed": confirmed, "drag_frames": drag, "failures": failures}


def browser_profile(tab: Tab, url: str, pattern: str, expect: int, settle: float) -> dict:
    """Chromium's CPU profile (CDP, 0.5 ms sampling) of one slider step: which JS functions take the time."""
    tab.open(url)
    tab.step(pattern, expect, settle)
    cdp = tab.context.new_cdp_session(tab.page)
    try:
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 500})
        cdp.send("Profiler.start")
        step = tab.step(pattern, expect, settle)
        profile = cdp.send("Profiler.stop")["profile"]
    finally:
        cdp.detach()
    return {"latency": step["latency"], **report.cpu_profile_summary(profile)}


def cold_start(browser, reps: int, log_dir: Path) -> dict:
    """Server launch → navigate → first chart afterplot, app home vs floor (same charts), alternated."""
    from tests.e2e.driver import launch_server

    out: dict = {"app": [], "floor": [], "spec": None}
    for _ in range(reps):
        for which in ("app", "floor"):
            if which == "floor" and out["spec"] is None:
                continue
            t0 = time.time()
            server = launch_server(script="bench/bare_app.py" if which == "floor" else None, timeout=120)
            try:
                ready = time.time()
                ctx = browser.new_context(viewport=VIEWPORT)
                ctx.add_init_script(HOOK_JS)
                page = ctx.new_page()
                url = server.url + "/" + (f"?spec={out['spec']}" if which == "floor" else "")
                page.goto(url, timeout=120_000)
                page.wait_for_function(FIRST_PLOT_JS, timeout=120_000, polling="raf")
                first, run_end = page.evaluate(COLD_TIMES_JS)
                if which == "app" and out["spec"] is None:
                    tab_charts = page.evaluate(CHART_SPEC_JS)
                    out["spec"] = floor_spec(tab_charts, [True] * len(tab_charts))
                out[which].append({"total_s": first - t0, "server_s": ready - t0, "first_chart_s": first - ready,
                                   "first_run_s": run_end - ready if run_end else None})
                ctx.close()
            finally:
                server.stop()
    return out


def profile_slowest(tab: Tab, server, results: list[dict], args) -> list[dict]:
    """Browser CPU profiles of the --browser-profiles pages furthest from the floor, at 8 words and at the
    largest sentence length (the two latency targets)."""
    done = [r for r in results if r.get("app") and r.get("floor")]
    if not done:
        return []
    picked = []
    for n in sorted({8, max(r["n"] for r in done)} & {r["n"] for r in done}):
        worst = sorted((r for r in done if r["n"] == n), key=lambda r: -report.summarize(r)["ratio"])
        picked += worst[:args.browser_profiles]
    out = []
    for r in picked:
        n = r["n"]
        try:
            url = f"{server.page_url(url_path(r['page']))}?s={share_token(r['page'], n)}"
            out.append({"page": r["page"], "n": n,
                        **browser_profile(tab, url, args.pattern, r.get("redrawn", 0), args.settle)})
        except Exception as err:  # a profile that fails is reported, not fatal
            out.append({"page": r["page"], "n": n, "error": str(err).splitlines()[0][:200]})
    return out


# --- the run ------------------------------------------------------------------------------------------------------
def machine() -> dict:
    import plotly
    import streamlit

    cpu = "unknown"
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    ram = 0.0
    with contextlib.suppress(OSError, ValueError), open("/proc/meminfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("MemTotal"):
                ram = int(line.split()[1]) / 1024 / 1024
    try:
        from playwright._repo_version import version as pw_version
    except ImportError:
        pw_version = "?"
    commit = "?"
    with contextlib.suppress(OSError, subprocess.SubprocessError):  # read-only git queries
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True,
                               timeout=10).stdout.strip()
        commit = (head or "?") + (" + uncommitted changes" if dirty else "")
    return {"cpu": cpu, "cores": os.cpu_count(), "ram_gb": round(ram, 1), "os": platform.platform(),
            "commit": commit,
            "python": platform.python_version(), "streamlit": streamlit.__version__, "plotly": plotly.__version__,
            "playwright": pw_version, "date": dt.datetime.now().astimezone().isoformat(timespec="seconds")}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="smoke run: 2 pages, 2 sizes, 1 warm-up, 3 steps, 1 cold")
    ap.add_argument("--pages", default=",".join(PAGE_KEYS))
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--reps", type=int, default=15, help="measured steps per (page, n) for the app and the floor")
    ap.add_argument("--min-reps", type=int, default=5, help="measured steps even when the time budget is used up")
    ap.add_argument("--warmup", type=int, default=2, help="warm-up steps per (page, n) and side (at least 2)")
    ap.add_argument("--budget", type=float, default=14,
                    help="minutes for the whole run; the A/B measurements get what cold start and profile leave, "
                         "shared out over the (page, n) cells as they run (each still gets --min-reps)")
    ap.add_argument("--cold-reps", type=int, default=3)
    ap.add_argument("--scene-reps", type=int, default=3,
                    help="walks of the built-in lesson (PageDown → focused chart, bench/scenes.py) at 8 words; 0: none")
    ap.add_argument("--control-reps", type=int, default=12,
                    help="key presses on the T control per (page, n) of CONTROL_PAGES (0: skip), plus two drags")
    ap.add_argument("--pattern", choices=("sweep", "alternate"), default="sweep",
                    help="sweep the T range (default) or alternate Right/Left (hits Streamlit's message cache)")
    ap.add_argument("--settle", type=float, default=150, help="ms of quiet that end a step")
    ap.add_argument("--via", choices=("slider", "send"), default="slider",
                    help="slider: the app's Streamlit slider, from the key press; send: the app's T control and the "
                         "floor's slider, each from the message the page sends (the control sends once the hand "
                         "stops)")
    ap.add_argument("--profile-sizes", default="16,64", help="sentence lengths of the server-side profile")
    ap.add_argument("--no-profile", action="store_true", help="skip the server-side profile")
    ap.add_argument("--browser-profiles", type=int, default=2,
                    help="CPU-profile in the browser one step of this many pages furthest from the floor, "
                         "at 8 words and at the largest n")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "report.md"))
    ap.add_argument("--from-json", metavar="RAW", help="only rewrite --out from a raw results file of an earlier run")
    args = ap.parse_args(argv)
    if args.quick:
        args.pages = "home,score" if args.pages == ",".join(PAGE_KEYS) else args.pages
        args.sizes = "8,64" if args.sizes == ",".join(map(str, SIZES)) else args.sizes
        args.reps, args.min_reps, args.warmup, args.cold_reps = min(args.reps, 3), 3, 1, 1
        args.scene_reps = min(args.scene_reps, 1)
        args.control_reps = min(args.control_reps, 4)
        args.browser_profiles = min(args.browser_profiles, 1)
        args.profile_sizes = "16"
    return args


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from tests.e2e.driver import CHROMIUM_ARGS, CHROMIUM_PATH, launch_server

    args = parse_args(argv)
    if args.from_json:
        run = json.loads(Path(args.from_json).read_text(encoding="utf-8"))
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(report.markdown(run), encoding="utf-8")
        print(f"report: {args.out}")
        return 0
    pages = [p for p in args.pages.split(",") if p]
    sizes = [int(s) for s in args.sizes.split(",") if s]
    unknown = set(pages) - set(PAGE_KEYS)
    if unknown:
        raise SystemExit(f"unknown pages: {sorted(unknown)} (pages: {', '.join(PAGE_KEYS)})")
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    results_dir = ROOT / "bench" / "results"
    results_dir.mkdir(parents=True, exist_ok=True)
    logs = {"app": results_dir / f"{stamp}-app-timing.jsonl", "floor": results_dir / f"{stamp}-floor-timing.jsonl"}
    started = time.time()
    run = {"machine": machine(), "settings": {k: v for k, v in vars(args).items() if k != "out"}, "results": [],
           "load": {"start": os.getloadavg()}}
    print(f"bench: pages={pages} sizes={sizes} reps={args.reps} warmup={args.warmup} pattern={args.pattern}",
          flush=True)
    servers = {}
    try:
        servers["app"] = launch_server(env={"ATTENTION_TIMING_LOG": str(logs["app"])}, timeout=120)
        servers["floor"] = launch_server(script="bench/bare_app.py", env={"BENCH_TIMING_LOG": str(logs["floor"])},
                                         timeout=120)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS + BENCH_BROWSER_ARGS,
                                         headless=True)
            try:
                tabs = {"app": Tab(browser, "app"), "floor": Tab(browser, "floor")}
                cells = [(key, n) for n in sizes for key in pages]  # the slow large sizes share what is left
                reserve = (args.cold_reps * 2 * 9 + args.browser_profiles * 30  # s: rough cost of what follows
                           + (0 if args.no_profile else len(pages) * len(args.profile_sizes.split(",")) * 6))
                phase_end = started + args.budget * 60 - reserve
                for i, (key, n) in enumerate(cells):
                    t = time.time()
                    deadline = t + max(phase_end - t, 0) / (len(cells) - i)
                    try:
                        res = measure_page(tabs, servers, logs, key, n, args, deadline)
                    except Exception as err:  # a page that cannot be measured is reported, the run goes on
                        res = {"page": key, "n": n, "error": str(err).splitlines()[0][:300], "app": [],
                               "floor": []}
                    run["results"].append(res)
                    print("  " + report.progress_line(res, time.time() - t), flush=True)
                if args.browser_profiles > 0:
                    print("profiling the browser side …", flush=True)
                    run["browser_profile"] = profile_slowest(tabs["app"], servers["app"], run["results"], args)
                for tab in tabs.values():
                    tab.close()
                for name in list(servers):
                    servers.pop(name).stop()
                if args.cold_reps > 0:
                    print("cold start …", flush=True)
                    run["cold"] = cold_start(browser, args.cold_reps, results_dir)
                if args.scene_reps > 0:
                    print("lesson scenes (PageDown → focused chart) …", flush=True)
                    from bench import scenes

                    servers["app"] = launch_server(timeout=120)
                    run["scenes"] = scenes.measure(browser, servers["app"].url, [8], args.scene_reps)
                    servers.pop("app").stop()
            finally:
                browser.close()
    finally:
        for server in servers.values():
            server.stop()
    if not args.no_profile:
        print("profiling the server side …", flush=True)
        from bench import server_profile

        sizes_p = [int(v) for v in args.profile_sizes.split(",") if v]
        run["profile"] = server_profile.profile_pages(pages, sizes_p)
    run["load"]["end"] = os.getloadavg()
    run["elapsed_s"] = round(time.time() - started, 1)
    raw = results_dir / f"{stamp}.json"
    raw.write_text(json.dumps(run, ensure_ascii=False, indent=1), encoding="utf-8")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report.markdown(run), encoding="utf-8")
    print(f"raw: {raw.relative_to(ROOT)}\nreport: {out}\nelapsed: {run['elapsed_s']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
