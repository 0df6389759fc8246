// The browser's math (attention_core/ui/web/tcontrol/math.js) against attention_core, in Node, no browser.
//
// tests/test_web_js.py writes the fixtures (one JSON file per scenario and T option, every number computed by
// attention_core, every string printed by Python) into a folder and runs this file with ATTENTION_MATH_FIXTURES
// naming it. Each check calls one function of math.js and compares what it returns with the fixture's `want`:
// numbers to a relative 1e-9 (a number that is 0 up to rounding, LayerNorm's centred values or a weight of e^-700,
// against a millionth of the largest number of its check, and a difference of larger numbers, ⑧'s Δ, against the
// size `of` of what it is the difference of, as tests/e2e/test_t_control.py does), strings and booleans exactly, a
// `null` in `want` where math.js gives NaN (a hidden cell) or nothing (a trace that keeps an attribute).
//
//   ATTENTION_MATH_FIXTURES=/tmp/fixtures node --test tests/js/

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { tmath } from "../../attention_core/ui/web/tcontrol/math.js";

const RTOL = 1e-9;
const FLOOR = 1e-6;  // of the largest |number| of a check: the size below which a number counts as 0 up to rounding
const DIR = process.env.ATTENTION_MATH_FIXTURES;
const SKIP = DIR ? false : "no fixtures: tests/test_web_js.py writes them and sets ATTENTION_MATH_FIXTURES";
const files = DIR ? readdirSync(DIR).filter((f) => f.endsWith(".json")).sort() : [];

function largest(want) {
  if (typeof want === "number") return Math.abs(want);
  if (Array.isArray(want)) return want.reduce((m, v) => Math.max(m, largest(v)), 0);
  if (want && typeof want === "object") return Object.values(want).reduce((m, v) => Math.max(m, largest(v)), 0);
  return 0;
}

function close(got, want, where, floor) {
  if (want === null) {
    assert.ok(got === null || got === undefined || Number.isNaN(got), `${where}: ${got}, wanted NaN or nothing`);
  } else if (typeof want === "number") {
    assert.equal(typeof got, "number", `${where}: ${got} is no number`);
    const err = Math.abs(got - want);
    assert.ok(err <= RTOL * Math.max(Math.abs(want), floor), `${where}: ${got} vs ${want} (error ${err})`);
  } else if (Array.isArray(want)) {
    assert.ok(Array.isArray(got), `${where}: ${JSON.stringify(got)} is no array`);
    assert.equal(got.length, want.length, `${where}: length`);
    want.forEach((w, i) => close(got[i], w, `${where}[${i}]`, floor));
  } else if (typeof want === "object") {
    for (const [k, w] of Object.entries(want)) close(got[k], w, `${where}.${k}`, floor);
  } else {
    assert.equal(got, want, where);
  }
}

// What one check computes: a function of math.js called with `args`; a quantity of `quantities(src, T)`; or a
// trace's numbers (`traceValues`) from the quantities of each of its sources at T.
function run(check) {
  if (check.kind === "call") return tmath[check.fn](...check.args);
  if (check.kind === "quantity") return tmath.quantities(check.src, check.T)[check.q]();
  if (check.kind === "trace") {
    const qs = {};
    for (const [name, src] of Object.entries(check.sources)) qs[name] = tmath.quantities(src, check.T);
    return tmath.traceValues(check.spec, qs);
  }
  throw new Error(`unknown check kind ${check.kind}`);
}

const covered = new Set();

for (const file of files) {
  test(file.replace(/\.json$/, ""), () => {
    const { checks } = JSON.parse(readFileSync(join(DIR, file), "utf-8"));
    assert.ok(checks.length > 0, "a fixture with no checks");
    for (const check of checks) {
      covered.add(check.kind === "call" ? check.fn : { quantity: "quantities", trace: "traceValues" }[check.kind]);
      const floor = check.of ?? FLOOR * largest(check.want);
      close(run(check), check.want, `${file}: ${check.label}`, floor);
    }
  });
}

test("every function math.js exports is checked", { skip: SKIP }, () => {
  assert.ok(files.length > 0, `no fixtures in ${DIR}`);
  const missing = Object.keys(tmath).filter((fn) => !covered.has(fn));
  assert.deepEqual(missing, [], "math.js functions no fixture checks");
});
