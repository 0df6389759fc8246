(() => {
  const d = __DATA__;
  const C = window.attentionCompat, P = C.plotly;  // Streamlit's and Plotly's undocumented surface (compat.js)
  C.expect(d.probes, d.probe_key);
  C.startCheck();
  document.documentElement.lang = d.lang;
  const A = window.__attentionA11y || (window.__attentionA11y = {page: null, pending: false});
  A.data = d;
  // A control pressed with the keyboard that the run then takes away (the quiz's Reveal, ⑦'s Auto-train and Stop,
  // which replace each other, "End the scenes") left the focus on the page itself (WCAG 2.4.3): it goes to the
  // control of the same key if it came back, else back to the nearest control before it still on the page, else
  // to the page's title.
  const CONTROLS = "button:not([disabled]), input:not([type=hidden]), a[href], [tabindex='0']";
  const shown = (els) => [...els].filter(c => { const r = c.getBoundingClientRect(); return r.width && r.height; });
  const refocus = () => {
    const gone = A.pressed;
    if (!gone || gone.el.isConnected || performance.now() - gone.at > 10000) return;
    const active = document.activeElement;
    if (active && active !== document.body) {  // placed (and still there), or the user has moved on
      if (active !== gone.placed) A.pressed = null;
      return;
    }
    if (C.running()) {  // its successor may not be drawn yet
      setTimeout(soon, 100);
      return;
    }
    const again = gone.key && document.querySelector("." + gone.key);
    let target = again && shown(again.querySelectorAll(CONTROLS))[0];
    target = target || gone.before.find(c => c.isConnected && shown([c]).length);
    target = target || C.title();
    if (!target) return;
    if (target.tagName === "H1") target.setAttribute("tabindex", "-1");
    target.focus();
    gone.placed = target;  // kept for a while: a redraw that replaces it drops the focus again, and it is put back
  };
  const label = () => {
    // the data of the script run last: the page's observer calls the first run's `label`, whose own data may be of
    // another language or page
    const d = A.data;
    A.pending = false;
    refocus();
    for (const c of document.querySelectorAll(".a11y-chart-name")) {
      const el = document.querySelector("." + c.dataset.chart);
      if (!el) continue;
      const name = c.textContent;
      if (el.getAttribute("role") !== "figure") el.setAttribute("role", "figure");
      if (el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name);
      for (const svg of P.drawings(el)) {  // the drawing itself: its name says it all
        if (svg.getAttribute("aria-hidden") !== "true") svg.setAttribute("aria-hidden", "true");
      }
    }
    for (const b of P.toolbarButtons()) {
      if (b.getAttribute("tabindex") !== "-1") b.setAttribute("tabindex", "-1");
    }
    // Streamlit's and Plotly's own English names, on a page in another language (WCAG 3.1.2)
    if (d.names) {
      for (const el of document.querySelectorAll("[aria-label]")) {
        const name = el.getAttribute("aria-label");
        let want = d.names[name];
        for (const [before, after, form] of d.help_for || []) {
          if (want !== undefined || name.length <= before.length + after.length) continue;
          if (name.startsWith(before) && name.endsWith(after)) {
            want = form.replace("{}", name.slice(before.length, name.length - after.length));
          }
        }
        if (want !== undefined && want !== name) el.setAttribute("aria-label", want);
      }
      for (const el of P.toolbarTips()) {  // the tooltip Plotly shows on hover
        const want = d.names[el.getAttribute("data-title")];
        if (want !== undefined) el.setAttribute("data-title", want);
      }
      const skip = C.skipLink();
      const skipName = d.names[skip && skip.textContent];
      if (skipName) skip.textContent = skipName;
    }
    // the lesson's scene list: its ↑ ↓ ▶ ✕ buttons are named by what they do and to which scene (WCAG 2.4.6)
    for (const [action, name] of Object.entries(d.scene_actions || {})) {
      for (const [box, rest] of C.keyed(`sc:${action}:`)) {
        const b = box.querySelector("button");
        if (!b) continue;
        const want = /^[0-9]+$/.test(rest) ? `${name} (${d.scene_word} ${Number(rest) + 1})` : name;
        if (b.getAttribute("aria-label") !== want) b.setAttribute("aria-label", want);
      }
    }
    // A player's buttons and frame slider (③'s ▶ T player, ⑦'s replay) are Plotly's SVG: made keyboard
    // controls here (Tab reaches them, Enter/Space presses a button, the arrows, Home and End move the slider)
    const charts = C.keyed("chart:").map(([el]) => el);
    for (const b of charts.flatMap(P.playerButtons)) {
      const name = P.playerButtonName(b);
      if (b.getAttribute("tabindex") !== "0") { b.setAttribute("tabindex", "0"); b.setAttribute("role", "button"); }
      if (b.getAttribute("aria-label") !== name) b.setAttribute("aria-label", name);
    }
    for (const g of charts.flatMap(P.playerSliders)) {
      const slider = P.slider(P.graphOf(g));
      if (!slider) continue;
      const at = slider.active || 0, step = slider.steps[at] || {};
      if (g.getAttribute("tabindex") !== "0") { g.setAttribute("tabindex", "0"); g.setAttribute("role", "slider"); }
      const attrs = {"aria-valuemin": "0", "aria-valuemax": String(slider.steps.length - 1),
                     "aria-valuenow": String(at), "aria-valuetext": String(step.label || at),
                     "aria-label": A.data.frames};
      for (const [k, v] of Object.entries(attrs)) if (g.getAttribute(k) !== v) g.setAttribute(k, v);
    }
    if (reduced() && P.plotly()) {  // reduced motion: a player's first button steps one frame, never plays
      for (const gd of P.graphs()) {
        const menu = gd.layout && gd.layout.updatemenus && gd.layout.updatemenus[0];
        if (!menu || !P.frames(gd).length || menu.buttons[0].label === A.data.step) continue;
        P.plotly().relayout(gd, {"updatemenus[0].buttons[0].label": A.data.step});
      }
    }
  };
  const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const soon = () => { if (!A.pending) { A.pending = true; requestAnimationFrame(label); } };
  if (!A.observer) {
    document.addEventListener("keydown", (e) => {
      const b = P.playerButtonOf(e.target);
      if (b && (e.key === "Enter" || e.key === " ")) {  // a player's button: pressed as by the mouse
        e.preventDefault();
        b.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
        return;
      }
      const gd = P.graphOf(P.playerSliderOf(e.target));
      const slider = P.slider(gd), plotly = P.plotly();
      const moves = {ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1};
      if (!slider || !plotly || !(e.key in moves || e.key === "Home" || e.key === "End")) return;
      e.preventDefault();
      e.stopPropagation();  // the clicker's keys stay with the slider while it has the focus
      const last = slider.steps.length - 1, at = slider.active || 0;
      const k = e.key === "Home" ? 0 : e.key === "End" ? last : Math.min(last, Math.max(0, at + moves[e.key]));
      const step = slider.steps[k];
      if (!step || k === at) return;
      plotly.relayout(gd, {"sliders[0].active": k});
      if (step.method === "animate") {
        plotly.animate(gd, step.args[0], {mode: "immediate", frame: {duration: 0, redraw: true},
                                                 transition: {duration: 0}});
      }
    }, true);
    A.observer = new MutationObserver(soon);
    A.observer.observe(document.body, {childList: true, subtree: true});
    // a control the keyboard focuses is never left under Streamlit's fixed header or the lesson's pinned bar
    // (WCAG 2.4.11): the browser scrolls it into view at the scroller's edge, which those cover
    document.addEventListener("focusin", (e) => {
      const el = e.target;
      if (!el || !el.closest || el.tagName === "H1" || !C.inMain(el)) return;
      requestAnimationFrame(() => {
        let top = C.headerBottom();
        const bar = C.mainAll(C.keySel("pr-bar"))[0];
        const pinned = bar && !bar.contains(el) && bar.parentElement;
        if (pinned && getComputedStyle(pinned).position === "sticky") {
          top = Math.max(top, pinned.getBoundingClientRect().bottom);
        }
        const r = el.getBoundingClientRect();
        if (r.height === 0 || r.top >= top) return;
        for (let p = el.parentElement; p; p = p.parentElement) {
          const oy = getComputedStyle(p).overflowY;
          if ((oy === "auto" || oy === "scroll") && p.scrollHeight > p.clientHeight) {
            p.scrollBy({top: r.top - top - 8});
            return;
          }
        }
        window.scrollBy({top: r.top - top - 8});
      });
    }, true);
    // the sidebar folding (presenter mode turned on, a lesson started) hides the control that had the focus: the
    // focus goes to the page's title, not to nowhere (WCAG 2.4.3)
    A.folds = C.watchFolds((sb) => {
      const active = document.activeElement;
      if (!(!active || active === document.body || sb.contains(active))) return;
      // the run that folded it may draw the title again, which drops the focus to the body: until that run has
      // ended and the focus has stayed on the title for a moment (at most 15 s), the focus is put back on the
      // title, unless the user has moved it elsewhere
      const started = performance.now();
      let held = null;
      const toTitle = () => {
        const t = performance.now(), now = document.activeElement;
        if (now && now !== document.body && now.tagName !== "H1" && !sb.contains(now)) return;
        const h1 = C.title();
        if (h1 && now !== h1) {
          h1.setAttribute("tabindex", "-1");
          h1.focus({preventScroll: true});
          held = null;
        } else if (h1 && held === null) {
          held = t;
        }
        if (t - started < 15000 && (C.running() || held === null || t - held < 1500)) setTimeout(toTitle, 50);
      };
      toTitle();
    });
    document.addEventListener("keydown", (e) => {  // a button pressed with Enter or Space: remembered (see refocus)
      if (e.key !== "Enter" && e.key !== " ") return;
      const el = e.target.closest && e.target.closest("button");
      if (!el || !C.inMain(el)) return;
      const key = C.keyClassOf(el);
      // the controls before it on the page, nearest first: where the focus goes back to if it is taken away
      const all = shown(C.mainAll(`:is(${CONTROLS})`))
        .filter(c => !c.classList.contains("a11y-skip"));  // the skip link: off screen until focused
      const i = all.indexOf(el);
      A.pressed = {el, key, before: i > 0 ? all.slice(Math.max(0, i - 8), i).reverse() : [], at: performance.now(),
                   placed: null};
    }, true);
    document.addEventListener("click", (e) => {
      const play = P.playerButtonOf(e.target);
      const gd = P.graphOf(play);
      if (gd && reduced() && P.plotly() && P.frames(gd).length && P.isFirstPlayerButton(play)) {  // one frame on
        e.stopPropagation();
        e.preventDefault();
        const names = P.frames(gd).map(f => f.name);
        const at = (P.slider(gd) || {}).active || 0;
        P.plotly().animate(gd, [names[(at + 1) % names.length]],
          {mode: "immediate", frame: {duration: 0, redraw: true}, transition: {duration: 0}});
        return;
      }
      const skip = e.target.closest && e.target.closest(".a11y-skip");
      if (skip) {
        e.preventDefault();
        const target = C.keyed("chart:", C.main() || document).map(([el]) => el)
          .find(el => el.getAttribute("role") === "figure");
        if (target) { target.setAttribute("tabindex", "-1"); target.focus(); target.scrollIntoView({block: "start"}); }
        return;
      }
      const link = C.sidebarLinkOf(e.target);
      // a lesson started from the sidebar's scene list walks in presenter mode, whose sidebar is folded away
      const pressed = e.target.closest && e.target.closest("button");
      const key = pressed && C.inSidebar(pressed) ? C.keyClassOf(pressed) : null;
      const lesson = !!key && (key === C.keyClass("sc:builtin") || key.startsWith(C.keyClass("sc:go:")));
      if ((link && window.matchMedia("(max-width: 640px)").matches) || lesson) {  // a phone: after a step link too
        const fold = C.foldButton();
        if (fold) setTimeout(() => fold.click(), 0);
      }
    }, true);
  }
  soon();
  if (A.page !== null && A.page !== d.page) {  // a page switch: the focus goes to the new page's title
    // Streamlit may redraw the title once the run ends, which drops the focus to the body: for a few seconds
    // the focus is put back on the title, unless the user has moved it elsewhere.
    const want = d.page, started = performance.now();
    let focusedAt = null;
    const focusTitle = () => {
      if (A.data.page !== want) return;
      const h1 = C.title();
      const active = document.activeElement;
      const free = !active || active === document.body || active.tagName === "H1";
      if (focusedAt !== null && !free) return;
      if (h1 && h1.textContent.trim().startsWith(A.data.title.trim())) {
        if (active !== h1) {
          h1.setAttribute("tabindex", "-1");
          h1.focus({preventScroll: false});
        }
        if (focusedAt === null) focusedAt = performance.now();
      }
      const now = performance.now();
      if (focusedAt === null ? now - started < 10000 : now - focusedAt < 3000) setTimeout(focusTitle, 50);
    };
    focusTitle();
  }
  A.page = d.page;
})();
