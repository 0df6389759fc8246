// compat.js's accessors for the T control's fast redraw (ui/web/tcontrol/draw.js), in Node, on a fake graph shaped as
// plotly.js draws one: each reads what it says; the `redraw` probe holds on the graph as drawn, and with any one of
// the internals the redraw reads taken away it is told once and the fast redraw is off (draw.js then redraws with
// Plotly.update and Plotly.relayout); a graph not drawn yet is waited for, not told. (What the files make lives in the
// vm's realm: the strict deepEqual compares prototypes, so such arrays and objects are spread into this one first.)
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const read = (path) => readFileSync(new URL(path, import.meta.url), "utf-8");
const COMPAT = read("../../attention_core/ui/web/compat.js").replace("__COMPAT_VERSION__", "test");
const DRAW = read("../../attention_core/ui/web/tcontrol/draw.js");

// an SVG node as far as the redraw touches it
function node(attrs = {}, text = "") {
  const n = {
    attrs, textContent: text, childNodes: [{}],
    getAttribute: (name) => (name in attrs ? attrs[name] : null),
    setAttribute: (name, v) => { attrs[name] = String(v); },
    getComputedTextLength: () => 7 * n.textContent.length,
  };
  return n;
}

// A graph with one panel ("xy") holding a heatmap, a bar and a scatter trace, a scatter hidden in the legend and one
// on another panel; `calls` records what the modules were asked to do.
function fakeGraph() {
  const calls = [];
  const module = (name, fns) => {
    const m = { name };
    for (const fn of fns) {
      m[fn] = (...args) => {
        calls.push([fn, name, ...args.slice(1).map((a) => (a && a.id) || (Array.isArray(a) ? a.length : a && a.uid))]);
        if (fn === "calc") return [{ z: args[1].z, y: args[1].y }];
      };
    }
    return m;
  };
  const modules = {
    heatmap: module("heatmap", ["calc", "plot", "style"]),
    bar: module("bar", ["calc", "plot", "style", "crossTraceCalc"]),
    scatter: module("scatter", ["calc", "plot", "style", "crossTraceCalc"]),
  };
  const labels = [node(), node()];
  const other = { __data__: [{ trace: { uid: "other" } }], querySelectorAll: () => [] };
  const hm = { __data__: [{ trace: { uid: "h" } }], querySelectorAll: (s) => (s === ":scope > g.heatmap-label" ? labels : []) };
  const layers = {
    ".heatmaplayer": { querySelectorAll: (s) => (s === "g.hm" ? [other, hm] : []) },
    ".barlayer": { querySelectorAll: () => [] },
    ".scatterlayer": { querySelectorAll: () => [] },
  };
  const plot = { select: (sel) => ({ sel, node: () => layers[sel] || null }) };
  const xaxis = { l2p: (v) => 10 * v, _offset: 80, type: "linear", autorange: true };
  const yaxis = { l2p: (v) => 100 - 10 * v, _offset: 20, type: "linear", autorange: false };
  const info = { id: "xy", plot, xaxis, yaxis };
  const trace = (index, type, more = {}) => ({ index, uid: `${type[0]}${index ? index : ""}`, type, visible: true,
                                             xaxis: "x", yaxis: "y", _module: modules[type], ...more });
  const fullData = [
    trace(0, "heatmap", { uid: "h", z: [[1, 2], [3, 4]] }),
    trace(1, "bar", { y: [1, 2] }),
    trace(2, "scatter", { y: [0.5, 0.5] }),
    trace(3, "scatter", { visible: "legendonly" }),
    trace(4, "scatter", { yaxis: "y2" }),
  ];
  const title = node({}, "T = 1");
  const nodes = {
    ".g-gtitle .gtitle": title,
    '.shapelayer path[data-index="0"]': node({ d: "M50,10L50,90" }),
    'g.annotation[data-index="1"] g.cursor-pointer': {
      ...node({ transform: "translate(40,5)" }),
      querySelector: (s) => ({ "text.annotation-text": nodes.label, "rect.bg": nodes.bg })[s] || null,
    },
    label: node({ x: "10" }, "T = 1"),
    bg: node({ width: "30", height: "12" }),
  };
  title.querySelectorAll = (s) => (s === ":scope > tspan.line" ? [node(), node()] : []);
  const gd = {
    layout: { meta: { attention_t: { traces: [] } }, title: { text: "T = 1" }, shapes: [{}], annotations: [{}, {}] },
    data: fullData.map(() => ({})),
    _fullLayout: {
      _plots: { xy: info, xy2: { id: "xy2", plot, xaxis, yaxis: { ...yaxis } } },
      xaxis, yaxis, yaxis2: { l2p: (v) => v, _offset: 0 },
      title: { text: "T = 1" }, annotations: [{ y: 0 }, { y: 1, borderwidth: 0 }],
    },
    _fullData: fullData,
    calcdata: fullData.map((f) => [{ trace: f, z: f.z }]),
    querySelector: (sel) => nodes[sel] || (sel === ".main-svg" ? {} : null),
    closest: () => null,
  };
  return { gd, calls, modules, info, hm, labels, layers, nodes, fullData };
}

// compat.js (and draw.js after it, as the T control's library puts them) on a page with `graphs` drawn
function load(graphs, { draw = false } = {}) {
  const warnings = [], later = [], plotly = [];
  const chart = (gd) => ({ closest: () => null, querySelector: (s) => (s === ".js-plotly-plot" ? gd : null) });
  const document = {
    documentElement: { dataset: {} },
    querySelector: () => null,
    querySelectorAll: (sel) => ({ ".js-plotly-plot": graphs, '[data-testid="stPlotlyChart"]': graphs.map(chart) })[sel] || [],
  };
  const window = {
    Plotly: {
      react: () => {},
      update: (...args) => plotly.push(["update", ...args]),
      relayout: (...args) => plotly.push(["relayout", ...args]),
    },
  };
  const context = vm.createContext({
    window, document, performance, setTimeout: (fn) => later.push(fn),
    console: { warn: (...args) => warnings.push(args.join(" ")), log: () => {} },
  });
  vm.runInContext(COMPAT, context);
  if (draw) vm.runInContext(DRAW, context);
  const C = window.attentionCompat;
  return { C, P: C.plotly, document, warnings, later, plotly, tdraw: draw ? vm.runInContext("tdraw", context) : null };
}

test("the layout and axes as drawn, and a value's pixel on an axis", () => {
  const { gd } = fakeGraph();
  const { P } = load([gd]);
  assert.equal(P.fullLayout(gd), gd._fullLayout);
  assert.equal(P.fullLayout(null), null);
  assert.equal(P.axis(gd, "x"), gd._fullLayout.xaxis);
  assert.equal(P.axis(gd, "y2"), gd._fullLayout.yaxis2);
  assert.equal(P.axis(gd, "x3"), null);
  assert.equal(P.axisPixel(P.axis(gd, "x"), 2), 100);  // _offset 80 + l2p(2) 20
  assert.equal(P.axisPixel(P.axis(gd, "y"), 3), 90);
  assert.equal(P.axisPixel({ _offset: 3 }, 1), null);  // no l2p
  assert.equal(P.axisPixel({ l2p: (v) => v }, 1), null);  // no _offset
  assert.equal(P.axisPixel({ l2p: () => NaN, _offset: 0 }, 1), null);
  assert.equal(P.axisPixel(null, 1), null);
});

test("a panel, a trace's module, its calc kept where Plotly draws from, the panel's traces by module", () => {
  const { gd, calls, modules, info, fullData } = fakeGraph();
  const { P } = load([gd]);
  assert.equal(P.subplot(gd, "xy"), info);
  assert.equal(P.subplot(gd, "x2y"), null);
  assert.equal(P.subplot({ _fullLayout: { _plots: { xy: { id: "xy", plot: {} } } } }, "xy"), null);  // no d3 select
  assert.equal(P.traceModule(fullData[1]), modules.bar);
  assert.equal(P.drawnTrace(gd, 2), fullData[2]);
  assert.deepEqual([...P.redrawTypes].sort(), ["bar", "heatmap", "scatter"]);
  const cd = P.calcTrace(gd, fullData[1]);
  assert.deepEqual(calls, [["calc", "bar", "b1"]]);
  assert.equal(gd.calcdata[1], cd);
  assert.equal(cd[0].trace, fullData[1]);
  assert.equal(typeof cd[0].t, "object");
  assert.equal(Object.keys(cd[0].t).length, 0);
  const byModule = P.panelTraces(gd, info);  // the hidden scatter and the one on panel xy2 are left out
  assert.deepEqual([...byModule.keys()], [modules.heatmap, modules.bar, modules.scatter]);
  assert.deepEqual([...byModule.values()].map((cds) => [...cds].map((c) => c[0].trace.index)), [[0], [1], [2]]);
  assert.equal(P.drawnZ(gd, fullData[0]), fullData[0].z);
});

test("a module's stacking, plot into its layer and style", () => {
  const { gd, calls, modules, info, layers } = fakeGraph();
  const { P } = load([gd]);
  P.crossTraceCalc(gd, info, modules.bar);
  P.crossTraceCalc(gd, info, modules.heatmap);  // it stacks nothing: not called, no error
  let layer = null;
  const plot = modules.bar.plot;
  modules.bar.plot = (g, i, cds, sel) => { layer = sel.node(); plot(g, i, cds, sel); };
  P.plotTraces(gd, info, modules.bar, [gd.calcdata[1]]);
  assert.equal(layer, layers[".barlayer"]);
  P.styleTraces(gd, modules.scatter);
  assert.deepEqual(calls, [["crossTraceCalc", "bar", "xy"], ["plot", "bar", "xy", 1, undefined], ["style", "scatter"]]);
  delete layers[".scatterlayer"];
  assert.throws(() => P.plotTraces(gd, info, modules.scatter, [gd.calcdata[2]]), /no scatter layer/);
});

test("a heatmap's group by its trace's uid, its cell labels and their datum", () => {
  const { gd, info, hm, labels } = fakeGraph();
  const { P } = load([gd]);
  assert.equal(P.heatmapGroup(info, "h"), hm);
  assert.equal(P.heatmapGroup(info, "nobody"), null);
  assert.deepEqual([...P.heatmapLabels(hm)], labels);
  const bound = { __data__: { z: 1, t: "1.00" } }, unbound = {};
  P.setLabelDatum(bound, 2.5, "2.50");
  P.setLabelDatum(unbound, 2.5, "2.50");
  assert.deepEqual(bound.__data__, { z: 2.5, t: "2.50" });
  assert.deepEqual(unbound, {});
});

test("the title, a shape's path, an annotation's box and text, the layout as drawn learning a value", () => {
  const { gd, nodes } = fakeGraph();
  const { P } = load([gd]);
  assert.equal(P.titleNode(gd), nodes[".g-gtitle .gtitle"]);
  assert.equal(P.titleLines(P.titleNode(gd)).length, 2);
  assert.equal(P.shapePath(gd, 0), nodes['.shapelayer path[data-index="0"]']);
  assert.equal(P.shapePath(gd, 1), null);
  const box = P.annotationBox(gd, 1);
  assert.equal(box.g, nodes['g.annotation[data-index="1"] g.cursor-pointer']);
  assert.equal(box.label, nodes.label);
  assert.equal(box.bg, nodes.bg);
  assert.equal(P.annotationBox(gd, 0), null);
  delete nodes.bg;
  assert.equal(P.annotationBox(gd, 1), null);  // a box without its background is not one the redraw can move
  P.setAnnotationText(nodes.label, "T = 2");
  assert.equal(nodes.label.textContent, "T = 2");
  assert.equal(nodes.label.getAttribute("data-unformatted"), "T = 2");
  P.keepDrawn(gd, ["title", "text"], "T = 2");
  P.keepDrawn(gd, ["annotations", 1, "y"], 4);
  P.keepDrawn(gd, ["annotations", 7, "y"], 4);  // no such annotation: nothing made up
  P.keepDrawn({}, ["title", "text"], "x");  // no layout as drawn: nothing
  assert.equal(gd._fullLayout.title.text, "T = 2");
  assert.equal(gd._fullLayout.annotations[1].y, 4);
  assert.equal(gd._fullLayout.annotations.length, 2);
});

test("the redraw probe holds on a T chart as plotly.js draws it, and the fast redraw is on", () => {
  const { gd } = fakeGraph();
  const { C, P, document, warnings } = load([gd]);
  C.expect(["plotly", "redraw"]);
  C.check();
  assert.equal(document.documentElement.dataset.attentionCompat, "ok");
  assert.deepEqual(warnings, []);
  assert.equal(C.works("redraw"), true);
  assert.equal(P.fastRedraw(gd), true);
});

// each internal the fast redraw reads, taken away from the graph
const TAKEN = {
  "_fullLayout._plots": ({ gd }) => { delete gd._fullLayout._plots; },
  "a panel's plot group": ({ gd }) => { delete gd._fullLayout._plots.xy.plot; },
  "a trace's _module": ({ fullData }) => { delete fullData[2]._module; },
  "a heatmap's calc": ({ modules }) => { delete modules.heatmap.calc; },
  "a module's plot": ({ modules }) => { delete modules.scatter.plot; },
  "a module's style": ({ modules }) => { delete modules.bar.style; },
  "the bars' stacking": ({ modules }) => { delete modules.bar.crossTraceCalc; },
  "a trace's index": ({ fullData }) => { delete fullData[1].index; },
  "an axis's l2p": ({ info }) => { delete info.xaxis.l2p; },
  "an axis's _offset": ({ info }) => { delete info.yaxis._offset; },
  "a trace type's layer": ({ layers }) => { delete layers[".barlayer"]; },
  "a trace's calcdata": ({ gd }) => { gd.calcdata[1] = [{}]; },
  "a heatmap group's d3 datum": ({ hm }) => { delete hm.__data__; },
};
for (const [what, take] of Object.entries(TAKEN)) {
  test(`without ${what}: the probe tells it once, and the fast redraw is off`, () => {
    const graph = fakeGraph();
    take(graph);
    const { C, P, document, warnings } = load([graph.gd]);
    C.expect(["plotly", "redraw"]);
    C.check();
    C.check();  // a second look tells nothing new
    assert.equal(P.fastRedraw(graph.gd), false);
    assert.equal(P.fastRedraw(graph.gd), false);
    assert.equal(document.documentElement.dataset.attentionCompat, "missing:redraw");
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0], /running without redraw \(.+ not found\): the T preview redraws each chart whole/);
    assert.equal(C.works("redraw"), false);
    assert.equal(C.works("plotly"), true);
  });
}

test("found missing on a frame before the check: told once, off from then on, even on a graph that has it all", () => {
  const broken = fakeGraph(), whole = fakeGraph();
  delete broken.modules.bar.crossTraceCalc;
  const { C, P, document, warnings } = load([]);
  assert.equal(P.fastRedraw(whole.gd), true);
  assert.equal(P.fastRedraw(broken.gd), false);
  assert.equal(P.fastRedraw(broken.gd), false);
  assert.equal(P.fastRedraw(whole.gd), false);
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.match(warnings[0], /running without redraw \(_module\.crossTraceCalc of a bar not found\)/);
  assert.equal(document.documentElement.dataset.attentionCompat, "missing:redraw");
  assert.equal(C.works("redraw"), false);
});

test("a graph not drawn yet is waited for, not told; a chart that follows no T is not judged", () => {
  const { gd } = fakeGraph();
  delete gd.calcdata;
  const plain = fakeGraph();
  delete plain.gd.layout.meta;
  delete plain.gd._fullLayout._plots;  // what the redraw would miss, on a chart it never redraws
  const { C, P, warnings, later } = load([gd, plain.gd]);
  C.expect(["plotly", "redraw"]);
  C.check();
  assert.equal(later.length, 1);  // asked again
  assert.equal(P.fastRedraw(gd), false);  // this frame by Plotly.update; nothing told
  assert.deepEqual(warnings, []);
  assert.equal(C.works("redraw"), true);
  gd.calcdata = gd._fullData.map((f) => [{ trace: f, z: f.z }]);
  later.shift()();
  assert.deepEqual(warnings, []);
  assert.equal(later.length, 0);
  assert.equal(P.fastRedraw(gd), true);
});

test("draw.js: a bar redrawn in place through the accessors, the line at T moved in the node Plotly drew", () => {
  const { gd, calls, nodes } = fakeGraph();
  const { tdraw, plotly, warnings } = load([gd], { draw: true });
  tdraw.redraw(gd, { y: [[3, 4]] }, {}, [1]);
  assert.deepEqual(plotly, []);
  assert.deepEqual({ ...tdraw.stats }, { fast: 1, full: 0 });
  assert.deepEqual(gd.data[1].y, [3, 4]);
  assert.deepEqual(gd._fullData[1].y, [3, 4]);
  assert.deepEqual(gd.calcdata[1][0].y, [3, 4]);
  assert.deepEqual(calls, [["calc", "bar", "b1"], ["crossTraceCalc", "bar", "xy"], ["plot", "bar", "xy", 1, undefined]]);
  tdraw.marks(gd, [{ shape: 0 }], 2, "2");
  assert.equal(nodes['.shapelayer path[data-index="0"]'].getAttribute("d"), "M100,10L100,90");  // 80 + l2p(2)
  assert.equal(gd.layout.shapes[0].x0, 2);
  assert.deepEqual(plotly, []);
  assert.deepEqual(warnings, []);
});

test("draw.js with the fast redraw off: Plotly.update and Plotly.relayout, counted", () => {
  const { gd, calls, modules } = fakeGraph();
  delete modules.heatmap.style;
  const { tdraw, plotly, warnings, C } = load([gd], { draw: true });
  tdraw.redraw(gd, { y: [[3, 4]] }, { "title.text": "T = 2" }, [1]);
  tdraw.redraw(gd, { y: [[5, 6]] }, {}, [1]);
  tdraw.marks(gd, [{ shape: 0 }], 2, "2");
  tdraw.sums(gd, [1], [{ y: 2, text: "2.00", below: false }]);
  assert.deepEqual(calls, []);  // no module of Plotly's called by hand
  assert.deepEqual(plotly.map(([fn]) => fn), ["update", "update", "relayout", "relayout"]);
  assert.deepEqual(plotly[0].slice(1), [gd, { y: [[3, 4]] }, { "title.text": "T = 2" }, [1]]);
  assert.deepEqual({ ...plotly[2][2] }, { "shapes[0].x0": 2, "shapes[0].x1": 2 });
  assert.deepEqual({ ...tdraw.stats }, { fast: 0, full: 3 });
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.equal(C.works("redraw"), false);
});

test("draw.js: a label at T stays with its line over many sub-pixel frames, and a sum's box with its bar", () => {
  const { gd, nodes } = fakeGraph();
  const { tdraw, plotly } = load([gd], { draw: true });
  const label = nodes['g.annotation[data-index="1"] g.cursor-pointer'];
  const line = nodes['.shapelayer path[data-index="0"]'];
  const x = (n) => Number(/^translate\(([-\d.]+),/.exec(n.getAttribute("transform"))[1]);
  // the line at 50 and the label's box at 40 as Plotly drew them: 10 px left of the line, wherever T takes it
  const ts = [...Array.from({ length: 30 }, (_, k) => 2 + 0.03 * k), ...Array.from({ length: 30 }, (_, k) => 2.9 - 0.07 * k)];
  for (const T of ts) {  // 0.3 and 0.7 px a frame: each rounded on its own would leave the box where it was
    tdraw.marks(gd, [{ shape: 0, note: 1 }], T, "");
    const lineX = Number(/^M([-\d.]+),/.exec(line.getAttribute("d"))[1]);
    assert.ok(Math.abs(lineX - (80 + 10 * T)) < 1e-9, `T = ${T}`);
    assert.equal(x(label), Math.round(lineX - 10), `T = ${T}`);
  }
  // a box Plotly drew anew is read from its own transform
  label.setAttribute("transform", "translate(7,5)");
  tdraw.marks(gd, [{ shape: 0, note: 1 }], 3, "");
  assert.equal(x(label), Math.round(7 + 10 * (3 - ts[ts.length - 1])));
  // a sum whose text grows by a fraction of a pixel a frame stays centred where its text puts it
  label.setAttribute("transform", "translate(40,5)");
  nodes.bg.setAttribute("width", "30");
  nodes.label.textContent = "1";
  let width = 30, centre = 40 + 15;
  for (let k = 0; k < 20; k++) {
    const text = "1".repeat(2 + (k % 3));
    const grow = 7 * (text.length - nodes.label.textContent.length);
    tdraw.sums(gd, [1], [{ y: 2, text, below: false }]);
    width += grow;
    assert.equal(x(label), Math.round(centre - width / 2), `frame ${k}`);
  }
  assert.deepEqual(plotly, []);
});
