// What tests/e2e/test_burst.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const RECORD_STEPS_JS = () => {
  window.__e2eSteps = [];
  if (window.__e2eStepsOn) return;
  window.__e2eStepsOn = true;
  document.addEventListener('input', e => {
    if (e.target.closest && e.target.closest('.attention-t')) window.__e2eSteps.push(performance.now());
  }, true);
};

const KEPT_JS = keys => keys.filter(k => !(document.querySelector(`.${k} .js-plotly-plot`) || {}).__e2eKept);

const MARK_JS = (sel) => [...document.querySelectorAll(sel)].map(box => {
  const gd = box.querySelector('.js-plotly-plot'); if (gd) gd.__e2eKept = 1;
  return [...box.classList].find(c => c.startsWith('st-key-chart-'));
});
