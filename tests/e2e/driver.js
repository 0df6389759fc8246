// What tests/e2e/driver.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const _SETTLED_JS = ([settleMs, sel, n]) => {
  const charts = sel ? document.querySelectorAll(sel) : [];  // every chart's box, drawn or not yet
  const drawn = !sel || (charts.length >= n && [...charts].every(c => c.querySelector('.js-plotly-plot svg.main-svg')));
  const app = document.querySelector('[data-testid="stApp"]');
  const status = document.querySelector('[data-testid="stStatusWidget"]');
  const idle = drawn && !!app
    && ['notRunning', 'compilationError'].includes(app.getAttribute('data-test-script-state'))
    && app.getAttribute('data-test-connection-state') === 'CONNECTED'
    && !!document.querySelector('[data-testid="stMain"]')
    && !(status && /Running|Stop/.test(status.innerText || ''))
    && !document.querySelector('[data-testid="stElementContainer"][data-stale="true"]');
  const now = performance.now();
  if (!idle) { window.__e2eSettledSince = null; return false; }
  if (window.__e2eSettledSince == null) window.__e2eSettledSince = now;
  return now - window.__e2eSettledSince >= settleMs;
};

const _CONTENT_HEIGHT_JS = () => Math.ceil(Math.max(
  document.documentElement.scrollHeight,
  ...[...document.querySelectorAll(
      '[data-testid="stMain"], [data-testid="stAppViewContainer"], [data-testid="stSidebarContent"]')]
    .map(e => e.scrollHeight + e.getBoundingClientRect().top)));

const _RESIZED_JS = (h) => innerHeight === h && [...document.querySelectorAll('.js-plotly-plot')].every(gd => !gd._fullLayout
  || gd.getBoundingClientRect().width === 0 || Math.abs(gd._fullLayout.width - gd.getBoundingClientRect().width) <= 1);

const _TWO_FRAMES_JS = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));

const ROW0_ON_TOP_JS = () => [...document.querySelectorAll('.js-plotly-plot')].flatMap(gd =>
  (gd._fullData || []).filter(t => t.type === 'heatmap' && t.z && t.z.length > 1).map(t => {
    const ya = gd._fullLayout[(t.yaxis || 'y').replace('y', 'yaxis')];
    return ya.l2p(0) < ya.l2p(1);
  }));

const TICK_TEXTS_JS = () => [...document.querySelectorAll('.js-plotly-plot')].flatMap(gd => {
  const L = gd._fullLayout || {};
  return Object.keys(L).filter(k => /^[xy]axis\d*$/.test(k)).flatMap(k => L[k].ticktext || []);
});

const CHART_NAMES_JS = () => [...document.querySelectorAll('[class*="st-key-chart-"]')]
  .filter(el => el.querySelector('.js-plotly-plot'))
  .map(el => [...el.classList].find(c => c.startsWith('st-key-chart-')).slice('st-key-chart-'.length));

const CHART_JS = gd => ({
  title: ((gd.layout.title || {}).text || '').replaceAll('<br>', ' '),
  traces: (gd.calcdata || []).map(cd => {
    const t = cd[0].trace;
    const plain = v => (v === null || v === undefined || Number.isNaN(v)) ? null : v;
    return {
      type: t.type, name: t.name || '', mode: t.mode || '', hover: t.hovertemplate || '',
      z: t.type === 'heatmap' ? Array.from(t.z, row => Array.from(row, plain)) : null,
      drawn_z: t.type === 'heatmap' ? Array.from(cd[0].z, row => Array.from(row, plain)) : null,
      y: t.type !== 'heatmap' && t.y ? Array.from(t.y, plain) : null,
      text: t.text ? Array.from(t.text, r => (Array.isArray(r) ? Array.from(r) : r)) : null,
    };
  }),
  frames: (gd._transitionData && gd._transitionData._frames || []).map(f => f.name),
  slider: gd._fullLayout.sliders && gd._fullLayout.sliders.length ? gd._fullLayout.sliders[0].active : null,
});

const SELECTED_CELL_JS = (g.querySelector('td[aria-selected="true"]') || {}).id;

const STEADY_JS = (el) => {
  const h = el.getClientRects().length ? el.getBoundingClientRect().height : -1;
  const seen = (el.__steady = el.__steady || []);
  if (seen.length && performance.now() - seen[seen.length - 1].t < 12) return false;  // one sample a frame
  seen.push({h, t: performance.now()});
  const last = seen.slice(-5);
  return h > 0 && last.length === 5 && last.every((s) => s.h === h);
};

const LECTURER_STATE_JS = () => {
  const toggle = document.querySelector('.st-key-sb-presenter input');
  const t = document.querySelector('.attention-t-value');
  const alert = document.querySelector('[data-testid="stMain"] [data-testid="stAlertContentError"]');
  return {presenter: !!(toggle && toggle.checked), t: t ? t.textContent.trim() : null,
          error: alert ? alert.textContent.slice(0, 120) : null};
};

const CLICK_BOTH_JS = ([drawer, button]) => {
  const summary = document.querySelector(`[data-testid="stMain"] .${drawer} summary`);
  const press = document.querySelector(`[data-testid="stMain"] .${button} button`);
  if (!summary || !press) throw new Error(`not on the page: ${drawer} ${button}`);
  summary.click();
  press.click();
};

const PLOTS_DRAWN_JS = ([sel, n]) => {
  const plots = document.querySelectorAll(sel);
  return plots.length >= n
    && [...plots].every(p => p.querySelector('svg.main-svg'));
};
