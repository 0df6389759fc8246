"""AppTest helpers: every page is run the way a browser reaches it, through app.py and a page switch."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import numpy as np
import plotly.graph_objects as go
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


def _decode(obj):
    """Plotly's typed-array JSON ({"dtype", "bdata", "shape"}) back to numpy arrays, recursively."""
    if isinstance(obj, dict):
        if "bdata" in obj and "dtype" in obj:
            arr = np.frombuffer(base64.b64decode(obj["bdata"]), dtype=np.dtype(obj["dtype"]))
            shape = obj.get("shape")
            return arr.reshape([int(n) for n in str(shape).split(",")]) if shape else arr
        return {k: _decode(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_decode(v) for v in obj]
    return obj


def chart_figures(at: AppTest) -> dict[str, go.Figure]:
    """Every chart on the page as a plotly Figure (typed arrays decoded), by its title text."""
    out = {}
    for spec in chart_specs(at):
        fig = go.Figure(_decode(json.loads(spec)))
        title = (fig.layout.title.text or f"untitled-{len(out)}").replace("<br>", " ")
        out[title] = fig
    return out


def chart_titled(at: AppTest, part: str) -> go.Figure:
    """The one chart whose title contains `part`."""
    found = [fig for title, fig in chart_figures(at).items() if part in title]
    assert len(found) == 1, (part, list(chart_figures(at)))
    return found[0]


def edit_matrix(at: AppTest, name: str, edits: dict[int, dict[str, object]]) -> AppTest:
    """Simulate editing cells of the editor for matrix `name` (x, w_q, w_k, w_v, gamma_beta) and rerun."""
    key = next(e.key for e in at.data_editor if str(e.key).startswith(f"edit:{name}:"))
    at.session_state[key] = {"edited_rows": edits, "added_rows": [], "deleted_rows": []}
    return at.run()


@pytest.fixture
def page_at():
    return open_page
