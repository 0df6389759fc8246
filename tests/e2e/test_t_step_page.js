// What tests/e2e/test_t_step_page.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const LINK_WATCH_JS = () => { const w = window.__linkWatch = {missing: 0, on: true};
  const tick = () => { if (!w.on) return;
    if (document.querySelectorAll('[data-testid="stSidebar"] [data-testid="stCode"]').length !== 1) w.missing++;
    requestAnimationFrame(tick); };
  requestAnimationFrame(tick); };
