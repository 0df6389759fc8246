// What tests/e2e/room_layout.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const TITLES_JS = () => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')].map(gd => {
  const box = el => { const r = el.getBoundingClientRect();
                      return {l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const svg = box(gd.querySelector('svg.main-svg'));
  const axis = (title, ticks) => [...gd.querySelectorAll(title)].filter(t => t.textContent.trim()).map(t => ({
    text: t.textContent, box: box(t), lines: Math.max(1, t.querySelectorAll('tspan.line').length),
    ticks: [...gd.querySelectorAll(ticks)].filter(k => k.textContent.trim()).map(k => ({text: k.textContent,
                                                                                      box: box(k)})),
  }));
  const gtitle = gd.querySelector('.gtitle');
  const lines = !gtitle ? [] : (gtitle.querySelectorAll('tspan.line').length
    ? [...gtitle.querySelectorAll('tspan.line')].map(t => t.textContent) : [gtitle.textContent]);
  return {svg, y: axis('.g-ytitle text.ytitle', '.ytick text'), x: axis('.g-xtitle text.xtitle', '.xtick text'),
          title: lines};
});

const SLIDER_JS = () => {
  const box = el => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const shown = el => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const control = [...document.querySelectorAll('[data-testid="stMain"] .attention-t')].find(shown);
  const bar = box(control);
  const below = [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stCaptionContainer"]')]
    .map(box).filter(c => c.t >= bar.t && c.l < bar.r && c.r > bar.l).sort((a, c) => a.t - c.t);
  return {bar, caption: below[0] || null};
};

const TICKS_JS = () => [...document.querySelectorAll('[data-testid="stMain"] .st-key-chart-pipeline .js-plotly-plot')].flatMap(gd => {
  const L = gd._fullLayout;
  return Object.keys(L).filter(k => /^[xy]axis[0-9]*$/.test(k)).map(k => {
    const id = k[0] + k.slice(5);
    const ticks = [...gd.querySelectorAll(`.${id}tick text`)].filter(t => t.textContent.trim()).map(t => {
      const r = t.getBoundingClientRect();
      return {text: t.textContent, l: r.left, t: r.top, r: r.right, b: r.bottom,
              size: parseFloat(getComputedStyle(t).fontSize)};
    });
    return {axis: k, categories: (L[k]._categories || []).length, ticks};
  });
});

const CELLS_JS = () => [...document.querySelectorAll('[data-testid="stMain"] [class*="st-key-chart-"] .js-plotly-plot')].flatMap(gd => {
  const box = gd.closest('[class*="st-key-chart-"]');
  const name = [...box.classList].find(c => c.startsWith('st-key-chart-')).slice('st-key-chart-'.length);
  const L = gd._fullLayout;
  return (gd.calcdata || []).map(cd => cd[0]).filter(c => c.trace.type === 'heatmap' && c.z && c.z.length)
    .map(c => {
      const t = c.trace, z = c.z.map(r => Array.from(r, v => (Number.isFinite(v) ? v : 0)));
      const xa = L['xaxis' + (t.xaxis || 'x').slice(1)], ya = L['yaxis' + (t.yaxis || 'y').slice(1)];
      const left = !!(gd.layout.meta && gd.layout.meta.numbers_left_out);
      return {name, z, text: !!t.texttemplate, left, w: xa._length / z[0].length, h: ya._length / z.length};
    });
});
