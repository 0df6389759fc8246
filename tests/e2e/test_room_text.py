"""Readable from the back of a room: every page in presenter mode at 1920×1080, in Korean and in English, draws no
chart text below theme.PRESENTER_MIN_PX and no body text below PRESENTER_BODY_PX (as the browser computes them)."""

from __future__ import annotations

import numpy as np
import pytest

from attention_core import figures, theme
from attention_core.codec import encode_link
from attention_core.i18n import text
from attention_core.registry import PAGE_KEYS
from attention_core.scenario import Scenario, View
from tests.e2e.app_driver import settle

PRESENTER_BODY_PX = 22  # paragraphs, captions, widget labels, what is typed or picked

# Every drawn text of every Plotly chart on the page (ticks, cell numbers, titles, legends, colour bars, annotations,
# slider and button labels; hover boxes only exist while hovering), and every body text that has letters of its own.
SMALL_TEXT_JS = """
([chartMin, bodyMin]) => {
  const shown = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const size = el => parseFloat(getComputedStyle(el).fontSize);
  const small = [];
  for (const t of document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot svg text')) {
    if (t.closest('.hoverlayer') || !t.textContent.trim() || !shown(t)) continue;
    if (size(t) < chartMin - 0.01) {
      const group = t.parentElement && t.parentElement.closest('[class]');
      small.push(['chart', size(t), (t.getAttribute('class') || '') + ' in ' +
                  (group ? group.getAttribute('class') : ''), t.textContent.slice(0, 40)]);
    }
  }
  const body = [
    '[data-testid="stMarkdownContainer"] p', '[data-testid="stMarkdownContainer"] li',
    '[data-testid="stCaptionContainer"]', '[data-testid="stWidgetLabel"] p', '[data-baseweb="select"] div',
    'input', 'textarea', '[data-testid="stSliderThumbValue"] p', '[data-testid="stSliderTickBar"] p',
    '[data-testid="stMetricLabel"] p', '.attention-t-name', '.attention-t-value',
    '[data-testid="stTable"] td', '[data-testid="stTable"] th',
    '[data-testid="stMarkdownContainer"] td', '[data-testid="stMarkdownContainer"] th',
  ].join(', ');
  for (const el of document.querySelectorAll('[data-testid="stMain"] :is(' + body + ')')) {
    if (!shown(el) || el.closest('.katex, [data-testid="stHeading"]')) continue;
    if (el.matches('input') && ['checkbox', 'radio', 'range', 'hidden', 'file'].includes(el.type)) continue;
    const own = el.matches('input, textarea')
      || [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (own && size(el) < bodyMin - 0.01) {
      small.push(['body', size(el), el.tagName + ' ' + (el.getAttribute('data-testid') || ''),
                  (el.value || el.textContent || '').slice(0, 40)]);
    }
  }
  return small;
}
"""

COUNT_JS = """
() => [document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot svg text').length,
       document.querySelectorAll('[data-testid="stMain"] [data-testid="stMarkdownContainer"] p').length]
"""


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("key", PAGE_KEYS)
def test_presenter_mode_is_readable_from_the_back_of_the_room(app_server, new_page, key, lang):
    page = new_page(viewport=(1920, 1080))
    link = encode_link(Scenario(), View(lang=lang, presenter=True))
    page.goto(app_server.page_url("" if key == "home" else key) + f"?s={link}")
    settle(page)
    # presenter mode is on: the page has its step buttons, and the check sees charts and paragraphs
    assert page.locator("[data-testid='stMain'] .st-key-pr-presenter").count() == 1
    charts_text, paragraphs = page.evaluate(COUNT_JS)
    assert charts_text > 0 and paragraphs > 0
    small = page.evaluate(SMALL_TEXT_JS, [theme.PRESENTER_MIN_PX, PRESENTER_BODY_PX])
    assert not small, f"{len(small)} texts too small on {key} ({lang}):\n" + "\n".join(map(str, small[:25]))


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


def laid_out_for_the_page(page) -> None:
    """Wait until the server lays presenter mode's charts out for this page's measured width (ui.room), and the
    run that does so is over."""
    page.wait_for_function("() => !!document.documentElement.dataset.attentionRoom", timeout=60000)
    settle(page)


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
