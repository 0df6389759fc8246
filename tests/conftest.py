"""Settings for every test that runs the app in-process (Streamlit's AppTest)."""

from __future__ import annotations

import pytest

from attention_core.ui import frame


def pytest_configure(config):
    config.addinivalue_line("markers", "partial_t: keep the partial redraw of T steps in AppTest")


@pytest.fixture(autouse=True)
def whole_page_runs(request, monkeypatch):
    """AppTest shows only the elements of the last run, and a T step reruns only the T parts: the page tests
    read whole pages, so T steps rerun the whole page here; tests marked `partial_t` keep the partial
    redraw (tests/app/test_t_parts.py checks it against the whole page)."""
    if request.node.get_closest_marker("partial_t") is None:
        monkeypatch.setattr(frame, "PARTIAL_T_REDRAW", False)
