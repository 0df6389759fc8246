// The T control (a Streamlit components-v2 module; tcontrol.py puts math.js and draw.js in front of it).
//
// A range input over the T options. While it is dragged or stepped with the keys, every chart on the page that
// carries T inputs (layout.meta.attention_t, attached by Page.chart) is recomputed here and redrawn in place
// with tdraw.redraw (draw.js). The server is told once the hand stops: on release, or PAUSE_MS after the last key press.
// If the preview cannot run (no Plotly, a math error), every step goes to the server at once, as a plain slider.
// Once this module runs it hides the Streamlit slider drawn beside it (the fallback when it cannot load).

const PAUSE_MS = 300;
const live = new WeakMap();   // parentElement → this instance's state
const controls = new Set();   // every instance on the page: a preview moves them all
const stats = window.__attentionT || (window.__attentionT = { previews: 0, sends: 0, frames: [], failed: 0 });

const fmt = (t) => tmath.tText(t);  // T as the server prints it (f"{t:g}")

function metaOf(gd) {
  const m = gd && gd.layout && gd.layout.meta;
  return m && m.attention_t ? m.attention_t : null;
}

// Every T table on the page (tables.weight_path_table, drawn by the server at its T) at T: the numbers that follow T,
// their bars and the sentence under the table, written where the server wrote them, as the server prints them
function tables(T) {
  for (const el of document.querySelectorAll(".attention-t-table[data-path]")) {
    if ((el.__drawnT ?? Number(el.dataset.t)) === T) continue;  // drawn at T already (by the server, or here)
    const spec = el.__path || (el.__path = JSON.parse(el.dataset.path));
    const path = tmath.weightPath(spec.scores, T);
    const d = spec.decimals;
    el.querySelectorAll("tbody tr").forEach((tr, k) => {
      const td = tr.querySelectorAll("td");
      td[1].textContent = tmath.fixed(path.scaled[k], d);
      td[2].textContent = tmath.fixed(path.exp[k], d);
      td[3].textContent = tmath.fixed(path.weights[k], d);
      td[3].style.setProperty("--w", `${tmath.printed(path.weights[k] * 100, 1)}%`);
    });
    let total = 0;
    for (const w of path.weights) total += w;
    const caption = el.querySelector(".attention-t-caption");
    if (caption) caption.textContent = spec.caption.split("{T}").join(fmt(T)).split("{SUM}").join(tmath.fixed(total, d));
    el.__drawnT = T;
  }
}

// Redraw every T chart and T table on the page at T; returns the number of charts redrawn (throws when it cannot)
function preview(T) {
  const C = window.attentionCompat, P = C.plotly;  // Streamlit's and Plotly's undocumented surface (compat.js)
  if (!P.plotly() || typeof P.plotly().update !== "function") throw new Error("Plotly is not loaded");
  const start = performance.now();
  tables(T);
  let drawn = 0;
  for (const gd of P.chartGraphs()) {
    const meta = metaOf(gd);
    if (!meta) continue;
    const { idx, update, title } = tmath.chartUpdate(meta, T);
    const layout = title !== null ? { "title.text": title } : {};
    if (idx.length || meta.title) tdraw.redraw(gd, update, layout, idx);
    if (meta.marks) tdraw.marks(gd, meta.marks, T, fmt(T));
    if (meta.sums) {  // ④'s sums past the end of each stack, at the stack's end on the sum's side
      // a trace's numbers as drawn: the new ones, or Plotly's own (gd.data may hold them still encoded)
      const full = (i) => P.drawnTrace(gd, i);
      const drawn = (i) => { const k = idx.indexOf(i); return k >= 0 && update.y && update.y[k] ? update.y[k] : full(i).y; };
      const notes = tmath.stackSums(meta.sums.bars.map(drawn), drawn(meta.sums.marks), meta.sums.decimals);
      tdraw.sums(gd, meta.sums.notes, notes);
    }
    drawn += 1;
  }
  stats.previews += 1;
  const done = performance.now();
  stats.lastDone = done;
  stats.frames.push(done - start);
  requestAnimationFrame(() => { stats.lastPaint = performance.now(); });  // the frame that shows it
  if (stats.frames.length > 2000) stats.frames.shift();
  return drawn;
}
stats.preview = preview;
stats.math = tmath;
stats.draw = tdraw.stats;
// how many controls still hold a T for the server (a key press's pause not yet over)
stats.scheduled = () => [...controls].filter((c) => c.timer !== null).length;

let helpIds = 0;  // each control's help text gets an id of its own

function build(parentElement, data) {
  const root = document.createElement("div");
  root.className = "attention-t";
  root.style.cssText = "display:flex;flex-direction:column;gap:0.25rem;width:100%;padding:0.25rem 0 0.5rem";
  // The input is named by aria-label and describes itself with the help text (aria-describedby; the title shows it
  // to a mouse). The printed value is for the eye: a screen reader hears aria-valuetext, and an <output>, a live
  // region, made every control on the page announce each step again.
  root.innerHTML = `<div style="display:flex;justify-content:space-between" class="attention-t-label"><span class="attention-t-name"></span>
    <output class="attention-t-value" style="font-weight:600" aria-hidden="true"></output></div>
    <input class="attention-t-range" type="range" min="0" step="1" style="width:100%;margin:0">
    <span class="attention-t-help" hidden></span>`;
  const helpId = `attention-t-help-${++helpIds}`;
  root.querySelector(".attention-t-help").id = helpId;
  root.querySelector("input").setAttribute("aria-describedby", helpId);
  parentElement.replaceChildren(root);
  const state = {
    root, data, input: root.querySelector("input"), out: root.querySelector("output"),
    timer: null, frame: null, dragging: false, touched: false, lastSent: null, server: data.t,
  };
  state.input.addEventListener("input", () => moved(state));
  state.input.addEventListener("pointerdown", () => { state.dragging = true; state.pressMoved = false; });
  const release = () => {
    if (!state.dragging) return;
    state.dragging = false;
    // a press that never moved the value (a tap on the thumb) tells the server nothing: the T it shows is the
    // server's, and a report of that T would cost a run of the whole page (tparts.step_t, queued_alone)
    if (!state.pressMoved) return;
    if (state.frame) {
      cancelAnimationFrame(state.frame);
      state.frame = null;
      if (!redraw(state, valueOf(state))) return;  // sent already
    }
    send(state);
  };
  state.input.addEventListener("pointerup", release);
  state.input.addEventListener("pointercancel", release);
  state.input.addEventListener("change", () => { if (!state.timer && state.touched && !state.dragging) send(state); });
  state.input.addEventListener("keydown", e => {
    if (e.key === "PageUp" || e.key === "PageDown") e.preventDefault();  // the clicker's keys walk the steps
  });
  return state;
}

function valueOf(state) { return state.data.options[Number(state.input.value)]; }

function show(state, t) {
  const k = state.data.options.indexOf(t);
  if (k >= 0) state.input.value = String(k);
  state.out.textContent = fmt(t);
  state.input.setAttribute("aria-valuetext", `T = ${fmt(t)}`);
}

function moved(state) {
  const t = valueOf(state);
  state.touched = true;
  for (const other of controls) if (other !== state && other.data.options.includes(t)) show(other, t);
  show(state, t);
  clearTimeout(state.timer);
  state.timer = null;
  if (state.dragging) {  // pointer moves come faster than frames: draw the latest T once per frame
    state.pressMoved = true;
    if (!state.frame) state.frame = requestAnimationFrame(() => { state.frame = null; redraw(state, valueOf(state)); });
    return;
  }
  if (redraw(state, t)) state.timer = setTimeout(() => { state.timer = null; send(state); }, PAUSE_MS);
}

// The preview at T; false (and T sent to the server at once) where it cannot run
function redraw(state, t) {
  try {
    preview(t);
    return true;
  } catch (err) {
    stats.failed += 1;
    console.warn("T preview:", err);
    send(state, false);  // no preview: the server draws every step, as a plain slider
    return false;
  }
}

// T to the server; `drawn` false: the browser could not preview it (the server then keeps its charts as
// Streamlit's own, which need nothing of this module's: tcontrol.reported)
function send(state, drawn = true) {
  clearTimeout(state.timer);
  state.timer = null;
  const t = valueOf(state);
  state.touched = false;
  state.lastSent = t;
  stats.sends += 1;
  state.setTriggerValue("t", drawn ? t : { t, drawn: false });
}

function hideFallback(parentElement, key) {
  const id = `attention-t-hide-${key}`;
  if (document.getElementById(id)) return;
  const style = document.createElement("style");
  style.id = id;
  // the slider alone: its element container keeps its place and the column's gap, so nothing on the page moves
  // when the module loads. Once the server no longer draws the slider (AppState.t_control_runs) the control's own
  // container is the first in the column and takes that gap as its margin, so nothing moves then either.
  const C = window.attentionCompat;  // Streamlit's keyed elements and test ids (compat.js)
  const box = C.keySel(`tctl-${key}`);
  const block = parentElement.closest(box);
  const gap = block ? getComputedStyle(block).rowGap : "";
  style.textContent = `${C.sliderIn(`tctl-${key}`)} { display: none; }
${box} > ${C.keySel(`tc:${key}`)}:first-child { margin-top: ${/px$/.test(gap) ? gap : "1rem"}; }`;
  document.head.appendChild(style);
}

export default function mount({ data, parentElement, setTriggerValue }) {
  let state = live.get(parentElement);
  if (!state || !parentElement.contains(state.root)) {
    state = build(parentElement, data);
    live.set(parentElement, state);
  }
  state.setTriggerValue = setTriggerValue;
  const prev = state.data;
  state.data = data;
  state.root.querySelector(".attention-t-name").textContent = data.label;
  state.input.max = String(data.options.length - 1);
  state.input.setAttribute("aria-label", data.label);
  if (data.help) state.root.title = data.help;
  state.root.querySelector(".attention-t-help").textContent = data.help || "";
  // the server's T wins unless the hand is still at work (a drag, or key presses not yet sent)
  const busy = state.dragging || state.timer !== null || (state.touched && state.lastSent !== data.t);
  if (!busy || prev.options.join() !== data.options.join()) {
    show(state, data.t);
    try {
      tables(data.t);  // the T the server confirms: a T table it did not send again shows it too
    } catch (err) {
      console.warn("T table:", err);
    }
  }
  else if (state.server !== data.t) show(state, valueOf(state));
  state.server = data.t;
  controls.add(state);
  hideFallback(parentElement, data.key);
  return () => { controls.delete(state); };
}
