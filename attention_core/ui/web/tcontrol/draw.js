// Redrawing a T chart in place, fast enough for a drag (tcontrol.py puts math.js and this file in front of
// control.js). `Plotly.update` with new numbers recalculates and redraws a whole figure: axes, colour bars,
// margins, every panel (60–130 ms a frame for Home's eight panels). A frame here redraws only what T moved:
// - a heatmap goes through Plotly's own calc and plot for its panel (the same code and colours Plotly uses),
//   and the numbers printed in its cells are rewritten in the labels Plotly drew, with the format and the
//   contrast colour Plotly gives them (rebuilding every label is most of a frame otherwise);
// - bars and markers likewise go through their own module's calc (with the stacking of the panel's bars) and
//   plot, where their value axis has a fixed range;
// - anything else (an axis that rescales with the data, a chart this cannot read) falls back to Plotly.update.
// Everything it reads or calls of Plotly's beyond the documented API goes through compat.js's Plotly section
// (`P.…`, in front of this file in the T control's library): where a graph lacks any of it, compat.js says so once
// (the `redraw` probe) and every frame from then on is Plotly.update's and Plotly.relayout's.
// tests/e2e/test_t_control.py checks that a fast frame draws what Plotly's full redraw of the same data draws.

const tdraw = (() => {
  const plotly = () => window.attentionCompat.plotly;  // Plotly's undocumented surface (compat.js)
  const FIXED = /^%\{z:\.(\d+)f\}$/;   // the cell numbers' texttemplate in attention_core.figures
  const stats = { fast: 0, full: 0 };

  // Where a frame put an annotation's box, before rounding it to a whole pixel, by the box's node: the next frame
  // moves on from there, not from the rounded transform, so that many frames do not add up their roundings (a
  // drag of sub-pixel steps left the label behind its line). A node Plotly drew since is read from its transform.
  const placed = new WeakMap();
  function placedX(g, drawnX) {
    const p = placed.get(g);
    return p && p.transform === g.getAttribute("transform") ? p.x : drawnX;
  }
  function place(g, x, y) {
    const transform = `translate(${Math.round(x)},${y})`;
    g.setAttribute("transform", transform);
    placed.set(g, { x, transform });
  }

  // d3-format's "f": toFixed, and a negative number that rounds to zero prints without its sign
  function fixed(v, decimals) {
    const s = v.toFixed(decimals);
    return Number(s) === 0 && s.startsWith("-") ? s.slice(1) : s;
  }

  // a CSS colour as [r, g, b, a] (the browser parses it)
  let probe = null;
  function rgba(color) {
    if (!probe) probe = document.createElement("canvas").getContext("2d");
    probe.fillStyle = "#000";
    probe.fillStyle = color;
    const c = probe.fillStyle;
    if (c[0] === "#") return [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)).concat(1);
    const v = c.slice(c.indexOf("(") + 1, c.indexOf(")")).split(",").map(Number);
    return v.length === 4 ? v : v.concat(1);
  }

  // Plotly's colour of a value: linear RGB between the scale's stops over [lo, hi], clamped (its
  // makeColorScaleFunc); null where the trace's scale is not fixed (an automatic range follows the data)
  function colorOf(gd, full) {
    const axis = full.coloraxis ? plotly().fullLayout(gd)[full.coloraxis] : null;
    const scale = axis ? axis.colorscale : full.colorscale;
    const lo = axis ? axis.cmin : full.zmin, hi = axis ? axis.cmax : full.zmax;
    const auto = axis ? axis.cauto : full.zauto;
    if (auto || !Array.isArray(scale) || !Number.isFinite(lo) || !Number.isFinite(hi)) return null;
    const stops = scale.map(([p, c]) => [lo + p * (hi - lo), rgba(c)]);
    return (z) => {
      if (z <= stops[0][0]) return stops[0][1];
      for (let k = 1; k < stops.length; k++) {
        const [z1, c1] = stops[k];
        if (z <= z1) {
          const [z0, c0] = stops[k - 1];
          const f = z1 === z0 ? 1 : (z - z0) / (z1 - z0);
          return c0.map((a, n) => a + f * (c1[n] - a));
        }
      }
      return stops[stops.length - 1][1];
    };
  }

  // Plotly's Color.contrast on a cell: white text where white has more WCAG contrast than its default line
  // colour #444, else #444
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const LINE = luminance([68, 68, 68]);
  function contrast(c) {
    const l = luminance(c.slice(0, 3));
    return ratio(l, 1) > ratio(l, LINE) ? "rgb(255, 255, 255)" : "rgb(68, 68, 68)";
  }

  // A value axis that rescales with the data (autorange) needs Plotly's whole redraw; a fixed one does not
  function fixedAxes(gd, full) {
    if (full.type === "heatmap") return true;
    const axis = plotly().axis(gd, full.orientation === "h" ? full.xaxis : full.yaxis);
    return !!axis && axis.autorange === false;
  }

  // Redraw the panels (subplots) of `changed` ([trace index, full trace, {axis: values}]) with Plotly's own calc and
  // plot of each trace module there; false (nothing changed) when one of them cannot be drawn so
  function panels(gd, changed) {
    const P = plotly();
    const byPanel = new Map();
    for (const item of changed) {
      const [, full] = item;
      if (!P.redrawTypes.includes(full.type) || !fixedAxes(gd, full)) return false;
      const id = full.xaxis + full.yaxis;
      if (!byPanel.has(id)) byPanel.set(id, []);
      byPanel.get(id).push(item);
    }
    const plan = [];
    for (const [id, traces] of byPanel) {
      const info = P.subplot(gd, id);
      if (!info) return false;
      const labelled = [];
      for (const [, full] of traces) {
        const tt = full.type === "heatmap" ? full.texttemplate || "" : "";
        if (!tt) continue;
        const m = FIXED.exec(tt);
        const font = full.textfont && full.textfont.color;
        const g = P.heatmapGroup(info, full.uid);
        const color = colorOf(gd, full);
        if (!m || (font && font !== "auto") || !g || !color) return false;  // labels this cannot rewrite
        labelled.push({ full, labels: P.heatmapLabels(g), decimals: Number(m[1]), color });
      }
      plan.push({ info, traces, labelled });
    }
    for (const { info, traces, labelled } of plan) {
      for (const [i, full, values] of traces) {
        for (const [path, v] of Object.entries(values)) { put(gd.data[i], path, v); put(full, path, v); }
        P.calcTrace(gd, full);
      }
      // every trace of the panel, by module: a module's plot removes the traces it is not given
      const modules = P.panelTraces(gd, info);
      const moved = new Set(traces.map(([, full]) => P.traceModule(full)));
      for (const module of modules.keys()) if (moved.has(module)) P.crossTraceCalc(gd, info, module);
      // a line's width, a trace's opacity and a scatter's texts are drawn by its module's style, not its plot
      const styled = new Set(traces.filter(([, , values]) => Object.keys(values).some((k) => k !== "y" && k !== "x"
        && k !== "z" && k !== "hovertemplate")).map(([, full]) => P.traceModule(full)));
      const kept = labelled.map((l) => { l.labels.forEach((n) => n.remove()); const tt = l.full.texttemplate; l.full.texttemplate = ""; return tt; });
      try {
        for (const [module, cds] of modules) if (moved.has(module)) P.plotTraces(gd, info, module, cds);
        for (const module of styled) P.styleTraces(gd, module);
      } finally {
        labelled.forEach((l, k) => { l.full.texttemplate = kept[k]; });
      }
      for (const l of labelled) relabel(gd, info, l);
    }
    return true;
  }

  // obj[path] = v, for a path with dots ("line.width")
  function put(obj, path, v) {
    const keys = path.split(".");
    let o = obj;
    for (const k of keys.slice(0, -1)) o = o[k] && typeof o[k] === "object" ? o[k] : (o[k] = {});
    o[keys[keys.length - 1]] = v;
  }

  // Put the labels Plotly drew back in their (redrawn) trace group, with the new numbers and colours
  function relabel(gd, info, l) {
    const P = plotly();
    const g = P.heatmapGroup(info, l.full.uid);
    if (!g) throw new Error("the heatmap's group is gone");
    const z = P.drawnZ(gd, l.full);
    const cells = [];
    for (let i = 0; i < z.length; i++) for (let j = 0; j < z[i].length; j++) if (z[i][j] !== undefined) cells.push(z[i][j]);
    if (cells.length !== l.labels.length) throw new Error("heatmap labels do not match its cells");
    l.labels.forEach((node, k) => {
      const v = cells[k];
      const text = node.firstChild;
      text.textContent = fixed(v, l.decimals);
      text.style.fill = contrast(l.color(v).map(Math.round));
      P.setLabelDatum(node, v, text.textContent);
      g.appendChild(node);
    });
  }

  // Redraw `gd` with `update` ({axis: [values per trace]}) for trace indices `idx`, and `layout` (its title)
  function redraw(gd, update, layout, idx) {
    const P = plotly();
    let drawn = P.fastRedraw(gd);
    if (drawn) {
      const changed = idx.map((i, k) => {
        const values = {};
        for (const a of Object.keys(update)) if (update[a][k] !== undefined) values[a] = update[a][k];
        return [i, P.drawnTrace(gd, i), values];
      });
      try {
        drawn = !changed.some(([, full]) => !full) && panels(gd, changed);
      } catch (err) {  // a chart drawn otherwise than this expects: Plotly redraws it from its data
        console.warn("T preview, fast redraw:", err);
        drawn = false;
      }
    }
    if (!drawn) {
      stats.full += 1;
      P.plotly().update(gd, update, layout, idx);
      return;
    }
    if (layout && Object.keys(layout).length) title(gd, layout);
    stats.fast += 1;
  }

  // the title's text, in the node Plotly drew (a relayout of the title would redraw the margins): one line, or
  // the lines of a wrapped title (Plotly draws each line between <br>s as a tspan.line) when there are as many
  function title(gd, layout) {
    const P = plotly();
    const text = layout["title.text"];
    const node = P.titleNode(gd);
    if (text === undefined) return;
    gd.layout.title = Object.assign({}, gd.layout.title, { text });
    P.keepDrawn(gd, ["title", "text"], text);
    const lines = text.split("<br>");
    if (node && !lines.some((line) => /[<&]/.test(line))) {
      const spans = P.titleLines(node);
      if (lines.length === 1 && node.childNodes.length <= 1) { node.textContent = text; return; }
      if (lines.length > 1 && spans.length === lines.length && node.childNodes.length === lines.length) {
        spans.forEach((span, k) => { span.textContent = lines[k]; });
        return;
      }
    }
    stats.full += 1;  // a title drawn otherwise: Plotly lays the whole figure out again
    P.plotly().relayout(gd, layout);
  }

  // The vertical line at T on a chart over T, and its label, moved to T in the nodes Plotly drew (a relayout
  // of a shape recalculates the whole figure); the layout learns the new place too, so any later redraw of
  // Plotly's own draws them there. Falls back to Plotly.relayout where the nodes are not as expected.
  function marks(gd, list, T, text) {
    const P = plotly();
    const xa = P.axis(gd, "x");
    const edit = {};
    let fast = P.fastRedraw(gd) && !!xa;
    for (const m of list) {
      if (m.shape !== undefined) { edit[`shapes[${m.shape}].x0`] = T; edit[`shapes[${m.shape}].x1`] = T; }
      if (m.note !== undefined) {
        edit[`annotations[${m.note}].x`] = m.log ? Math.log10(T) : T;
        if (m.text) edit[`annotations[${m.note}].text`] = m.text.split("{T}").join(text);
      }
    }
    if (fast) {
      try {
        fast = moveMarks(gd, xa, list, T, edit);
      } catch (err) {
        console.warn("T preview, marks:", err);
        fast = false;
      }
    }
    if (!fast) P.plotly().relayout(gd, edit);
  }

  function moveMarks(gd, xa, list, T, edit) {
    const P = plotly();
    const x = P.axisPixel(xa, xa.type === "log" ? Math.log10(T) : T);
    if (x === null) return false;
    const plan = [];
    let shift = null;
    for (const m of list.filter((k) => k.shape !== undefined)) {
      const path = P.shapePath(gd, m.shape);
      const d = path && /^M([-\d.]+),([-\d.]+)L([-\d.]+),([-\d.]+)$/.exec(path.getAttribute("d") || "");
      if (!d || d[1] !== d[3]) return false;
      shift = x - Number(d[1]);
      plan.push(() => path.setAttribute("d", `M${x},${d[2]}L${x},${d[4]}`));
    }
    for (const m of list.filter((k) => k.note !== undefined)) {
      const box = P.annotationBox(gd, m.note);
      const { g, label, bg } = box || {};
      const at = box && /^translate\(([-\d.]+),([-\d.]+)\)$/.exec(g.getAttribute("transform") || "");
      if (!at || shift === null || label.childNodes.length !== 1) return false;
      const newText = edit[`annotations[${m.note}].text`];
      plan.push(() => {
        place(g, placedX(g, Number(at[1])) + shift, at[2]);
        if (newText !== undefined && newText !== label.textContent) {
          const before = label.getComputedTextLength();
          P.setAnnotationText(label, newText);
          const grow = label.getComputedTextLength() - before;
          bg.setAttribute("width", String(Number(bg.getAttribute("width")) + grow));
          label.setAttribute("x", String(Number(label.getAttribute("x")) + grow / 2));
        }
      });
    }
    plan.forEach((f) => f());
    for (const [path, v] of Object.entries(edit)) {  // the layout, for any later redraw
      const [, list, k, prop] = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(path);
      if (gd.layout[list] && gd.layout[list][k]) gd.layout[list][k][prop] = v;
    }
    return true;
  }

  // ④'s sums (notes: {y, text, below} per annotation index of `indices`), moved to the end of their stack and
  // rewritten in the nodes Plotly drew: a box above its point (yanchor bottom, 2 px up) or below it (top, 2 px
  // down), centred on its bar. The layout learns them too; Plotly.relayout where the nodes are not as expected.
  function sums(gd, indices, notes) {
    const edit = {};
    indices.forEach((k, c) => {
      const n = notes[c];
      Object.assign(edit, { [`annotations[${k}].y`]: n.y, [`annotations[${k}].text`]: n.text,
        [`annotations[${k}].yanchor`]: n.below ? "top" : "bottom", [`annotations[${k}].yshift`]: n.below ? -2 : 2 });
    });
    const P = plotly();
    const ya = P.axis(gd, "y");
    let fast = P.fastRedraw(gd) && !!ya;
    if (fast) {
      try {
        fast = moveSums(gd, ya, indices, notes);
      } catch (err) {
        console.warn("T preview, sums:", err);
        fast = false;
      }
    }
    if (!fast) { stats.full += 1; P.plotly().relayout(gd, edit); return; }
    for (const [path, v] of Object.entries(edit)) {  // the layout, for any later redraw
      const [, list, k, prop] = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(path);
      if (gd.layout[list] && gd.layout[list][k]) gd.layout[list][k][prop] = v;
      P.keepDrawn(gd, [list, k, prop], v);
    }
  }

  function moveSums(gd, ya, indices, notes) {
    const P = plotly();
    const annotations = P.fullLayout(gd).annotations;
    const plan = [];
    for (let c = 0; c < indices.length; c++) {
      const k = indices[c], n = notes[c];
      const full = annotations && annotations[k];
      const box = P.annotationBox(gd, k);
      const { g, label, bg } = box || {};
      const at = box && /^translate\(([-\d.]+),([-\d.]+)\)$/.exec(g.getAttribute("transform") || "");
      const y = P.axisPixel(ya, n.y);
      if (!full || !at || label.childNodes.length !== 1 || full.textangle || y === null) return false;
      const border = full.borderwidth || 0;
      plan.push(() => {
        const width = Number(bg.getAttribute("width")) + border, height = Number(bg.getAttribute("height")) + border;
        const cx = placedX(g, Number(at[1])) + width / 2;
        let grow = 0;
        if (n.text !== label.textContent) {
          const before = label.getComputedTextLength();
          P.setAnnotationText(label, n.text);
          grow = label.getComputedTextLength() - before;
          bg.setAttribute("width", String(Number(bg.getAttribute("width")) + grow));
          label.setAttribute("x", String(Number(label.getAttribute("x")) + grow / 2));
        }
        place(g, cx - (width + grow) / 2, Math.round(n.below ? y + 2 : y - 2 - height));
      });
    }
    plan.forEach((f) => f());
    return true;
  }

  return { redraw, marks, sums, fixed, stats };
})();
