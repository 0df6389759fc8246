"""Lecture tools in a real browser: presenter walk, predict-then-reveal, snapshot diff, downloads, JSON upload."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import expect

from attention_core import analysis
from attention_core.i18n import text
from attention_core.scenario import Scenario
from tests.e2e.driver import (
    PAGE_KEYS,
    SIDEBAR,
    by_key,
    chart_by_name,
    chart_names,
    chart_shown,
    click_button,
    click_toggle,
    edit_first_cell,
    go_to,
    open_drawer,
    open_tools,
    path_of,
    set_sentence,
    settle,
    share_link,
    step_t,
    switch_language,
    tick_texts,
    upload_state,
)
from tests.e2e.page_checks import probes_beside

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page


def test_presenter_mode_walks_every_step_and_stays_with_the_lecturer_not_the_share_link(app_server, new_page):
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.url)
    settle(page)
    click_toggle(page, "sb:presenter")
    body_px = page.evaluate(JS["BODY_PX_JS"])
    assert body_px >= 22
    chart_px = page.evaluate(JS["CHART_PX_JS"])
    assert chart_px >= 16
    box = page.locator(SIDEBAR).bounding_box()
    assert box is None or box["x"] + box["width"] <= 1  # the sidebar is folded away
    page.locator("[data-testid='stMain'] h1").first.click()  # shortcuts act when no input has the focus
    for key in PAGE_KEYS[1:]:  # each press one step on: the next page's address, then its run over
        page.keyboard.press("PageDown")
        page.wait_for_url(f"**/{key}*", timeout=60000)
        settle(page)
        assert path_of(page) == key
    page.keyboard.press("PageUp")
    page.wait_for_url(f"**/{PAGE_KEYS[-2]}*", timeout=60000)
    settle(page)
    assert path_of(page) == PAGE_KEYS[-2]
    link = share_link(page)
    fresh = new_page(viewport=(390, 844))  # a student's phone opening the lecturer's link
    fresh.goto(link)
    settle(fresh)
    assert fresh.url.split("?")[0].endswith(f"/{PAGE_KEYS[-2]}")  # the same page and state
    assert by_key(fresh, "pr:next").count() == 0  # but not presenter mode: it stays with the lecturer
    assert by_key(page, "pr:next").count() == 1


@pytest.mark.parametrize(("key", "name"), [("score", "scores"), ("temperature", "weights"), ("value", "output")])
def test_a_hidden_result_stays_hidden_until_revealed(app_server, new_page, key, name):
    """On score the quiz is drawn with the page; on temperature and value it sits in a T part (a fragment)."""
    page = new_page()
    page.goto(app_server.page_url(key))
    settle(page)
    assert name in chart_names(page)
    click_toggle(page, f"quiz:{key}:{name}:hidden")
    assert name not in chart_names(page)
    click_button(page, f"quiz:{key}:{name}:reveal")
    assert name in chart_names(page)
    legend = [t["name"] for t in chart_shown(page, name)["traces"] if t["name"]]
    assert text("ko", "lecture.guess") in legend and text("ko", "lecture.winner") in legend


def test_snapshot_diff_names_the_largest_change_after_editing_one_weight(app_server, new_page):
    page = new_page()
    page.goto(app_server.page_url("gaze"))
    settle(page)
    open_tools(page)
    click_button(page, "tl:snapshot")
    edit_first_cell(page, "w_q", "3")  # W_Q[감정, q1]: 0 → 3
    compare = page.locator("[data-testid='stExpander']", has_text=text("ko", "lecture.compare"))
    # the edit's run may start a moment after the editor reports it: wait (bounded) for the compare to follow
    expect(compare).to_contain_text(text("ko", "lecture.largest"), timeout=60000)
    shown = compare.inner_text()
    a = Scenario()
    w_q = a.w_q.copy()
    w_q[0, 0] = 3.0
    b = a.with_matrix("w_q", w_q)
    delta = analysis.compare(analysis.compute(a), analysis.compute(b))["scores"]
    i, j, d = analysis.top_changes(np.zeros_like(delta), delta)[0]
    assert f"{a.labels[i]} → {a.labels[j]} {d:+.2f}" in shown
    assert {"diff-scores", "diff-weights", "diff-output"} <= set(chart_names(page))
    drawn = np.array(chart_shown(page, "diff-scores")["traces"][0]["z"], dtype=float)
    np.testing.assert_allclose(drawn, delta, atol=1e-9)


def test_downloads_and_json_upload_round_trip(app_server, new_page, tmp_path):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    set_sentence(page, "고양이가 매트 위에 앉았다")
    open_tools(page)
    by_key(page, "tl:matrix").locator("input").click()
    page.keyboard.type("가중치")
    page.get_by_role("option", name=text("ko", "lecture.mx.weights"), exact=True).click()
    settle(page)
    with page.expect_download() as csv_dl:
        click_button(page, "tl:csv", wait=False)
    csv_bytes = Path(csv_dl.value.path()).read_bytes()
    assert csv_bytes.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs to read Hangul
    assert csv_dl.value.suggested_filename == "attention-weights.csv"
    assert csv_bytes.decode("utf-8-sig").splitlines()[0] == ",고양이가,매트,위에,앉았다"
    with page.expect_download() as tex_dl:
        click_button(page, "tl:tex", wait=False)
    assert "\\begin{bmatrix}" in Path(tex_dl.value.path()).read_text(encoding="utf-8")
    with page.expect_download() as json_dl:
        click_button(page, "tl:json", wait=False)
    saved = tmp_path / "lesson.json"
    json_dl.value.save_as(saved)
    state = json.loads(saved.read_text(encoding="utf-8"))
    assert state["sentence"] == "고양이가 매트 위에 앉았다"

    # a T step redraws only what depends on T; the files are made at the click, so they follow it
    step_t(page)
    with page.expect_download() as stepped_dl:
        click_button(page, "tl:json", wait=False)
    stepped = json.loads(Path(stepped_dl.value.path()).read_text(encoding="utf-8"))
    assert stepped["temperature"] > state["temperature"]
    with page.expect_download() as stepped_csv:
        click_button(page, "tl:csv", wait=False)
    assert Path(stepped_csv.value.path()).read_bytes() != csv_bytes  # the weights at the new T

    fresh = new_page()  # a new browser: default state, then the file
    fresh.goto(app_server.page_url("score"))
    settle(fresh)
    assert "아름다운" in tick_texts(fresh)
    upload_state(fresh, saved)
    ticks = tick_texts(fresh)
    assert "고양이가" in ticks and "아름다운" not in ticks
    assert fresh.get_by_text(text("ko", "lecture.json_loaded")).count() == 1
    go_to(fresh, "gaze")
    assert "고양이가" in tick_texts(fresh)


def test_malformed_json_upload_shows_a_message_and_changes_nothing(app_server, new_page, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "attention-lesson", "version": 1, "sentence": ', encoding="utf-8")
    page = new_page()
    page.goto(app_server.page_url("score"))
    settle(page)
    # the score matrix drawn before reading: once, on a busy machine, the page had settled without it
    chart_by_name(page, "scores").locator("svg.main-svg").first.wait_for(timeout=90_000)
    before = tick_texts(page), share_link(page)
    upload_state(page, bad)
    assert page.get_by_text(text("ko", "lecture.json_failed", reason="").strip()).count() == 1
    chart_by_name(page, "scores").locator("svg.main-svg").first.wait_for(timeout=90_000)
    assert (tick_texts(page), share_link(page)) == before  # the same charts and the same state


def test_the_tools_drawer_is_built_only_while_open_and_stays_as_left_across_pages_and_languages(app_server,
                                                                                             new_page):
    """A closed drawer holds no element (each would cost every script run, a T step's included); opened, it
    stays open on another page and in the other language, whose title is a new expander to Streamlit."""
    page = new_page()
    page.goto(app_server.page_url("gaze"))
    settle(page)
    tools = f"{SIDEBAR} [class*='st-key-tl-']:not(.st-key-tl-box)"
    assert page.locator(tools).count() == 0
    open_drawer(page, "lecture.tools")
    assert by_key(page, "tl:snapshot").is_visible() and by_key(page, "tl:upload").count() == 1
    go_to(page, "score")
    expect(by_key(page, "tl:snapshot")).to_be_visible()
    switch_language(page, "en")
    expect(by_key(page, "tl:snapshot")).to_be_visible()
    assert page.locator(f"{SIDEBAR} [data-testid='stExpander'] summary", has_text=text("en", "lecture.tools")).count()
    page.locator(f"{SIDEBAR} [data-testid='stExpander'] summary", has_text=text("en", "lecture.tools")).click()
    expect(page.locator(tools)).to_have_count(0)  # closed: its content is gone with the run the click starts
    go_to(page, "gaze")
    assert page.locator(tools).count() == 0
