"""Lecture tools in a real browser: presenter walk, predict-then-reveal, snapshot diff, downloads, JSON upload."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from attention_core import analysis
from attention_core.scenario import Scenario
from tests.e2e.app_driver import (
    PAGE_KEYS,
    SIDEBAR,
    chart_titles,
    edit_first_cell,
    go_to,
    open_tools,
    set_sentence,
    settle,
    share_link,
    tick_texts,
)


def test_presenter_mode_walks_every_step_and_survives_the_share_link(app_server, new_page):
    page = new_page(viewport=(1920, 1080))
    page.goto(app_server.url)
    settle(page)
    page.locator(f"{SIDEBAR} [data-testid='stCheckbox']", has_text="발표 모드").click()
    settle(page)
    body_px = page.evaluate("""() => Math.min(...[...document.querySelectorAll(
        '[data-testid="stMain"] [data-testid="stMarkdownContainer"] p')]
        .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
    assert body_px >= 22
    chart_px = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.js-plotly-plot')]
        .map(gd => gd._fullLayout.font.size))""")
    assert chart_px >= 16
    box = page.locator(SIDEBAR).bounding_box()
    assert box is None or box["x"] + box["width"] <= 1  # the sidebar is folded away
    page.locator("[data-testid='stMain'] h1").first.click()  # shortcuts act when no input has the focus
    visited = []
    for _ in PAGE_KEYS[1:]:
        page.keyboard.press("PageDown")
        settle(page)
        visited.append(page.url.split("/")[-1].split("?")[0])
    assert visited == list(PAGE_KEYS[1:])
    page.keyboard.press("PageUp")
    settle(page)
    assert page.url.split("?")[0].endswith(f"/{PAGE_KEYS[-2]}")
    link = share_link(page)
    fresh = new_page(viewport=(1920, 1080))
    fresh.goto(link)
    settle(fresh)
    assert fresh.locator("[data-testid='stMain'] button", has_text="다음 단계").count() == 1
    fresh.locator("[data-testid='stMain'] h1").first.click()
    fresh.keyboard.press("PageDown")
    settle(fresh)
    assert fresh.url.split("?")[0].endswith(f"/{PAGE_KEYS[-1]}")


def test_a_hidden_result_stays_hidden_until_revealed(app_server, new_page):
    page = new_page()
    page.goto(app_server.page_url("score"))
    settle(page)
    page.locator("[data-testid='stMain'] [data-testid='stCheckbox']", has_text="결과 가리기").click()
    settle(page)
    assert not any("Score 행렬" in t for t in chart_titles(page))
    page.get_by_role("button", name="공개!").click()
    settle(page)
    assert any("Score 행렬" in t for t in chart_titles(page))
    legend = page.evaluate("""() => [...document.querySelectorAll('.js-plotly-plot')].flatMap(
        gd => gd.data.map(t => t.name)).filter(Boolean)""")
    assert "학생들의 예측" in legend and "정답 (가장 큰 칸)" in legend


def test_snapshot_diff_names_the_largest_change_after_editing_one_weight(app_server, new_page):
    page = new_page()
    page.goto(app_server.page_url("gaze"))
    settle(page)
    open_tools(page)
    page.get_by_role("button", name="지금 상태를 A로 저장").click()
    settle(page)
    edit_first_cell(page, 1, "3")  # W_Q[감정, q1]: 0 → 3
    compare = page.locator("[data-testid='stExpander']", has_text="비교: 지금(B)")
    text = compare.inner_text()
    assert "가장 크게 바뀐 곳" in text
    a = Scenario()
    w_q = a.w_q.copy()
    w_q[0, 0] = 3.0
    b = a.with_matrix("w_q", w_q)
    delta = analysis.compare(analysis.compute(a), analysis.compute(b))["scores"]
    i, j, d = analysis.top_changes(np.zeros_like(delta), delta)[0]
    assert f"{a.labels[i]} → {a.labels[j]} {d:+.2f}" in text
    assert any("점수 B − A" in t for t in chart_titles(page))


def test_downloads_and_json_upload_round_trip(app_server, new_page, tmp_path):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    set_sentence(page, "고양이가 매트 위에 앉았다")
    open_tools(page)
    page.locator(f"{SIDEBAR} [data-testid='stSelectbox']", has_text="행렬").click()
    page.keyboard.type("가중치")
    page.get_by_role("option", name="가중치 softmax(QKᵀ/T)", exact=True).click()
    settle(page)
    with page.expect_download() as csv_dl:
        page.locator(f"{SIDEBAR} [data-testid='stDownloadButton'] button", has_text="CSV").click()
    csv_bytes = Path(csv_dl.value.path()).read_bytes()
    assert csv_bytes.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs to read Hangul
    assert csv_dl.value.suggested_filename == "attention-weights.csv"
    assert csv_bytes.decode("utf-8-sig").splitlines()[0] == ",고양이가,매트,위에,앉았다"
    with page.expect_download() as tex_dl:
        page.locator(f"{SIDEBAR} [data-testid='stDownloadButton'] button", has_text="LaTeX").click()
    assert "\\begin{bmatrix}" in Path(tex_dl.value.path()).read_text(encoding="utf-8")
    with page.expect_download() as json_dl:
        page.locator(f"{SIDEBAR} [data-testid='stDownloadButton'] button", has_text="JSON").click()
    saved = tmp_path / "lesson.json"
    json_dl.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["sentence"] == "고양이가 매트 위에 앉았다"

    fresh = new_page()  # a new browser: default state, then the file
    fresh.goto(app_server.page_url("score"))
    settle(fresh)
    assert "아름다운" in tick_texts(fresh)
    open_tools(fresh)
    fresh.locator(f"{SIDEBAR} [data-testid='stFileUploaderDropzoneInput']").first.set_input_files(str(saved))
    settle(fresh)
    ticks = tick_texts(fresh)
    assert "고양이가" in ticks and "아름다운" not in ticks
    assert fresh.get_by_text("파일의 상태를 불러왔습니다.").count() == 1
    go_to(fresh, "gaze")
    assert "고양이가" in tick_texts(fresh)


def test_malformed_json_upload_shows_a_message_and_changes_nothing(app_server, new_page, tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "attention-lesson", "version": 1, "sentence": ', encoding="utf-8")
    page = new_page()
    page.goto(app_server.page_url("score"))
    settle(page)
    before = tick_texts(page)
    open_tools(page)
    page.locator(f"{SIDEBAR} [data-testid='stFileUploaderDropzoneInput']").first.set_input_files(str(bad))
    settle(page)
    assert page.get_by_text("이 파일은 불러올 수 없습니다").count() == 1
    assert tick_texts(page) == before
