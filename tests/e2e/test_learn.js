// What tests/e2e/test_learn.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const STEP_AT_LEAST = (n) => { const m = document.querySelector('[data-testid="stMain"] [data-testid="stMetricValue"]');
         return m && parseInt(m.innerText) >= n; };

const SAMPLE_JS = ([until, limitMs]) => new Promise(resolve => {
  const out = []; const t0 = performance.now();
  const step = () => { const m = document.querySelector('[data-testid="stMain"] [data-testid="stMetricValue"]');
                       return m ? parseInt(m.innerText) : -1; };
  const frame = () => {
    const names = [...document.querySelectorAll('[class*="st-key-chart-"]')]
      .filter(el => el.querySelector('.js-plotly-plot .main-svg'))
      .map(el => [...el.classList].find(c => c.startsWith('st-key-chart-')).slice('st-key-chart-'.length));
    const s = step(); out.push({step: s, charts: names});
    if (s >= until || performance.now() - t0 > limitMs) resolve(out); else requestAnimationFrame(frame);
  };
  frame();
});

const STEP_AT_CLICK_JS = () => { window.__stepAtClick = null;
        document.addEventListener('click', () => {
          const m = document.querySelector('[data-testid="stMain"] [data-testid="stMetricValue"]');
          window.__stepAtClick = m ? parseInt(m.innerText) : -1; }, {capture: true, once: true}); };
