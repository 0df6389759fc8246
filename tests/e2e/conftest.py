"""Fixtures for the Streamlit browser tests (pytest + playwright, Debian chromium).

Fixtures
  app_server        module scope: one fresh server per test module (.url, .port)
  streamlit_server  function scope: the ``start_server`` context-manager factory;
                    every server started through it is stopped at teardown
  browser           session scope: headless /usr/bin/chromium
  new_page          factory: new_page(viewport=(1280, 720)) -> page in a NEW context

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

from tests.e2e.helpers import (
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    REPO_ROOT,
    StreamlitServer,
    start_server,
)

E2E_DIR = Path(__file__).resolve().parent
CONSOLE_LINES_KEPT = 300
# What the page looked like to Streamlit when the test failed: connection, script state, what is stale.
PAGE_STATE_JS = """
() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const status = document.querySelector('[data-testid="stStatusWidget"]');
  return {
    readyState: document.readyState,
    hasApp: !!app,
    scriptState: app && app.getAttribute('data-test-script-state'),
    connection: app && app.getAttribute('data-test-connection-state'),
    status: status && status.innerText,
    stale: document.querySelectorAll('[data-testid="stElementContainer"][data-stale="true"]').length,
    elements: document.querySelectorAll('[data-testid="stElementContainer"]').length,
    heading: (document.querySelector('[data-testid="stMain"] h1') || {}).innerText || null,
    bodyText: (document.body && document.body.innerText || '').slice(0, 600),
  };
}
"""


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


@pytest.fixture
def streamlit_server():
    """Factory: ``with streamlit_server() as srv:`` -> freshly started server.

    Same as ``tests.e2e.helpers.start_server``; servers are also stopped at
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


@pytest.fixture
def new_page(browser, request):
    """``page = new_page()`` / ``new_page(viewport=(375, 800))``.

    Each call creates a new browser context (no shared cookies/storage).
    ``page.js_errors`` collects uncaught page errors, ``page.console_lines`` the
    console's last lines; a failed test's pages are written out (see E2E_ARTIFACTS).
    """
    contexts = []
    request.node._e2e_pages = []

    def factory(viewport=(1280, 720), **context_kwargs):
        ctx = browser.new_context(
            viewport={"width": viewport[0], "height": viewport[1]}, **context_kwargs
        )
        ctx.set_default_timeout(30000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.js_errors = []
        page.console_lines = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        page.on("console", lambda msg: _keep_console(page, msg))
        request.node._e2e_pages.append(page)
        return page

    yield factory
    for ctx in contexts:
        with contextlib.suppress(Exception):
            ctx.close()
