// What tests/e2e/test_phone.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const PANEL_TITLES_JS = name => [...document.querySelectorAll(`.st-key-chart-${name} .annotation-text`)].map(t => {
  const r = t.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
});

const LABELS_AND_BARS_JS = name => {
  const gd = document.querySelector(`.st-key-chart-${name} .js-plotly-plot`);
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const ticks = [...gd.querySelectorAll('g')].filter(g => /^y\d*tick$/.test(g.getAttribute('class') || ''));
  return {labels: ticks.map(g => g.querySelector('text')).filter(t => t && t.textContent.trim()).map(box),
          bars: [...gd.querySelectorAll('g.colorbar rect.cbbg, g.colorbar rect.cbfill')].map(box)};
};

const GRID_COLUMNS_JS = name => document.querySelector(`.st-key-chart-${name} .js-plotly-plot`)._fullLayout.xaxis.domain[1];

const SIDEBAR_IN_JS = () => { const sb = document.querySelector('[data-testid="stSidebar"]');
  const r = sb && sb.getBoundingClientRect();
  return !!r && r.left >= -1 && r.width > 200; };
