"""A rerun the browser asks for with nothing changed writes a value into no widget, on any page.

The server writes a value into a widget (`set_value`) when the canonical value changed from elsewhere, and again
on every run until the browser has reported that widget (`binding.browser_has`: a written value can be lost between
two runs). A browser reports every widget it holds with every request, so once a page is drawn no widget is
written: one that were, run after run, would overwrite what a user types while a run is under way.
"""

from __future__ import annotations

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from attention_core.registry import PAGE_KEYS
from tests.e2e.driver import go_to, settle


def written(frames: list[bytes]) -> list[str]:
    """The widgets the server wrote a value into, in these messages: "<kind> <key>"."""
    out = []
    for payload in frames:
        msg = ForwardMsg.FromString(payload)
        if msg.WhichOneof("type") != "delta" or msg.delta.WhichOneof("type") != "new_element":
            continue
        kind = msg.delta.new_element.WhichOneof("type")
        proto = getattr(msg.delta.new_element, kind)
        if getattr(proto, "set_value", False) is True:
            out.append(f"{kind} {proto.id.split('-', 2)[-1]}")  # the id: "$$ID-<hash>-<key>"
    return out


def finished(payload) -> bool:
    """Is this websocket message the end of a script run?"""
    return isinstance(payload, bytes) and ForwardMsg.FromString(payload).WhichOneof("type") == "script_finished"


def test_a_rerun_with_nothing_changed_writes_into_no_widget_on_any_page(app_server, new_page):
    page = new_page()
    frames: list[bytes] = []
    sockets = []

    def watch(ws) -> None:
        sockets.append(ws)
        ws.on("framereceived", lambda p: frames.append(p) if isinstance(p, bytes) else None)

    page.on("websocket", watch)
    page.goto(app_server.url)
    settle(page)
    seen = {}
    for key in PAGE_KEYS:  # by the app's own links: one session, as a student walks it
        if key != "home":
            go_to(page, key)
        frames.clear()
        page.locator("[data-testid='stMain'] h1").first.click()  # the focus on no text box
        # Streamlit's key for a rerun (every widget as the browser holds it); wait for that run's end (bounded)
        with sockets[-1].expect_event("framereceived", predicate=finished, timeout=30_000):
            page.keyboard.press("r")
        settle(page)
        seen[key] = written(frames)
    assert seen == {key: [] for key in PAGE_KEYS}
