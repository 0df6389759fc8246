// The one door to Streamlit's and Plotly's undocumented surface in the browser (ui/compat.py is the server's).
//
// Every Streamlit test id (`data-testid`), the run-state attribute on the app (`data-test-script-state`), the rule by
// which Streamlit names a keyed element's class (st-key- and the key with every character outside [a-zA-Z0-9_-] as
// "-": the prefix is documented, the rule is not), its layout wrappers, and (at the end, in its own section) Plotly's
// classes and graph-div internals that a11y.js, clicker.js, control.js, draw.js (the T control's fast redraw) and
// live-chart.js need: all are read here, by name, and the scripts call these functions (tests/test_compat.py fails on
// any such name outside this file). The style sheets keep their selectors (docs/internals.md lists every test id and
// class they depend on).
//
// Once the app has rendered (its first run over), a self-check probes each use the page needs (`expect`): the test
// ids are there, the run state reads as Streamlit's, a keyed element carries the class the rule gives. A probe that
// fails is told once on the console and in the root element's `data-attention-compat` ("ok", or "missing:" and the names), and
// what depends on it stands down: the clicker does nothing of its own (the step buttons still work by click and tap),
// a live chart without Plotly asks the server to draw it as Streamlit's own chart, the T preview redraws its charts
// with Plotly.update instead of in place. `works(name)` says whether a probe passed (true until it has run).
//
// Each script that uses it has this file put in front of it (ui/web.py); the first copy in a tab defines
// `window.attentionCompat`, the others find it (a new version of the app, with another text, defines it anew). The
// live charts' module is sent without it, with every chart of every run, and waits for the page's copy.
(() => {
  const VERSION = "__COMPAT_VERSION__";
  if (window.attentionCompat && window.attentionCompat.version === VERSION) return;

  // --- Streamlit ---------------------------------------------------------------------------------------------------
  const id = (name) => `[data-testid="${name}"]`;
  const SEL = {
    app: id("stApp"),
    main: id("stMain"),
    block: id("stMainBlockContainer"),
    sidebar: id("stSidebar"),
    header: id("stHeader"),
    skip: id("stSkipToContent"),
    pageLink: id("stPageLink-NavLink"),
    fold: `${id("stSidebarCollapseButton")} button`,
    grid: id("stDataFrame"),
    slider: id("stSlider"),
    row: id("stHorizontalBlock"),
    wrapper: "stLayoutWrapper",
    // what labels a chart from above: a subheading, a select box or a button group
    labels: `${id("stHeading")} :is(h2, h3), ${id("stSelectbox")}, ${id("stButtonGroup")}`,
  };
  const RUN_STATE = "data-test-script-state";
  const RUN_STATES = ["initial", "running", "notRunning", "rerunRequested", "stopRequested", "compilationError"];
  const FOLDED = "data-collapsed";
  const KEY_PREFIX = "st-key-";

  const keyClass = (key) => KEY_PREFIX + String(key).trim().replace(/[^a-zA-Z0-9_-]/g, "-");
  const keySel = (key) => "." + keyClass(key);
  const app = () => document.querySelector(SEL.app);
  const runState = () => { const a = app(); return a ? a.getAttribute(RUN_STATE) : null; };
  const main = () => document.querySelector(SEL.main);

  const C = {
    version: VERSION,
    sel: SEL,
    // keyed elements: the class of a key, a selector for it, the key class an element (or its box) carries
    keyClass,
    keySel,
    keyClassOf: (el) => {
      const box = el && el.closest && el.closest(`[class*="${KEY_PREFIX}"]`);
      return box ? [...box.classList].find((c) => c.startsWith(KEY_PREFIX)) || null : null;
    },
    // every element whose key starts with `prefix` (e.g. "sc:up:"), under `root`: [element, the rest of its key]
    keyed: (prefix, root = document) => {
      const cls = keyClass(prefix);
      return [...root.querySelectorAll(`[class*="${cls}"]`)].flatMap((el) => {
        const c = [...el.classList].find((k) => k.startsWith(cls));
        return c ? [[el, c.slice(cls.length)]] : [];
      });
    },
    // the run: "running" while a script run is under way, idle once it is over (null: cannot be told)
    runState,
    // `onRun(state)` at each change of the run state, as the app's element tells it (null: no app to watch)
    watchRunState: (onRun) => {
      const a = app();
      if (!a) return null;
      const watch = new MutationObserver(() => onRun(runState()));
      watch.observe(a, {attributes: true, attributeFilter: [RUN_STATE]});
      return watch;
    },
    running: () => runState() === "running",
    idle: () => runState() === "notRunning",
    // the page's areas
    main,
    inMain: (el) => !!(el && el.closest && el.closest(SEL.main)),
    inSidebar: (el) => !!(el && el.closest && el.closest(SEL.sidebar)),
    mainAll: (selector) => { const m = main(); return m ? [...m.querySelectorAll(selector)] : []; },
    title: () => document.querySelector(`${SEL.main} h1`),
    block: () => document.querySelector(SEL.block),
    headerBottom: () => { const h = document.querySelector(SEL.header); return h ? h.getBoundingClientRect().bottom : 0; },
    skipLink: () => document.querySelector(SEL.skip),
    sidebarLinkOf: (el) => (el && el.closest ? el.closest(`${SEL.sidebar} ${SEL.pageLink}`) : null),
    foldButton: () => document.querySelector(SEL.fold),
    // the sidebar folds: `onFold(sidebar)` is called with the sidebar that folded
    watchFolds: (onFold) => {
      const watch = new MutationObserver((changes) => {
        const sb = changes.map((c) => c.target).find((t) => t.getAttribute && t.getAttribute(FOLDED) === "true");
        if (sb) onFold(sb);
      });
      watch.observe(document.body, {attributes: true, attributeFilter: [FOLDED], subtree: true});
      return watch;
    },
    inDataGrid: (el) => !!(el && el.closest && el.closest(SEL.grid)),
    rowOf: (el) => el.closest(SEL.row),
    // an element's layout wrapper (Streamlit puts one around some blocks), or the element itself
    outerOf: (el) => (el.parentElement && el.parentElement.dataset.testid === SEL.wrapper ? el.parentElement : el),
    // a copy of the page, not the page: no test id on it, no ids in it (its elements keep their key classes, as they
    // have since the copy was first made: the rename it was written with never matched)
    stripCopy: (copy) => {
      copy.removeAttribute("data-testid");
      copy.querySelectorAll("[id]").forEach((el) => el.removeAttribute("id"));
      return copy;
    },
    // the rule that hides the Streamlit slider inside the keyed box `key` (the T control's fallback)
    sliderIn: (key) => `${keySel(key)} ${SEL.slider}`,
  };

  // --- the self-check -------------------------------------------------------------------------------------------------
  // The probes judge the page at rest: between runs, with no copy of the page the clicker is leaving over it (on a
  // busy machine the first check can fall in the middle of a page change, when the new page has no title yet and the
  // copy's charts have no Plotly behind them). Until then, and for what is not there yet, the check waits, up to
  // PATIENCE_MS after this file ran.
  const PATIENCE_MS = 60000;
  const OLD_PAGE = "attention-old-page";  // the id of the clicker's copy of the page it leaves
  C.OLD_PAGE = OLD_PAGE;
  const inCopy = (el) => !!(el.closest && el.closest(`#${OLD_PAGE}`));
  const atRest = () => runState() !== "running" && !document.querySelector(`#${OLD_PAGE}`);
  const PROBES = {
    "run-state": () => RUN_STATES.includes(runState()),
    main: () => document.querySelectorAll(SEL.main).length === 1 && (C.title() ? true : null),
    block: () => { const m = main(), b = C.block(); return !!(m && b && m.contains(b)); },
    sidebar: () => { const s = document.querySelector(SEL.sidebar); return !!s && s.hasAttribute(FOLDED); },
    header: () => !!document.querySelector(SEL.header),
    keys: () => !C.probeKey || !!document.querySelector(keySel(C.probeKey)),
  };
  // what stands down without each probe (said on the console)
  const WITHOUT = {
    "run-state": "the clicker keeps no press for later and does nothing of its own",
    main: "the clicker does nothing of its own; focus goes back to the title less often",
    block: "presenter mode's page width is not measured",
    sidebar: "a folded sidebar's controls may stay in the Tab order",
    header: "a focused control may sit under the header",
    keys: "the clicker does nothing of its own; scene buttons and charts keep Streamlit's own names",
    plotly: "charts are drawn but not previewed, named or stepped from the keyboard; live charts are drawn by the server",
    redraw: "the T preview redraws each chart whole with Plotly.update and Plotly.relayout (slower), not in place",
  };
  const expected = new Set();
  const failed = new Map();  // probe → true once it has failed
  let checked = false;
  C.probeKey = null;
  C.expect = (names, probeKey) => {  // the probes this page needs (a11y.js says which), and a key it always draws
    for (const n of names || []) expected.add(n);
    if (probeKey) C.probeKey = probeKey;
    if (checked) check();
  };
  C.works = (name) => !failed.has(name);
  C.missing = () => [...failed.keys()];
  const report = () => {
    document.documentElement.dataset.attentionCompat = failed.size ? `missing:${[...failed.keys()].join(",")}` : "ok";
  };
  const fail = (name, why) => {
    if (failed.has(name)) return;
    failed.set(name, true);
    console.warn(`attention: running without ${name} (${why || "not found"}): ${WITHOUT[name] || ""}`);
    report();
  };
  const check = () => {
    checked = true;
    const patient = performance.now() - started < PATIENCE_MS;
    if (patient && !atRest()) { setTimeout(check, 500); return; }
    let pending = false;
    for (const name of expected) {
      if (failed.has(name)) continue;
      let ok = false;
      try { ok = PROBES[name] ? PROBES[name]() : true; } catch (err) { ok = false; }
      if (ok === null && patient) pending = true;  // not to be told yet (a chart loading, a title not drawn yet)
      else if (typeof ok === "string") fail(name, ok);  // what is missing
      else if (!ok) fail(name, ok === null ? `not there within ${PATIENCE_MS / 1000} s` : "probe failed");
    }
    report();
    if (pending) setTimeout(check, 500);
  };
  C.check = check;
  C.fail = fail;
  // The first run over: its run state reads "notRunning" and the page has been still for half a second (10 looks, 50 ms
  // apart). This file came with that run (a page's scripts are its elements), so the run had begun when it ran: a
  // "notRunning" read afterwards is that run's end, whether or not a look fell while it was running. Where the app's
  // element carries no run state at all, two seconds of a still page; in any case no later than 20 s after this file
  // ran.
  const started = performance.now();
  const QUIET_LOOKS = 10, QUIET_LOOKS_WITHOUT_RUN_STATE = 40;
  let quiet = 0, changes = 0, seen = 0, changed = null;
  const wait = () => {
    const state = runState();
    const still = changes === seen && (state === "notRunning" || (state === null && !!app()));
    quiet = still ? quiet + 1 : 0;
    seen = changes;
    const enough = state === null ? QUIET_LOOKS_WITHOUT_RUN_STATE : QUIET_LOOKS;
    if (quiet >= enough || performance.now() - started > 20000) {
      changed.disconnect();
      check();
      return;
    }
    setTimeout(wait, 50);
  };
  C.startCheck = () => {
    if (C.checking) return;
    C.checking = true;
    changed = new MutationObserver(() => { changes += 1; });
    changed.observe(document.documentElement, {childList: true, subtree: true, attributes: true});
    setTimeout(wait, 50);
  };

  // --- Plotly (the plotly.js in Streamlit's own bundle, on window once a chart has loaded) ---------------------------
  // What a11y.js, clicker.js, control.js, draw.js and live-chart.js read of Plotly's drawing.
  const GRAPH = ".js-plotly-plot";
  const P = {
    plotly: () => (window.Plotly && typeof window.Plotly.react === "function" ? window.Plotly : null),
    graphs: (root = document) => [...root.querySelectorAll(GRAPH)],
    graphOf: (el) => (el && el.closest ? el.closest(GRAPH) : null),
    // the graphs of the charts the app drew under a key (its charts' keys start with "chart:"), each once
    chartGraphs: () => [...new Set(C.keyed("chart:").flatMap(([el]) => P.graphs(el)))],
    drawn: (el) => { const g = el.querySelector(GRAPH); return !g || !!g.querySelector(".main-svg"); },
    drawings: (el) => [...el.querySelectorAll("svg.main-svg")],
    toolbarButtons: () => [...document.querySelectorAll(".modebar-btn, .modebar a, .modebar button")],
    toolbarTips: () => [...document.querySelectorAll(".modebar [data-title]")],
    // a player (an animated chart's buttons and frame slider)
    playerButtons: (root) => [...root.querySelectorAll(".updatemenu-button")],
    playerButtonOf: (el) => (el && el.closest ? el.closest(".updatemenu-button") : null),
    playerButtonName: (b) => (b.querySelector(".updatemenu-item-text") || b).textContent.trim(),
    isFirstPlayerButton: (b) => b === b.parentNode.querySelector(".updatemenu-button"),
    playerSliders: (root) => [...root.querySelectorAll(".slider-container")],
    playerSliderOf: (el) => (el && el.closest ? el.closest(".slider-container") : null),
    // the slider as Plotly drew it (its active step), and the names of the chart's frames
    slider: (gd) => (gd && gd._fullLayout && gd._fullLayout.sliders && gd._fullLayout.sliders[0]) || null,
    frames: (gd) => (gd && gd._transitionData && gd._transitionData._frames) || [],
    // trace `i` as Plotly drew it (its numbers as drawn: gd.data may hold them still encoded)
    drawnTrace: (gd, i) => (gd._fullData || []).find((f) => f.index === i),
  };
  // once a chart of Streamlit's is on the page: it has drawn Plotly's graph, and Plotly is on window (null: not yet)
  PROBES.plotly = () => {
    const charts = [...document.querySelectorAll(id("stPlotlyChart"))].filter((c) => !inCopy(c));
    if (!charts.length) return true;  // nothing to tell by on this page
    const gd = charts.map((c) => c.querySelector(GRAPH)).find((g) => g && g.querySelector(".main-svg"));
    if (!gd) return null;
    return !!(P.plotly() && gd._fullLayout && Array.isArray(gd._fullData));
  };

  // --- the T control's fast redraw (tcontrol/draw.js) ------------------------------------------------------------------
  // draw.js redraws a T chart in place: Plotly's own calc and plot of each trace T moved, on its panel only (the code
  // and colours Plotly.update would run on the whole figure), then the cell labels, the title, the line at T and ④'s
  // sums rewritten in the nodes Plotly drew. Each function below reads one thing of Plotly's for it. `fastRedraw(gd)`
  // says whether a graph holds all that the redraw reads (the `redraw` probe, told once when it does not); where it
  // does not, draw.js redraws with Plotly.update and Plotly.relayout (documented).
  const LAYERS = { heatmap: "heatmaplayer", bar: "barlayer", scatter: "scatterlayer" };  // a module's layer class
  // what draw.js calls of the module of each trace type it redraws (bars and lines stack across traces)
  const NEEDS = { heatmap: ["calc", "plot", "style"], bar: ["calc", "plot", "style", "crossTraceCalc"],
                  scatter: ["calc", "plot", "style", "crossTraceCalc"] };
  const layerOf = (info, module) => info.plot.select(`.${module.layerName || LAYERS[module.name]}`);
  Object.assign(P, {
    // the types whose traces draw.js redraws in place
    redrawTypes: Object.keys(NEEDS),
    // the layout as drawn (gd._fullLayout: each attribute with its default; colour axes, axes, title, annotations)
    fullLayout: (gd) => (gd && gd._fullLayout) || null,
    // a trace's axis ("x", "y2") as drawn: gd._fullLayout.xaxis, .yaxis2
    axis: (gd, id) => {
      const fl = P.fullLayout(gd);
      return (fl && fl[String(id).replace(/^([xy])/, "$1axis")]) || null;
    },
    // the pixel of value `v` (in the axis's own units: log10 on a log axis) on a drawn axis, from the graph's left or
    // top edge (axis._offset + axis.l2p(v)); null where the axis cannot tell
    axisPixel: (axis, v) => {
      if (!axis || typeof axis.l2p !== "function" || !Number.isFinite(axis._offset)) return null;
      const px = axis._offset + axis.l2p(v);
      return Number.isFinite(px) ? px : null;
    },
    // a panel as drawn (gd._fullLayout._plots[id], "xy": what a module's plot takes; its plot group a d3 selection)
    subplot: (gd, id) => {
      const fl = P.fullLayout(gd), info = fl && fl._plots && fl._plots[id];
      return info && info.plot && typeof info.plot.select === "function" ? info : null;
    },
    // a drawn trace's module (full._module: its type's calc, plot and style)
    traceModule: (full) => (full && full._module) || null,
    // a trace's drawing data computed anew by its module, kept where Plotly draws from: gd.calcdata[index], with
    // cd[0].t (the trace's drawing state) and cd[0].trace (the full trace)
    calcTrace: (gd, full) => {
      const cd = full._module.calc(gd, full);
      if (!cd[0].t) cd[0].t = {};
      cd[0].trace = full;
      gd.calcdata[full.index] = cd;
      return cd;
    },
    // the visible traces of panel `info` by module, each as its calcdata (a module's plot removes the traces of the
    // panel it is not given)
    panelTraces: (gd, info) => {
      const modules = new Map();
      for (const cd of gd.calcdata || []) {
        const tr = cd && cd[0] && cd[0].trace;
        if (!tr || tr.visible !== true || tr.xaxis + tr.yaxis !== info.id) continue;
        if (!modules.has(tr._module)) modules.set(tr._module, []);
        modules.get(tr._module).push(cd);
      }
      return modules;
    },
    // a module's numbers across the panel's traces (module.crossTraceCalc: bars stacked), where it has one
    crossTraceCalc: (gd, info, module) => { if (module.crossTraceCalc) module.crossTraceCalc(gd, info); },
    // a module's traces of the panel drawn anew in their layer (module.plot, into g.heatmaplayer, g.barlayer, …)
    plotTraces: (gd, info, module, cds) => {
      const layer = layerOf(info, module);
      if (!layer.node()) throw new Error(`no ${module.name} layer in panel ${info.id}`);
      module.plot(gd, info, cds, layer);
    },
    // a module's traces restyled (module.style: a line's width, a trace's opacity, a scatter's texts)
    styleTraces: (gd, module) => { if (module.style) module.style(gd); },
    // a heatmap's group (g.hm in its panel's heatmap layer, found by its d3 datum's trace uid), its cell labels
    // (g.heatmap-label) and the numbers it draws (gd.calcdata[index][0].z, a row per y)
    heatmapGroup: (info, uid) => {
      const layer = info.plot.select(`.${LAYERS.heatmap}`).node();
      if (!layer) return null;
      for (const g of layer.querySelectorAll("g.hm")) {
        const cd = g.__data__, trace = cd && cd[0] && cd[0].trace;
        if (trace && trace.uid === uid) return g;
      }
      return null;
    },
    heatmapLabels: (g) => [...g.querySelectorAll(":scope > g.heatmap-label")],
    drawnZ: (gd, full) => gd.calcdata[full.index][0].z,
    // a cell label's d3 datum (__data__: its number and text, for a later redraw of Plotly's), where it has one
    setLabelDatum: (node, z, text) => { if (node.__data__) { node.__data__.z = z; node.__data__.t = text; } },
    // the title's text node (.g-gtitle .gtitle) and its lines (tspan.line, one per line of a wrapped title)
    titleNode: (gd) => gd.querySelector(".g-gtitle .gtitle"),
    titleLines: (node) => [...node.querySelectorAll(":scope > tspan.line")],
    // shape k's path (.shapelayer path[data-index])
    shapePath: (gd, k) => gd.querySelector(`.shapelayer path[data-index="${k}"]`),
    // annotation k as drawn: its group (g.cursor-pointer, placed by a translate), text and background; null if not so
    annotationBox: (gd, k) => {
      const g = gd.querySelector(`g.annotation[data-index="${k}"] g.cursor-pointer`);
      const label = g && g.querySelector("text.annotation-text"), bg = g && g.querySelector("rect.bg");
      return g && label && bg ? { g, label, bg } : null;
    },
    // an annotation's new text where Plotly keeps it: the text node and data-unformatted (its text before markup)
    setAnnotationText: (label, text) => { label.textContent = text; label.setAttribute("data-unformatted", text); },
    // the layout as drawn learns a value at `keys` (["title", "text"], ["annotations", 3, "y"]) where that place is
    // there, so that a later partial redraw of Plotly's draws it so too
    keepDrawn: (gd, keys, v) => {
      let o = P.fullLayout(gd);
      for (const k of keys.slice(0, -1)) o = o && typeof o[k] === "object" ? o[k] : null;
      if (o) o[keys[keys.length - 1]] = v;
    },
  });
  // What graph `gd` lacks of what the fast redraw reads: null (nothing), "" (not drawn yet: no calc results), or the
  // first internal missing. For each visible trace of a type draw.js redraws: its module's functions, its panel with
  // its layer and axes, its calcdata, a heatmap's group.
  const redrawLacks = (gd) => {
    const fl = P.fullLayout(gd);
    if (!fl || !Array.isArray(gd._fullData) || !Array.isArray(gd.calcdata)) return "";
    if (!fl._plots || typeof fl._plots !== "object") return "_fullLayout._plots";
    for (const full of gd._fullData) {
      if (!full || full.visible !== true || !(full.type in NEEDS)) continue;
      const module = full._module, id = full.xaxis + full.yaxis;
      if (!module || typeof module !== "object") return `_module of a ${full.type}`;
      for (const fn of NEEDS[full.type]) if (typeof module[fn] !== "function") return `_module.${fn} of a ${full.type}`;
      if (!Number.isInteger(full.index)) return `the index of a ${full.type}`;
      const info = P.subplot(gd, id);
      if (!info || info.id !== id) return `_fullLayout._plots.${id}`;
      for (const a of [info.xaxis, info.yaxis]) {
        if (!a || typeof a.l2p !== "function" || !Number.isFinite(a._offset)) return `l2p and _offset of panel ${id}'s axes`;
      }
      if (!layerOf(info, module).node()) return `the ${full.type} layer of panel ${id}`;
      const cd = gd.calcdata[full.index];
      if (!cd || !cd[0] || !cd[0].trace || cd[0].trace.uid !== full.uid) return `calcdata of a ${full.type}`;
      if (full.type === "heatmap" && !P.heatmapGroup(info, full.uid)) return "a heatmap's g.hm with its d3 datum";
    }
    return null;
  };
  // Whether draw.js may redraw `gd` in place: the `redraw` probe holds, and the graph holds what the redraw reads (a
  // graph missing some of it is told once, and the fast redraw is off from then on); a graph not drawn yet: not now
  P.fastRedraw = (gd) => {
    if (!C.works("redraw")) return false;
    let lacks;
    try { lacks = redrawLacks(gd); } catch (err) { lacks = `a graph that reads without an error (${err})`; }
    if (lacks) fail("redraw", `${lacks} not found`);
    return lacks === null;
  };
  // The T charts on the page (layout.meta.attention_t, the charts draw.js redraws), once drawn: each holds what the
  // fast redraw reads (null: one not drawn yet)
  PROBES.redraw = () => {
    const charts = P.graphs().filter((gd) => !inCopy(gd) && gd.layout && gd.layout.meta && gd.layout.meta.attention_t
                                            && gd.querySelector(".main-svg"));
    for (const gd of charts) {
      const lacks = redrawLacks(gd);
      if (lacks === "") return null;
      if (lacks) return `${lacks} not found`;
    }
    return true;
  };
  C.plotly = P;

  window.attentionCompat = C;
})();
