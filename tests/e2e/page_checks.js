// The probes the browser tests evaluate in a page (Playwright's page.evaluate, wait_for_function): one per `const` at
// the start of a line, read by tests/e2e/page_checks.py at import (`probes`, `PROBES`), each a function of the page as
// it stands. Most are that module's checks; SHOWS_ANY, RUNNING, HOLD_SOCKETS (with HOLDING, HOLD_AT_RUN,
// RELEASE_HELD), RECORD_RUNS_AND_STEPS and RUNS_AND_STEPS serve tests/e2e/driver.py and test_scenes.py.

// whether a run of the page is under way
const RUNNING = () =>
  document.querySelector('[data-testid="stApp"]').getAttribute('data-test-script-state') === 'running';

// run before the page's own scripts (an init script): the page's websockets deliver what the server sends, except
// while window.__holding is true, when each message waits, in order, until window.__releaseHeld() delivers them.
// window.__holdAtRun() sets __holding at the next change of the run state to "running": the page then shows a run
// under way whatever the server has done since.
const HOLD_SOCKETS = () => {
  const Native = window.WebSocket;
  const held = [];
  window.__holding = false;
  window.__releaseHeld = () => {
    window.__holding = false;
    held.splice(0).forEach((deliver) => deliver());
  };
  window.__holdAtRun = () => {
    const app = document.querySelector('[data-testid="stApp"]');
    const watch = new MutationObserver(() => {
      if (app.getAttribute('data-test-script-state') !== 'running') return;
      window.__holding = true;
      watch.disconnect();
    });
    watch.observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
  };
  const holding = (socket, fn) => (e) => (window.__holding ? held.push(() => fn.call(socket, e)) : fn.call(socket, e));
  window.WebSocket = class extends Native {
    set onmessage(fn) { super.onmessage = typeof fn === 'function' ? holding(this, fn) : fn; }
    get onmessage() { return super.onmessage; }
    addEventListener(type, fn, options) {
      return super.addEventListener(type, type === 'message' && typeof fn === 'function' ? holding(this, fn) : fn,
                                    options);
    }
  };
};

// whether the page's websockets hold what the server sends (HOLD_SOCKETS)
const HOLDING = () => window.__holding === true;

// HOLD_SOCKETS's two controls: hold from the next run's start; deliver what is held
const HOLD_AT_RUN = () => window.__holdAtRun();
const RELEASE_HELD = () => window.__releaseHeld();

// what RECORD_RUNS_AND_STEPS has recorded so far
const RUNS_AND_STEPS = () => window.__runsAndSteps;

// whether the page's text shows any of the strings `ns`
const SHOWS_ANY = (ns) => ns.some((n) => document.body.innerText.includes(n));

// records in window.__runsAndSteps, in order, each change of the run state and each click on the "next" step button
// (the clicker's own clicks included)
const RECORD_RUNS_AND_STEPS = () => {
  window.__runsAndSteps = [];
  const app = document.querySelector('[data-testid="stApp"]');
  new MutationObserver(() => window.__runsAndSteps.push(app.getAttribute('data-test-script-state')))
    .observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
  document.addEventListener('click', (e) => {
    if (e.target.closest && e.target.closest('.st-key-pr-next')) window.__runsAndSteps.push('next');
  }, true);
};

// whether the sidebar is folded (or not there)
const FOLDED = () => {
  const s = document.querySelector('[data-testid="stSidebar"]');
  const r = s && s.getBoundingClientRect();
  return !r || r.right <= 1 || r.width === 0;
};

// what of the page a phone's width cuts: the page's and the main column's sideways scroll, the sidebar's place,
// each chart's box, base font, drawn texts under minPx and whether a swipe scrolls past it, each formula's box
const LAYOUT = (minPx) => {
  const sb = document.querySelector('[data-testid="stSidebar"]');
  const sbBox = sb ? sb.getBoundingClientRect() : null;
  const formulas = [...document.querySelectorAll('[data-testid="stMain"] .katex-display')].map(k => {
    const r = k.getBoundingClientRect();
    const style = getComputedStyle(k);
    return {right: r.right, scrolls: ['auto', 'scroll'].includes(style.overflowX)};
  });
  return {
    scrollWidth: document.scrollingElement.scrollWidth,
    // the main column scrolls on its own (Streamlit's stMain): what is wider than it scrolls it sideways
    mainOverflow: (m => m ? m.scrollWidth - m.clientWidth : 0)(document.querySelector('[data-testid="stMain"]')),
    sidebarRight: sbBox ? sbBox.right : 0,
    sidebarWidth: sbBox ? sbBox.width : 0,
    charts: [...document.querySelectorAll('.js-plotly-plot')].map(gd => {
      const r = gd.getBoundingClientRect();
      // every text the chart draws (ticks, colour bar ticks, cell numbers, titles), not only its base font
      const small = [...gd.querySelectorAll('text')]
        .filter(t => t.textContent.trim() && t.getBoundingClientRect().width > 0)
        .map(t => ({px: parseFloat(getComputedStyle(t).fontSize), text: t.textContent.slice(0, 12),
                    where: t.parentElement.getAttribute('class') || ''}))
        .filter(t => t.px < minPx);
      const L = gd._fullLayout;
      const axes = Object.keys(L).filter(k => /^[xy]axis\d*$/.test(k) && L[k] && L[k]._id);
      return {left: r.left, right: r.right, layoutWidth: L.width, font: L.font.size,
              small: small.slice(0, 5), swipes: L.dragmode === false && axes.every(k => L[k].fixedrange)};
    }),
    formulas,
  };
};

// every control with the box a press really lands in (see page_checks.target_failures)
const TARGETS = () => {
  const sel = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=switch], [role=slider],' +
              ' [role=tab], [role=checkbox], [role=radio]';
  const out = [];
  for (const el of document.querySelectorAll(`:is([data-testid="stMain"], [data-testid="stSidebar"]) :is(${sel})`)) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
    const side = el.closest('[data-testid="stSidebar"]');
    if (side && side.getBoundingClientRect().right <= 0) continue;  // a folded sidebar
    if (el.matches('a') && el.closest('p, li') && !el.closest('[data-testid="stPageLink-NavLink"]')) continue;
    let box = {w: r.width, h: r.height};
    // a box's text, its "open the list" button and a number's steps sit in one frame that takes the press
    const frame = el.closest('[data-testid="stSelectbox"] [role="group"], [data-testid="stTextInputRootElement"],' +
                             ' [data-testid="stNumberInputContainer"]');
    if (frame) { const f = frame.getBoundingClientRect(); box = {w: f.width, h: f.height}; }
    const label = el.closest('label');
    if (label) {
      const l = label.getBoundingClientRect();
      box = {w: Math.max(box.w, l.width), h: Math.max(box.h, l.height)};
    }
    const thumb = el.matches('input[type=range]') ? el.parentElement && el.parentElement.parentElement : null;
    if (thumb) {
      const before = getComputedStyle(thumb, '::before');
      const w = parseFloat(before.width) || 0, h = parseFloat(before.height) || 0;
      box = {w: Math.max(box.w, w), h: Math.max(box.h, h)};
    }
    const key = ((el.closest('[class*="st-key-"]') || {}).className || '').match(/st-key-[^ ]+/);
    const id = (el.closest('[data-testid]') || {dataset: {}}).dataset.testid;
    out.push({w: Math.round(box.w), h: Math.round(box.h), tag: el.tagName,
              type: el.type || el.getAttribute('role') || '', key: key ? key[0] : '', id,
              what: (el.getAttribute('aria-label') || el.innerText || '').trim().slice(0, 30)});
  }
  return out;
};

// each chart's toolbar (when it has one) against the chart's titles: the titles whose boxes it meets
const COVERED = () => [...document.querySelectorAll('[data-testid="stMain"] .js-plotly-plot')].flatMap((gd) => {
  const bar = gd.querySelector('.modebar-container .modebar');
  const titles = [...gd.querySelectorAll('.gtitle, .g-gtitle text, .annotation-text')];
  if (!bar || getComputedStyle(bar).display === 'none') return [];
  const b = bar.getBoundingClientRect();
  if (!b.width) return [];
  return titles.map((t) => ({t, r: t.getBoundingClientRect()}))
    .filter(({r}) => r.width && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
    .map(({t}) => t.textContent.slice(0, 40));
});

// axe-core's audit in one pass over the page (tests/e2e/test_axe.py): the rules of `tags` and the `extra` rules
// together, so that the page's tree and colours are read once. Its violations, an extra rule's rated serious, less
// the nodes an exclusion ([rule, selector]) covers; a `mainOnly` rule counts the nodes of the main column alone (a
// node that cannot be found again is counted).
const AUDIT = async ([tags, extra, excluded, mainOnly]) => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},
    rules: Object.fromEntries(extra.map((id) => [id, {enabled: true}])), resultTypes: ['violations']});
  const main = document.querySelector('[data-testid="stMain"]');
  const found = (n) => n.target.map((t) => document.querySelector(t)).filter(Boolean);
  const excludedNode = (id, n) => excluded.some(([rule, sel]) => rule === id && found(n).some((el) => el.closest(sel)));
  const outsideMain = (n) => found(n).length > 0 && found(n).every((el) => !(main && main.contains(el)));
  return r.violations.map((v) => ({
    id: v.id, impact: extra.includes(v.id) ? 'serious' : v.impact, help: v.help,
    nodes: v.nodes.filter((n) => !excludedNode(v.id, n) && !(mainOnly.includes(v.id) && outsideMain(n)))
      .map((n) => ({target: n.target.join(' '), summary: n.failureSummary})),
  })).filter((v) => v.nodes.length);
};
