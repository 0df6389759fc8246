// The offline lesson (attention_core/handout): the scenes one at a time, the language switch, and one T control that
// redraws the shown scene's chart, when it follows T, with the app's browser math (`tmath`,
// ui/web/tcontrol/math.js, put in front of this script), from the inputs the page carries for it (the same the app's
// T control sends: t_inputs.py). The charts are the figures attention_core built; every number a redraw gives comes
// from math.js.
/* global Plotly, tmath */  // the page's own inlined Plotly.js (its documented global) and math.js
(() => {
  const data = JSON.parse(document.getElementById("handout-data").textContent);
  const sections = [...document.querySelectorAll("section.scene")];
  const links = [...document.querySelectorAll(".scene-list a")];
  const range = document.getElementById("t-range");
  const shownT = document.getElementById("t-value");
  const prev = document.getElementById("prev"), next = document.getElementById("next");
  const counter = document.getElementById("counter");
  const fmt = (t) => tmath.tText(t);  // T as the app prints it (f"{t:g}")
  const withT = (text, t) => text.split("{T}").join(fmt(t));  // a text's T (figures.at_t's {T}), as draw.js writes it
  const CONFIG = { displayModeBar: false, responsive: true };
  const state = { k: 0, lang: data.lang, T: data.scenes[0].t, drawn: new Map(), redraws: 0 };

  const plotOf = (k) => sections[k].querySelector(".plot");

  // One chart at T: its declared traces and title (math.js's chartUpdate, as the app's T control redraws them), the
  // line at T and its label, and ④'s sums at the end of their stacks (math.js's stackSums)
  function drawAt(gd, meta, T) {
    const { idx, update, title } = tmath.chartUpdate(meta, T);
    const layout = title !== null ? { "title.text": title } : {};
    for (const m of meta.marks || []) {
      if (m.shape !== undefined) { layout[`shapes[${m.shape}].x0`] = T; layout[`shapes[${m.shape}].x1`] = T; }
      if (m.note !== undefined) {
        layout[`annotations[${m.note}].x`] = m.log ? Math.log10(T) : T;
        if (m.text) layout[`annotations[${m.note}].text`] = withT(m.text, T);
      }
    }
    if (meta.sums) {
      const y = (i) => { const k = idx.indexOf(i); return k >= 0 && update.y && update.y[k] ? update.y[k] : gd.data[i].y; };
      const notes = tmath.stackSums(meta.sums.bars.map(y), y(meta.sums.marks), meta.sums.decimals);
      meta.sums.notes.forEach((n, c) => {
        Object.assign(layout, { [`annotations[${n}].y`]: notes[c].y, [`annotations[${n}].text`]: notes[c].text,
          [`annotations[${n}].yanchor`]: notes[c].below ? "top" : "bottom", [`annotations[${n}].yshift`]: notes[c].below ? -2 : 2 });
      });
    }
    state.redraws += 1;
    return Plotly.update(gd, update, layout, idx);
  }

  // Scene k's chart in the reader's language at T: drawn afresh from its figure, then redrawn at T if it follows T
  function draw(k, T) {
    const scene = data.scenes[k], gd = plotOf(k);
    const key = `${state.lang}`;
    const done = state.drawn.get(k);
    let ready;
    if (!done || done.lang !== key) {
      const fig = JSON.parse(JSON.stringify(scene.fig[state.lang]));  // a copy: Plotly keeps and changes what it is given
      ready = Plotly.react(gd, fig.data, fig.layout, CONFIG);
      state.drawn.set(k, { lang: key, T: scene.t });
      gd.setAttribute("aria-label", scene.label[state.lang]);
    } else {
      ready = Promise.resolve();
    }
    const entry = state.drawn.get(k);
    if (scene.follow && entry.T !== T) {
      entry.T = T;
      ready = ready.then(() => drawAt(gd, scene.follow[state.lang], T));
    }
    return ready;
  }

  function moved(k) {
    const scene = data.scenes[k], box = sections[k].querySelector(".moved");
    const off = scene.t !== state.T;
    box.hidden = !off;
    if (off) box.querySelector(".moved-text").textContent = withT(scene.moved[state.lang], state.T);
  }

  function showT(T) {
    const i = data.options.indexOf(T);
    if (i >= 0) range.value = String(i);
    shownT.textContent = fmt(T);
    range.setAttribute("aria-valuetext", `T = ${fmt(T)}`);
  }

  // The scene shown follows T and says when its caption's T is not the one on screen. A hidden scene's chart is not
  // redrawn: a scene opens at its own T (`open`) and prints at it (beforeprint), so one step costs one redraw however
  // long the lesson is
  function setT(T) {
    state.T = T;
    showT(T);
    moved(state.k);
    state.pending = Promise.all([draw(state.k, T)]);  // what a reader of the charts waits for (an array: truthy)
    return state.pending;
  }

  function open(k, focus) {
    k = Math.max(0, Math.min(sections.length - 1, k));
    state.k = k;
    sections.forEach((s, i) => { s.hidden = i !== k; });
    links.forEach((a, i) => { if (i === k) a.setAttribute("aria-current", "step"); else a.removeAttribute("aria-current"); });
    prev.disabled = k === 0;
    next.disabled = k === sections.length - 1;
    counter.textContent = data.counter[state.lang][k];
    if (location.hash !== `#${sections[k].id}`) history.replaceState(null, "", `#${sections[k].id}`);
    state.T = data.scenes[k].t;  // a scene opens at its own T, as in the app
    showT(state.T);
    const gd = plotOf(k);
    // drawn hidden (at Plotly's default width) or at another window's width: laid out for its column now
    const ready = draw(k, state.T).then(() => Plotly.Plots.resize(gd)).then(() => setT(state.T));
    state.pending = ready;
    moved(k);
    if (focus) sections[k].querySelector("h2").focus();
    return ready;
  }

  // The other scenes' charts, one at a time once the page is idle, each at its own scene's T: every chart is there
  // to print
  function drawRest() {
    const left = data.scenes.map((_, k) => k).filter((k) => !state.drawn.has(k));
    const step = () => {
      const k = left.shift();
      if (k === undefined) return;
      if (!state.drawn.has(k)) draw(k, data.scenes[k].t);
      setTimeout(step, 0);
    };
    setTimeout(step, 0);
  }

  function setLang(lang) {
    state.lang = lang;
    document.documentElement.lang = lang;
    document.title = data.title[lang];
    for (const b of document.querySelectorAll("button.lang")) b.setAttribute("aria-pressed", String(b.dataset.lang === lang));
    counter.textContent = data.counter[lang][state.k];
    // every chart drawn so far, in the new language (the shown one at T, the others at their own scene's T): a chart
    // drawn hidden and first redrawn with a new figure once shown would keep its hidden height
    const all = [];
    for (const k of state.drawn.keys()) all.push(draw(k, k === state.k ? state.T : data.scenes[k].t));
    moved(state.k);
    state.pending = Promise.all(all);
    return state.pending;
  }

  range.addEventListener("input", () => { setT(data.options[Number(range.value)]); });
  range.addEventListener("keydown", (e) => { if (e.key === "PageUp" || e.key === "PageDown") e.preventDefault(); });
  prev.addEventListener("click", () => open(state.k - 1, true));
  next.addEventListener("click", () => open(state.k + 1, true));
  links.forEach((a, i) => a.addEventListener("click", (e) => { e.preventDefault(); open(i, true); }));
  for (const b of document.querySelectorAll("button.lang")) b.addEventListener("click", () => setLang(b.dataset.lang));
  sections.forEach((s, k) => s.querySelector("button.back").addEventListener("click", () => {
    setT(data.scenes[k].t);
    s.querySelector("h2").focus();
  }));
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const t = e.target;
    const typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
    const back = e.key === "PageUp" || (!typing && e.key === "ArrowLeft");
    const ahead = e.key === "PageDown" || (!typing && e.key === "ArrowRight");
    if (back && state.k > 0) { e.preventDefault(); open(state.k - 1, true); }
    else if (ahead && state.k < sections.length - 1) { e.preventDefault(); open(state.k + 1, true); }
  });

  // Print: every scene on its own page, each chart at its own scene's T (the numbers its caption and table give) and
  // laid out for the paper's width; afterwards the screen as it was
  const PRINT_WIDTH = 680;  // px: an A4 or Letter page's text width at 96 px per inch, with the browser's margins
  let before = null;
  window.addEventListener("beforeprint", () => {
    before = state.T;
    document.body.classList.add("printing");
    document.querySelectorAll("details.numbers").forEach((d) => { d.dataset.wasOpen = String(d.open); d.open = true; });
    data.scenes.forEach((scene, k) => {
      draw(k, scene.t);
      Plotly.relayout(plotOf(k), { width: PRINT_WIDTH });
    });
  });
  window.addEventListener("afterprint", () => {
    document.body.classList.remove("printing");
    document.querySelectorAll("details.numbers").forEach((d) => { d.open = d.dataset.wasOpen === "true"; });
    data.scenes.forEach((_, k) => { if (state.drawn.has(k)) Plotly.relayout(plotOf(k), { width: null, autosize: true }); });
    open(state.k, false);
    if (before !== null) setT(before);
  });

  const fromHash = sections.findIndex((s) => `#${s.id}` === location.hash);
  const ready = open(fromHash >= 0 ? fromHash : 0, false);
  ready.then(drawRest);
  window.__handout = { state, data, open, setT, setLang, plotOf, ready };
})();
