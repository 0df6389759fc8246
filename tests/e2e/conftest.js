// What tests/e2e/conftest.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const PAGE_STATE_JS = () => {
  const app = document.querySelector('[data-testid="stApp"]');
  const status = document.querySelector('[data-testid="stStatusWidget"]');
  return {
    readyState: document.readyState,
    hasApp: !!app,
    scriptState: app && app.getAttribute('data-test-script-state'),
    connection: app && app.getAttribute('data-test-connection-state'),
    status: status && status.innerText,
    stale: document.querySelectorAll('[data-testid="stElementContainer"][data-stale="true"]').length,
    elements: document.querySelectorAll('[data-testid="stElementContainer"]').length,
    heading: (document.querySelector('[data-testid="stMain"] h1') || {}).innerText || null,
    bodyText: (document.body && document.body.innerText || '').slice(0, 600),
  };
};
