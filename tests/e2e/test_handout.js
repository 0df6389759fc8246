// What tests/e2e/test_handout.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const READY = () => !!(window.__handout && document.querySelector('section.scene:not([hidden]) .plot .main-svg') && window.__handout.state.pending);

const DRAWN_JS = async (k) => {
  await window.__handout.state.pending;
  const gd = window.__handout.plotOf(k);
  return {T: window.__handout.state.T, title: gd.layout.title && gd.layout.title.text,
    data: gd.data.map(t => ({z: t.z, x: t.x, y: t.y, text: t.text, width: t.line && t.line.width,
                             opacity: t.opacity})),
    shapes: (gd.layout.shapes || []).map(s => [s.x0, s.x1]),
    notes: (gd.layout.annotations || []).map(a => [a.x, a.y, a.text])};
};

const SMALL_CONTROLS_JS = () => [...document.querySelectorAll('button, input, summary, a')]
  .filter(e => e.offsetParent !== null).map(e => {
    const r = e.getBoundingClientRect();
    return [e.id || e.textContent.trim().slice(0, 30), r.width, r.height];
  }).filter(([, w, h]) => w < 44 || h < 44);
