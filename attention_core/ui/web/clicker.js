(() => {
  if (window.__attentionClicker) return;
  window.__attentionClicker = true;
  const C = window.attentionCompat, P = C.plotly;  // Streamlit's and Plotly's undocumented surface (compat.js)
  // Without what it reads of Streamlit's page (its main area, the run state, the keyed elements' classes) the clicker
  // does nothing of its own: PageDown and PageUp scroll as on any page, and the step buttons work by click and tap.
  const on = () => C.works("main") && C.works("run-state") && C.works("keys");
  const PENDING_MS = 10000, SNAPSHOT_MS = 15000, AIM_MS = 15000, STILL_FRAMES = 30, QUIET_FRAMES = 3;
  const shown = (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
  const stepButton = (which) => C.mainAll(`${C.keySel(`pr:${which}`)} button`).find(shown);
  const PRESENTER = `${C.keySel("sb:presenter")} input, ${C.keySel("pr:presenter")} input`;
  const presenterOn = () => [...document.querySelectorAll(PRESENTER)].some((box) => box.checked);

  let snapshot = null;
  const takeSnapshot = () => {
    const main = C.main();
    if (!main || !main.querySelector("h1")) return;
    const copy = main.cloneNode(true);
    const sized = "p, li, h1, h2, h3, label, .katex";  // the presenter CSS sizes them through the main's test id
    const dst = copy.querySelectorAll(sized);
    main.querySelectorAll(sized).forEach((el, i) => {
      const cs = getComputedStyle(el);
      dst[i].style.fontSize = cs.fontSize;
      dst[i].style.lineHeight = cs.lineHeight;
    });
    C.stripCopy(copy);  // a copy, not the page: no test id, no ids
    snapshot = {copy, at: performance.now(), rect: main.getBoundingClientRect(), scroll: main.scrollTop};
  };
  const showSnapshot = () => {
    const box = document.createElement("div");
    box.id = C.OLD_PAGE;
    box.setAttribute("aria-hidden", "true");  // a picture of the old page: screen readers and the keyboard skip it
    box.inert = true;
    const r = snapshot.rect;
    Object.assign(box.style, {position: "fixed", left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`,
                              height: `${r.height}px`, overflow: "hidden", zIndex: 90, pointerEvents: "none"});
    Object.assign(snapshot.copy.style, {height: "100%", overflow: "hidden"});
    box.appendChild(snapshot.copy);
    document.body.appendChild(box);
    snapshot.copy.scrollTop = snapshot.scroll;
    box.dataset.shownAt = String(performance.now());
  };

  let pending = null;
  // A kept press is done once the run that draws the buttons is over and the page has been still for a few
  // frames: that run's own reports (presenter mode's page width, from a fragment) go first. Streamlit sends the
  // widget changes of one moment together, as a run of the first fragment among them, so a click sent with a
  // fragment's report would be run as that fragment's and lost.
  let mutations = 0, waiting = false;
  const pressWhenQuiet = () => {
    if (waiting) return;
    waiting = true;
    let still = 0, seen = mutations;
    const tick = () => {
      if (!pending || performance.now() - pending.at > PENDING_MS) {
        pending = null;
        waiting = false;
        return;
      }
      const idle = C.idle() && !awaitingOpening();
      still = idle && mutations === seen ? still + 1 : 0;
      seen = mutations;
      if (still >= QUIET_FRAMES) {
        waiting = false;
        if (press(pending.which)) pending = null;
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  const press = (which) => {
    const button = stepButton(which);
    if (!button) return false;
    if (!button.disabled) {
      takeSnapshot();
      button.click();
    }
    return true;
  };
  const typing = new WeakSet();  // text boxes edited since their text was last sent
  document.addEventListener("input", (e) => {
    const t = e.target;
    if (t && t.matches && t.matches("input:not([type=range]):not([type=checkbox]):not([type=radio])")) typing.add(t);
  }, true);
  document.addEventListener("keydown", (e) => { if (e.key === "Enter" && e.target) typing.delete(e.target); }, true);
  document.addEventListener("focusout", (e) => { if (e.target) typing.delete(e.target); }, true);
  window.addEventListener("keydown", (e) => {
    if (e.key !== "PageDown" && e.key !== "PageUp") return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || !on()) return;
    const t = e.target;
    if (t && t.closest && (t.closest("textarea, [contenteditable='true']") || C.inDataGrid(t))) return;
    // a box being typed in keeps its keys (a step would drop what is typed), and so does an open list; a box whose
    // text was sent (Enter, or the focus left it) lets the clicker step, as with the focus anywhere else
    if (t && t.matches && t.matches("input") && typing.has(t)) return;
    if (t && t.closest && t.closest("[aria-expanded='true']")) return;
    const which = e.key === "PageDown" ? "next" : "prev";
    const opening = performance.now() - opened < PENDING_MS;  // a lesson or presenter mode is just being opened
    if (!stepButton(which) && !presenterOn() && !opening) return;  // not presenting: the key scrolls as usual
    e.preventDefault();
    e.stopImmediatePropagation();
    // while the run of a control that opens the lesson or presenter mode has not yet been and gone, the step buttons
    // on the page are the ones it replaces (presenter mode's page steps, before the lesson's scene steps): the press
    // waits for the buttons that run draws
    pending = !awaitingOpening() && press(which) ? null : {which, at: performance.now()};
    if (pending && stepButton(which)) pressWhenQuiet();
  }, true);
  // a click that may open another page or redraw this one, while presenting or about to (copying the page costs
  // a few milliseconds: not for every click of every visitor)
  const STARTS = ["home:lesson", "sb:presenter", "sc:builtin", "pr-bar"].map(C.keySel).join(", ");
  let opened = -Infinity;  // when a control that opens the lesson or presenter mode was last used
  // the lesson's and presenter mode's own openers (not the bar's step buttons): has the server answered since a
  // click on one, i.e. has the run state changed (a run begun; or, when a run was under way at the click, that run
  // over, the click's message then in it or on its way, before the press's). A look at a run under way counts only
  // when none was at the click: that run may be the one before. The server takes a step sent in the opener's
  // message, or after it on presenter mode's buttons, as the lesson's (ui/scenes.py, `step`).
  const OPENERS = ["home:lesson", "sb:presenter", "sc:builtin"].map(C.keySel).join(", ");
  let openedAt = -Infinity, openRan = true, busyAtOpen = false;
  const awaitingOpening = () => {
    if (!openRan && !busyAtOpen && C.running()) openRan = true;
    return !openRan && performance.now() - openedAt < PENDING_MS;
  };
  C.watchRunState(() => { openRan = true; });  // a change too quick for a frame's look
  document.addEventListener("click", (e) => {
    if (e.target.closest && e.target.closest(STARTS)) opened = performance.now();
    if (e.target.closest && e.target.closest(OPENERS)) {
      openedAt = performance.now();
      openRan = false;
      busyAtOpen = C.running();
    }
  }, true);
  document.addEventListener("pointerdown", (e) => {
    const at = e.target.closest && e.target.closest("button, label, a");
    if (!at || !on() || !(C.inMain(at) || C.inSidebar(at))) return;
    if (presenterOn() || at.closest(STARTS)) takeSnapshot();
  }, true);

  const scrollerOf = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const oy = getComputedStyle(p).overflowY;
      if ((oy === "auto" || oy === "scroll") && p.scrollHeight > p.clientHeight) return p;
    }
    return document.scrollingElement;
  };
  const aimed = new Set();
  // what labels a focus from above: a subheading, the select box or buttons that choose what it shows
  const LABELS = C.sel.labels;
  let padded = null;  // the page's block, while it has room added under a focus near the end
  const unpad = () => {
    if (padded) padded.style.removeProperty("padding-bottom");
    padded = null;
  };
  const aim = (marker) => {
    // once per opening, and again once presenter mode has laid the page out for another room (a sidebar folded, a
    // window resized: ui/room.py marks the root with the width the charts are laid out for)
    const id = `${marker.dataset.nonce}:${marker.dataset.focus}:${document.documentElement.dataset.attentionRoom || ""}`;
    if (aimed.has(id)) return;
    aimed.add(id);
    delete marker.dataset.aimed;  // at rest again only once this aim is
    unpad();
    padded = C.block();
    const cls = C.keySel(marker.dataset.focus || "");
    const started = performance.now();
    let stopped = false, still = 0;
    const stop = () => { stopped = true; };
    window.addEventListener("wheel", stop, {once: true, passive: true});
    window.addEventListener("touchmove", stop, {once: true, passive: true});
    window.addEventListener("keydown", (e) => { if (!["PageDown", "PageUp"].includes(e.key)) stop(); }, {once: true});
    const tick = () => {
      if (stopped || !marker.isConnected || performance.now() - started > AIM_MS) return;
      const el = C.mainAll(cls).find(shown);
      if (el) {
        const bar = C.mainAll(C.keySel("pr-bar")).find(shown);
        const under = bar ? bar.getBoundingClientRect().bottom : C.headerBottom();
        const scroller = scrollerOf(el);
        const before = scroller.scrollTop;
        // the top of the focus's row of columns, when the row fits: what stands beside the focus (a table, a note)
        // is not cut by the pinned bar either; and the focus's labels right above it (a subheading, the word
        // picker that chooses what it shows) when they fit too
        const room = innerHeight - under - 16;
        const row = C.rowOf(el);
        // (or at least from the row's top down to the focus's bottom: a table beside a long column keeps its head)
        const fits = row && (row.getBoundingClientRect().height <= room
                             || el.getBoundingClientRect().bottom - row.getBoundingClientRect().top <= room);
        let top = fits ? row : el;
        top = C.outerOf(top);
        const bottom = top.getBoundingClientRect().bottom;
        for (let prev = top.previousElementSibling, k = 0; prev && k < 4; prev = prev.previousElementSibling) {
          if (!shown(prev) || prev.getBoundingClientRect().height < 1) continue;  // a style, an empty slot
          if (prev.querySelector(`${C.keySel("pr-bar")}, h1`) || !prev.querySelector(LABELS)) break;
          if (bottom - prev.getBoundingClientRect().top > room) break;
          top = prev;
          k += 1;
        }
        const gap = top.getBoundingClientRect().top - (under + 8);
        // a focus near the page's end: room under it, so that it can come up to the bar (nothing is left cut by
        // the bar's edge)
        const short = before + gap - (scroller.scrollHeight - scroller.clientHeight);
        if (short > 1 && padded) {
          const now = parseFloat(getComputedStyle(padded).paddingBottom) || 0;
          padded.style.setProperty("padding-bottom", `${Math.ceil(now + short)}px`, "important");
        }
        if (Math.abs(gap) > 2) scroller.scrollTop = before + gap;
        const drawn = P.drawn(el);
        still = Math.abs(scroller.scrollTop - before) > 1 || !drawn ? 0 : still + 1;
        if (still >= STILL_FRAMES) {
          marker.dataset.aimed = "1";
          return;
        }
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };

  new MutationObserver(() => {
    const old = document.getElementById(C.OLD_PAGE);
    // the copy of the old page goes once the new page has its title; and whatever happens, it never stays over the
    // page: not once the clicker stands down (a probe told missing while it was up), not past SNAPSHOT_MS
    const stale = old && (!on() || performance.now() - Number(old.dataset.shownAt) > SNAPSHOT_MS);
    if (stale) {
      old.remove();
      snapshot = null;
    }
    if (!on()) return;
    const main = C.main();
    const titled = !!(main && main.querySelector("h1"));
    if (titled) {
      if (old && !stale) {
        old.remove();
        snapshot = null;
      }
    } else if (snapshot && !old && performance.now() - snapshot.at < SNAPSHOT_MS) {
      showSnapshot();
    }
    mutations += 1;
    if (pending) {
      if (performance.now() - pending.at > PENDING_MS) pending = null;
      else if (stepButton(pending.which)) pressWhenQuiet();
    }
    if (padded && !presenterOn() && document.querySelector(`${C.keySel("sb:presenter")} input`)) unpad();  // not presenting
    C.mainAll(".attention-focus").forEach(aim);
  }).observe(document.body, {childList: true, subtree: true});
})();
