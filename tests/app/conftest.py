"""AppTest helpers: every page is run the way a browser reaches it, through app.py and a page switch."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from attention_core.ui import PAGES

APP = str(Path(__file__).resolve().parents[2] / "app.py")
PAGE_FILES = dict(PAGES)


def open_page(key: str, query: dict[str, str] | None = None, url: str = "http://localhost:8501") -> AppTest:
    """An AppTest that started at Home (as a fresh session) and then switched to page `key`."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.context["url"] = url
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    if key != "home":
        at.switch_page(PAGE_FILES[key]).run()
    assert_clean(at)
    return at


def assert_clean(at: AppTest) -> None:
    """No exception block on the page."""
    assert not at.exception, [e.value for e in at.exception]


def state(at: AppTest):
    """The session's canonical AppState."""
    return at.session_state["attention_state"]


def charts(at: AppTest) -> list:
    return at.get("plotly_chart")


def chart_specs(at: AppTest) -> list[str]:
    """The JSON spec of every Plotly chart on the page (what the browser would draw)."""
    return [c.proto.spec for c in charts(at)]


def edit_matrix(at: AppTest, name: str, edits: dict[int, dict[str, object]]) -> AppTest:
    """Simulate editing cells of the editor for matrix `name` (x, w_q, w_k, w_v, gamma_beta) and rerun."""
    keys = [e.key for e in at.get("arrow_data_frame") if getattr(e, "key", None)] + [
        k for k in at.session_state.filtered_state if str(k).startswith(f"edit:{name}:")
    ]
    key = next(k for k in keys if str(k).startswith(f"edit:{name}:"))
    at.session_state[key] = {"edited_rows": edits, "added_rows": [], "deleted_rows": []}
    return at.run()


@pytest.fixture
def page_at():
    return open_page
