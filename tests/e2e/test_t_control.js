// What tests/e2e/test_t_control.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const T_TRACES_JS = () => [...document.querySelectorAll('[class*="st-key-chart-"] .js-plotly-plot')].flatMap(gd => {
  const meta = gd.layout.meta && gd.layout.meta.attention_t;
  if (!meta) return [];
  const plain = v => (typeof v === 'number' && Number.isFinite(v)) ? v : null;
  const name = gd.closest('[class*="st-key-chart-"]').className.match(/st-key-chart-(\S+)/)[1];
  return meta.traces.map(spec => {
    const t = gd.data[spec.i];
    if (spec.axis === 'line') return {chart: name, spec, hidden: false, values: [t.line.width, t.opacity],
                                      text: [t.hovertemplate], title: ''};
    if (spec.axis === 'text') return {chart: name, spec, hidden: false, values: null, text: Array.from(t.text),
                                      title: ''};
    const v = gd.data[spec.i][spec.axis];
    const values = spec.axis === 'z' ? Array.from(v, row => Array.from(row, plain)) : Array.from(v, plain);
    const text = spec.text != null ? Array.from(gd.data[spec.i].text) : null;
    return {chart: name, spec: {...spec, hide: undefined}, hidden: !!spec.hide, values, text,
            title: (gd.layout.title || {}).text || ''};
  });
});

const SUMS_JS = () => [...document.querySelectorAll('[class*="st-key-chart-"] .js-plotly-plot')].flatMap(gd => {
  const meta = gd.layout.meta && gd.layout.meta.attention_t;
  if (!meta || !meta.sums) return [];
  const y = i => Array.from(gd._fullData.find(f => f.index === i).y);  // decoded (gd.data may hold base64)
  return [{bars: meta.sums.bars.map(y), total: y(meta.sums.marks),
           notes: meta.sums.notes.map(k => gd.layout.annotations[k]).map(a => [a.y, a.text, a.yanchor, a.yshift])}];
});

const MARKS_JS = () => [...document.querySelectorAll('[class*="st-key-chart-"] .js-plotly-plot')].flatMap(gd => {
  const meta = gd.layout.meta && gd.layout.meta.attention_t;
  if (!meta || !meta.marks) return [];
  const name = gd.closest('[class*="st-key-chart-"]').className.match(/st-key-chart-(\S+)/)[1];
  const shapes = meta.marks.filter(m => m.shape !== undefined).map(m => gd.layout.shapes[m.shape])
    .map(sh => [sh.x0, sh.x1]);
  const notes = meta.marks.filter(m => m.note !== undefined).map(m => [gd.layout.annotations[m.note].x, m.log,
    gd.layout.annotations[m.note].text]);
  return [{chart: name, shapes, notes}];
});

const DRAWN_JS = () => [...document.querySelectorAll('[class*="st-key-chart-"] .js-plotly-plot')]
  .filter(gd => gd.layout.meta && gd.layout.meta.attention_t).map(gd => ({
    images: [...gd.querySelectorAll('.hm image')].map(i => i.getAttribute('href') || i.getAttribute('xlink:href')),
    cells: [...gd.querySelectorAll('g.heatmap-label text')].map(t => [t.textContent, getComputedStyle(t).fill,
                                                                      t.getAttribute('x'), t.getAttribute('y')]),
    bars: [...gd.querySelectorAll('.barlayer path')].map(p => p.getAttribute('d')),
    texts: [...gd.querySelectorAll('.barlayer text, .scatterlayer text')].map(t => [t.textContent,
                                                                      t.getAttribute('transform')]),
    points: [...gd.querySelectorAll('.scatterlayer path.point')].map(p => p.getAttribute('transform')),
    lines: [...gd.querySelectorAll('.scatterlayer g.trace')].map(g => [g.style.opacity,
      ...[...g.querySelectorAll('path.js-line')].map(p => [p.getAttribute('d'), p.style.strokeWidth])]),
    range: JSON.stringify([gd._fullLayout.yaxis.range, gd._fullLayout.xaxis.range]),
    title: (gd.querySelector('.gtitle') || {}).textContent || '',
  }));

const MARKS_DRAWN_JS = () => [...document.querySelectorAll('[class*="st-key-chart-"] .js-plotly-plot')]
  .filter(gd => gd.layout.meta && gd.layout.meta.attention_t && gd.layout.meta.attention_t.marks).map(gd => [
    [...gd.querySelectorAll('.shapelayer path')].map(p => (p.getAttribute('d').match(/[-\d.]+/g) || [])
      .map(Number)),
    [...gd.querySelectorAll('g.annotation g.cursor-pointer')].map(g => [
      ...g.getAttribute('transform').match(/[-\d.]+/g).map(Number),
      Number(g.querySelector('rect.bg').getAttribute('width')), Number(g.querySelector('text').getAttribute('x')),
      g.querySelector('text').textContent]),
  ]);

const NOTES_DRAWN_JS = () => [...document.querySelectorAll('[class*="st-key-chart-"] .js-plotly-plot')]
  .filter(gd => gd.layout.meta && gd.layout.meta.attention_t && gd.layout.meta.attention_t.sums).map(gd => [
    [...gd.querySelectorAll('g.annotation g.cursor-pointer')].map(g => [
      ...g.getAttribute('transform').match(/[-\d.]+/g).map(Number),
      Number(g.querySelector('rect.bg').getAttribute('width')), g.querySelector('text').textContent]),
  ]);

const FULL_REDRAW_JS = () => Promise.all([...document.querySelectorAll('[class*="st-key-chart-"] .js-plotly-plot')]
  .filter(gd => gd.layout.meta && gd.layout.meta.attention_t).map(gd => Plotly.redraw(gd)));

const PRESS_TIMES_JS = () => {
  window.__pressTimes = [];
  document.addEventListener('input', (e) => {
    if (e.target.closest('.attention-t-range')) window.__pressTimes.push(performance.now());
  }, true);
};

const T_TABLE_JS = () => [...document.querySelectorAll('.attention-t-table')].map(el => ({
  rows: [...el.querySelectorAll('tbody tr')].map(tr => [tr.querySelector('th').textContent,
                                                        [...tr.querySelectorAll('td')].map(td => td.textContent)]),
  bars: [...el.querySelectorAll('td.attention-bar')].map(td => td.style.getPropertyValue('--w').trim()),
  caption: el.querySelector('.attention-t-caption').textContent,
  scores: JSON.parse(el.dataset.path).scores,
}));

const TABLE_NODE_JS = () => { window.__tableNode = document.querySelector('.attention-t-table'); };

const SAME_TABLE_NODE_JS = () => window.__tableNode === document.querySelector('.attention-t-table');

const AT_T_JS = async (t) => {
  await window.__attentionT.preview(t);
  return JSON.stringify({traces: await (T_TRACES_JS)(), sums: await (SUMS_JS)(), marks: await (MARKS_JS)()});
};

const T_TABLE_AT_JS = async (t) => {
  await window.__attentionT.preview(t);
  const [table] = await (T_TABLE_JS)();
  const path = window.__attentionT.math.weightPath(table.scores, t);
  return JSON.stringify({table, path: {scaled: path.scaled, exp: path.exp, weights: path.weights}});
};
