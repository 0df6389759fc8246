// The spread control of the class's student page (a Streamlit components-v2 module; ui/classroom_controls.py).
//
// One row per word: its name, a "−" button, a bar to drag (a slider: role="slider", its value spoken as points), a
// "+" button and the number. The shares always add up to 100, whole numbers: what one word gains the words below it
// give up (in proportion to what they hold), then if need be the words above; what it loses goes to the words below
// (`rebalance`), so setting the words from the first to the last sets each exactly. "Spread evenly" starts again;
// "Send" hands the spread to the server (a trigger "send": {qid, shares}), which checks it and stores it.
//
// Keyboard: each bar is a slider in the Tab order (← ↓ one point less, → ↑ one more, Page Down / Page Up ten,
// Home none, End all of it); the − and + buttons are for fingers and the mouse (out of the Tab order: the slider
// does what they do). The data never reaches innerHTML: words are set as text.
//
// It runs again on every data change without the previous cleanup: its state lives in a WeakMap keyed by the
// element it was given, and a new question (another qid) builds the rows afresh.

const live = new WeakMap();
const POINTS = 100;

const fill = (template, values) =>
  String(template).replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));

export function even(n) {
  // 100 points over n words as evenly as whole numbers allow: the first words get the remainder
  const base = Math.floor(POINTS / n), extra = POINTS - base * n;
  return Array.from({ length: n }, (_, j) => base + (j < extra ? 1 : 0));
}

function share(out, group, amount, sign) {
  // `amount` points taken from (sign −1) or given to (sign +1) the words of `group`, in proportion to what they hold
  // (given evenly when they hold nothing), whole numbers: the largest remainders get the odd points, ties the earlier
  const held = group.reduce((s, j) => s + out[j], 0);
  const exact = group.map((j) => (held > 0 ? (out[j] * amount) / held : amount / group.length));
  const floors = exact.map(Math.floor);
  let left = amount - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((x, k) => [x - floors[k], k]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, k] of order) { if (left <= 0) break; floors[k] += 1; left -= 1; }
  group.forEach((j, k) => { out[j] += sign * floors[k]; });
}

export function rebalance(from, i, value) {
  // `from` with word i set to `value` (0…100), the total kept at 100 by the words after it first: what word i gains
  // is taken from the words below it (in proportion to what they hold), and only what they cannot give from the
  // words above; what it loses goes to the words below it (to the words above when it is the last). So a pass from
  // the first word to the last sets each word exactly, the last one taking the rest.
  const n = from.length;
  if (n === 1) return [POINTS];
  const out = from.slice();
  const v = Math.max(0, Math.min(POINTS, Math.round(value)));
  const delta = v - out[i];
  out[i] = v;
  const after = [...Array(n).keys()].filter((j) => j > i);
  const before = [...Array(n).keys()].filter((j) => j < i);
  if (delta > 0) {
    let need = delta;
    for (const group of [after, before]) {
      const take = Math.min(need, group.reduce((s, j) => s + out[j], 0));
      if (take > 0) share(out, group, take, -1);
      need -= take;
    }
  } else if (delta < 0) {
    share(out, after.length ? after : before, -delta, +1);
  }
  return out;
}

const same = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, k) => x === b[k]);

function build(root, data, state) {
  const old = root.querySelector(".attention-spread");  // the element's own style sheet stays: only the old box goes
  if (old) old.remove();
  const labels = data.labels;
  const box = document.createElement("div");
  box.className = "attention-spread";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", labels.group);
  for (const [name, color] of Object.entries(data.colors || {})) box.style.setProperty(`--spread-${name}`, color);
  state.rows = data.words.map((word, j) => {
    const row = document.createElement("div");
    row.className = "spread-row";
    const name = document.createElement("span");
    name.className = "spread-word";
    name.id = `spread-word-${j}`;
    name.textContent = word;
    const less = document.createElement("button");
    less.type = "button";
    less.className = "spread-step";
    less.tabIndex = -1;
    less.textContent = "−";
    less.setAttribute("aria-label", fill(labels.less, { word }));
    const track = document.createElement("div");
    track.className = `spread-track st-key-class-spread-${j}`;
    track.setAttribute("role", "slider");
    track.tabIndex = 0;
    track.setAttribute("aria-labelledby", name.id);
    track.setAttribute("aria-valuemin", "0");
    track.setAttribute("aria-valuemax", String(POINTS));
    const bar = document.createElement("div");
    bar.className = "spread-fill";
    track.appendChild(bar);
    const more = document.createElement("button");
    more.type = "button";
    more.className = "spread-step";
    more.tabIndex = -1;
    more.textContent = "+";
    more.setAttribute("aria-label", fill(labels.more, { word }));
    const number = document.createElement("span");
    number.className = "spread-value";
    number.setAttribute("aria-hidden", "true");  // the slider speaks its value
    row.append(name, less, track, more, number);
    box.appendChild(row);

    less.addEventListener("click", () => set(state, j, state.shares[j] - 1));
    more.addEventListener("click", () => set(state, j, state.shares[j] + 1));
    track.addEventListener("keydown", (e) => {
      const steps = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };
      let to = null;
      if (e.key in steps) to = state.shares[j] + steps[e.key];
      else if (e.key === "Home") to = 0;
      else if (e.key === "End") to = POINTS;
      if (to === null || state.locked) return;
      e.preventDefault();
      e.stopPropagation();
      set(state, j, to);
    });
    const at = (e) => {
      const r = track.getBoundingClientRect();
      return r.width > 0 ? ((e.clientX - r.left) / r.width) * POINTS : state.shares[j];
    };
    track.addEventListener("pointerdown", (e) => {
      if (state.locked) return;
      track.setPointerCapture(e.pointerId);
      state.drag = { j, from: state.shares.slice(), id: e.pointerId };
      state.shares = rebalance(state.drag.from, j, at(e));
      show(state);
    });
    track.addEventListener("pointermove", (e) => {
      if (!state.drag || state.drag.id !== e.pointerId) return;
      state.shares = rebalance(state.drag.from, j, at(e));
      show(state);
    });
    const release = (e) => { if (state.drag && state.drag.id === e.pointerId) state.drag = null; };
    track.addEventListener("pointerup", release);
    track.addEventListener("pointercancel", release);
    return { track, bar, number, less, more };
  });

  const foot = document.createElement("div");
  foot.className = "spread-foot";
  const total = document.createElement("span");
  total.className = "spread-total";
  const evenly = document.createElement("button");
  evenly.type = "button";
  evenly.className = "spread-button st-key-class-spread-even";
  evenly.textContent = labels.even;
  evenly.addEventListener("click", () => { state.shares = even(state.shares.length); show(state); });
  const send = document.createElement("button");
  send.type = "button";
  send.className = "spread-button spread-send st-key-class-spread-send";
  send.textContent = labels.send;
  send.addEventListener("click", () => {
    if (state.locked) return;
    state.pending = state.shares.slice();
    state.setTriggerValue("send", { qid: state.qid, shares: state.shares.slice() });
    show(state);
  });
  foot.append(total, evenly, send);
  const status = document.createElement("p");
  status.className = "spread-status";
  status.setAttribute("role", "status");
  box.append(foot, status);
  root.appendChild(box);
  Object.assign(state, { total, evenly, send, status });
}

function set(state, j, value) {
  if (state.locked) return;
  state.shares = rebalance(state.shares, j, value);
  show(state);
}

function show(state) {
  const labels = state.labels;
  state.rows.forEach((r, j) => {
    const v = state.shares[j];
    r.bar.style.width = `${v}%`;
    r.number.textContent = String(v);
    r.track.setAttribute("aria-valuenow", String(v));
    r.track.setAttribute("aria-valuetext", fill(labels.points, { n: v }));
    r.track.setAttribute("aria-disabled", String(state.locked));
    r.less.disabled = state.locked || v <= 0;
    r.more.disabled = state.locked || v >= POINTS;
  });
  state.total.textContent = fill(labels.total, { n: state.shares.reduce((a, b) => a + b, 0) });
  state.evenly.disabled = state.locked;
  state.send.disabled = state.locked;
  let said = "";
  if (state.locked) said = labels.closed;
  else if (same(state.shares, state.mine)) said = labels.sent;
  else if (state.pending && same(state.shares, state.pending)) said = labels.sending;
  else said = labels.unsent;
  if (state.status.textContent !== said) state.status.textContent = said;
}

export default function ({ data, parentElement, setTriggerValue }) {
  if (!data || !Array.isArray(data.words) || !data.words.length) return;
  let state = live.get(parentElement);
  if (!state || state.qid !== data.qid || state.rows.length !== data.words.length) {
    state = { qid: data.qid, shares: null, mine: null, pending: null, drag: null };
    live.set(parentElement, state);
    state.labels = data.labels;
    build(parentElement, data, state);
    state.shares = Array.isArray(data.mine) && data.mine.length === data.words.length
      ? data.mine.slice() : even(data.words.length);
  } else if (Array.isArray(data.mine) && !same(data.mine, state.mine)
             && (state.mine === null ? same(state.shares, even(state.shares.length)) : same(state.shares, state.mine))) {
    state.shares = data.mine.slice();  // stored from elsewhere (another tab), and nothing here was changed since
  }
  state.setTriggerValue = setTriggerValue;
  state.labels = data.labels;
  state.mine = Array.isArray(data.mine) ? data.mine.slice() : null;
  if (state.pending && same(state.pending, state.mine)) state.pending = null;
  state.locked = !!data.locked;
  show(state);
}
