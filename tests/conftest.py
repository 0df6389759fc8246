"""Settings for every test that runs the app in-process (Streamlit's AppTest)."""

from __future__ import annotations

import pytest

from attention_core.ui import frame


def pytest_configure(config):
    config.addinivalue_line("markers", "partial_t: keep the partial redraw of T steps in AppTest")
    config.addinivalue_line("markers", "solo: a browser test run with no other test beside it (see scripts/test.sh)")


def pytest_addoption(parser):
    parser.addoption("--solo", choices=("all", "skip", "only"), default="all",
                     help="tests marked solo: run them with the rest (all), leave them out (skip) or run only them "
                          "(only); scripts/test.sh runs the rest on two workers, then these alone")


def pytest_collection_modifyitems(config, items):
    which = config.getoption("solo")
    if which == "all":
        return
    keep = [item for item in items if (item.get_closest_marker("solo") is not None) == (which == "only")]
    if len(keep) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in keep])
        items[:] = keep


@pytest.fixture(autouse=True)
def whole_page_runs(request, monkeypatch):
    """AppTest shows only the elements of the last run, and a T step reruns only the T parts: the page tests
    read whole pages, so T steps rerun the whole page here; tests marked `partial_t` keep the partial
    redraw (tests/app/test_t_parts.py checks it against the whole page)."""
    if request.node.get_closest_marker("partial_t") is None:
        monkeypatch.setattr(frame, "PARTIAL_T_REDRAW", False)
