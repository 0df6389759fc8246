"""Fixtures for the Streamlit browser tests (pytest + playwright, Debian chromium).

Fixtures
  app_server        module scope: one fresh server per test module (.url, .port)
  streamlit_server  function scope: the ``start_server`` context-manager factory;
                    every server started through it is stopped at teardown
  browser           session scope: headless /usr/bin/chromium
  new_page          factory: new_page(viewport=(1280, 720)) -> page in a context of its own (a kept tab,
                    cleared, where a passed test left one: see _IDLE_PAGES)

Environment
  APP_ROOT    directory containing the app (default: repository root)
  APP_SCRIPT  entry script (default: app.py)
  CI          when set (non-empty, not 0/false/no) a missing chromium is an error
              instead of a skip
  E2E_ARTIFACTS  where a failed test's pages are written (default: test-artifacts/
              in the repository): a screenshot, the document and the console of every
              page the test opened, and the server's log; a summary goes into the report
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path

import pytest

from tests.e2e.driver import (
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    REPO_ROOT,
    StreamlitServer,
    start_server,
)
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

E2E_DIR = Path(__file__).resolve().parent
CONSOLE_LINES_KEPT = 300
# What the page looked like to Streamlit when the test failed: connection, script state, what is stale.
PAGE_STATE_JS = JS["PAGE_STATE_JS"]


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _chromium_missing() -> bool:
    return not os.path.exists(CHROMIUM_PATH)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "e2e: browser end-to-end test (Streamlit server + headless chromium)"
    )


def pytest_collection_modifyitems(config, items):
    skip = None
    if _chromium_missing() and not _ci():
        skip = pytest.mark.skip(
            reason=f"{CHROMIUM_PATH} not found (install Debian 'chromium'); "
            "set CI=1 to make this a failure"
        )
    for item in items:
        try:
            in_e2e = Path(str(item.fspath)).resolve().is_relative_to(E2E_DIR)
        except (OSError, ValueError):
            in_e2e = False
        if in_e2e:
            item.add_marker(pytest.mark.e2e)
            if skip is not None:
                item.add_marker(skip)


@pytest.fixture(scope="module")
def app_server() -> StreamlitServer:
    with start_server() as server:
        yield server


@pytest.fixture(scope="module")
def class_server(tmp_path_factory) -> StreamlitServer:
    """A server whose class store is a folder of its own (`class_dir`), shared by a module's tests."""
    folder = tmp_path_factory.mktemp("classes")
    with start_server(env={"ATTENTION_CLASS_DIR": str(folder)}) as server:
        server.class_dir = folder
        yield server


@pytest.fixture
def streamlit_server():
    """Factory: ``with streamlit_server() as srv:`` -> freshly started server.

    Same as ``tests.e2e.driver.start_server``; servers are also stopped at
    teardown in case a test leaked one.
    """
    servers = []

    @contextlib.contextmanager
    def factory(app_root_dir=None, **kwargs):
        with start_server(app_root_dir, **kwargs) as server:
            servers.append(server)
            yield server

    yield factory
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    if _chromium_missing():
        msg = f"{CHROMIUM_PATH} not found"
        if _ci():
            pytest.fail(f"{msg} and CI is set: browser tests cannot run", pytrace=False)
        pytest.skip(f"{msg}; set CI=1 to make this a failure")
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(
            executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield b
        finally:
            b.close()
    finally:
        pw.stop()


def _keep_console(page, msg) -> None:
    with contextlib.suppress(Exception):
        page.console_lines.append(f"{msg.type}: {msg.text[:300]}")
        del page.console_lines[:-CONSOLE_LINES_KEPT]


def _artifact_dir(item) -> Path:
    root = Path(os.environ.get("E2E_ARTIFACTS") or REPO_ROOT / "test-artifacts")
    return root / re.sub(r"[^\w.-]+", "_", item.nodeid)[-150:]


def _dump_page(page, out: Path, n: int) -> str:
    """Write page ``n``'s screenshot, document and console under ``out``; return a summary line block."""
    lines = [f"page {n}: {page.url}"]
    try:
        state = page.evaluate(PAGE_STATE_JS)
        lines.append("  " + json.dumps(state, ensure_ascii=False))
    except Exception as exc:  # a page that cannot answer is itself the finding
        lines.append(f"  state: could not evaluate ({type(exc).__name__}: {str(exc)[:200]})")
    with contextlib.suppress(Exception):
        page.screenshot(path=str(out / f"page{n}.png"), timeout=10000)
    with contextlib.suppress(Exception):
        (out / f"page{n}.html").write_text(page.content())
    console = getattr(page, "console_lines", [])
    (out / f"page{n}-console.txt").write_text("\n".join(console))
    errors = getattr(page, "js_errors", [])
    if errors:
        lines.append(f"  page errors: {errors[-5:]}")
    if console:
        lines.append("  console (last 8): " + " | ".join(console[-8:]))
    return "\n".join(lines)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item._e2e_call_report = report  # new_page reuses a test's pages only when it passed
    pages = getattr(item, "_e2e_pages", None)
    if report.when != "call" or not report.failed or not pages:
        return
    out = _artifact_dir(item)
    out.mkdir(parents=True, exist_ok=True)
    summary = [f"artifacts: {out}"]
    for n, page in enumerate(pages):
        if not page.is_closed():
            summary.append(_dump_page(page, out, n))
    server = item.funcargs.get("app_server") if hasattr(item, "funcargs") else None
    if isinstance(server, StreamlitServer):
        log = server.log_tail(400)
        (out / "server.log").write_text(log)
        summary.append("server log (last 15 lines):\n" + "\n".join(log.splitlines()[-15:]))
    report.sections.append(("browser state at the failure", "\n".join(summary)))


# Pages handed back by finished tests, kept for the next test that asks for the same kind of context (its
# kwargs). A new tab spends about 1.5–2 s more of the renderer's CPU on its first Streamlit page than a tab that
# has loaded one before (measured 3.5 s → 1.6 s a first load on a quiet machine, the renderer's main thread
# 2.7 s → 1.1 s; the app's JavaScript, 130 files and ~10 MB, is the likely part: a new context with the files
# served from memory was no faster, so it is the renderer's own work, not the download). Reuse is what makes the
# browser tests affordable: test_presenter.py and test_lecture_tools.py together took 236 s of CPU with a new
# context per page and 151 s with kept tabs (docs/performance.md). A page is kept only when nothing of the test
# can outlive it: the test passed, it visited one origin, it added no init script, route, binding, cookie or
# header, and the page still answers; its storage and cookies are cleared, its listeners removed and it waits on
# a plain page of the same origin (the server's health check, so the tab keeps its renderer), with no Streamlit
# session open. Every module hands out and takes back kept pages unless it says `REUSE_PAGES = False`.
_IDLE_PAGES: dict[str, list] = {}
_TAINTING = ("add_init_script", "route", "route_from_har", "expose_function", "expose_binding", "add_cookies",
             "set_extra_http_headers", "emulate_media", "set_default_timeout", "set_default_navigation_timeout",
             "add_locator_handler")


def _taint_on(obj, page) -> None:
    """Calling any of `_TAINTING` on `obj` (the page or its context) keeps the page from being reused."""
    for name in _TAINTING:
        method = getattr(obj, name, None)
        if method is None:
            continue

        def tainted(*args, _method=method, **kwargs):
            page._e2e_reusable = False
            return _method(*args, **kwargs)
        setattr(obj, name, tainted)


def _listen(page, event: str, handler, once: bool = False) -> None:
    page._e2e_listeners.append((event, handler))
    (page._e2e_once if once else page._e2e_on)(event, handler)


def _hand_out(page) -> None:
    """Make `page` look new to a test: its own error and console lists, listeners recorded for removal."""
    page._e2e_reusable = True
    page._e2e_origins = set()
    page._e2e_listeners = []
    page.js_errors = []
    page.console_lines = []
    page.on = lambda event, handler: _listen(page, event, handler)
    page.once = lambda event, handler: _listen(page, event, handler, once=True)
    _listen(page, "pageerror", lambda exc: page.js_errors.append(str(exc)))
    _listen(page, "console", lambda msg: _keep_console(page, msg))
    _listen(page, "framenavigated", lambda frame: frame.parent_frame is None and page._e2e_origins.add(
        "/".join(frame.url.split("/")[:3])))


def _hand_back(page, passed: bool) -> bool:
    """Clear `page` for the next test and keep it; False (and the page closed) where it cannot be cleared."""
    try:
        origins = {o for o in page._e2e_origins if o.startswith("http")}
        reusable = (passed and page._e2e_reusable and not page.is_closed() and len(page.context.pages) == 1
                    and len(origins) == 1 and len(page._e2e_origins) == len(origins))
        if reusable:
            for event, handler in page._e2e_listeners:
                with contextlib.suppress(Exception):  # a `once` listener that fired is gone already
                    page.remove_listener(event, handler)
            (origin,) = origins
            answer = page.goto(f"{origin}/_stcore/health", timeout=10_000)
            reusable = answer is not None and answer.ok and page.url.startswith(origin)
        if reusable:
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            page.context.clear_cookies()
            page.context.clear_permissions()
            return True
    except Exception:  # a page that cannot be cleared is closed, never reused
        pass
    with contextlib.suppress(Exception):
        page.context.close()
    return False


@pytest.fixture
def new_page(browser, request):
    """``page = new_page()`` / ``new_page(viewport=(375, 800))``.

    Each call gives a page in a browser context of its own (no cookies or storage shared with another page of
    the test, or left by an earlier test: see _IDLE_PAGES for the tabs that are reused, cleared).
    ``page.js_errors`` collects uncaught page errors, ``page.console_lines`` the
    console's last lines; a failed test's pages are written out (see E2E_ARTIFACTS).
    """
    handed: list = []
    request.node._e2e_pages = []
    reuse = getattr(request.module, "REUSE_PAGES", True)

    def factory(viewport=(1280, 720), **context_kwargs):
        kind = json.dumps(context_kwargs, sort_keys=True, default=str)
        idle = _IDLE_PAGES.setdefault(kind, []) if reuse else []
        page = None
        while idle and page is None:
            page = idle.pop()
            if page.is_closed():
                page = None
        if page is None:
            ctx = browser.new_context(**context_kwargs)
            ctx.set_default_timeout(30000)
            page = ctx.new_page()
            page._e2e_on, page._e2e_once = page.on, page.once
            _taint_on(page, page)
            _taint_on(ctx, page)
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        _hand_out(page)
        handed.append((kind, page))
        request.node._e2e_pages.append(page)
        return page

    yield factory
    report = getattr(request.node, "_e2e_call_report", None)
    passed = report is not None and report.passed
    for kind, page in handed:
        if not reuse:
            with contextlib.suppress(Exception):
                page.context.close()
        elif _hand_back(page, passed):
            _IDLE_PAGES[kind].append(page)
