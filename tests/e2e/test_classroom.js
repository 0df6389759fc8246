// What tests/e2e/test_classroom.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const TALLY_JS = () => {
  const gd = document.querySelector('.st-key-class-tally .js-plotly-plot');
  return gd && gd.data ? {y: gd.data[0].y, ticks: gd.layout.xaxis.ticktext} : null;
};

const JOINED_JS = () => { const el = document.querySelector('.st-key-class-card'); return el ? el.innerText : null; };
