"""Presenter charts are laid out for the width they get (ui/room.py): a heatmap whose drawn cells hold its numbers
at the room's size prints them, and the note that hover has them stands under exactly the charts that leave them
out, at 1920×1080 and 1280×720, on every page."""

from __future__ import annotations

import numpy as np
import pytest

from attention_core import figures, theme
from attention_core.codec import encode_link
from attention_core.i18n import text
from attention_core.registry import PAGE_KEYS
from attention_core.scenario import Scenario, View
from tests.e2e.app_driver import laid_out_for_the_page, settle

# Every heatmap trace on the page, as drawn: its numbers, whether it prints them, and its cells' size in px.
CELLS_JS = """
() => [...document.querySelectorAll('[data-testid="stMain"] [class*="st-key-chart-"] .js-plotly-plot')].flatMap(gd => {
  const box = gd.closest('[class*="st-key-chart-"]');
  const name = [...box.classList].find(c => c.startsWith('st-key-chart-')).slice('st-key-chart-'.length);
  const L = gd._fullLayout;
  return (gd.calcdata || []).map(cd => cd[0]).filter(c => c.trace.type === 'heatmap' && c.z && c.z.length)
    .map(c => {
      const t = c.trace, z = c.z.map(r => Array.from(r, v => (Number.isFinite(v) ? v : 0)));
      const xa = L['xaxis' + (t.xaxis || 'x').slice(1)], ya = L['yaxis' + (t.yaxis || 'y').slice(1)];
      const left = !!(gd.layout.meta && gd.layout.meta.numbers_left_out);
      return {name, z, text: !!t.texttemplate, left, w: xa._length / z[0].length, h: ya._length / z.length};
    });
})
"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("key", PAGE_KEYS)
def test_presenter_charts_print_their_numbers_wherever_room_sized_numbers_fit(app_server, new_page, key, size):
    """Charts are laid out for the width they get: a heatmap whose drawn cells hold its numbers at the room's size
    (with a tenth to spare, and room for two rings of marks) prints them; the note that hover has them stands under
    exactly the charts that leave them out."""
    page = new_page(viewport=size)
    page.goto(app_server.page_url("" if key == "home" else key) + f"?s={encode_link(Scenario(), View(presenter=True))}")
    settle(page)
    laid_out_for_the_page(page)
    cells = page.evaluate(CELLS_JS)
    reserve = figures.mark_rings(2)
    for cell in (c for c in cells if c["left"]):  # a chart that would print its numbers but leaves them out
        need_w, need_h = figures.number_box(np.asarray(cell["z"], dtype=float), 2, theme.PRESENTER_MIN_PX)
        fits = (need_w + theme.CELL_PAD_PX + 2 * reserve <= 0.9 * cell["w"]
                and need_h + 2 * reserve <= 0.9 * cell["h"])
        assert not cell["text"] and not fits, (key, size, cell["name"], round(cell["w"]), round(cell["h"]))
    # charts with neither numbers nor the note print none by design (Home's small grid, ⑥'s W_O)
    left_out = {c["name"] for c in cells if c["left"]}
    note = text("ko", "views.numbers_hover")
    notes = page.locator("[data-testid='stMain'] [data-testid='stCaptionContainer']", has_text=note).count()
    assert notes == len(left_out), (key, size, sorted(left_out), notes)
