"""AppTest helpers: every page is run the way a browser reaches it, through app.py and a page switch."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import plotly.graph_objects as go
import pytest
from streamlit.testing.v1 import AppTest

from attention_core import store
from attention_core.i18n import CATALOGUE, text
from attention_core.registry import page_spec
from attention_core.ui import state as ui_state
from attention_core.ui.tables import T_TABLE_CLASS
from tests.figure_data import decode_typed_arrays

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def open_page(key: str, query: dict[str, str] | None = None, url: str = "http://localhost:8501") -> AppTest:
    """An AppTest that started at Home (as a fresh session) and then switched to page `key`."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.context["url"] = url
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    if key != "home":
        at.switch_page(page_spec(key).file).run()
    assert_clean(at)
    return at


class Browser:
    """Which browser the sessions a test opens come from: each browser sends its own owner cookie (AppTest cannot
    send cookies, so `ui.state.owner_cookie` answers for it). `switch()` moves to another browser, `none()` to one
    that sends no cookie."""

    def __init__(self, monkeypatch) -> None:
        self._monkeypatch = monkeypatch
        self.switch()

    def switch(self) -> str:
        owner = store.new_owner()
        self._monkeypatch.setattr(ui_state, "owner_cookie", lambda: owner)
        return owner

    def none(self) -> None:
        self._monkeypatch.setattr(ui_state, "owner_cookie", lambda: None)


@pytest.fixture(autouse=True)
def browser(monkeypatch) -> Browser:
    """Every session a test opens comes from one browser unless the test switches (`browser.switch()`): as a user's
    own tabs and reloads do. (The page's setting of the cookie for a browser that has none is tested in Chromium:
    tests/e2e/test_security.py.)"""
    return Browser(monkeypatch)


def visible(text: str) -> str:
    """Text as read: without the invisible isolates the app puts around each user's word in a list (i18n.isolated)."""
    return re.sub("[\u2066-\u2069]", "", text)


def assert_clean(at: AppTest) -> None:
    """No exception block on the page."""
    assert not at.exception, [e.value for e in at.exception]


def state(at: AppTest):
    """The session's canonical AppState."""
    return at.session_state["attention_state"]


LIVE_CHART = "attention_live_chart"  # the component of `page.chart(..., live=True)` (attention_core.ui.live_chart)


def _walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def t_controls(at: AppTest) -> list[str]:
    """The keys of the page's T controls (components v2 elements, "tc:<slider key>")."""
    return [e.proto.id.rsplit("-", 1)[-1] for e in _walk(at._tree)
            if getattr(getattr(e, "proto", None), "component_name", None) == "attention_t_control"]


def release_control(at: AppTest, key: str, value) -> None:
    """Run the page with the T control `key` ("tc:sb:T") sending `value` as the browser's control does once the
    hand stops (its "t" event: a T, or {"t": T, "drawn": false}), the other widgets as the page holds them."""
    from streamlit.components.v2.bidi_component.main import _make_trigger_id

    element = next(e for e in _walk(at._tree) if getattr(getattr(e, "proto", None), "id", "").endswith(f"-{key}"))
    states = at._tree.get_widget_states()
    trigger = states.widgets.add()
    trigger.id = _make_trigger_id(element.proto.id, "events")
    trigger.json_trigger_value = json.dumps([{"event": "t", "value": value}])
    at._run(states)


def charts(at: AppTest) -> list:
    """The charts on the page in page order: `st.plotly_chart`s and live charts."""
    return [e for e in _walk(at._tree) if getattr(e, "type", None) == "plotly_chart"
            or getattr(getattr(e, "proto", None), "component_name", None) == LIVE_CHART]


def figure_json(c) -> dict:
    """A chart element's figure, as the browser receives it."""
    if getattr(c.proto, "component_name", None) == LIVE_CHART:
        figure = json.loads(c.proto.json)["figure"]
        return json.loads(figure) if isinstance(figure, str) else figure
    return json.loads(c.proto.spec)


def chart(at: AppTest, name: str) -> go.Figure:
    """The chart the page drew with `page.chart(fig, name)` (its element key is "chart:<name>")."""
    found = [c for c in charts(at) if c.proto.id.endswith(f"-chart:{name}")]
    assert len(found) == 1, (name, [c.proto.id.rsplit("-", 1)[-1] for c in charts(at)])
    return go.Figure(decode_typed_arrays(figure_json(found[0])))


def chart_names(at: AppTest) -> list[str]:
    """The names (keys without "chart:") of the charts on the page, in page order."""
    return [c.proto.id.split("-chart:", 1)[-1] for c in charts(at)]


def strings_in(obj) -> set[str]:
    """Every string in a decoded figure (labels, titles, hover text): compare words, never serialised JSON."""
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings_in(v) for v in obj.values())) if obj else set()
    if isinstance(obj, (list, tuple)):
        return set().union(*(strings_in(v) for v in obj)) if obj else set()
    return set()


def chart_words(at: AppTest, name: str) -> set[str]:
    """Every string of one chart, decoded (what the browser shows as ticks, titles and hover)."""
    return strings_in(chart(at, name).to_plotly_json())


def title(at: AppTest, name: str) -> str:
    """The title text of chart `name`, as the browser shows it (line breaks as spaces)."""
    return (chart(at, name).layout.title.text or "").replace("<br>", " ")


T_TABLE = f'<div class="{T_TABLE_CLASS}"'


def t_tables(at: AppTest) -> list[dict]:
    """The T tables the page drew (tables.weight_path_table), read from their HTML: the region's name, the T they
    were drawn at, their column headers, rows (the row header and its cells as printed), the weights' bar widths,
    the sentence under them and the inputs the browser redraws them from (`path`)."""
    out = []
    for h in at.get("html"):
        body = h.proto.body
        if not body.startswith(T_TABLE):
            continue
        attr = {k: html.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', body.split("<table>", 1)[0])}
        cells = lambda tag, text: [html.unescape(c) for c in re.findall(rf"<{tag}(?:\s[^>]*)?>(.*?)</{tag}>", text)]  # noqa: E731
        body_rows = re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>", 1)[1])
        rows = [(cells("th", tr)[0], cells("td", tr)) for tr in body_rows]
        out.append({"name": attr["aria-label"], "t": float(attr["data-t"]), "path": json.loads(attr["data-path"]),
                    "cols": cells("th", body.split("</thead>", 1)[0]), "rows": rows,
                    "bars": re.findall(r'style="--w: ([^"]*)"', body),
                    "caption": cells("p", body)[0]})
    return out


def say(key: str, lang: str = "ko", **params: object) -> str:
    """The catalogue string `key` (what the page shows for it), so tests name strings by key, not wording."""
    assert key in CATALOGUE, key
    return text(lang, key, **params)


def open_editors(at: AppTest) -> AppTest:
    """Open the page's editors expander (its editors are built only while it is open), as a click does."""
    for key in [e.key for e in at.expander if str(e.key or "").startswith("editors:")]:
        if not at.session_state[key]:
            at.session_state[key] = True
            at.run()
    return at


def open_drawer(at: AppTest, key: str) -> AppTest:
    """Open the sidebar drawer `key` ("tl:box" the lecture tools, "sc:box" the lesson scenes) if it is closed:
    a drawer builds its content only while open (ui/drawers.py), as a click opens it."""
    box = next(e for e in at.expander if e.key == key)
    if not at.session_state[box.key]:
        at.session_state[box.key] = True
        # what the drawer's on_change does on a click (AppTest calls no callback for a value it is given): the
        # session keeps it open across pages and languages (frame.Page.drawer)
        state(at).kept[key] = True
        at.run()
    return at


def edit_matrix(at: AppTest, name: str, edits: dict[int, dict[str, object]]) -> AppTest:
    """Simulate editing cells of the editor for matrix `name` (x, w_q, w_k, w_v, gamma_beta) and rerun."""
    open_editors(at)
    key = next(e.key for e in at.data_editor if str(e.key).startswith(f"edit:{name}:"))
    at.session_state[key] = {"edited_rows": edits, "added_rows": [], "deleted_rows": []}
    return at.run()


@pytest.fixture
def page_at():
    return open_page
