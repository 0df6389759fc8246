// What tests/e2e/room_text.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const SMALL_TEXT_JS = ([chartMin, bodyMin]) => {
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
};

const COUNT_JS = () => [document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot svg text').length,
       document.querySelectorAll('[data-testid="stMain"] [data-testid="stMarkdownContainer"] p').length];
