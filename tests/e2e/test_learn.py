"""Screen ⑦ in headless Chromium: training changes the charts, auto-train runs without blocking the page,
the replay animates in the browser, and the learned weights reach the score screen."""

from __future__ import annotations

from tests.e2e.app_driver import go_to, settle

# The data a chart shows, by (part of) its title: trace 0's y values for lines, the displayed z for heatmaps
# (read from gd.calcdata, what Plotly drew, which an animation frame changes while gd.data stays).
CHART_JS = """
(part) => {
  const gd = [...document.querySelectorAll('.js-plotly-plot')]
    .find(g => ((g.layout.title || {}).text || '').replaceAll('<br>', ' ').includes(part));
  if (!gd) return null;
  const trace = gd.calcdata[0][0].trace;
  return {
    y: trace.type === 'scatter' ? Array.from(gd.data[0].y) : null,
    z: trace.type === 'heatmap' ? gd.calcdata[0][0].z.map(r => Array.from(r)) : null,
    frames: (gd._transitionData && gd._transitionData._frames || []).map(f => f.name),
    slider: gd._fullLayout.sliders && gd._fullLayout.sliders.length ? gd._fullLayout.sliders[0].active : null,
  };
}
"""
MAIN = '[data-testid="stMain"]'
# The first metric is the step.
STEP_AT_LEAST = """
(n) => { const m = document.querySelector('[data-testid="stMain"] [data-testid="stMetricValue"]');
         return m && parseInt(m.innerText) >= n; }
"""


def chart_data(page, part: str) -> dict:
    data = page.evaluate(CHART_JS, part)
    assert data is not None, part
    return data


def metric(page, label: str) -> str:
    box = page.locator(f'{MAIN} [data-testid="stMetric"]', has_text=label).first
    return box.locator('[data-testid="stMetricValue"]').inner_text().strip()


def click(page, label: str) -> None:
    page.locator(f"{MAIN} button", has_text=label).first.click()


def test_training_changes_the_charts_and_the_learned_weights_reach_every_screen(app_server, new_page):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    go_to(page, "learn")
    settle(page, n_min=4)
    assert metric(page, "단계") == "0"
    loss_before = chart_data(page, "학습 곡선")["y"]
    grid_before = chart_data(page, "W_Q W_Kᵀ (행")["z"]
    assert len(loss_before) == 1

    click(page, "50단계 학습")
    settle(page, n_min=5)
    assert metric(page, "단계") == "50"
    loss_after = chart_data(page, "학습 곡선")["y"]
    assert len(loss_after) == 51 and loss_after[-1] < 0.5 * loss_after[0]
    grid_after = chart_data(page, "W_Q W_Kᵀ (행")["z"]
    emotion_before = sum(abs(row[0]) for row in grid_before)
    emotion_after = sum(abs(row[0]) for row in grid_after)
    assert emotion_after > 10 * emotion_before  # the emotion column comes alive

    replay = chart_data(page, "학습하는 동안")
    assert replay["frames"] == ["0", "10", "20", "30", "40", "50"]
    assert replay["z"] != grid_after  # frame 0 (random weights) is shown first
    page.locator(".updatemenu-button", has_text="재생").first.click()  # ▶ play, in the browser only
    page.wait_for_function(
        "() => { const gd = [...document.querySelectorAll('.js-plotly-plot')].find(g => "
        "(g.layout.title.text || '').includes('학습하는 동안')); "
        "return gd && gd._fullLayout.sliders[0].active === 5; }", timeout=20000)
    played = chart_data(page, "학습하는 동안")
    assert all(abs(a - b) < 1e-9 for ra, rb in zip(played["z"], grid_after) for a, b in zip(ra, rb))
    page.locator(".updatemenu-button", has_text="처음으로").first.click()
    page.wait_for_timeout(500)
    assert chart_data(page, "학습하는 동안")["slider"] == 0
    assert chart_data(page, "학습하는 동안")["z"] == replay["z"]

    click(page, "학습된 가중치를 모든 화면에 쓰기")
    settle(page)
    assert page.locator(f"{MAIN} [data-testid='stAlertContentSuccess']", has_text="단계 50").count() == 1
    go_to(page, "score")
    assert page.locator(f"{MAIN} [data-testid='stCaptionContainer']", has_text="⑦ 화면에서 학습한").count() >= 1
    assert page.js_errors == []


def test_auto_train_advances_while_the_rest_of_the_page_answers(app_server, new_page):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    go_to(page, "learn")
    settle(page, n_min=4)
    click(page, "자동 학습")
    page.wait_for_function(STEP_AT_LEAST, arg=30, timeout=30000)
    first = int(metric(page, "단계"))
    # the rest of the app still answers: the sidebar language switch works while training runs
    page.locator('[data-testid="stSidebar"] button', has_text="English").first.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=\"stMetric\"]')].some(m => m.innerText.includes('Step'))",
        timeout=30000)
    page.wait_for_function(STEP_AT_LEAST, arg=first + 30, timeout=30000)
    click(page, "Stop")
    settle(page, n_min=4)
    stopped = int(metric(page, "Step"))
    page.wait_for_timeout(1500)
    assert int(metric(page, "Step")) == stopped  # nothing runs once stopped
    assert len(chart_data(page, "Training curves")["y"]) == stopped + 1
    assert page.js_errors == []
