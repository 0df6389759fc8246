// What tests/e2e/test_reload.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const CHARTS_Z = () => [...document.querySelectorAll('.js-plotly-plot')].map(gd => gd.data[0].z);
