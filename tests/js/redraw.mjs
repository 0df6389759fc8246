// What the T control's browser side computes for a chart at T, as control.js does: each declared trace's numbers
// (and the numbers it prints), ④'s lines and printed weights, Home's pair, ④'s sums beside its stacks, T as printed.
// tests/app/test_t_declared.py writes [{meta: layout.meta.attention_t, T}] to a file and compares what this prints
// with the server's charts.
//
//   node tests/js/redraw.mjs charts.json

import { readFileSync } from "node:fs";

import { tmath } from "../../attention_core/ui/web/tcontrol/math.js";

const charts = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = charts.map(({ meta, T }) => {
  const qs = {};
  for (const [name, src] of Object.entries(meta.sources)) qs[name] = tmath.quantities(src, T);
  const traces = meta.traces.map((spec) => {
    if (spec.axis === "line") {  // ④'s line: its width, opacity and hover text are the weight
      const w = qs[spec.src].W()[spec.row][spec.col];
      return { width: 1 + 24 * w, opacity: 0.35 + 0.65 * w, hover: spec.hover.split("{w}").join(tmath.printed(w, 3)) };
    }
    if (spec.axis === "text") {  // ④'s words with their weights
      return { text: tmath.weightLabels(qs[spec.src].W()[spec.row], spec.words, spec.top, spec.text) };
    }
    const values = tmath.traceValues(spec, qs);
    return { values, text: spec.text == null ? null : values.map((v) => tmath.printed(v, spec.text)) };
  });
  const pair = meta.pair ? qs[meta.pair.src].looked().pair : null;
  let sums = null;
  if (meta.sums) {
    const y = (i) => traces[meta.traces.findIndex((t) => t.i === i)].values;
    sums = tmath.stackSums(meta.sums.bars.map(y), y(meta.sums.marks), meta.sums.decimals);
  }
  return { traces, pair, sums, tText: tmath.tText(T) };
});
process.stdout.write(JSON.stringify(out));
