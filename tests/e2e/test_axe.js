// What tests/e2e/test_axe.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const LABELLED_JS = () => [...document.querySelectorAll('[data-testid="stMain"] [class*="st-key-chart-"]')]
  .every(e => e.getAttribute('role') === 'figure' && e.getAttribute('aria-label'))
  && [...document.querySelectorAll('.a11y-chart-name')].every(c => {
    const e = document.querySelector('.' + c.dataset.chart);
    return e && e.getAttribute('role') === 'figure' && e.getAttribute('aria-label') === c.textContent; });

const NAMED_JS = sel => { const e = document.querySelector(sel); return !!e && e.getAttribute('role') === 'figure' && (e.getAttribute('aria-label') || '').length > 10; };
