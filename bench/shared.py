"""Every page built for one lesson state cold (nothing of the state in the process) and warm (another session has
just built it), side by side, under Streamlit's AppTest: what the shared store (attention_core/shared.py) saves a
student who opens the lecturer's link.

    python bench/shared.py [--pages home,gaze,…] [--words 8] [--reps 15] [--steps 5] [--json out.json]

Per page, `--reps` pairs, cold and warm in turn: cold = the store and the other per-state memos emptied
(`forget`), then a new session opens the page from the state's link; warm = right after, another new session
opens the same link. Each is the first run of a session (a student joining, or following the lecturer to a page),
measured in the script's thread: CPU time (`time.thread_time`, what the run costs the server's one interpreter,
hardly moved by other processes), wall time, and what the run sends (the serialised size of its messages, before
Streamlit's message cache: a browser that already holds a large element receives a reference instead). Then
`--steps` T steps of the warm session (a released drag of the T control, one option up), each on a T nobody has
built yet for this state, and as many on a T just built by another session: the step's CPU and bytes.

Reported per page: medians, the warm/cold ratio of CPU time with its bootstrap 95 % interval (the headline), and
of wall time. AppTest gives each test its own script cache; a server has one, so here the pages are compiled once
and shared the same way (`shared_bytecode`). The machine's load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import report  # noqa: E402

APP = str(ROOT / "app.py")
PAGES = ("home", "gaze", "score", "temperature", "value", "residual", "multihead", "learn", "order")
WORDS = ("슬픈", "영화였다", "아름다운", "장면이었다", "나는", "어제", "그", "장면을", "보고", "울었다", "정말", "슬픈",
         "이야기", "였다", "끝")


def forget() -> None:
    """Nothing of any state left in the process: the shared store, the charts' descriptions and the spans."""
    from attention_core import accessible, analysis, order, shared

    shared.STORE.clear()
    with accessible._MEMO_LOCK:
        accessible._MEMO.clear()
    for module in (analysis, order):
        for fn in vars(module).values():
            memo = getattr(fn, "memo", None)
            if hasattr(memo, "clear"):
                memo.clear()


@contextlib.contextmanager
def shared_bytecode():
    """One compiled page per file for every session, as a server's one ScriptCache gives."""
    from streamlit.runtime.scriptrunner import script_cache

    original = script_cache.ScriptCache.get_bytecode
    compiled: dict[str, object] = {}
    lock = threading.Lock()

    def get_bytecode(self, path):
        with lock:
            if path not in compiled:
                compiled[path] = original(self, path)
            return compiled[path]

    script_cache.ScriptCache.get_bytecode = get_bytecode
    try:
        yield
    finally:
        script_cache.ScriptCache.get_bytecode = original


class Meter:
    """The script thread's CPU time, wall time and sent bytes of each AppTest run (hooks ScriptRunner)."""

    def __init__(self) -> None:
        self.cpu = self.wall = 0.0
        self.bytes = 0

    @contextlib.contextmanager
    def installed(self):
        from streamlit.runtime.scriptrunner import script_runner

        run, send = script_runner.ScriptRunner._run_script, script_runner.ScriptRunner._enqueue_forward_msg
        meter = self

        @functools.wraps(run)  # the app checks the method's signature (ui/compat.py): the same one
        def timed(self, rerun_data):
            cpu, wall = time.thread_time(), time.perf_counter()
            try:
                return run(self, rerun_data)
            finally:
                meter.cpu += time.thread_time() - cpu
                meter.wall += time.perf_counter() - wall

        def counted(runner, msg):
            meter.bytes += msg.ByteSize()
            return send(runner, msg)

        script_runner.ScriptRunner._run_script = timed
        script_runner.ScriptRunner._enqueue_forward_msg = counted
        try:
            yield self
        finally:
            script_runner.ScriptRunner._run_script = run
            script_runner.ScriptRunner._enqueue_forward_msg = send

    @contextlib.contextmanager
    def run(self, out: dict, kind: str):
        self.cpu = self.wall = 0.0
        self.bytes = 0
        yield
        out.setdefault(kind, []).append({"cpu_ms": self.cpu * 1000, "wall_ms": self.wall * 1000,
                                         "bytes": self.bytes})


def link(page: str, n: int, t: float = 1.0) -> str:
    from attention_core import codec
    from attention_core.scenario import Scenario, View

    scenario = Scenario().with_sentence(" ".join(WORDS[:n]))[0].with_temperature(t)
    if page == "multihead":  # its heads follow the sidebar T, as in bench/run.py (else T changes nothing there)
        scenario = scenario.with_head_temperature("shared")
    return codec.encode_link(scenario, View())


def session(page: str, token: str):
    """A new session (a new owner, as another phone) opening `page` from the link: its first run."""
    from streamlit.testing.v1 import AppTest

    from attention_core import store
    from attention_core.registry import page_spec
    from attention_core.ui import state as ui_state

    owner = store.new_owner()
    ui_state.owner_cookie = lambda: owner
    at = AppTest.from_file(APP, default_timeout=300)
    at.context["url"] = "http://localhost:8501"
    at.query_params["s"] = token
    at.switch_page(page_spec(page).file)
    at.run()
    if at.exception:
        raise RuntimeError(f"{page}: {at.exception[0].value.splitlines()[0]}")
    return at


def t_step(at, value: float) -> None:
    from tests.app.conftest import release_control

    release_control(at, "tc:sb:T", value)
    if at.exception:
        raise RuntimeError(at.exception[0].value.splitlines()[0])


def measure(pages, n: int, reps: int, steps: int) -> dict:
    from attention_core.registry import T_OPTIONS

    meter = Meter()
    out: dict = {}
    with shared_bytecode(), meter.installed():
        for page in pages:  # one run of each first: imports, the lexicon, Streamlit's own first-time work
            session(page, link(page, n, 0.7))
        for rep in range(reps):
            for page in pages:
                res = out.setdefault(page, {})
                token = link(page, n, T_OPTIONS[rep % len(T_OPTIONS)])
                forget()
                with meter.run(res, "cold"):
                    session(page, token)
                with meter.run(res, "warm"):
                    at = session(page, token)
                if rep < steps:  # the warm session steps T once to a T nobody built; another session follows it
                    t = T_OPTIONS[(rep + 1) % len(T_OPTIONS)]
                    with meter.run(res, "step_cold"):
                        t_step(at, t)
                    other = session(page, token)
                    with meter.run(res, "step_warm"):
                        t_step(other, t)
    return out


def summary(res: dict) -> dict:
    def col(kind, field):
        return [r[field] for r in res.get(kind, [])]

    row = {kind: {field: report.median(col(kind, field)) for field in ("cpu_ms", "wall_ms", "bytes")}
           for kind in ("cold", "warm", "step_cold", "step_warm") if kind in res}
    for a, b, name in (("warm", "cold", "load"), ("step_warm", "step_cold", "step")):
        if a in res and b in res:
            for field in ("cpu_ms", "wall_ms"):
                lo, hi = report.ratio_ci(col(a, field), col(b, field))
                row[f"{name}_{field}_ratio"] = (report.ratio(row[a][field], row[b][field]), lo, hi)
    return row


def print_table(results: dict, n: int, load: tuple[float, float]) -> None:
    print(f"\n{n} words; load average (1 min) before {load[0]:.2f}, after {load[1]:.2f}; CPU = the script thread's")
    print("| page | cold CPU | warm CPU | **warm/cold CPU (95 % CI)** | warm/cold wall (95 % CI) | sent cold / warm "
          "| T step CPU new T / built T | step sent |")
    print("|---|---|---|---|---|---|---|---|")
    for page, res in results.items():
        r = summary(res)
        ratio, lo, hi = r["load_cpu_ms_ratio"]
        wratio, wlo, whi = r["load_wall_ms_ratio"]
        step = (f"{r['step_cold']['cpu_ms']:.0f} / {r['step_warm']['cpu_ms']:.0f} ms" if "step_cold" in r else "–")
        step_bytes = f"{r['step_cold']['bytes'] / 1000:.1f} kB" if "step_cold" in r else "–"
        print(f"| {page} | {r['cold']['cpu_ms']:.0f} ms | {r['warm']['cpu_ms']:.0f} ms | **{ratio:.2f}× "
              f"({lo:.2f}–{hi:.2f})** | {wratio:.2f}× ({wlo:.2f}–{whi:.2f}) | {r['cold']['bytes'] / 1000:.1f} / "
              f"{r['warm']['bytes'] / 1000:.1f} kB | {step} | {step_bytes} |")
    cold, warm = every_page(results, "cold"), every_page(results, "warm")
    (lo, hi), both = report.ratio_ci(warm, cold), report.ratio(report.median(warm), report.median(cold))
    print(f"\nevery page in turn (one pair's pages added up, median over pairs): cold {report.median(cold):.0f} ms, "
          f"warm {report.median(warm):.0f} ms CPU, warm/cold **{both:.2f}× ({lo:.2f}–{hi:.2f})**")


def every_page(results: dict, kind: str) -> list[float]:
    """Per pair (repetition), the CPU ms of `kind` added up over the pages: a student following every page once."""
    runs = [res[kind] for res in results.values()]
    return [sum(r[i]["cpu_ms"] for r in runs) for i in range(min(len(r) for r in runs))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", default=",".join(PAGES))
    ap.add_argument("--words", type=int, default=8)
    ap.add_argument("--reps", type=int, default=15, help="cold/warm pairs per page")
    ap.add_argument("--steps", type=int, default=5, help="T steps per page (new T, then one already built)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    n = min(max(args.words, 1), len(WORDS))
    reps, steps = min(max(args.reps, 2), 200), min(max(args.steps, 0), 200)
    import streamlit.testing.v1  # noqa: F401  (creates the loggers set below)
    from streamlit.logger import set_log_level

    set_log_level("error")
    before = os.getloadavg()[0]
    results = measure([p for p in args.pages.split(",") if p in PAGES], n, reps, steps)
    load = (before, os.getloadavg()[0])
    print_table(results, n, load)
    if args.json:
        args.json.write_text(json.dumps({"words": n, "load": load, "results": results}, indent=1))


if __name__ == "__main__":
    main()
