"""The whole app in headless Chromium: every page through its links, the sentence reaching every chart, a rerun
with nothing changed writing into no widget on any page, the share link in a fresh browser, and a deep link on a
freshly started server.

The server writes a value into a widget (`set_value`) when the canonical value changed from elsewhere, and again
on every run until the browser has reported that widget (`binding.browser_has`: a written value can be lost between
two runs). A browser reports every widget it holds with every request, so once a page is drawn no widget is
written: one that were, run after run, would overwrite what a user types while a run is under way.
"""

from __future__ import annotations

import re

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from attention_core.i18n import text
from tests.e2e.driver import (
    PAGE_KEYS,
    SIDEBAR_LINKS,
    by_key,
    chart_count,
    chart_title,
    go_to,
    rows_on_top,
    set_sentence,
    settle,
    share_link,
    switch_language,
    tick_texts,
)

NEW_SENTENCE = "고양이가 매트 위에 앉았다"


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


def test_every_page_through_the_links_with_the_edited_sentence(app_server, new_page):
    """One session, as a student walks it: the edited sentence on every page's charts, and on each page a rerun the
    browser asks for with nothing changed (Streamlit's "r", every widget as the browser holds it) writes into no
    widget."""
    page = new_page()
    frames: list[bytes] = []
    sockets = []

    def watch(ws) -> None:
        sockets.append(ws)
        ws.on("framereceived", lambda p: frames.append(p) if isinstance(p, bytes) else None)

    page.on("websocket", watch)
    page.goto(app_server.url)
    settle(page)
    assert page.locator(SIDEBAR_LINKS).count() == len(PAGE_KEYS)
    set_sentence(page, NEW_SENTENCE)
    seen = {}
    for key in PAGE_KEYS:
        go_to(page, key)
        assert chart_count(page) >= 1, key
        ticks = tick_texts(page)
        assert "고양이가" in ticks and "앉았다" in ticks, (key, ticks[:20])
        assert "아름다운" not in ticks, key
        flags = rows_on_top(page)
        assert flags and all(flags), (key, flags)
        frames.clear()
        page.locator("[data-testid='stMain'] h1").first.click()  # the focus on no text box
        # wait for the end of the run the "r" starts (bounded)
        with sockets[-1].expect_event("framereceived", predicate=finished, timeout=30_000):
            page.keyboard.press("r")
        settle(page)
        seen[key] = written(frames)
    assert seen == {key: [] for key in PAGE_KEYS}
    assert page.js_errors == []


def test_share_link_reproduces_the_state_in_a_fresh_browser(app_server, new_page):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    set_sentence(page, "나는 어제 슬픈 영화를 보았다")
    switch_language(page, "en")
    go_to(page, "score")
    by_key(page, "pick:col:score").locator("input").click()  # the looked-at word (column j)
    page.get_by_role("option", name="영화를").click()
    settle(page)
    assert "‘나는’ → ‘영화를’" in chart_title(page, "contributions")
    link = share_link(page)
    assert re.match(r"^http://127\.0\.0\.1:\d+/score\?s=[A-Za-z0-9_-]+$", link), link
    assert len(link) < 2000

    fresh = new_page()  # a new browser context: no cookies, no session
    fresh.goto(link)
    settle(fresh)
    assert fresh.url.split("?")[0].endswith("/score")
    ticks = tick_texts(fresh)
    assert "보았다" in ticks and "아름다운" not in ticks
    assert fresh.get_by_role("heading", name=text("en", "page.score")).count() == 1  # English kept
    assert "‘나는’ → ‘영화를’" in chart_title(fresh, "contributions")  # the picked cell (row 0, column 3) kept
    assert share_link(fresh).split("?s=")[1] == link.split("?s=")[1]


def test_deep_link_to_an_inner_page_on_a_freshly_started_server(streamlit_server, new_page):
    with streamlit_server() as fresh_server:
        page = new_page()
        page.goto(fresh_server.page_url("temperature"))
        settle(page)
        assert page.locator(SIDEBAR_LINKS).count() == len(PAGE_KEYS)  # the full sidebar, translated
        assert page.locator(SIDEBAR_LINKS).nth(0).inner_text().startswith("처음")
        assert chart_count(page) >= 1
        go_to(page, "gaze")
        assert "아름다운" in tick_texts(page)
