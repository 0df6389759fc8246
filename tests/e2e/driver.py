"""Driving this app in a real browser: its server, its runs, its sidebar controls, its page links, what its
charts show. The one module browser tests, benchmarks and scripts import (``from tests.e2e.driver import ...``).

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
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from attention_core.i18n import text
from attention_core.registry import LANGUAGES, PAGE_KEYS
from tests.e2e import page_checks
from tests.tools import free_port

JS = page_checks.probes_beside(__file__)  # the JavaScript this module evaluates in a page

REPO_ROOT = Path(__file__).resolve().parents[2]

# Debian's headless shell (package chromium-headless-shell, the build Playwright itself runs headless) where it is
# installed: the same Blink and V8 without the full browser's compositor, 22 % less CPU over a browser test file
# (docs/performance.md); else the full chromium in its headless mode.
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH") or next(
    (p for p in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if os.path.exists(p)), "/usr/bin/chromium")
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
    page.evaluate("() => { window.__e2eSettledSince = null; }")
    page.wait_for_function(_SETTLED_JS, arg=[settle_ms, None, 0], timeout=timeout, polling=50)  # no chart asked for


# Idle and every chart on the page drawn (at least n; with no selector, charts are not asked for), both holding for
# settleMs in a row. Together they close a race of waiting for each in turn: a run that has not yet started (a freshly
# opened page whose first run waits for its turn) looks idle, and a run that has drawn its first chart has charts; a
# drawn chart of a run that then stays idle for settleMs is a finished run. Every chart, not n: a chart whose box came
# last in the run may still be loading its plot (seen on a busy machine: ⑦'s second weights chart, ④'s output chart).
_SETTLED_JS = JS["_SETTLED_JS"]


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
        JS["PLOTS_DRAWN_JS"],
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


_CONTENT_HEIGHT_JS = JS["_CONTENT_HEIGHT_JS"]


_RESIZED_JS = JS["_RESIZED_JS"]
_TWO_FRAMES_JS = JS["_TWO_FRAMES_JS"]


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


# --- this app's controls, pages and charts ---

SIDEBAR = SEL_SIDEBAR
SIDEBAR_LINKS = f'{SIDEBAR} a[data-testid="stPageLink-NavLink"]'

# For every rendered heatmap: is the first row drawn above the second (row 0 at the top)?
ROW0_ON_TOP_JS = JS["ROW0_ON_TOP_JS"]

# Every tick label text of every chart, read from Plotly's own layout (ticktext), so labels hidden by
# rotation or size are still counted.
TICK_TEXTS_JS = JS["TICK_TEXTS_JS"]


def key_class(key: str) -> str:
    """The CSS class Streamlit gives the element container of a widget or element with this key: "st-key-"
    and the key with every character outside [a-zA-Z0-9_-] made "-" (Streamlit 1.67's frontend rule)."""
    return "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key.strip())


def by_key(page, key: str):
    """The element container of the widget or element with this key (exactly one is expected)."""
    return page.locator(f".{key_class(key)}")


def chart_by_name(page, name: str):
    """The drawn Plotly graph div of the chart a page drew with `page.chart(fig, name)` (key "chart:<name>")."""
    return by_key(page, f"chart:{name}").locator(".js-plotly-plot")


# The chart names on the page, in page order, read from their containers' key classes.
CHART_NAMES_JS = JS["CHART_NAMES_JS"]

# One chart as drawn: its title, and per trace (in gd.calcdata order): heatmap z rows as given (NaN → null) and
# as drawn (`drawn_z`, gd.calcdata: what an animation frame changes while gd.data stays; padded to the axis'
# categories), line/bar y, the text in cells, the hover template, the legend name.
CHART_JS = JS["CHART_JS"]


def chart_names(page) -> list[str]:
    """The names of the drawn charts on the page (as class names: ":" and other characters made "-")."""
    return page.evaluate(CHART_NAMES_JS)


def chart_shown(page, name: str) -> dict:
    """What chart `name` draws right now (see CHART_JS)."""
    graph = chart_by_name(page, name)
    assert graph.count() == 1, (name, chart_names(page))
    return graph.evaluate(CHART_JS)


def chart_title(page, name: str) -> str:
    return chart_shown(page, name)["title"]


def click_toggle(page, key: str) -> None:
    """Click the toggle or checkbox with this key, as a user would, and wait for the run."""
    by_key(page, key).locator("label").first.click()
    settle(page)


def click_button(page, key: str, wait: bool = True) -> None:
    by_key(page, key).locator("button").first.click()
    if wait:
        settle(page)


def click_with_a_fragments_change(page, fragment_drawer: str, button: str) -> None:
    """Open or close the drawer `fragment_drawer` (drawn in a fragment: a chart's table switch there) and click the
    button `button` (drawn by the whole page) in one moment of the browser. Streamlit's frontend sends the widget
    changes of one moment in one message, as a run of the first fragment among them: what a clicker's press meets
    right after a page is drawn, when presenter mode's page-width report (a fragment's) goes out."""
    page.evaluate(JS["CLICK_BOTH_JS"], [key_class(fragment_drawer), key_class(button)])


def settle(page, n_min: int = 1, timeout: float = 90000) -> None:
    """Wait for the run to end and the charts to draw, then check there is no exception block.

    The generous timeout is for a machine shared with other work: a heavy page may take long to run there.
    """
    wait_for_settled(page, n_min=n_min, timeout=timeout)
    assert_no_exception(page)


def laid_out_for_the_page(page, timeout: float = 90000) -> None:
    """Presenter mode lays its charts out for the page's measured width (ui/room.py) in a whole run after the width
    is told: wait (bounded) until the charts are laid out for this page and that run is over."""
    page.wait_for_function("() => !!document.documentElement.dataset.attentionRoom", timeout=timeout)
    settle(page, timeout=timeout)


def go_to(page, key: str) -> None:
    """Navigate with the app's own sidebar link."""
    page.locator(SIDEBAR_LINKS).nth(PAGE_KEYS.index(key)).click()
    page.wait_for_url(f"**/{'' if key == 'home' else key}*")
    settle(page)


def set_sentence(page, sentence: str) -> None:
    box = by_key(page, "sb:sentence").locator("input")
    box.fill(sentence)
    box.press("Enter")
    settle(page)


def switch_language(page, lang: str) -> None:
    """Pick language `lang` ("ko", "en") with the sidebar's language switch (its buttons show each language's
    own name)."""
    by_key(page, "sb:lang").locator("button", has_text=LANGUAGES[lang]).click()
    settle(page)


def share_link(page) -> str:
    """The text of the sidebar's share-link code block (its DOM text: a folded sidebar is hidden, in presenter mode)."""
    return page.locator(f'{SIDEBAR} [data-testid="stCode"] code').first.text_content().strip()


def tick_texts(page) -> list[str]:
    return page.evaluate(TICK_TEXTS_JS)


def rows_on_top(page) -> list[bool]:
    return page.evaluate(ROW0_ON_TOP_JS)


def chart_count(page) -> int:
    return plotly_count(page)


# a data editor's cells in its accessibility table: the first row's label, its first data cell, the selected one
LABEL_CELL, FIRST_CELL = "glide-cell-0-0", "glide-cell-1-0"
SELECTED_CELL_JS = JS["SELECTED_CELL_JS"]
CELL_EDITOR = "#portal textarea, #portal input"  # the editor the grid opens over a cell


def edit_first_cell(page, name: str, value: str) -> None:
    """Type `value` into the top-left data cell of a freshly drawn data editor, as a user would.

    `name` names the matrix ("x", "w_q", …: the editor whose key is "edit:<name>:…"). The grid is a canvas: click
    the first row's label, step right to the first data cell (the grid's accessibility table reports it selected),
    open its editor with Enter, type the value and press Enter. Callers check the effect on the charts.
    """
    # the editors sit in an expander that is closed by default (the charts come first) and builds them only
    # once opened (a rerun): open it
    closed = page.locator(f'[data-testid="stMain"] [class*="{key_class("editors:")}"] details:not([open])')
    for _ in range(closed.count()):
        closed.nth(0).locator("summary").first.click()
        settle(page)
        page.locator('[data-testid="stMain"] [data-testid="stDataFrame"]').first.wait_for()
    grid = page.locator(f'[class*="{key_class(f"edit:{name}:")}"] [data-testid="stDataFrame"]').first
    # the grid's accessibility table marks the selected cell a moment after the canvas draws it; the row label
    # (the index, column 0) is selectable too: click it, then step right to the first data cell. A click that lands
    # while a run is still drawing the grid (the drawer's build, a width report) can be lost with the node it hit:
    # click again, on the grid as it is now, until the selection shows (bounded)
    selected = f"(g) => ['{LABEL_CELL}', '{FIRST_CELL}'].includes({SELECTED_CELL_JS})"
    deadline = time.monotonic() + 60
    while True:
        settle(page)
        grid.scroll_into_view_if_needed()
        box, handle = grid.bounding_box(), grid.element_handle()
        page.mouse.click(box["x"] + 10, box["y"] + 35 + 17)  # the first row's label, below the 35 px header row
        try:
            page.wait_for_function(selected, arg=handle, timeout=5000)
            break
        except PlaywrightTimeoutError:
            if time.monotonic() > deadline:
                raise
    if handle.evaluate(f"(g) => {SELECTED_CELL_JS}") == LABEL_CELL:
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"(g) => {SELECTED_CELL_JS} === '{FIRST_CELL}'", arg=handle, timeout=30000)
    page.keyboard.press("Enter")  # opens the cell's editor
    editor = page.locator(CELL_EDITOR)
    editor.wait_for(timeout=30000)
    editor.fill(value)
    page.keyboard.press("Enter")
    settle(page)


# (an element) shown, and its height the same over the last 5 animation frames
STEADY_JS = JS["STEADY_JS"]


def open_drawer(page, title_key: str, scope: str = SIDEBAR) -> None:
    """Open the expander titled by catalogue string `title_key` if it is closed, and wait until its content is
    drawn and still: a drawer (ui/drawers.py) builds its content only once opened, in the run the click starts."""
    title = re.compile("|".join(re.escape(text(lang, title_key)) for lang in LANGUAGES))  # in either language
    expander = page.locator(f"{scope} [data-testid='stExpander']", has_text=title).first
    if not expander.locator("details[open]").count():
        expander.locator("summary").click()
    expander.locator("[data-testid='stExpanderDetails'] [data-testid='stElementContainer']").first.wait_for(
        timeout=30000)
    # open once its content stops growing (the expander's opening animation) over a few frames
    details = expander.locator("[data-testid='stExpanderDetails']")
    page.wait_for_function(STEADY_JS, arg=details.element_handle(timeout=30000), timeout=30000)


def open_tools(page) -> None:
    """Open the sidebar's lecture-tools drawer (snapshot, export, state files) if it is closed."""
    open_drawer(page, "lecture.tools")


def send_file(page, uploader, path, *notices: str) -> None:
    """Give the file uploader `uploader` (a locator of its input) the file at `path`, then wait until the run that
    reads it shows one of the notices with these text keys (their fixed part, in either language) and settle. The
    file is read by the run its upload starts, which on a busy machine may begin after settle's quiet; the wait is
    bounded, so a file the app never answers fails."""
    uploader.set_input_files(str(path))
    cut = "\0"  # where a notice's own words end and what it fills in (a reason, a count) begins
    shown = [text(lang, key, reason=cut, n=cut).split(cut)[0].strip() for lang in LANGUAGES for key in notices]
    page.wait_for_function(page_checks.PROBES["SHOWS_ANY"], arg=shown, polling=100, timeout=90_000)
    settle(page)


def upload_state(page, path) -> None:
    """Load a state file through the lecture tools (the first uploader; the lesson scenes have the second): the
    state loaded, or the file refused with the app's message."""
    open_tools(page)
    send_file(page, by_key(page, "tl:upload").locator("[data-testid='stFileUploaderDropzoneInput']"), path,
              "lecture.json_loaded", "lecture.json_failed")


# What the lecturer sees of the state on any page: presenter mode (the sidebar's switch), the T the sidebar's T
# control shows, and the page's error message, if any
LECTURER_STATE_JS = JS["LECTURER_STATE_JS"]


# The T control (attention_core/ui/tcontrol): a range input whose steps the browser previews; it tells the server
# once the hand stops. `window.__attentionT` counts its previews and the values it sent.
T_CONTROL = ".attention-t-range"
T_VALUE = ".attention-t-value"


def t_control(page, scope: str = SIDEBAR):
    return page.locator(f"{scope} {T_CONTROL}").first


def t_shown(page, scope: str = SIDEBAR) -> float:
    """The T the control in `scope` shows."""
    return float(page.locator(f"{scope} {T_VALUE}").first.inner_text().strip())


def t_counts(page) -> dict:
    """The control's previews (browser redraws) and sends (values told to the server) since the page loaded."""
    return page.evaluate("() => { const s = window.__attentionT || {}; "
                         "return {previews: s.previews || 0, sends: s.sends || 0, failed: s.failed || 0}; }")


def step_t(page, key: str = "ArrowRight", times: int = 1, scope: str = SIDEBAR, gap_ms: int = 0,
           timeout: float = 30_000, each_answered: bool = False) -> None:
    """Press `key` `times` times on the T control, wait until it has told the server, then for the run.
    `each_answered`: one press at a time, each told and its run over before the next."""
    if each_answered:
        for _ in range(times):
            step_t(page, key, scope=scope, timeout=timeout)
        return
    before = t_counts(page)["sends"]
    t_control(page, scope).focus()
    for _ in range(times):
        page.keyboard.press(key, delay=gap_ms)  # a hand's pace: the key is held gap_ms before the next press
    page.wait_for_function("n => (window.__attentionT || {}).sends > n", arg=before, timeout=timeout)
    settle(page)


def path_of(page) -> str:
    """The page's key as its address names it ("home" for the app's root)."""
    return urllib.parse.urlsplit(page.url).path.strip("/").rsplit("/", 1)[-1] or "home"
