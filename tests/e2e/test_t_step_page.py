"""A T step redraws only the T parts of a page: in a real browser, the page after a step must show what the
same page shows when opened fresh at the new T (from the share link the step left behind): every chart's
drawn data and title, and every text on the page. Also what a T step costs the server (one run where the sidebar's
T part is the page's only one) and that the share link never leaves the sidebar while a page runs."""

from __future__ import annotations

import contextlib
import difflib
from dataclasses import replace

import pytest
from playwright.sync_api import expect

from attention_core import codec
from attention_core.scenario import Scenario, View
from tests.e2e.driver import (
    PAGE_KEYS,
    SEL_MAIN,
    chart_names,
    chart_shown,
    go_to,
    set_sentence,
    settle,
    share_link,
    step_t,
)
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

# the multi-head heads follow the sidebar T; ⑧ with positions and a causal mask
SCENARIOS = {"multihead": {"head_temperature": "shared"}, "order": {"pe_alpha": 1.0, "mask": "causal"}}


def shown(page) -> dict:
    """What the page shows: its main text and every chart as drawn."""
    return {
        "text": page.locator(SEL_MAIN).inner_text(),
        "charts": {name: chart_shown(page, name) for name in chart_names(page)},
    }


# the pages of the default lesson, walked in one session by their links; the others open their own state
WALKED = [key for key in PAGE_KEYS if key not in SCENARIOS]


def step_and_compare(page, fresh, key: str) -> None:
    """One step of the T control on `page` (the browser's preview, then the run once the hand stops), then the page
    opened fresh from the share link the step left behind, in the tab `fresh` (a browser of its own), must show the
    same."""
    before = codec.decode_link(share_link(page).split("?s=", 1)[1])[0].temperature
    step_t(page)
    link = share_link(page)
    assert codec.decode_link(link.split("?s=", 1)[1])[0].temperature > before, key
    stepped = shown(page)

    fresh.goto(link)
    settle(fresh)
    # On a busy machine the fresh page was once read settled with half of ③ drawn (nothing running, its charts so far
    # drawn, the rest on screen a moment later; the cause not found). Wait (bounded) for the stepped page's text: a
    # page that never shows it fails below with the difference.
    with contextlib.suppress(AssertionError):
        expect(fresh.locator(SEL_MAIN)).to_have_text(stepped["text"], use_inner_text=True, timeout=30_000)
        settle(fresh)
    now = shown(fresh)
    assert now["text"] == stepped["text"], "\n".join(difflib.unified_diff(
        stepped["text"].splitlines(), now["text"].splitlines(), f"{key} after the step", "opened fresh", lineterm=""))
    assert now["charts"] == stepped["charts"], key


def test_a_t_step_shows_what_the_page_at_that_t_shows_on_every_page_walked_by_its_links(app_server, new_page):
    page, fresh = new_page(), new_page()
    page.goto(app_server.url)
    settle(page)
    for key in WALKED:
        if key != "home":
            go_to(page, key)
        step_and_compare(page, fresh, key)


@pytest.mark.parametrize("key", list(SCENARIOS))
def test_a_t_step_shows_what_the_page_at_that_t_shows(app_server, new_page, key):
    token = codec.encode_link(replace(Scenario(), **SCENARIOS[key]), View())
    page, fresh = new_page(), new_page()
    page.goto(f"{app_server.page_url(key)}?s={token}")
    settle(page)
    step_and_compare(page, fresh, key)


def record_runs(page) -> list[str]:
    """The kinds of message the page receives from now on ("new_session" starts a run), a script_finished as
    "finished:<status name>"."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    kinds: list[str] = []

    def on_socket(ws) -> None:
        def received(payload) -> None:
            if isinstance(payload, bytes):
                msg = ForwardMsg()
                msg.ParseFromString(payload)
                kind = msg.WhichOneof("type")
                if kind == "script_finished":
                    kind = f"finished:{ForwardMsg.ScriptFinishedStatus.Name(msg.script_finished)}"
                kinds.append(kind)

        ws.on("framereceived", received)

    page.on("websocket", on_socket)
    return kinds


def test_after_a_sentence_and_a_page_switch_a_t_step_is_still_a_t_part_run(app_server, new_page):
    """A widget of a page left behind must not make a T step a run of the whole page (a callback that returns
    normally turns Streamlit's run of the parts by name into one): what the load test's students once did."""
    page = new_page()
    kinds = record_runs(page)
    page.goto(app_server.url)
    settle(page)
    set_sentence(page, "나는 오늘 슬픈 영화를 보았다")
    go_to(page, "score")
    settle(page)
    kinds.clear()
    step_t(page)
    finished = [k for k in kinds if k.startswith("finished:")]
    assert finished[-1] == "finished:FINISHED_FRAGMENT_RUN_SUCCESSFULLY", kinds
    assert "finished:FINISHED_SUCCESSFULLY" not in finished, kinds


def test_a_t_step_on_a_page_with_no_t_chart_is_one_script_run(app_server, new_page):
    """Where the sidebar's T part is the page's only one (①; ⑥ while the heads keep their own T), the step is
    the run Streamlit starts for the control's own part. Asking for parts by name costs two runs, the first cut
    short at once (frame.Page.redraw_t): each run begins with a new_session message, so count those. The share
    link, drawn in that part, carries the new T. ① opened, then ⑥ by its link."""
    page = new_page()
    kinds = record_runs(page)
    page.goto(app_server.page_url("gaze"))
    settle(page)
    for key in ("gaze", "multihead"):
        if key != "gaze":
            go_to(page, key)
        before = codec.decode_link(share_link(page).split("?s=", 1)[1])[0].temperature
        kinds.clear()
        step_t(page)
        assert kinds.count("new_session") == 1, (key, kinds)
        assert [k for k in kinds if k.startswith("finished:")] == ["finished:FINISHED_FRAGMENT_RUN_SUCCESSFULLY"], (
            key, kinds)
        assert codec.decode_link(share_link(page).split("?s=", 1)[1])[0].temperature > before, key


# Counts, on every animation frame, the frames in which the sidebar does not show exactly one share link.
LINK_WATCH_JS = JS["LINK_WATCH_JS"]


def test_the_share_link_stays_on_screen_while_the_page_runs(app_server, new_page):
    """On ① the link sits in the sidebar T control's part and is written once the page is drawn; on ② in the
    tail's part. Either way the browser keeps the old link until the new one arrives: a whole run (a new
    sentence) and a T step never leave the sidebar without it. ① opened, then ② by its link (the switch itself is
    not watched)."""
    page = new_page()
    page.goto(app_server.page_url("gaze"))
    settle(page)
    long = " ".join(["슬픈 영화였다 아름다운 장면이었다"] * 12)  # 48 words: a whole run long enough to be seen
    for key in ("gaze", "score"):
        if key != "gaze":
            go_to(page, key)
        page.evaluate(LINK_WATCH_JS)
        for sentence in (long, "슬픈 영화였다 아름다운 장면이었다", long, "나는 오늘 영화를 보았다"):
            set_sentence(page, sentence)
            step_t(page)
            settle(page)
        assert page.evaluate("() => { window.__linkWatch.on = false; return window.__linkWatch.missing; }") == 0, key
        assert codec.decode_link(share_link(page).split("?s=", 1)[1])[0].sentence == "나는 오늘 영화를 보았다"
