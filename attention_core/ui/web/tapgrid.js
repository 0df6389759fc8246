// The tap grid of the class's student page (a Streamlit components-v2 module; ui/classroom_controls.py).
//
// The word × word matrix as a grid of buttons, rows the words that look, columns the words looked at (as the app's
// heatmaps). A tap sends the cell at once (a trigger "tap": {qid, cell: row·n + column}) and names it: "row ‘A’,
// column ‘B’". Until the reveal the cells show no values (they would give the answer away); once revealed, the data
// brings each cell's value, its colour (from the app's scale, theme.py) and the right cells, and the grid becomes the
// heatmap it was.
//
// Keyboard: the grid is one stop in the Tab order (the cell last tapped, or the first); the arrow keys move between
// cells, Home / End to the row's ends, Enter or Space taps. Words are set as text, never as markup.

const live = new WeakMap();

const fill = (template, values) =>
  String(template).replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));

function build(root, data, state) {
  const old = root.querySelector(".attention-tapgrid");  // the element's own style sheet stays: only the old box goes
  if (old) old.remove();
  const n = data.cols.length;
  const labels = data.labels;
  const box = document.createElement("div");
  box.className = "attention-tapgrid";
  for (const [name, color] of Object.entries(data.colors || {})) box.style.setProperty(`--tap-${name}`, color);
  const scroller = document.createElement("div");
  scroller.className = "tap-scroll";
  const grid = document.createElement("div");
  grid.className = "tap-grid";
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", labels.group);
  grid.style.gridTemplateColumns = `minmax(3.5em, max-content) repeat(${n}, minmax(44px, 1fr))`;
  const corner = document.createElement("div");
  corner.className = "tap-corner";
  corner.textContent = labels.corner;
  corner.setAttribute("aria-hidden", "true");
  grid.appendChild(corner);
  for (const word of data.cols) {
    const head = document.createElement("div");
    head.className = "tap-col";
    head.textContent = word;
    head.setAttribute("aria-hidden", "true");  // each cell's name says its column
    grid.appendChild(head);
  }
  state.cells = [];
  data.rows.forEach((rowWord, i) => {
    const head = document.createElement("div");
    head.className = "tap-row";
    head.textContent = rowWord;
    head.setAttribute("aria-hidden", "true");
    grid.appendChild(head);
    data.cols.forEach((colWord, j) => {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = `tap-cell st-key-class-tap-${i}-${j}`;
      cell.tabIndex = -1;
      cell.dataset.name = fill(labels.cell, { row: rowWord, col: colWord });
      cell.addEventListener("click", () => tap(state, i * n + j));
      cell.addEventListener("keydown", (e) => move(state, e, i, j));
      grid.appendChild(cell);
      state.cells.push(cell);
    });
  });
  scroller.appendChild(grid);
  const status = document.createElement("p");
  status.className = "tap-status";
  status.setAttribute("role", "status");
  box.append(scroller, status);
  root.appendChild(box);
  Object.assign(state, { n, status, rows: data.rows, cols: data.cols });
}

function tap(state, cell) {
  if (state.locked) return;
  state.pending = cell;
  state.focus = cell;
  state.setTriggerValue("tap", { qid: state.qid, cell });
  show(state);
}

function move(state, e, i, j) {
  const n = state.n, m = state.rows.length;
  const to = { ArrowRight: [i, j + 1], ArrowLeft: [i, j - 1], ArrowDown: [i + 1, j], ArrowUp: [i - 1, j],
               Home: [i, 0], End: [i, n - 1] }[e.key];
  if (!to) return;
  e.preventDefault();
  const [r, c] = [Math.max(0, Math.min(m - 1, to[0])), Math.max(0, Math.min(n - 1, to[1]))];
  state.focus = r * n + c;
  roving(state);
  state.cells[state.focus].focus();
}

function roving(state) {
  state.cells.forEach((cell, k) => { cell.tabIndex = k === state.focus ? 0 : -1; });
}

function show(state) {
  const { labels, n } = state;
  const right = new Set(state.right || []);
  state.cells.forEach((cell, k) => {
    const mine = k === state.mine;
    const value = state.values ? state.values[k] : null;
    const marks = [right.has(k) ? "✓" : "", mine ? "●" : ""].filter(Boolean).join(" ");
    cell.textContent = value !== null ? `${value}${marks ? " " + marks : ""}` : marks;
    cell.classList.toggle("tap-mine", mine);
    cell.classList.toggle("tap-pending", k === state.pending && !mine);
    cell.classList.toggle("tap-right", right.has(k));
    cell.style.background = state.backgrounds ? state.backgrounds[k] : "";
    cell.style.color = state.foregrounds ? state.foregrounds[k] : "";
    cell.setAttribute("aria-pressed", String(mine));
    cell.setAttribute("aria-disabled", String(state.locked));
    const said = [cell.dataset.name, value !== null ? String(value) : "", right.has(k) ? labels.right : "",
                  mine ? labels.mine : ""].filter(Boolean).join(", ");
    cell.setAttribute("aria-label", said);
  });
  roving(state);
  let said = labels.none;
  const shown = state.mine !== null ? state.mine : state.pending;
  if (shown !== null && shown !== undefined) {
    const [i, j] = [Math.floor(shown / n), shown % n];
    said = fill(state.mine !== null ? labels.tapped : labels.sending, { row: state.rows[i], col: state.cols[j] });
  }
  if (state.locked) said = state.mine !== null ? said : labels.closed;
  if (state.status.textContent !== said) state.status.textContent = said;
}

export default function ({ data, parentElement, setTriggerValue }) {
  if (!data || !Array.isArray(data.rows) || !Array.isArray(data.cols) || !data.cols.length) return;
  let state = live.get(parentElement);
  if (!state || state.qid !== data.qid || state.cells.length !== data.rows.length * data.cols.length) {
    state = { qid: data.qid, pending: null, focus: Number.isInteger(data.mine) ? data.mine : 0 };
    live.set(parentElement, state);
    build(parentElement, data, state);
  }
  state.setTriggerValue = setTriggerValue;
  state.labels = data.labels;
  state.mine = Number.isInteger(data.mine) ? data.mine : null;
  if (state.pending === state.mine) state.pending = null;
  state.locked = !!data.locked;
  state.right = data.right || null;
  state.values = data.values || null;
  state.backgrounds = data.backgrounds || null;
  state.foregrounds = data.foregrounds || null;
  show(state);
}
