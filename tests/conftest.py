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


# The longest files first. Two workers take whole files (`--dist loadfile`), each its next file as it finishes one;
# the run ends when the worker holding the last long file does, so the long files go first and the many short ones
# fill in after them. xdist's own order (`--loadscope-reorder`, by the number of tests in a file) put the browser
# files, a few long tests each, last of all. Seconds a file takes one worker in the suite (`bash scripts/test.sh
# --durations=0`, summed by file; docs/performance.md); a file not listed keeps its place in the collection, the
# browser files before the rest. A file whose time changes much moves here: its place only orders the work.
LONGEST_FIRST = ("tests/e2e/test_axe.py", "tests/e2e/test_scenes.py", "tests/e2e/test_t_control.py",
                 "tests/e2e/test_a11y.py", "tests/e2e/test_t_step_page.py", "tests/e2e/test_classroom.py",
                 "tests/e2e/test_lecture_tools.py", "tests/e2e/test_classroom_kinds.py", "tests/e2e/test_presenter.py",
                 "tests/e2e/test_handout.py", "tests/e2e/test_burst.py", "tests/e2e/test_security.py")


def pytest_collection_modifyitems(config, items):
    rank = {path: k for k, path in enumerate(LONGEST_FIRST)}

    def place(item) -> tuple[int, int]:
        path = item.nodeid.split("::", 1)[0]
        return rank.get(path, len(rank)), 0 if path.startswith("tests/e2e/") else 1

    items.sort(key=place)  # stable: a file's tests keep their order
