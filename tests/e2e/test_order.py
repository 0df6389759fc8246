"""Screen ⑧ in headless Chromium: turn positions on with the α slider and the causal mask on with the switch,
then read the changed charts from the Plotly graph divs (row 0 on top)."""

from __future__ import annotations

import numpy as np

from attention_core import analysis
from attention_core.scenario import ALPHA_MAX, Scenario
from tests.e2e.app_driver import go_to, rows_on_top, settle, share_link
from tests.e2e.helpers import SEL_SLIDER

# Every chart on the page: its title and the z rows of each heatmap trace (NaN → null), read from the graph div.
CHARTS_JS = """
() => [...document.querySelectorAll('.js-plotly-plot')].map(gd => ({
  title: ((gd.layout.title || {}).text || '').replaceAll('<br>', ' '),
  traces: (gd._fullData || []).filter(t => t.type === 'heatmap').map(t => ({
    z: Array.from(t.z, row => Array.from(row, v => (v === null || Number.isNaN(v)) ? null : v)),
    hover: t.hovertemplate || '', text: t.text ? Array.from(t.text, row => Array.from(row)) : null,
  })),
  sums: (gd._fullData || []).filter(t => t.type === 'scatter' && t.mode === 'text').map(t => Array.from(t.text)),
}))
"""


def charts(page) -> dict[str, dict]:
    return {c["title"]: c for c in page.evaluate(CHARTS_JS)}


def titled(page, part: str) -> dict:
    found = [c for t, c in charts(page).items() if part in t]
    assert len(found) == 1, (part, list(charts(page)))
    return found[0]


def z(chart: dict, trace: int = 0) -> np.ndarray:
    return np.array([[np.nan if v is None else v for v in row] for row in chart["traces"][trace]["z"]], dtype=float)


def test_positions_and_the_causal_mask_change_the_charts(app_server, new_page):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    go_to(page, "order")
    settle(page, n_min=5)
    s = Scenario()
    before = z(titled(page, "가중치, 마스크"))
    assert np.allclose(before, analysis.compute(s).trace.weights, atol=1e-9)
    assert np.nanmax(np.abs(z(titled(page, "위치 있음 (α = 0)")))) < 1e-12  # positions off: nothing changed

    # α to its largest value with the keyboard, as a user would
    thumb = page.locator(f'[data-testid="stMain"] {SEL_SLIDER}').first
    thumb.focus()
    thumb.press("End")
    settle(page, n_min=5)
    alpha = ALPHA_MAX
    s_alpha = s.with_pe_alpha(alpha)
    x_pe = titled(page, f"X + α·PE (α = {alpha:g})")
    assert np.allclose(z(x_pe), analysis.with_positions(s.x, alpha), atol=1e-9)
    shuffled = analysis.shuffle_experiment(s_alpha, alpha)
    with_pos = z(titled(page, f"위치 있음 (α = {alpha:g})"))
    assert np.allclose(with_pos, shuffled.delta, atol=1e-9) and np.abs(with_pos).max() > 1e-3
    assert np.abs(z(titled(page, "위치 없음 (α = 0)"))).max() < 1e-12
    weights = z(titled(page, "가중치, 마스크"))
    assert np.allclose(weights, analysis.masked_attention(s_alpha).trace.weights, atol=1e-9)
    assert not np.allclose(weights, before, atol=1e-3)

    # the causal mask with the switch
    page.locator('[data-testid="stMain"] button', has_text="causal (디코더)").first.click()
    settle(page, n_min=5)
    chart = titled(page, "마스크: causal (디코더)")
    w = z(chart)
    upper = np.triu(np.ones((4, 4), bool), 1)
    assert np.all(np.isnan(w[upper])) and w[0, 0] == 1.0  # the first word sees only itself
    expected = analysis.masked_attention(s_alpha.with_mask("causal")).trace.weights
    assert np.allclose(w[~upper], expected[~upper], atol=1e-9)
    overlay = chart["traces"][1]
    assert np.all(z(chart, 1)[upper] == 1.0) and "가려짐" in overlay["hover"]
    assert overlay["text"] == np.where(upper, "✕", "").tolist()  # a ✕ in the masked cells only
    assert chart["sums"] == [["1.00"] * 4]
    flags = rows_on_top(page)
    assert flags and all(flags)
    assert "?s=" in share_link(page)
    assert page.js_errors == []
