// What tests/e2e/test_lecture_tools.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const BODY_PX_JS = () => Math.min(...[...document.querySelectorAll(
  '[data-testid="stMain"] [data-testid="stMarkdownContainer"] p')]
  .map(e => parseFloat(getComputedStyle(e).fontSize)));

const CHART_PX_JS = () => Math.min(...[...document.querySelectorAll('.js-plotly-plot')]
  .map(gd => gd._fullLayout.font.size));
