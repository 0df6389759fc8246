// The browser's math for a T preview: the same steps as attention_core (attention.py, analysis.py), fed the
// inputs the server computed (S, V, X, γ, β, the mask). Plain functions over arrays of rows; no DOM here.
// Checked against attention_core in Chromium at relative 1e-9 (tests/e2e/test_t_control.py).

export const tmath = (() => {
  const LN_EPS = 1e-5;  // attention.layer_norm's ε

  // softmax(S / T) row by row with the row's largest allowed entry subtracted; a masked entry weighs exactly 0
  function softmaxRows(S, T, allowed) {
    return S.map((row, i) => {
      const ok = allowed ? allowed[i] : null;
      let max = -Infinity;
      const scaled = row.map((s, j) => (ok && !ok[j] ? -Infinity : s / T));
      for (const v of scaled) if (v > max) max = v;
      const e = scaled.map(v => Math.exp(v - max));
      let sum = 0;
      for (const v of e) sum += v;
      return e.map(v => v / sum);
    });
  }

  function matmul(A, B) {
    const m = B[0] ? B[0].length : 0;
    return A.map(row => {
      const out = new Array(m).fill(0);
      row.forEach((a, k) => { const b = B[k]; for (let c = 0; c < m; c++) out[c] += a * b[c]; });
      return out;
    });
  }

  const add = (A, B) => A.map((row, i) => row.map((v, j) => v + B[i][j]));

  // γ · (z − mean) / √(var + ε) + β over each row (biased variance); without γ, β: 1 and 0 (LayerNorm before them)
  function layerNorm(Z, gamma, beta) {
    return Z.map(row => {
      const d = row.length;
      let mean = 0;
      for (const v of row) mean += v;
      mean /= d;
      let vr = 0;
      for (const v of row) vr += (v - mean) * (v - mean);
      vr /= d;
      const sd = Math.sqrt(vr + LN_EPS);
      return row.map((v, j) => (gamma ? gamma[j] : 1) * (v - mean) / sd + (beta ? beta[j] : 0));
    });
  }

  // each row's mean and (biased) standard deviation, as analysis.row_stats
  const rowMean = M => M.map(row => { let s = 0; for (const v of row) s += v; return s / row.length; });
  const rowStd = M => M.map(row => {
    const mean = rowMean([row])[0];
    let s = 0;
    for (const v of row) s += (v - mean) * (v - mean);
    return Math.sqrt(s / row.length);
  });

  // analysis.cosine of rows: A_i · B_i / (|A_i| |B_i|), 0 where either row is all zeros
  const norm = row => { let s = 0; for (const v of row) s += v * v; return Math.sqrt(s); };
  function cos(a, b, na, nb) {
    const d = na * nb;
    if (!(d > 0)) return 0;
    let s = 0;
    for (let c = 0; c < a.length; c++) s += a[c] * b[c];
    return s / d;
  }
  const cosineRows = (A, B) => A.map((row, i) => cos(row, B[i], norm(row), norm(B[i])));
  // analysis.pair_cosines: C[i, j] = cos(A_i, A_j)
  function pairCosines(A) {
    const n = A.map(norm);
    return A.map((a, i) => A.map((b, j) => cos(a, b, n[i], n[j])));
  }

  // analysis.most_looked_pair: the two words with the largest column sums (the first on a tie), in their order,
  // and each row's share of its weight on them in percent; with one word (0, 0) and 100·w[:, 0]
  function lookedPair(W) {
    const n = W[0].length;
    if (n < 2) return { pair: [0, 0], share: W.map(row => 100 * row[0]) };
    const sums = new Array(n).fill(0);
    for (const row of W) row.forEach((w, j) => { sums[j] += w; });
    const order = sums.map((_, j) => j).sort((i, j) => (sums[i] === sums[j] ? 0 : (sums[i] > sums[j] ? -1 : 1)));
    const [a, b] = order.slice(0, 2).sort((i, j) => i - j);
    return { pair: [a, b], share: W.map(row => 100 * (row[a] + row[b])) };
  }

  // One head's attention from its inputs: softmax(S / T) and its weighted sum of V
  const attend = (S, V, T, allowed) => { const W = softmaxRows(S, T, allowed); return { W, O: matmul(W, V) }; };

  // analysis.shuffle_experiment's Δ: attention on X[perm] + P (P = α·PE for the places, or none), its outputs
  // put back in the words' order, minus the outputs on X + P
  function shuffleDelta(src, T) {
    const { X, P, perm, Wq, Wk, Wv } = src;
    const placed = order => X.map((_, i) => {
      const row = X[order ? order[i] : i];
      return P ? row.map((v, j) => v + P[i][j]) : row;
    });
    const run = x => {
      const K = matmul(x, Wk);
      const S = matmul(matmul(x, Wq), K[0].map((_, c) => K.map(r => r[c])));
      return attend(S, matmul(x, Wv), T, null).O;
    };
    const base = run(placed(null)), shuffled = run(placed(perm));
    const back = new Array(perm.length);
    perm.forEach((k, i) => { back[k] = i; });
    return base.map((row, k) => row.map((v, c) => shuffled[back[k]][c] - v));
  }

  // H = −Σ w ln w per row, in nats (0 ln 0 = 0)
  const entropy = W => W.map(row => -row.reduce((h, w) => (w > 0 ? h + w * Math.log(w) : h), 0));

  // Everything a chart can show that follows from the weights, for one source of inputs at T (lazy, memoised)
  function quantities(src, T) {
    const memo = {};
    const get = (name, make) => (name in memo ? memo[name] : (memo[name] = make()));
    const q = {
      src,
      W: () => get("W", () => softmaxRows(src.S, T, src.allowed)),
      Zhat: () => get("Zhat", () => layerNorm(q.Z())),
      Ohat: () => get("Ohat", () => layerNorm(q.O())),
      looked: () => get("looked", () => lookedPair(q.W())),
      cosLN: () => get("cosLN", () => cosineRows(q.LN(), src.X)),
      cosLN0: () => get("cosLN0", () => cosineRows(q.LN0(), src.X)),
      pairLN: () => get("pairLN", () => pairCosines(q.LN())),
      pairLN0: () => get("pairLN0", () => pairCosines(q.LN0())),
      share: () => q.looked().share,
      // the heads (each its S and V_h, at the same T), side by side, and through W_O
      concat: () => get("concat", () => {
        const outs = src.heads.map(h => attend(h.S, h.V, T, null).O);
        return outs[0].map((_, i) => [].concat(...outs.map(o => o[i])));
      }),
      MO: () => get("MO", () => matmul(q.concat(), src.WO)),
      D: () => get("D", () => shuffleDelta(src, T)),
      O: () => get("O", () => matmul(q.W(), src.V)),
      Z: () => get("Z", () => add(src.X, q.O())),
      LN: () => get("LN", () => layerNorm(q.Z(), src.gamma, src.beta)),
      LN0: () => get("LN0", () => layerNorm(q.O(), src.gamma, src.beta)),
      H: () => get("H", () => entropy(q.W())),
      EH: () => get("EH", () => q.H().map(Math.exp)),
    };
    return q;
  }

  // What one trace shows, from its spec {q, src, row?, col?, hide?}: a matrix (z) or a line of numbers (y)
  function traceValues(spec, qs) {
    const q = qs[spec.src];
    if (spec.q === "C") {  // word col's share of row's output: W[row, col] · V[col]
      const w = q.W()[spec.row][spec.col];
      return q.src.V[spec.col].map(v => w * v);
    }
    if (spec.q === "rest") {  // the shares of every word but the columns `cols` the stack shows, added up in order
      const w = q.W()[spec.row], shown = new Set(spec.cols);
      const out = new Array(q.src.V[0].length).fill(0);
      w.forEach((wj, j) => { if (!shown.has(j)) q.src.V[j].forEach((v, c) => { out[c] += wj * v; }); });
      return out;
    }
    const m = q[spec.q]();
    if (spec.stat) return (spec.stat === "mean" ? rowMean : rowStd)(m);
    if (spec.row !== undefined && spec.row !== null) return m[spec.row];
    if (spec.hide) return m.map((row, i) => row.map((v, j) => (spec.hide[i][j] ? NaN : v)));
    return m;
  }

  // Python's f"{v:.{d}f}" (the server prints numbers so): correctly rounded, an exact half to even
  function printed(v, d) {
    const s = v.toFixed(d);
    const exact = Math.abs(v).toFixed(Math.min(100, d + 30));
    const tail = exact.slice(exact.indexOf(".") + 1 + d);
    if (/^50*$/.test(tail)) {  // a tie: toFixed rounded away from zero; Python keeps an even last digit
      const down = (v < 0 ? "-" : "") + exact.slice(0, exact.indexOf(".") + (d ? 1 + d : 0));
      const last = Number(down[down.length - 1]);
      if (last % 2 === 0) return down;
    }
    return s;
  }

  // accessible.fixed: printed(v, d) with a true minus sign, and a number that prints as zero printed "0.000"
  function fixed(v, d) {
    let out = printed(v, d);
    if (Number(out) === 0) out = printed(0, d);
    return out.split("-").join("\u2212");
  }

  // tables.t_text: T as f"{t:g}" prints it (six significant digits, no exponent between T_MIN and T_MAX)
  function tText(t) { return String(Number(t.toPrecision(6))); }

  // analysis.weight_path: score → score / T → exp(score / T − max) → ÷ row sum, every step kept
  function weightPath(scores, T) {
    const scaled = scores.map(s => s / T);
    let max = -Infinity;
    for (const v of scaled) if (v > max) max = v;
    const exp = scaled.map(v => Math.exp(v - max));
    let sum = 0;
    for (const v of exp) sum += v;
    return { scores, scaled, exp, sum, weights: exp.map(v => v / sum) };
  }

  // figures.weight_lines' words under the lines: "word<br>w" with w printed to `d` decimals, for every word, or
  // (`top` given) for those whose weight is at least the top-th largest, "" for the rest
  function weightLabels(row, words, top, d) {
    const cut = top ? [...row].sort((a, b) => a - b)[row.length - Math.min(top, row.length)] : -Infinity;
    return row.map((w, j) => (w >= cut ? `${words[j]}<br>${printed(w, d)}` : ""));
  }

  // figures.stacked_contributions' sums: for each bar position, the sum printed to `d` decimals at the end of its
  // stack on the sum's side (the positive parts stacked up, the negative down), and whether that side is below
  function stackSums(stack, total, d) {
    return Array.from(total, (v, c) => {
      let up = 0, down = 0;
      for (const row of stack) { const p = row[c]; if (p > 0) up += p; else down += p; }
      const below = v < 0;
      return { y: below ? down : up, text: printed(v, d), below };
    });
  }

  // a text with T's blanks filled: {T} as f"{t:g}", {T:.2f} as f"{t:.2f}" (figures.at_t)
  const withT = (text, t) => text.replace(/\{T(?::\.(\d+)f)?\}/g, (_, d) => (d === undefined ? tText(t) : printed(t, Number(d))));

  // What a T chart shows at T, from what it declares (layout.meta.attention_t: ui/tcontrol.attach, or the offline
  // lesson's page): for Plotly.update, its traces' indices `idx`, the new values of each attribute by trace (`update`,
  // undefined where a trace keeps an attribute) and its title (null where the title does not print T), with `qs`, the
  // quantities of its sources at T
  function chartUpdate(meta, T) {
    const qs = {};
    for (const [name, src] of Object.entries(meta.sources || {})) qs[name] = quantities(src, T);
    const traces = meta.traces || [];
    const idx = traces.map(spec => spec.i);
    const update = {};
    const put = (axis, k, values) => {
      if (!update[axis]) update[axis] = new Array(idx.length).fill(undefined);
      update[axis][k] = values;
    };
    traces.forEach((spec, k) => {
      if (spec.axis === "line") {  // ④'s line from word row to word col: thickness, opacity and hover are the weight
        const w = qs[spec.src].W()[spec.row][spec.col];
        put("line.width", k, 1 + 24 * w);
        put("opacity", k, 0.35 + 0.65 * w);
        put("hovertemplate", k, spec.hover.split("{w}").join(printed(w, 3)));
        return;
      }
      if (spec.axis === "text") {  // ④'s words, each with its weight (past 10 words those of the five largest)
        put("text", k, weightLabels(qs[spec.src].W()[spec.row], spec.words, spec.top, spec.text));
        return;
      }
      const values = traceValues(spec, qs);
      put(spec.axis, k, values);
      if (spec.text !== undefined && spec.text !== null) put("text", k, values.map((v) => printed(v, spec.text)));
    });
    let title = meta.title ? withT(meta.title, T) : null;
    if (title !== null && meta.pair) {  // Home's share chart names the pair its share is of
      const [a, b] = qs[meta.pair.src].looked().pair;
      title = title.split("{A}").join(meta.pair.labels[a]).split("{B}").join(meta.pair.labels[b]);
    }
    return { idx, update, title, qs };
  }

  return { cosineRows, pairCosines, stackSums, weightLabels, softmaxRows, matmul, add, layerNorm, rowMean, rowStd, entropy, lookedPair, shuffleDelta, quantities,
    traceValues, printed, fixed, tText, weightPath, chartUpdate };
})();
