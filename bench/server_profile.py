"""Where a page's server time goes: sidebar-T reruns of a page under Streamlit's AppTest, profiled.

    python bench/server_profile.py [--pages multihead] [--sizes 16,64] [--top 25]

The share of each named cost (figure building, plotly graph_objects, JSON serialization, st.plotly_chart,
data editors, the math, the share link) comes from a stack sampler (every ~1 ms, the script thread's whole
stack: a sample counts once for every category on its stack, so shares are inclusive and never double count
recursion); the command line also prints cProfile's top functions by cumulative time.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import pstats
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# (name, path fragments of its files, fragments excluded): the inclusive time of a category is the time of
# every call entering it from outside it. Categories nest (plotly's JSON inside st.plotly_chart, graph_objects
# inside the app's figure builders), so they do not add up to the total.
CATEGORIES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("figure builders (attention_core.figures)", ("attention_core/figures/",), ()),
    ("plotly graph_objects (construction, validation, update_*)", ("site-packages/plotly/", "_plotly_utils/"),
     ("plotly/io/",)),
    ("st.plotly_chart (to_json, spec, element id)", ("streamlit/elements/plotly_chart.py",), ()),
    ("plotly JSON serialization", ("plotly/io/",), ()),
    ("st.data_editor", ("streamlit/elements/widgets/data_editor.py",), ()),
    ("st.dataframe (Arrow)", ("streamlit/elements/arrow.py",), ()),
    ("pandas (Styler, DataFrame)", ("site-packages/pandas/",), ()),
    ("math + analysis (numpy)", ("attention_core/analysis.py", "attention_core/attention.py"), ()),
    ("share link (codec)", ("attention_core/codec.py",), ()),
    ("forward-message hashing", ("streamlit/runtime/forward_msg_cache.py",), ()),
    ("st.markdown/latex/caption", ("streamlit/elements/markdown.py", "streamlit/elements/text.py"), ()),
)


def _matches(func: tuple[str, int, str], include: tuple[str, ...], exclude: tuple[str, ...]) -> bool:
    path = func[0].replace("\\", "/")
    return any(f in path for f in include) and not any(f in path for f in exclude)


def frame_categories(frame) -> set[str]:
    """The categories any frame of this stack belongs to."""
    found = set()
    while frame is not None:
        path = frame.f_code.co_filename.replace("\\", "/")
        for name, include, exclude in CATEGORIES:
            if any(f in path for f in include) and not any(f in path for f in exclude):
                found.add(name)
        frame = frame.f_back
    return found


class StackSampler:
    """Samples one thread's stack every `interval` s from a background thread; counts categories per sample."""

    def __init__(self, interval: float = 0.001) -> None:
        self.interval = interval
        self.counts: Counter[str] = Counter()
        self.samples = 0
        self._target: int | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.is_set():
            target = self._target
            if target is not None:
                frame = sys._current_frames().get(target)
                if frame is not None:
                    self.samples += 1
                    self.counts.update(frame_categories(frame))
            time.sleep(self.interval)

    def watch(self, ident: int | None) -> None:
        self._target = ident

    def __enter__(self) -> StackSampler:
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(self.interval / 2)  # let the sampler in while the script thread holds the GIL
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        sys.setswitchinterval(self._switch)


@contextlib.contextmanager
def in_script_thread(enter, leave):
    """AppTest runs the script in a thread: call enter() / leave() inside that thread around each script run."""
    from streamlit.runtime.scriptrunner import script_runner

    original = script_runner.ScriptRunner._run_script

    def wrapped(self, *args, **kwargs):
        enter()
        try:
            return original(self, *args, **kwargs)
        finally:
            leave()

    script_runner.ScriptRunner._run_script = wrapped
    try:
        yield
    finally:
        script_runner.ScriptRunner._run_script = original


def open_page(page: str, n: int):
    """An AppTest at `page` with an n-word sentence, reached as a browser does: Home with ?s=, then the page."""
    from streamlit.testing.v1 import AppTest

    from attention_core.registry import page_spec
    from bench.run import share_token

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=300)
    at.context["url"] = "http://localhost:8501"
    at.query_params["s"] = share_token(page, n)
    at.run()
    if page != "home":
        at.switch_page(page_spec(page).file).run()
    if at.exception:
        raise RuntimeError(at.exception[0].value.splitlines()[0])
    return at


T_STEPS = (1.2, 1.4, 1.6, 1.8, 2.0, 2.5)


def sample_steps(page: str, n: int, steps: int = 4) -> dict:
    """One unsampled T step (warm-up), then `steps` sampled ones: wall ms per rerun and inclusive shares."""
    at = open_page(page, n)
    at.select_slider(key="sb:T").set_value(T_STEPS[0]).run()
    walls = []
    with StackSampler() as sampler, in_script_thread(lambda: sampler.watch(threading.get_ident()),
                                                     lambda: sampler.watch(None)):
        for t in T_STEPS[1:steps + 1]:
            started = time.perf_counter()
            at.select_slider(key="sb:T").set_value(t).run()
            walls.append((time.perf_counter() - started) * 1000)
    rerun_ms = sorted(walls)[len(walls) // 2]
    shares = {k: v / sampler.samples for k, v in sampler.counts.items()} if sampler.samples else {}
    return {"rerun_ms": round(rerun_ms, 1), "samples": sampler.samples, "shares": shares}


def cprofile_step(page: str, n: int) -> pstats.Stats:
    at = open_page(page, n)
    at.select_slider(key="sb:T").set_value(T_STEPS[0]).run()
    profiler = cProfile.Profile()
    with in_script_thread(profiler.enable, profiler.disable):
        at.select_slider(key="sb:T").set_value(T_STEPS[1]).run()
    return pstats.Stats(profiler)


def profile_pages(pages: list[str], sizes: int | list[int] = (16, 64), top: int = 6) -> dict:
    """{page: {n: {rerun_ms, top: [{name, share, ms}, …]}}} for the report; ms = share × median rerun."""
    sizes = [sizes] if isinstance(sizes, int) else list(sizes)
    import streamlit.testing.v1  # noqa: F401  (creates the loggers set below)
    from streamlit.logger import set_log_level

    set_log_level("error")  # AppTest's "missing ScriptRunContext" noise
    out: dict = {}
    for page in pages:
        for n in sizes:
            try:
                res = sample_steps(page, n)
            except Exception as err:  # a page that fails under AppTest is reported, not fatal
                out.setdefault(page, {})[str(n)] = {"error": str(err).splitlines()[0][:200]}
                continue
            ranked = sorted(res["shares"].items(), key=lambda kv: -kv[1])
            out.setdefault(page, {})[str(n)] = {
                "rerun_ms": res["rerun_ms"], "samples": res["samples"],
                "top": [{"name": k, "share": round(v, 3), "ms": round(v * res["rerun_ms"], 1)}
                        for k, v in ranked[:top]],
            }
    return out


def main() -> None:
    from bench.run import PAGE_KEYS

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", default=",".join(PAGE_KEYS))
    ap.add_argument("--sizes", default="16,64")
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()
    for page in args.pages.split(","):
        for n in (int(v) for v in args.sizes.split(",")):
            res = sample_steps(page, n)
            print(f"\n=== {page} n={n}: rerun {res['rerun_ms']:.0f} ms (median of the sampled T steps), "
                  f"{res['samples']} samples; inclusive shares:")
            for name, share in sorted(res["shares"].items(), key=lambda kv: -kv[1]):
                print(f"  {share:4.0%}  {share * res['rerun_ms']:7.0f} ms  {name}")
            if args.top:
                buf = io.StringIO()
                stats = cprofile_step(page, n)
                stats.stream = buf  # type: ignore[attr-defined]
                stats.sort_stats("cumulative").print_stats(args.top)
                print(buf.getvalue())


if __name__ == "__main__":
    main()
