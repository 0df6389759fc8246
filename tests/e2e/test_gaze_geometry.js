// What tests/e2e/test_gaze_geometry.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const LABEL_BOXES_JS = () => {
  const gd = [...document.querySelectorAll('.js-plotly-plot')]
    .find(g => (g.data || []).some(t => t.name === 'K labels'));
  if (!gd) return null;
  gd.scrollIntoView();
  return [...gd.querySelectorAll('.scatterlayer .trace')].flatMap(tr => [...tr.querySelectorAll('.textpoint text')])
    .map(t => {
      const r = t.getBoundingClientRect();
      return {text: t.textContent, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom};
    });
};

const GEOMETRY_DRAWN_JS = () => {
  const gd = [...document.querySelectorAll('.js-plotly-plot')]
    .find(g => (g.data || []).some(t => t.name === 'K labels'));
  if (!gd || !gd._fullLayout) return false;
  const w = gd.getBoundingClientRect().width;
  return w > 0 && Math.abs(gd._fullLayout.width - w) <= 1
    && gd.querySelectorAll('.scatterlayer .textpoint text').length > 0;
};
