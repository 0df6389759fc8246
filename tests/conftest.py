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


# The longest browser files first. The workers take whole files (`--dist loadfile --no-loadscope-reorder`), each its
# next file as it finishes one, and the browser tier ends when the worker holding the last long file does: the long
# files go first and the short ones fill in after them. xdist's own order (`--loadscope-reorder`, by the number of
# tests in a file) put the files of one long test each (a class of five phones, the burst on every page) last of
# all, with one worker idle while the other ran them. Seconds a file takes one worker (`bash scripts/test.sh
# --durations=0`, summed by file; docs/performance.md); a file not listed keeps its place after these. A file whose
# time changes much moves here: its place only orders the work.
LONGEST_FIRST = ("test_axe", "test_scenes", "test_t_control", "test_a11y", "test_classroom", "test_classroom_kinds",
                 "test_t_step_page", "test_lecture_tools", "test_presenter", "test_handout", "test_own_lesson",
                 "test_tour", "test_replicas", "test_security", "test_burst", "test_loadtest", "test_learn",
                 "test_t_player", "test_isolation", "test_phone", "test_reload", "test_room_numbers",
                 "test_classroom_replicas")


def pytest_collection_modifyitems(config, items):
    rank = {f"tests/e2e/{name}.py": k for k, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))  # stable: a file keeps its order
