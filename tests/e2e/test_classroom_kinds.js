// What tests/e2e/test_classroom_kinds.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const`
// per function at the start of a line, read by name at the module's import (page_checks.probes).

const CHART_JS = sel => {
  const gd = document.querySelector(sel + ' .js-plotly-plot');
  if (!gd || !gd.data || !gd.calcdata) return null;
  // a heatmap's z as drawn (the figure's own may travel as a typed array): its calcdata
  return gd.data.map((t, k) => ({y: t.y ? Array.from(t.y) : null, name: t.name || '',
    z: t.type === 'heatmap' && gd.calcdata[k] ? gd.calcdata[k][0].z.map(r => Array.from(r)) : null}));
};

const DEEP_FOCUS_JS = () => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a ? (a.getAttribute('class') || '') : '';
};
