"""A reload (F5) keeps the lesson: the address carries a short session id, set once, and the server keeps the
encoded state under it. Slider steps add no history entries; a share link still wins over the id."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from attention_core import codec
from attention_core.scenario import Scenario, View
from tests.e2e.driver import SIDEBAR, T_VALUE, edit_first_cell, go_to, set_sentence, settle, step_t, tick_texts
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

SENTENCE = "고양이가 매트 위에 앉았다"
T_THUMB = f"{SIDEBAR} {T_VALUE}"  # the T control's value


def sid_of(url: str) -> str:
    m = re.search(r"[?&]sid=([A-Za-z0-9_-]{12})(?:&|$)", url)
    assert m, url
    return m.group(1)


def weights_chart(page) -> list:
    return page.evaluate(CHARTS_Z)


CHARTS_Z = JS["CHARTS_Z"]


def wait_for_charts_to_change(page, before: list, timeout: float = 30_000) -> None:
    """The rerun an edit starts may begin a moment after the edit: wait (bounded) until the charts differ."""
    page.wait_for_function(f"before => JSON.stringify(({CHARTS_Z})()) !== JSON.stringify(before)", arg=before,
                           timeout=timeout)


def test_reload_after_edits_shows_the_same_state_and_page(app_server, new_page):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    first_sid = sid_of(page.url)
    start_len = page.evaluate("history.length")
    step_t(page, times=5, each_answered=True)  # 1 → 1.2 → 1.4 → 1.6 → 1.8 → 2
    assert page.evaluate("history.length") - start_len <= 1
    assert page.locator(T_THUMB).first.inner_text() == "2"
    set_sentence(page, SENTENCE)
    go_to(page, "gaze")
    unedited = weights_chart(page)
    edit_first_cell(page, "w_q", "3")  # W_Q[감정, q1]: 0 → 3
    wait_for_charts_to_change(page, unedited)  # the edit reached the charts (Q changed); times out otherwise
    settle(page)
    go_to(page, "score")
    before_ticks, before_z = tick_texts(page), weights_chart(page)
    assert sid_of(page.url) == first_sid  # the same id across page switches
    page.reload()
    settle(page)
    assert page.url.split("?")[0].endswith("/score")
    assert sid_of(page.url) == first_sid
    # the restored widgets are filled by the first run after the reload: wait (bounded) for them
    expect(page.locator(f"{SIDEBAR} [data-testid='stTextInput'] input").first).to_have_value(SENTENCE,
                                                                                             timeout=30_000)
    expect(page.locator(T_THUMB).first).to_have_text("2", timeout=30_000)
    settle(page)
    assert tick_texts(page) == before_ticks and weights_chart(page) == before_z  # same matrices, same T


def test_a_share_link_wins_over_the_session_id(app_server, new_page):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    sid = sid_of(page.url)
    set_sentence(page, SENTENCE)
    token = codec.encode_link(Scenario().with_temperature(0.5), View())
    page.goto(app_server.page_url(f"score?sid={sid}&s={token}"))
    settle(page)
    assert "아름다운" in tick_texts(page) and SENTENCE.split()[0] not in tick_texts(page)
    assert page.locator(T_THUMB).first.inner_text() == "0.5"
    assert "s=" not in page.url.split("?", 1)[1].replace("sid=", "")  # the address now carries the id only
    page.reload()  # a reload keeps the shared state, not the one typed before
    settle(page)
    assert page.locator(T_THUMB).first.inner_text() == "0.5"


def test_an_unknown_or_malformed_id_starts_afresh(app_server, new_page):
    page = new_page()
    page.goto(app_server.page_url("score?sid=AAAAAAAAAAAA"))
    settle(page)
    assert "아름다운" in tick_texts(page) and sid_of(page.url) == "AAAAAAAAAAAA"
    page.goto(app_server.page_url("score?sid=<script>"))
    settle(page)
    assert "아름다운" in tick_texts(page) and sid_of(page.url) != "<script>"
