"""Helpers for the Streamlit browser (e2e) tests.

Importable as ``from tests.e2e.helpers import ...``.

Server management
-----------------
``start_server()`` is a context manager that launches a *fresh*
``python -m streamlit run app.py`` on a free port and yields a
``StreamlitServer`` (``.url``, ``.port``, ``.proc``).  The app root defaults
to the repository root (two directories above this file) and can be
overridden with the ``APP_ROOT`` environment variable or the ``app_root``
argument; the script (default ``app.py``) with ``APP_SCRIPT`` / ``script``.

Page helpers (selectors verified against Streamlit 1.67)
--------------------------------------------------------
* app finished running: ``[data-testid="stApp"][data-test-script-state="notRunning"]``
  and no ``[data-testid="stStatusWidget"]`` (while running it shows a "Stop" button;
  it only appears ~500 ms into a run, so it is not a reliable signal alone)
  (the attribute is ``initial`` before the first run, ``running`` /
  ``rerunRequested`` / ``stopRequested`` while busy, ``compilationError`` on a
  syntax error); connection: ``data-test-connection-state="CONNECTED"``.
* main area: ``[data-testid="stMain"]`` (``section.main`` no longer exists)
* exceptions: ``[data-testid="stException"]``
* plotly: ``[data-testid="stPlotlyChart"]`` wrapping ``div.js-plotly-plot``
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# --- selectors --------------------------------------------------------------
SEL_APP = '[data-testid="stApp"]'
SEL_APP_IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
SEL_MAIN = '[data-testid="stMain"]'
SEL_STATUS_WIDGET = '[data-testid="stStatusWidget"]'
SEL_EXCEPTION = '[data-testid="stException"]'
# st.plotly_chart, or a chart that updates in place (attention_core.ui.live_chart)
SEL_PLOTLY_CHART = ':is([data-testid="stPlotlyChart"], .attention-live-box)'
SEL_PLOTLY_RENDERED = ".js-plotly-plot"
SEL_SIDEBAR = '[data-testid="stSidebar"]'
SEL_PAGE_LINK = '[data-testid="stPageLink-NavLink"]'  # <a> from st.page_link
SEL_SIDEBAR_NAV_LINK = '[data-testid="stSidebarNavLink"]'  # <a> auto page nav
SEL_TEXT_INPUT = '[data-testid="stTextInput"] input'  # input has data-testid=stTextInputField
# react-aria, no role=slider; the value is in [data-testid="stSliderThumbValue"]
SEL_SLIDER = '[data-testid="stSlider"] input[type="range"]'
SEL_BUTTON = '[data-testid="stButton"] button'
# Tick labels of every cartesian axis (x, x2, y3, ...) but not colorbars.
SEL_TICKS_ALL_AXES = (
    ".xaxislayer-above text, .yaxislayer-above text, "
    ".xaxislayer-below text, .yaxislayer-below text"
)
SEL_TICKS_XY = ".xtick text, .ytick text"  # only the primary x/y axes


# --- server -----------------------------------------------------------------
def app_root() -> Path:
    return Path(os.environ.get("APP_ROOT") or REPO_ROOT).resolve()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class StreamlitServer:
    port: int
    proc: subprocess.Popen
    cwd: Path
    log_path: Path
    startup_seconds: float = 0.0
    _log: object = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def page_url(self, path: str = "") -> str:
        return f"{self.url}/{path.lstrip('/')}"

    def log_tail(self, n: int = 40) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return "<no log>"
        return "\n".join(lines[-n:])

    def stop(self, timeout: float = 10.0) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=timeout)
        if self._log is not None:
            self._log.close()
            self._log = None
            with contextlib.suppress(OSError):
                self.log_path.unlink()


def _health_ok(port: int) -> bool:
    try:
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/_stcore/health", timeout=2
        ) as r:
            return r.status == 200 and r.read().decode().strip() == "ok"
    except (urllib.error.URLError, OSError, ValueError):
        return False


def launch_server(
    app_root_dir: os.PathLike | None = None,
    script: str | None = None,
    timeout: float = 60.0,
    extra_args: Sequence[str] = (),
    env: dict | None = None,
) -> StreamlitServer:
    """Start a fresh server and wait for /_stcore/health == "ok".

    Caller must call ``.stop()``; prefer the ``start_server`` context manager.
    """
    cwd = Path(app_root_dir).resolve() if app_root_dir else app_root()
    script = script or os.environ.get("APP_SCRIPT", "app.py")
    if not (cwd / script).exists():
        raise FileNotFoundError(f"Streamlit script {cwd / script} does not exist")
    last_error = ""
    for _attempt in range(3):  # retry only if the chosen port got taken
        port = free_port()
        cmd = [
            sys.executable, "-m", "streamlit", "run", script,
            "--server.headless", "true",
            "--server.port", str(port),
            "--server.address", "127.0.0.1",
            "--browser.gatherUsageStats", "false",
            # other people edit files while tests run; no watcher, no
            # "source file changed" banners
            "--server.fileWatcherType", "none",
            *extra_args,
        ]
        proc_env = dict(os.environ)
        proc_env["PYTHONUNBUFFERED"] = "1"
        if env:
            proc_env.update(env)
        fd, log_name = tempfile.mkstemp(prefix=f"streamlit-{port}-", suffix=".log")
        log = os.fdopen(fd, "w")
        t0 = time.monotonic()
        proc = subprocess.Popen(
            cmd, cwd=str(cwd), env=proc_env, stdin=subprocess.DEVNULL,
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        server = StreamlitServer(port=port, proc=proc, cwd=cwd,
                                 log_path=Path(log_name), _log=log)
        deadline = t0 + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                break
            if _health_ok(port):
                server.startup_seconds = time.monotonic() - t0
                return server
            time.sleep(0.1)
        exited = proc.poll() is not None
        tail = server.log_tail()
        server.stop()
        last_error = (
            f"Streamlit server ({' '.join(cmd)}) in {cwd} "
            + (f"exited with code {proc.returncode}" if exited
               else f"did not answer /_stcore/health within {timeout:.0f}s")
            + f".\n--- server output (tail) ---\n{tail}"
        )
        if not (exited and "already in use" in tail):
            break
    raise RuntimeError(last_error)


@contextlib.contextmanager
def start_server(
    app_root_dir: os.PathLike | None = None, **kwargs
) -> Iterator[StreamlitServer]:
    """``with start_server() as srv: page.goto(srv.url + "/other")``"""
    server = launch_server(app_root_dir, **kwargs)
    try:
        yield server
    finally:
        server.stop()


# --- page helpers -------------------------------------------------------------
_IDLE_JS = """
(settleMs) => {
  const app = document.querySelector('[data-testid="stApp"]');
  const status = document.querySelector('[data-testid="stStatusWidget"]');
  const idle = !!app
    && ['notRunning', 'compilationError'].includes(app.getAttribute('data-test-script-state'))
    && app.getAttribute('data-test-connection-state') === 'CONNECTED'
    && !!document.querySelector('[data-testid="stMain"]')
    && !(status && /Running|Stop/.test(status.innerText || ''))
    && !document.querySelector('[data-testid="stElementContainer"][data-stale="true"]');
  const now = performance.now();
  if (!idle) { window.__e2eIdleSince = null; return false; }
  if (window.__e2eIdleSince == null) window.__e2eIdleSince = now;
  return now - window.__e2eIdleSince >= settleMs;
}
"""


def poll_until(check, timeout: float, message: str, interval: float = 0.2) -> None:
    """Wait (bounded) for `check()` to be true, for a condition outside the browser (a process, a balancer)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, message
        time.sleep(interval)


def wait_for_app(page, timeout: float = 30000, settle_ms: float = 300) -> None:
    """Wait until the Streamlit script run has finished.

    The run state must stay idle for ``settle_ms`` consecutive ms: after a
    click the frontend still says ``notRunning`` until the server reports the
    rerun, so a single check can pass too early.
    """
    page.wait_for_selector(SEL_APP, state="attached", timeout=timeout)
    page.evaluate("() => { window.__e2eIdleSince = null; }")
    page.wait_for_function(_IDLE_JS, arg=settle_ms, timeout=timeout, polling=50)


# Idle (as _IDLE_JS) and every chart on the page drawn (at least n), both holding for settleMs in a row. Together
# they close a race of waiting for each in turn: a run that has not yet started (a freshly opened page whose first
# run waits for its turn) looks idle, and a run that has drawn its first chart has charts; a drawn chart of a run
# that then stays idle for settleMs is a finished run. Every chart, not n: a chart whose box came last in the run
# may still be loading its plot (seen on a busy machine: ⑦'s second weights chart, ④'s output chart).
_SETTLED_JS = """
([settleMs, sel, n]) => {
  const charts = document.querySelectorAll(sel);  // every chart's box, drawn or not yet
  const drawn = charts.length >= n && [...charts].every(c => c.querySelector('.js-plotly-plot svg.main-svg'));
  const app = document.querySelector('[data-testid="stApp"]');
  const status = document.querySelector('[data-testid="stStatusWidget"]');
  const idle = drawn && !!app
    && ['notRunning', 'compilationError'].includes(app.getAttribute('data-test-script-state'))
    && app.getAttribute('data-test-connection-state') === 'CONNECTED'
    && !!document.querySelector('[data-testid="stMain"]')
    && !(status && /Running|Stop/.test(status.innerText || ''))
    && !document.querySelector('[data-testid="stElementContainer"][data-stale="true"]');
  const now = performance.now();
  if (!idle) { window.__e2eSettledSince = null; return false; }
  if (window.__e2eSettledSince == null) window.__e2eSettledSince = now;
  return now - window.__e2eSettledSince >= settleMs;
}
"""


def wait_for_settled(page, n_min: int = 1, timeout: float = 30000, settle_ms: float = 300) -> None:
    """Wait until the script run has finished with at least `n_min` charts drawn, both true for `settle_ms` in a
    row (see _SETTLED_JS for why one condition, not two waits)."""
    page.wait_for_selector(SEL_APP, state="attached", timeout=timeout)
    page.evaluate("() => { window.__e2eSettledSince = null; }")
    page.wait_for_function(_SETTLED_JS, arg=[settle_ms, SEL_PLOTLY_CHART, n_min],
                           timeout=timeout, polling=50)


def exception_texts(page) -> list[str]:
    return page.locator(SEL_EXCEPTION).all_inner_texts()


def assert_no_exception(page) -> None:
    texts = exception_texts(page)
    if texts:
        joined = "\n---\n".join(t.strip() for t in texts)
        raise AssertionError(
            f"{len(texts)} Streamlit exception block(s) on {page.url}:\n{joined}"
        )


def plotly_count(page) -> int:
    """Number of *rendered* Plotly charts (stPlotlyChart holding a .js-plotly-plot)."""
    return page.locator(f"{SEL_PLOTLY_CHART} {SEL_PLOTLY_RENDERED}").count()


def wait_for_plots(page, n_min: int = 1, timeout: float = 30000) -> int:
    page.wait_for_function(
        """([sel, n]) => {
             const plots = document.querySelectorAll(sel);
             return plots.length >= n
               && [...plots].every(p => p.querySelector('svg.main-svg'));
           }""",
        arg=[f"{SEL_PLOTLY_CHART} {SEL_PLOTLY_RENDERED}", n_min],
        timeout=timeout,
        polling=100,
    )
    return plotly_count(page)


def plotly_tick_labels(page, all_axes: bool = True) -> list[str]:
    """Tick label texts over all charts, in document order.

    ``all_axes=True`` also covers subplot axes (x2, y3, ...), which the plain
    ``.xtick text, .ytick text`` selector (``all_axes=False``) misses.
    Colorbar ticks are never included.  Note: Plotly writes negative numbers
    with U+2212 ("−1"), not ASCII "-".
    """
    sel = SEL_TICKS_ALL_AXES if all_axes else SEL_TICKS_XY
    return page.locator(sel).all_text_contents()


_CONTENT_HEIGHT_JS = """
() => Math.ceil(Math.max(
  document.documentElement.scrollHeight,
  ...[...document.querySelectorAll(
      '[data-testid="stMain"], [data-testid="stAppViewContainer"], [data-testid="stSidebarContent"]')]
    .map(e => e.scrollHeight + e.getBoundingClientRect().top)))
"""


_RESIZED_JS = """
(h) => innerHeight === h && [...document.querySelectorAll('.js-plotly-plot')].every(gd => !gd._fullLayout
  || gd.getBoundingClientRect().width === 0 || Math.abs(gd._fullLayout.width - gd.getBoundingClientRect().width) <= 1)
"""
_TWO_FRAMES_JS = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def screenshot(page, path, full_page: bool = True, max_height: int = 16000) -> Path:
    """Screenshot to ``path`` (parent dirs created).

    Streamlit scrolls inside ``[data-testid="stMain"]`` (body is 100vh), so
    Playwright's own ``full_page=True`` only captures the viewport.  For a
    full page we temporarily grow the viewport to the content height, then
    restore it.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = int(page.evaluate(_CONTENT_HEIGHT_JS)) if full_page and size else 0
    if size and height > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(height, max_height)})
        try:
            # the window has its new size and every chart is drawn at its box's width; then two frames painted
            page.wait_for_function(_RESIZED_JS, arg=min(height, max_height), timeout=30000)
            page.evaluate(_TWO_FRAMES_JS)
            page.screenshot(path=str(path), full_page=True)
        finally:
            page.set_viewport_size(size)
    else:
        page.screenshot(path=str(path), full_page=full_page)
    return path
