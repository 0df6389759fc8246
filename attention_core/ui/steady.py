"""A chart the server redraws never goes blank: its last drawing stays on screen until the new one is drawn.

Streamlit 1.67 gives each `st.plotly_chart` an element id made from its figure, and its frontend keys the chart by
that id: every run that changes a figure unmounts the drawn chart and mounts a new one, which is empty until
Plotly has drawn it. After a burst of T presses Home's pipeline grid stood empty for 200–300 ms on a quiet
machine (docs/rehearsal.md). Upstream: streamlit/streamlit#16052
(open). Keeping the id steady does not help on its own: the frontend takes a chart's figure only when it mounts
(it keeps it in component state), so a chart with a steady id would show its first figure for ever.

So the page keeps the old drawing instead. One observer, installed once per browser tab by `install()`, sees
Plotly.purge take a chart's drawing out; when the chart under the same key (`.st-key-chart-<name>`) on the same
page is not drawn yet, the old SVG layers are laid over it, `inert` and hidden from assistive technology, and
taken away once the new chart has been drawn for two frames (or after COVER_MS at most). Charts of another page
are never covered: a page switch shows the new page's charts as they come. The drawing kept is the one the
class saw a moment before (after a T burst, the browser's own redraw at the final T, which equals the
server's: tests/e2e/test_t_control.py).
"""

from __future__ import annotations

import streamlit as st

COVER_MS = 3000  # the longest an old drawing stays: past it a slow chart shows its own empty frame

_SCRIPT = """
<script>
(() => {
  if (window.__attentionSteady) return;
  const S = window.__attentionSteady = { covers: 0, lifted: [] };  // counts, for the tests
  const BOX = '[class*="st-key-chart-"]';
  const keyOf = (box) => [...box.classList].find((c) => c.startsWith("st-key-chart-"));
  const stamp = (n) => {  // the page each chart element was put on
    if (n.matches(BOX)) n.__attentionPath = location.pathname;
    for (const box of n.querySelectorAll(BOX)) box.__attentionPath = location.pathname;
  };
  const visible = (el, box) => {
    for (; el && el !== box; el = el.parentElement) {
      const cs = getComputedStyle(el);
      if (cs.visibility === "hidden" || cs.display === "none") return false;
    }
    return true;
  };
  // drawn: Plotly has laid out the chart and drawn its traces (a heatmap's image, a bar, a line), and it shows
  const drawn = (box) => [...box.querySelectorAll(".js-plotly-plot")].some(
    (gd) => !gd.closest(".attention-cover") && gd._fullLayout && gd._fullData && gd.querySelector(".main-svg") &&
      (gd._fullData.length === 0 || gd.querySelector(".hm, .trace")) && visible(gd, box));
  // lay `layers` over the chart element under `key` until that is drawn
  const cover = (key, p) => {
    const layers = p.layers;
    const box = document.querySelector("." + key);
    if (!box) return false;
    if (drawn(box) || box.querySelector(":scope > .attention-cover")) return true;
    for (const bar of layers.querySelectorAll(".modebar-container")) bar.remove();
    const veil = document.createElement("div");
    veil.className = "attention-cover";
    veil.setAttribute("aria-hidden", "true");
    veil.inert = true;
    veil.appendChild(layers);
    if (getComputedStyle(box).position === "static") box.style.position = "relative";
    const chart = box.querySelector('[data-testid="stPlotlyChart"]') || box;  // where the new chart will be drawn
    const at = chart.getBoundingClientRect(), from = box.getBoundingClientRect();
    veil.style.cssText = `position:absolute;left:${at.left - from.left}px;top:${at.top - from.top}px;` +
      "pointer-events:none;z-index:1;";
    box.appendChild(veil);
    S.covers += 1;
    const start = performance.now();
    let seen = 0;  // frames in a row the new chart has been drawn: the old one goes on the second
    const lift = () => {
      seen = box.isConnected && drawn(box) ? seen + 1 : 0;
      const done = seen >= 2;
      const stay = box.isConnected && samePage(p) && performance.now() - start <= __COVER_MS__;
      if (!done && stay) { requestAnimationFrame(lift); return; }
      if (done) {  // how far the kept drawing sat from the new one, and how long it stood in (for the tests)
        const a = veil.querySelector(".main-svg").getBoundingClientRect();
        const b = box.querySelector(".js-plotly-plot:not(.attention-cover *) .main-svg").getBoundingClientRect();
        S.lifted.push({ key, ms: Math.round(performance.now() - start), dx: a.left - b.left, dy: a.top - b.top,
                        dw: a.width - b.width, dh: a.height - b.height });
      }
      veil.remove();
    };
    requestAnimationFrame(lift);
    return true;
  };
  // key → { layers, path, title, at }: a drawing that left, until its successor is on the page. A run that
  // redraws a chart replaces it at once or a commit later; a page switch clears the old page first, and the new
  // one comes under a new address and title: what left the old page is never laid over the new one.
  const pending = new Map();
  const samePage = (p) => location.pathname === p.path && document.title === p.title;
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) if (n.nodeType === 1) stamp(n);
      for (const n of r.removedNodes) {
        // Plotly.purge, when a chart unmounts, takes the drawing (its .plot-container) out of the chart's node
        if (n.nodeType !== 1 || !n.matches(".plot-container") || !n.querySelector(".main-svg")) continue;
        const box = r.target.nodeType === 1 && r.target.closest(BOX);
        if (!box || box.closest(".attention-cover") || box.__attentionPath !== location.pathname) continue;
        const layers = n.querySelector(".svg-container");
        const at = performance.now();
        if (layers) pending.set(keyOf(box), { layers, path: location.pathname, title: document.title, at });
      }
    }
    for (const [key, p] of pending) {
      if (!samePage(p) || performance.now() - p.at > __COVER_MS__ || cover(key, p)) pending.delete(key);
    }
  }).observe(document.body, { childList: true, subtree: true });
  stamp(document.body);
})();
</script>
"""
_CSS = """
<style>
.attention-cover .main-svg { position: absolute; top: 0; left: 0; pointer-events: none; }
</style>
"""


def install() -> None:
    """The observer (once per tab: the script returns at once when it already runs) and its style."""
    st.html(_CSS + _SCRIPT.replace("__COVER_MS__", str(COVER_MS)), unsafe_allow_javascript=True)
