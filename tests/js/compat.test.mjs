// ui/web/compat.js in Node, on a fake page: each probe of the self-check passes on Streamlit's markup as the pinned
// version draws it, and each one taken away fails, is told on the console and on the root element, and switches off
// what depends on it (`works`). The keyed elements' class rule agrees with ui/compat.py's (tests/test_compat.py
// passes the cases Python computes in ATTENTION_KEY_CLASSES).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../attention_core/ui/web/compat.js", import.meta.url), "utf-8");

const el = (attrs = {}, inside = {}) => ({
  attrs,
  getAttribute: (name) => (name in attrs ? attrs[name] : null),
  hasAttribute: (name) => name in attrs,
  contains: (other) => Object.values(inside).includes(other),
  querySelector: (sel) => inside[sel] || null,
  querySelectorAll: (sel) => (inside[sel] ? [inside[sel]] : []),
});

// A page as Streamlit 1.67 draws one of the app's, less what `without` names; `extra` adds or replaces selectors
// (a page mid-run, a copy of the old page over it).
function fakePage(without = [], extra = {}) {
  const gone = new Set(without);
  const h1 = el();
  const block = el();
  const main = el({}, { h1, '[data-testid="stMainBlockContainer"]': block });
  const found = {
    '[data-testid="stApp"]': el(gone.has("run-state") ? {} : { "data-test-script-state": "notRunning" }),
    '[data-testid="stMain"]': gone.has("main") ? null : main,
    '[data-testid="stMain"] h1': gone.has("main") ? null : h1,
    '[data-testid="stMainBlockContainer"]': gone.has("block") ? null : block,
    '[data-testid="stSidebar"]': el(gone.has("sidebar") ? {} : { "data-collapsed": "false" }),
    '[data-testid="stHeader"]': gone.has("header") ? null : el(),
    ".st-key-sb-presenter": gone.has("keys") ? null : el(),
    ...extra,
  };
  const document = {
    documentElement: { dataset: {} },
    body: {},
    querySelector: (sel) => found[sel] || null,
    querySelectorAll: (sel) => (found[sel] ? [found[sel]] : []),
  };
  const warnings = [];
  const window = {};
  const later = [];  // what the file asked to be called again (the fake runs none of it by itself)
  const observers = [];  // the page's changes are told to these (`changed()` below)
  class MutationObserver {
    constructor(fn) { this.fn = fn; this.on = false; observers.push(this); }
    observe() { this.on = true; }
    disconnect() { this.on = false; }
  }
  const context = vm.createContext({
    window, document, performance, MutationObserver, setTimeout: (fn) => later.push(fn),
    console: { warn: (text) => warnings.push(text), log: () => {} },
  });
  vm.runInContext(SOURCE.replace("__COMPAT_VERSION__", "test"), context);
  const changed = () => observers.filter((o) => o.on).forEach((o) => o.fn([]));
  return { C: window.attentionCompat, document, warnings, later, changed };
}

// Run what the file asked to be called later, one look at a time, until it asks for nothing more: the looks taken
function runLater(later, most = 1000) {
  let looks = 0;
  while (later.length && looks < most) { later.shift()(); looks += 1; }
  return looks;
}

const APP_PROBES = ["run-state", "main", "header", "plotly", "block", "sidebar", "keys"];

test("every probe holds on the markup of the pinned Streamlit", () => {
  const { C, document, warnings } = fakePage();
  C.expect(APP_PROBES, "sb:presenter");
  C.check();
  assert.equal(document.documentElement.dataset.attentionCompat, "ok");
  assert.deepEqual(warnings, []);
  for (const name of APP_PROBES) assert.equal(C.works(name), true, name);
  assert.equal(C.idle(), true);
});

// what each one taken away switches off (the main column is looked for inside the main area)
const OFF = { "run-state": ["run-state"], main: ["main", "block"], block: ["block"], sidebar: ["sidebar"],
              header: ["header"], keys: ["keys"] };
for (const [name, off] of Object.entries(OFF)) {
  test(`without ${name}: told once, on the console and the root element, and off`, () => {
    const { C, document, warnings } = fakePage([name]);
    C.expect(APP_PROBES, "sb:presenter");
    C.check();
    C.check();  // a second look tells nothing new
    assert.equal(document.documentElement.dataset.attentionCompat, `missing:${off.join(",")}`);
    assert.equal(warnings.length, off.length, warnings.join("\n"));
    off.forEach((n, k) => assert.match(warnings[k], new RegExp(`running without ${n}`)));
    for (const n of APP_PROBES) assert.equal(C.works(n), !off.includes(n), n);
  });
}

test("a probe the page did not ask for is not made", () => {
  const { C, document } = fakePage(["sidebar", "keys", "block"]);
  C.expect(["run-state", "main", "header", "plotly"]);  // the class's student page: no sidebar, no lesson keys
  C.check();
  assert.equal(document.documentElement.dataset.attentionCompat, "ok");
});

test("the run state reads as Streamlit writes it; unknown, the page is neither running nor idle", () => {
  const { C } = fakePage(["run-state"]);
  assert.equal(C.runState(), null);
  assert.equal(C.running(), false);
  assert.equal(C.idle(), false);
});

test("a keyed element's class: st-key- and the key with every character outside [a-zA-Z0-9_-] as -", () => {
  const { C } = fakePage();
  const cases = JSON.parse(process.env.ATTENTION_KEY_CLASSES || "{}");
  const mine = { "sc:up:3": "st-key-sc-up-3", "pr-bar": "st-key-pr-bar", " chart:t player ": "st-key-chart-t-player",
                 "tc:sb:T": "st-key-tc-sb-T", "표:1": "st-key---1" };
  for (const [key, want] of Object.entries({ ...mine, ...cases })) assert.equal(C.keyClass(key), want, key);
  assert.equal(C.keySel("sb:presenter"), ".st-key-sb-presenter");
});

test("a second copy in the same tab finds the first; another version defines it anew", () => {
  const window = {};
  const context = vm.createContext({ window, document: {}, performance, setTimeout: () => 0, console });
  vm.runInContext(SOURCE.replace("__COMPAT_VERSION__", "one"), context);
  const first = window.attentionCompat;
  vm.runInContext(SOURCE.replace("__COMPAT_VERSION__", "one"), context);
  assert.equal(window.attentionCompat, first);
  vm.runInContext(SOURCE.replace("__COMPAT_VERSION__", "two"), context);
  assert.notEqual(window.attentionCompat, first);
  assert.equal(window.attentionCompat.version, "two");
});

test("a page mid-run is not judged: the check waits for the run to end, then passes", () => {
  const running = fakePage([], { '[data-testid="stApp"]': el({ "data-test-script-state": "running" }) });
  running.C.expect(APP_PROBES, "sb:presenter");
  running.C.check();
  assert.deepEqual(running.warnings, []);
  assert.equal(running.later.length, 1);  // asked again, nothing told
  for (const name of APP_PROBES) assert.equal(running.C.works(name), true, name);
});

test("under a copy of the old page (a clicker's step under way) nothing is judged, not even its chartless copy", () => {
  const copy = { closest: () => copy };
  const chart = { closest: (sel) => (sel === "#attention-old-page" ? copy : null), querySelector: () => null };
  const { C, warnings, later } = fakePage(["main"], {
    "#attention-old-page": copy, '[data-testid="stPlotlyChart"]': chart });
  C.expect(APP_PROBES, "sb:presenter");
  C.check();
  assert.deepEqual(warnings, []);
  assert.equal(later.length, 1);
});

test("a page with its main area but no title yet is waited for, not told as missing", () => {
  const { C, warnings, later } = fakePage([], { '[data-testid="stMain"] h1': null });
  C.expect(["main"], "sb:presenter");
  C.check();
  assert.deepEqual(warnings, []);
  assert.equal(C.works("main"), true);
  assert.equal(later.length, 1);
});

test("a page whose first run is over when the check starts is judged after half a second of stillness", () => {
  const { C, document, later } = fakePage();
  C.expect(APP_PROBES, "sb:presenter");
  C.startCheck();
  const looks = runLater(later);
  assert.equal(document.documentElement.dataset.attentionCompat, "ok");
  assert.ok(looks >= 10 && looks <= 12, `${looks} looks`);  // 10 still looks 50 ms apart, not the 20 s fallback
});

test("a page that keeps changing is not judged until it is still", () => {
  const { C, document, later, changed } = fakePage();
  C.expect(APP_PROBES, "sb:presenter");
  C.startCheck();
  for (let i = 0; i < 30; i += 1) { changed(); later.shift()(); }  // a change before every look
  assert.equal(document.documentElement.dataset.attentionCompat, undefined);
  const looks = runLater(later);
  assert.equal(document.documentElement.dataset.attentionCompat, "ok");
  assert.ok(looks >= 10 && looks <= 12, `${looks} looks`);
});

test("without any run state on the app the check is made after two seconds of stillness, and tells it", () => {
  const { C, document, later, warnings } = fakePage(["run-state"]);
  C.expect(APP_PROBES, "sb:presenter");
  C.startCheck();
  const looks = runLater(later);
  assert.equal(document.documentElement.dataset.attentionCompat, "missing:run-state");
  assert.ok(looks >= 40 && looks <= 42, `${looks} looks`);
  assert.match(warnings[0], /running without run-state/);
});
