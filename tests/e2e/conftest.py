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
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest

from tests.e2e.helpers import (
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    StreamlitServer,
    start_server,
)

E2E_DIR = Path(__file__).resolve().parent


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


@pytest.fixture
def new_page(browser):
    """``page = new_page()`` / ``new_page(viewport=(375, 800))``.

    Each call creates a new browser context (no shared cookies/storage).
    ``page.js_errors`` collects uncaught page errors.
    """
    contexts = []

    def factory(viewport=(1280, 720), **context_kwargs):
        ctx = browser.new_context(
            viewport={"width": viewport[0], "height": viewport[1]}, **context_kwargs
        )
        ctx.set_default_timeout(30000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        return page

    yield factory
    for ctx in contexts:
        with contextlib.suppress(Exception):
            ctx.close()
