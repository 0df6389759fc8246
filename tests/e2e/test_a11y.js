// What tests/e2e/test_a11y.py evaluates in a page (Playwright's evaluate, wait_for_function): one `const` per
// function at the start of a line, read by name at the module's import (page_checks.probes).

const CHARTS_JS = () => [...document.querySelectorAll('[data-testid="stMain"] [class*="st-key-chart-"]')].map(e => {
  const gd = e.querySelector('.js-plotly-plot');
  const heat = gd ? (gd._fullData || []).filter(t => t.type === 'heatmap' && !(t.text || []).flat().includes('✕')) : [];
  return {
    name: e.className.match(/st-key-chart-(\S+)/)[1],
    role: e.getAttribute('role'), label: e.getAttribute('aria-label') || '',
    title: gd && gd.layout.title ? String(gd.layout.title.text || '').replace(/<br>/g, ' ') : '',
    heatmapRows: heat.map(t => (t.z || []).length),
  };
});

const TABLES_JS = name => [...document.querySelectorAll(`.st-key-table-${name} table`)].map(t => ({
  cols: t.querySelectorAll('thead th[scope="col"]').length,
  rows: t.querySelectorAll('tbody th[scope="row"]').length,
  cells: t.querySelectorAll('tbody td').length,
}));

const ACTIVE_JS = () => { const a = document.activeElement; return {tag: a.tagName, text: (a.textContent || '').trim()}; };

const WAIT_LABELLED = () => [...document.querySelectorAll('[data-testid="stMain"] [class*="st-key-chart-"]')]
  .every(e => e.getAttribute('role') === 'figure' && e.getAttribute('aria-label'));

const RING_JS = () => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  // Streamlit's data grids draw their own focus, a ring around the focused cell, in their canvas
  if (a.tagName === 'CANVAS' && a.closest('[data-testid="stDataFrame"]')) return {grid: true};
  const rgb = c => { const m = c.match(/[\d.]+/g) || []; return m.map(Number); };
  const lum = ([r, g, b]) => [r, g, b]
    .map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const behind = el => {  // the first opaque background from el up (semi-transparent ones laid over it)
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      const alpha = c.length > 3 ? c[3] : 1;
      if (alpha > 0) layers.push([c.slice(0, 3), alpha]);
      if (alpha >= 1) break;
    }
    let out = [255, 255, 255];
    for (const [c, alpha] of layers.reverse()) out = out.map((v, i) => v * (1 - alpha) + c[i] * alpha);
    return out;
  };
  const box = a.closest('[data-testid="stCheckbox"]');
  const candidates = [a.closest('[data-testid="stSlider"] div:has(> div > input[type="range"])'),  // input hidden
    box && box.querySelector('label > span + div'), a.closest('[data-testid="stSelectbox"] [role="group"]'),
    a.closest('[data-testid="stTextInputRootElement"]'), a];
  const ring = candidates.find(e => e && getComputedStyle(e).outlineStyle !== 'none'
                                     && parseFloat(getComputedStyle(e).outlineWidth) > 0);
  const what = (a.getAttribute('aria-label') || a.textContent || a.tagName).trim().slice(0, 40);
  const where = a.closest('[class*="st-key-"]');
  const name = [a.tagName, where ? [...where.classList].find(c => c.startsWith('st-key-')) : '', what].join(' ');
  if (!ring) return {name, ok: false, why: 'no outline'};
  const s = getComputedStyle(ring);
  const inside = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth) <= 0;  // a ring drawn inside the control
  const fg = lum(rgb(s.outlineColor)), bg = lum(behind(inside ? ring : ring.parentElement || ring));
  const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  const r = ring.getBoundingClientRect();
  // the ring is drawn whole: no box of the widget itself (up to its element container) that hides what overflows
  // it cuts the outline, which lies outside the element (the page's scrolling boxes bring the control into view)
  const out = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth);
  const clipped = [];
  const widget = ring.closest('[data-testid="stElementContainer"]');
  for (let e = ring.parentElement; e && widget && widget.contains(e); e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (![cs.overflowX, cs.overflowY].some(o => o === 'hidden' || o === 'clip')) continue;
    const c = e.getBoundingClientRect();
    if (r.left - out < c.left - 0.5 || r.right + out > c.right + 0.5 || r.top - out < c.top - 0.5
        || r.bottom + out > c.bottom + 0.5) clipped.push(e.tagName + '.' + (e.getAttribute('data-testid') || ''));
    break;  // the nearest clipping box decides
  }
  const ok = s.outlineStyle === 'solid' && parseFloat(s.outlineWidth) >= 2 && ratio >= 3 && r.width > 0 && r.height > 0
    && !clipped.length;
  return {name, ok, why: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${ratio.toFixed(2)}:1` +
                         (clipped.length ? ' clipped by ' + clipped.join(' ') : '')};
};

const THUMB_HITS_JS = ([sel, half]) => [...document.querySelectorAll(sel)].map(t => {
  t.scrollIntoView({block: 'center'});
  const r = t.getBoundingClientRect(), cx = r.x + r.width / 2, cy = r.y + r.height / 2;
  const d = half - 1, points = [[-d, -d], [d, -d], [-d, d], [d, d], [0, -d], [0, d], [-d, 0], [d, 0]];
  return points.filter(([dx, dy]) => { const e = document.elementFromPoint(cx + dx, cy + dy);
                                       return !(e && t.contains(e)); });
});

const FOCUS_WHERE_JS = () => { const a = document.activeElement; const r = a.getBoundingClientRect();
  return {sidebar: !!a.closest('[data-testid="stSidebar"]'), x: r.x, w: r.width, tag: a.tagName}; };

const FOCUSED_TOP_JS = () => { const a = document.activeElement; const r = a.getBoundingClientRect();
  const h = document.querySelector('[data-testid="stHeader"]').getBoundingClientRect().bottom;
  return {top: r.top, height: r.height, header: h, inMain: !!a.closest('[data-testid="stMain"]'),
          what: (a.getAttribute('aria-label') || a.textContent || a.tagName).trim().slice(0, 40)}; };

const LAST_IN_MAIN_JS = () => [...document.querySelectorAll('[data-testid="stMain"] a, [data-testid="stMain"] button')]
  .filter(e => e.offsetParent).pop().focus();

const T_CONTROL_A11Y_JS = () => [...document.querySelectorAll('.attention-t-range')].map(i => {
  const help = document.getElementById(i.getAttribute('aria-describedby') || '');
  const out = i.closest('.attention-t').querySelector('output');
  return {name: i.getAttribute('aria-label'), help: help ? help.textContent : null,
          hidden: out.getAttribute('aria-hidden'), label: !!i.closest('.attention-t').querySelector('label')}; });

const TRACK_JS = () => {
  const t = document.querySelector('.st-key-sb-presenter label > span:has(> input[role="switch"]) + div');
  const sb = getComputedStyle(document.querySelector('[data-testid="stSidebarContent"]') ||
                              document.querySelector('[data-testid="stSidebar"]')).backgroundColor;
  return t ? {shadow: getComputedStyle(t).boxShadow, sidebar: sb} : null; };

const FORCED_JS = () => {
  const track = document.querySelector('.st-key-sb-presenter label > span:has(> input[role="switch"]) + div');
  const knob = track && track.firstElementChild;
  const chosen = document.querySelector('.st-key-sb-lang button[data-selected="true"]');
  return {forced: matchMedia('(forced-colors: active)').matches, track: getComputedStyle(track).borderTopStyle,
          knob: getComputedStyle(knob).forcedColorAdjust, chosen: getComputedStyle(chosen).outlineStyle}; };

const ENGLISH_NAMES_JS = () => {
  const names = [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))
    .concat([...document.querySelectorAll('.modebar [data-title]')].map(e => e.getAttribute('data-title')));
  const skip = document.querySelector('[data-testid="stSkipToContent"]');
  const english = ["Help for ", "Link to heading", "Collapse sidebar", "Expand sidebar", "Open", "Copy to clipboard",
                   "Main menu", "Zoom", "Pan", "Reset axes", "Fullscreen", "Download plot"];
  return {english: names.filter(n => english.some(e => n === e || (e.endsWith(" ") || e === "Download plot" || e ===
    "Zoom") && n.startsWith(e))), skip: skip ? skip.textContent : null};
};

const ACTIVE_KEY_JS = () => { const a = document.activeElement; const k = a && a.closest('[class*="st-key-"]');
  return {tag: a ? a.tagName : null, key: k ? [...k.classList].find(c => c.startsWith('st-key-')) : null}; };

const BOXES_JS = () => [...document.querySelectorAll(':is([data-testid="stMain"], [data-testid="stSidebar"]) :is(' +
    '[data-testid="stTextInputRootElement"], [data-testid="stNumberInputContainer"], ' +
    '[data-testid="stTextAreaRootElement"], [data-testid="stSelectbox"] [role="group"])')]
  .filter(e => e.getBoundingClientRect().width > 0 && getComputedStyle(e).visibility === 'visible')
  .map(e => {
    let behind = 'rgb(255, 255, 255)';
    for (let p = e.parentElement; p; p = p.parentElement) {
      const c = getComputedStyle(p).backgroundColor;
      if (c !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(c)) { behind = c; break; }
    }
    const k = e.closest('[class*="st-key-"]'), s = getComputedStyle(e);
    return {key: k ? [...k.classList].find(c => c.startsWith('st-key-')) : null, edge: s.borderTopColor,
            fill: s.backgroundColor, behind, focused: e.matches(':focus-within'), ring: s.outlineStyle,
            ringColor: s.outlineColor};
  });

const LABELS_JS = () => [...document.querySelectorAll(':is([data-testid="stMain"], [data-testid="stSidebar"]) ' +
    ':is(button, [data-testid="stMetricLabel"], [data-testid="stWidgetLabel"]) [data-testid="stMarkdownContainer"]')]
  .filter(e => e.getBoundingClientRect().width > 0 && getComputedStyle(e).visibility === 'visible')
  .map(e => {
    const b = e.closest('button');
    const cut = e.scrollWidth > e.clientWidth + 1 || (!!b && (b.scrollWidth > b.clientWidth + 1 ||
                                                                b.scrollHeight > b.clientHeight + 1));
    return {text: e.textContent.trim(), cut};
  });

const TOGGLE_RING_JS = () => {
  const a = document.activeElement;
  const box = a.closest('[data-testid="stCheckbox"]');  // its input is hidden: the ring is on the switch drawn
  const target = box ? box.querySelector('label > span + div') : a;
  const s = getComputedStyle(target);
  const kind = a.closest('[data-testid="stPageLink-NavLink"]') ? 'link' : box ? 'toggle' : a.tagName;
  return [kind, s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor];
};

const SMALL_TARGETS_JS = sel => [...document.querySelectorAll(sel)]
  .map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && (r.height < 44 || r.width < 44))
  .map(r => [Math.round(r.width), Math.round(r.height)]);

const SENTENCE_RINGED_JS = want => {
  const f = (BOXES_JS)().filter(b => b.focused);
  return f.length === 1 && f[0].key === 'st-key-sb-sentence' && f[0].edge === want.edge
    && f[0].ring === 'solid' && f[0].ringColor === want.ring;
};
