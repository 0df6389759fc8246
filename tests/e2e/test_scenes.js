// What tests/e2e/test_scenes.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const FOCUS_IN_VIEW_JS = (cls) => {
  const shown = (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const el = [...document.querySelectorAll(`[data-testid="stMain"] .${cls}`)].find(shown);
  const bar = [...document.querySelectorAll('[data-testid="stMain"] .st-key-pr-bar')].find(shown);
  if (!el || !bar || !el.querySelector('.js-plotly-plot .main-svg')) return false;
  const caption = bar.querySelector('[data-testid="stAlertContentInfo"]');
  const header = document.querySelector('[data-testid="stHeader"]').getBoundingClientRect().bottom;
  const r = el.getBoundingClientRect(), b = bar.getBoundingClientRect(), c = caption.getBoundingClientRect();
  return b.top >= header - 1 && c.top >= b.top && c.bottom <= b.bottom + 1
    && r.top >= b.bottom - 1 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth + 1;
};

const CUT_BY_BAR_JS = () => {
  const shown = (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const bar = [...document.querySelectorAll('[data-testid="stMain"] .st-key-pr-bar')].find(shown);
  const edge = bar.getBoundingClientRect().bottom;
  const texts = '[data-testid="stWidgetLabel"], [data-testid="stHeading"], [data-testid="stMarkdownContainer"] p, '
    + '[data-testid="stCaptionContainer"], [data-testid="stSelectbox"], .js-plotly-plot .gtitle, '
    + '[data-testid="stTable"] :is(td, th), .a11y-table :is(td, th), .attention-t-caption';
  const lines = (el) => {  // the boxes of the element's lines of text (the glyphs' own height, not the padding)
    const out = [];
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      out.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
    }
    return out;
  };
  return [...document.querySelectorAll(`[data-testid="stMain"] :is(${texts})`)]
    .filter((el) => shown(el) && !bar.contains(el))
    .flatMap((el) => lines(el).map((r) => ({text: el.textContent.trim().slice(0, 40), top: r.top, bottom: r.bottom})))
    .filter((r) => r.top < edge - 2 && r.bottom > edge + 2)
    .concat([...document.querySelectorAll('[data-testid="stMain"] :is([data-testid="stTable"], .a11y-table) table')]
      .filter((t) => shown(t) && t.tHead && t.tHead.getBoundingClientRect().top < edge - 2
                     && t.getBoundingClientRect().bottom > edge + 2)
      .map((t) => ({text: 'table head: ' + t.tHead.textContent.trim().slice(0, 30), top: t.getBoundingClientRect().top,
                    bottom: t.getBoundingClientRect().bottom})));
};

const AIMED_JS = () => !!document.querySelector('[data-testid="stMain"] .attention-focus[data-aimed="1"]');

const TITLE_RECORDER_JS = () => {
  window.__titleSamples = [];
  const titled = () => [...document.querySelectorAll('h1')].some((h) => h.getClientRects().length > 0);
  const frame = () => {
    window.__titleSamples.push({titled: titled(), path: location.pathname, t: Math.round(performance.now())});
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

const BAR_POSITION_JS = () => { const bar = document.querySelector('.st-key-pr-bar');
  return bar ? getComputedStyle(bar.parentElement).position : null; };
