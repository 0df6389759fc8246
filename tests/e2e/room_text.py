"""Readable from the back of a room: what presenter mode at 1920×1080 draws on a page, in Korean and in English,
has no chart text below theme.PRESENTER_MIN_PX and no body text below PRESENTER_BODY_PX (as the browser computes
them). `tests/e2e/test_axe.py` runs `room_text_failures` on every page of its presenter-mode walk (the same page
loads as its audit)."""

from __future__ import annotations

from attention_core import theme

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
    '[data-testid="stTable"] td', '[data-testid="stTable"] th', '.a11y-table td', '.a11y-table th',
    '.attention-t-caption', '[data-testid="stMarkdownContainer"] td', '[data-testid="stMarkdownContainer"] th',
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


def room_text_failures(page) -> list:
    """The texts too small for a room on this page (presenter mode must be on: its step buttons are checked
    here, and that the check sees charts and paragraphs at all)."""
    assert page.locator("[data-testid='stMain'] .st-key-pr-presenter").count() == 1, page.url
    charts_text, paragraphs = page.evaluate(COUNT_JS)
    assert charts_text > 0 and paragraphs > 0, (page.url, charts_text, paragraphs)
    return page.evaluate(SMALL_TEXT_JS, [theme.PRESENTER_MIN_PX, PRESENTER_BODY_PX])
