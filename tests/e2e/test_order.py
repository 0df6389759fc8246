"""Screen ⑧ in headless Chromium: turn positions on with the α slider and the causal mask on with the switch,
then read the changed charts from the Plotly graph divs (row 0 on top)."""

from __future__ import annotations

import numpy as np

from attention_core import analysis, order
from attention_core.i18n import text
from attention_core.scenario import ALPHA_MAX, Scenario
from tests.e2e.driver import SEL_SLIDER, by_key, chart_shown, chart_title, go_to, rows_on_top, settle, share_link


def heatmaps(page, name: str) -> list[dict]:
    """The heatmap traces of chart `name` as drawn (values, the masked overlay)."""
    return [t for t in chart_shown(page, name)["traces"] if t["type"] == "heatmap"]


def z(traces: list[dict], trace: int = 0) -> np.ndarray:
    return np.array([[np.nan if v is None else v for v in row] for row in traces[trace]["z"]], dtype=float)


def test_positions_and_the_causal_mask_change_the_charts(app_server, new_page):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    go_to(page, "order")
    settle(page, n_min=5)
    s = Scenario()
    before = z(heatmaps(page, "weights"))
    assert np.allclose(before, analysis.compute(s).trace.weights, atol=1e-9)
    assert np.nanmax(np.abs(z(heatmaps(page, "delta-with")))) < 1e-12  # positions off: nothing changed

    # α to its largest value with the keyboard, as a user would
    thumb = by_key(page, "order:alpha").locator(SEL_SLIDER)
    thumb.focus()
    thumb.press("End")
    settle(page, n_min=5)
    alpha = ALPHA_MAX
    s_alpha = s.with_pe_alpha(alpha)
    assert chart_title(page, "x-pe") == text("ko", "order.x_chart", alpha=alpha)
    assert np.allclose(z(heatmaps(page, "x-pe")), order.with_positions(s.x, alpha), atol=1e-9)
    shuffled = order.shuffle_experiment(s_alpha, alpha)
    with_pos = z(heatmaps(page, "delta-with"))
    assert np.allclose(with_pos, shuffled.delta, atol=1e-9) and np.abs(with_pos).max() > 1e-3
    assert np.abs(z(heatmaps(page, "delta-without"))).max() < 1e-12
    weights = z(heatmaps(page, "weights"))
    assert np.allclose(weights, order.masked_attention(s_alpha).trace.weights, atol=1e-9)
    assert not np.allclose(weights, before, atol=1e-3)

    # the causal mask with the switch
    by_key(page, "order:mask").locator("button", has_text=text("ko", "order.mask.causal")).click()
    settle(page, n_min=5)
    causal = text("ko", "order.mask.causal")
    assert chart_title(page, "weights") == text("ko", "order.weights_chart", mask=causal)
    chart = heatmaps(page, "weights")
    w = z(chart)
    upper = np.triu(np.ones((4, 4), bool), 1)
    assert np.all(np.isnan(w[upper])) and w[0, 0] == 1.0  # the first word sees only itself
    expected = order.masked_attention(s_alpha.with_mask("causal")).trace.weights
    assert np.allclose(w[~upper], expected[~upper], atol=1e-9)
    overlay = chart[1]
    assert np.all(z(chart, 1)[upper] == 1.0) and text("ko", "order.masked") in overlay["hover"]
    assert overlay["text"] == np.where(upper, "✕", "").tolist()  # a ✕ in the masked cells only
    sums = [t["text"] for t in chart_shown(page, "weights")["traces"] if t["type"] == "scatter" and t["mode"] == "text"]
    assert sums == [["1.00"] * 4]
    flags = rows_on_top(page)
    assert flags and all(flags)
    assert "?s=" in share_link(page)
    assert page.js_errors == []
