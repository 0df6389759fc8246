"""Settings for the whole suite: no timing assertions from hypothesis, and whole-page runs for AppTest."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from attention_core.ui import tparts

# Hypothesis's deadline and its too_slow check are timing assertions: on a busy 2-core machine the first example
# of a test (numpy warming up) can take longer than 200 ms, and the suite must stay green under load.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


def pytest_configure(config):
    config.addinivalue_line("markers", "partial_t: keep the partial redraw of T steps in AppTest")


@pytest.fixture(autouse=True)
def whole_page_runs(request, monkeypatch):
    """AppTest shows only the elements of the last run, and a T step reruns only the T parts: the page tests
    read whole pages, so T steps rerun the whole page here; tests marked `partial_t` keep the partial
    redraw (tests/app/test_t_parts.py checks it against the whole page)."""
    if request.node.get_closest_marker("partial_t") is None:
        monkeypatch.setattr(tparts, "PARTIAL_T_REDRAW", False)
