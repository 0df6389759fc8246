"""Accessibility in the browser: every chart's text alternative and table, the page's language, focus and targets.

`chart(p, fig, name)` is what `Page.chart` draws: the Plotly chart (its toolbar off on phones, where a swipe
across it scrolls the page: `figures.for_touch`), its accessible
name (made by `attention_core.accessible` from the figure's own data, in the UI language) and a "numbers as
a table" switch beside it that shows the same numbers as real tables, built only while open. `install(p)`
runs once per page run at the top of the main area: the style sheet (focus ring, contrast, 44 px targets on
phones, presenter contrast, a folded sidebar hidden, the edges of toggles and text boxes, labels that wrap
under wider text spacing, forced colours) and one small script that

- sets `<html lang>` to the UI language (Streamlit writes "en" whatever the app speaks);
- gives every chart element (`.st-key-chart-*`) role="figure" and its accessible name, hides the drawing's
  SVG (tick labels and cell numbers read one by one say nothing; the name and the table say it), and takes
  the Plotly toolbar's buttons out of the Tab order (they stay for the mouse; role="img" is not possible
  around them, axe's nested-interactive);
- moves the focus to the page's title after a page switch, and makes the "skip to the chart" link work;
- folds the sidebar on a phone after a step link is tapped, and when a lesson is started from it;
- puts the focus on the page's title when the sidebar folds with the focus inside, hands it to a successor when a
  button pressed with the keyboard is taken away by the run, and scrolls a focused control out from under the
  fixed header and the lesson's pinned bar;
- names the lesson's scene-list buttons, and on a page in another language renames Streamlit's and Plotly's
  English control names.

Streamlit re-runs an `st.html` script only when its text changes: the text carries the language and the page.
"""

from __future__ import annotations

import html
import re

import streamlit as st

from .. import accessible, figures, theme
from ..i18n import text
from .drawers import drawer
from .live_chart import live_chart
from .web import script_json

CHART_NAME_CLASS = "a11y-chart-name"
UI_NAMES = ("skip", "sidebar", "collapse", "expand", "open", "copy", "menu", "heading_link", "png", "zoom", "pan",
            "zoom_in", "zoom_out", "reset_axes", "fullscreen")


def key_class(key: str) -> str:
    """The class Streamlit gives an element with widget key `key` (st-key-… with other characters as "-")."""
    return "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key.strip())


def chart(p, fig, name: str, live: bool = False, key: str | None = None) -> None:
    """The chart, its accessible name and its "numbers as a table" switch, all from the figure's own data.
    `live`: drawn by live_chart (updated in place) instead of st.plotly_chart. `key`: the
    chart's widget key, "chart:<name>" unless given. `p` is a Page, or anything with its `key`, `lang`,
    `on_phone` and `t` (the class's student page has no Page)."""
    config = figures.chart_config(f"{p.key}-{name}")
    if p.on_phone:  # on a phone the toolbar covers the chart's title; the export tools stay in the sidebar
        config["displayModeBar"] = False
        fig = figures.for_touch(fig)  # and a swipe across a chart scrolls the page, as on any page
    key = key or f"chart:{name}"
    if live:
        live_chart(fig, config, key=key)
    else:
        st.plotly_chart(fig, theme=None, config=config, key=key)
    described = accessible.describe(fig, p.lang)
    st.html(f'<div class="{CHART_NAME_CLASS}" data-chart="{key_class(key)}">{html.escape(described.name)}</div>')
    with drawer(p.t("a11y.table_switch"), f"table:{name}", icon=":material/table:") as open_:
        if open_:
            if not described.tables:
                st.caption(p.t("a11y.table_none"))
            for table in described.tables:
                st.html(accessible.table_html(table, p.lang))


def install(p, title: str | None = None, skip: bool = True) -> None:
    """The style sheet, the skip link (when `skip`) and the script: call once per run, first thing in the main
    area. `title`: the page's title as its h1 says it (the page's name unless given)."""
    st.html(_CSS + (_PRESENTER_CSS if p.presenter else ""))
    if skip:
        st.html(f'<a class="a11y-skip" href="#">{html.escape(p.t("a11y.skip_to_chart"))}</a>')
    data = {"lang": p.lang, "page": p.key, "title": title or p.t(f"page.{p.key}"), "step": p.t("a11y.step_frame"),
            "frames": p.t("a11y.player_frames")}
    if p.lang != "en":  # Streamlit's and Plotly's English names, in the page's language
        data["names"] = {text("en", f"a11y.ui.{k}"): p.t(f"a11y.ui.{k}") for k in UI_NAMES}
        data["help_for"] = [text("en", "a11y.ui.help_for", name=""), p.t("a11y.ui.help_for", name="{}")]
    if hasattr(p, "scenes"):  # a page of the app (the class's student page has no lesson)
        data["scene_actions"] = {a: p.t(f"lecture.scene_{a}") for a in ("up", "down", "go", "drop")}
        data["scene_word"] = p.t("lecture.scene_word")
    st.html(_SCRIPT.replace("__DATA__", script_json(data)), unsafe_allow_javascript=True)


FOCUS = theme.FOCUS_COLOR
TARGET = theme.TOUCH_TARGET_PX
_R = theme.THUMB_DOT_PX / 2
DOT = f"radial-gradient(circle closest-side, {theme.PRIMARY_COLOR} {_R - 0.5}px, transparent {_R}px)"  # a thumb's dot
_CSS = f"""
<style>
/* A focus ring on every control, ≥ 3:1 against white and the sidebar's grey (WCAG 1.4.11, 2.4.7). */
:focus-visible, [data-testid="stMain"] h1:focus {{
  outline: 3px solid {FOCUS} !important; outline-offset: 2px !important;
}}
[data-testid="stCheckbox"] label:has(input:focus-visible) > span + div,
[data-testid="stSelectbox"] [role="group"]:has(input:focus-visible),
[data-baseweb="input"]:focus-within,
[data-testid="stSlider"] div:has(> div > input[type="range"]:focus-visible),
[data-testid="stExpander"] summary:focus-visible {{
  outline: 3px solid {FOCUS} !important; outline-offset: 2px !important;
}}
/* a select box's or a text box's input sits inside a frame that clips the input's own ring: the frame is ringed */
[data-testid="stSelectbox"] [role="group"] input:focus-visible,
[data-testid="stTextInputRootElement"] input:focus-visible {{ outline: none !important; }}
[data-testid="stTextInputRootElement"]:has(input:focus-visible) {{
  outline: 3px solid {FOCUS} !important; outline-offset: 2px !important; }}
/* a player's SVG button and frame slider (made keyboard controls by the script): their shapes are ringed */
.updatemenu-button:focus-visible rect, .slider-container:focus-visible .slider-rail-rect {{
  stroke: {FOCUS} !important; stroke-width: 3px !important; }}
.updatemenu-button:focus, .slider-container:focus {{ outline: none !important; }}
/* a segmented control's buttons sit in a box that clips what overflows it: their ring is drawn inside them */
button[data-variant="segmented_control"]:focus-visible {{ outline-offset: -4px !important; }}
/* Text contrast ≥ 4.5:1: captions and the selected language button (Streamlit's greys and tints are lighter). */
[data-testid="stCaptionContainer"],
[data-testid="stCaptionContainer"] p {{ color: {theme.CAPTION_TEXT_COLOR} !important; opacity: 1 !important; }}
button[data-variant="segmented_control"][data-selected="true"],
button[data-variant="segmented_control"][data-selected="true"] p {{ color: {theme.SELECTED_TEXT_COLOR} !important; }}
[data-testid="stMarkdownContainer"] blockquote, [data-testid="stMarkdownContainer"] blockquote p {{
  color: {theme.QUOTE_TEXT_COLOR} !important; opacity: 1 !important; }}
/* A page's sections are h2 under its h1 title (heading order, WCAG 1.3.1), drawn at the size of Streamlit's h3. */
[data-testid="stMain"] [data-testid="stHeading"] h2 {{ font-size: 1.75rem; line-height: 1.2; padding: 0.75rem 0 1rem;
  letter-spacing: -0.005em; }}
/* A toggle's track: Streamlit's off state is a light grey on white (1.5:1); outlined, the control's edge is ≥ 3:1
   (WCAG 1.4.11), off or on. */
[data-testid="stCheckbox"] label > span:has(> input[role="switch"]) + div {{
  box-shadow: inset 0 0 0 1px {theme.CONTROL_EDGE_COLOR}; }}
/* Text boxes, number boxes, text areas and select boxes: Streamlit draws their edge in its text colour at 20 %,
   1.5:1 against the page, the sidebar and their own fill; drawn in the control edge colour it is ≥ 3:1 against all
   three (WCAG 1.4.11). A focused box keeps Streamlit's primary edge (with the focus ring), a box with an invalid
   value its red one, a disabled box its light one (no contrast is asked of an inactive control). */
:is([data-testid="stTextInputRootElement"], [data-testid="stNumberInputContainer"],
    [data-testid="stTextAreaRootElement"], [data-testid="stSelectbox"] [role="group"]):not(
    :focus-within, [data-focus-within], [data-invalid], :has(input:disabled, textarea:disabled)) {{
  border-color: {theme.CONTROL_EDGE_COLOR}; }}
/* Text spacing (WCAG 1.4.12): Streamlit cuts a button's, a metric's and a widget's label at its width with an
   ellipsis, and a segmented button's at its fixed height; with wider letter, word and line spacing the labels in
   narrow columns lost their ends ("Train 50 st…"). They wrap instead, and a segmented button grows with its
   label (with no padding above and below, Streamlit's min-height keeps its size at normal spacing). */
:is(button, [data-testid="stMetricLabel"], [data-testid="stWidgetLabel"]) [data-testid="stMarkdownContainer"],
:is(button, [data-testid="stMetricLabel"], [data-testid="stWidgetLabel"]) [data-testid="stMarkdownContainer"] p {{
  white-space: normal !important; overflow: visible !important; text-overflow: clip !important;
  overflow-wrap: break-word; word-break: keep-all; }}
button[data-variant="segmented_control"] {{ height: auto !important; padding-top: 0 !important;
  padding-bottom: 0 !important; overflow: visible !important; }}
button[data-variant="segmented_control"] > div {{ overflow: visible !important; }}
/* A folded sidebar is only moved off screen by Streamlit: hidden, its controls leave the Tab order (WCAG 2.4.3,
   2.4.7; presenter mode and phones start folded, and 21 unseen Tab stops came first). */
[data-testid="stSidebar"][data-collapsed="true"],
[data-testid="stSidebar"][data-collapsed="true"] * {{ visibility: hidden !important; }}  /* help "?" set visible */
/* Carriers of a chart's name: read by the script, never shown (no gap in the layout either). */
[data-testid="stElementContainer"]:has(.{CHART_NAME_CLASS}) {{ display: none !important; }}
/* The skip link: off screen until it has the focus. */
/* Its container takes no width: at the column's full width, offset by the column's padding, it ran 16 px past a
   phone's screen and let the page swipe sideways. */
[data-testid="stElementContainer"]:has(.a11y-skip) {{ position: absolute; z-index: 1000; width: 0; height: 0;
  overflow: visible; }}
.a11y-skip {{ white-space: nowrap; }}
.a11y-skip {{ position: absolute; left: -10000px; top: 0; padding: 0.5rem 1rem; background: #fff;
  color: {theme.LINK_TEXT_COLOR} !important; font-weight: 600; }}
.a11y-skip:focus {{ left: 0; }}
.a11y-table {{ overflow-x: auto; max-width: 100%; }}
.a11y-table table {{ border-collapse: collapse; font-variant-numeric: tabular-nums; }}
.a11y-table caption {{ text-align: left; font-weight: 600; padding: 0.25rem 0; color: inherit; }}
.a11y-table th, .a11y-table td {{ border: 1px solid #bbb; padding: 0.2rem 0.5rem; text-align: right; }}
.a11y-table th[scope="row"] {{ text-align: left; }}
.a11y-table th, .a11y-table td {{ white-space: nowrap; }}  /* a word never breaks: the table scrolls in its box */
.a11y-table thead th:first-child {{ white-space: normal; min-width: 8em; max-width: 14em; }}
.a11y-table thead th {{ background: #f3f3f3; }}
/* a table's share of 1 drawn as a bar behind its number (accessible.table_html's `bars`: ②'s weights) */
.a11y-table td.attention-bar {{
  background: linear-gradient(90deg, {theme.TABLE_BAR_COLOR} var(--w), transparent var(--w)); }}
.attention-t-table .attention-t-caption {{ font-size: 0.875rem; color: {theme.CAPTION_TEXT_COLOR};
  margin: 0.5rem 0 0; }}
.attention-t-table .a11y-table {{ max-height: 30rem; overflow: auto; }}
.attention-t-table thead th {{ position: sticky; top: 0; white-space: normal; vertical-align: bottom; }}
.attention-t-table thead th:first-child {{ min-width: 0; }}
/* The class's QR code never runs past its column into the join text beside it. */
.st-key-class-card [data-testid="stImage"] img {{ max-width: 100%; height: auto; }}
/* The T control (tcontrol) reads like Streamlit's own widget labels; its thumb is a target of its own. */
.attention-t-label {{ font-size: 0.875rem; }}
.attention-t-range {{ accent-color: {theme.PRIMARY_COLOR}; }}
/* Phones: the student's targets ≥ 44 × 44 px (WCAG 2.5.5). */
@media (max-width: 640px) {{
  /* the T control's thumb: a square 44 × 44 hit box (no rounded corners to miss) drawn as a 20 px dot; the native
     thumb is 16 px and cannot grow */
  .attention-t-range {{ -webkit-appearance: none; appearance: none; height: {TARGET}px; min-height: {TARGET}px;
    background: transparent; }}
  .attention-t-range::-webkit-slider-runnable-track {{ height: 6px; border-radius: 3px;
    background: {theme.NEUTRAL_COLOR}; }}
  .attention-t-range::-moz-range-track {{ height: 6px; border-radius: 3px; background: {theme.NEUTRAL_COLOR}; }}
  .attention-t-range::-webkit-slider-thumb {{ -webkit-appearance: none; appearance: none; width: {TARGET}px;
    height: {TARGET}px; margin-top: calc(3px - {TARGET}px / 2); border: 0; border-radius: 0; background: {DOT}; }}
  .attention-t-range::-moz-range-thumb {{ width: {TARGET}px; height: {TARGET}px; border: 0; border-radius: 0;
    background: {DOT}; }}
  .attention-t-range:focus-visible {{ outline-offset: -2px !important; }}
  [data-testid="stSidebar"] [data-testid="stPageLink-NavLink"],
  [data-testid="stMain"] [data-testid="stPageLink-NavLink"] {{ min-height: 44px; display: flex; align-items: center; }}
  [data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapseButton"] button,
  [data-testid="stSidebarCollapsedControl"] button {{ min-width: 44px !important; min-height: 44px !important; }}
  [data-testid="stBaseButton-secondary"], [data-testid="stBaseButton-primary"],
  button[data-variant="segmented_control"] {{ min-height: 44px !important; }}
  [data-testid="stSelectbox"] div:has(> input[role="combobox"]) {{ min-height: 44px; }}
  [data-testid="stTooltipIcon"] button {{ min-width: 44px !important; min-height: 44px !important; }}
  /* Streamlit's slider thumbs (react-aria: the div around the range input): a 20 px dot whose hit box, a square
     ::before of 44 × 44 around it, is the thumb's own (a press there grabs the thumb) */
  [data-testid="stSlider"] div:has(> div > input[type="range"]) {{ width: {theme.THUMB_DOT_PX}px !important;
    height: {theme.THUMB_DOT_PX}px !important; }}
  [data-testid="stSlider"] div:has(> div > input[type="range"])::before {{ content: ""; position: absolute;
    left: 50%; top: 50%; width: {TARGET}px; height: {TARGET}px; transform: translate(-50%, -50%); }}
  [data-testid="stExpander"] summary {{ min-height: 44px; }}
  [data-testid="stTooltipIcon"] {{ min-width: 44px; min-height: 44px; display: inline-flex; align-items: center;
    justify-content: center; }}
}}
/* Forced colours (Windows' contrast themes): backgrounds are dropped, so what only a fill drew vanished. A toggle
   gets a border and a knob in the text colour; a chosen segment is outlined; the phone's T control draws its
   track and thumb in system colours. */
@media (forced-colors: active) {{
  [data-testid="stCheckbox"] label > span:has(> input[role="switch"]) + div {{ border: 1px solid CanvasText; }}
  [data-testid="stCheckbox"] label > span:has(> input[role="switch"]) + div > div {{
    forced-color-adjust: none; background: CanvasText; }}
  [data-testid="stCheckbox"] label > span:has(> input[role="switch"]:checked) + div > div {{ background: Highlight; }}
  button[data-variant="segmented_control"][data-selected="true"] {{ outline: 3px solid Highlight;
    outline-offset: -4px; }}
  .attention-t-range::-webkit-slider-runnable-track {{ forced-color-adjust: none; background: CanvasText; }}
  .attention-t-range::-webkit-slider-thumb {{ forced-color-adjust: none; background: Highlight; border-radius: 50%; }}
}}
</style>
"""

# Presenter mode: text ≥ 7:1 (WCAG 1.4.6) for a projector that washes colours out.
_PRESENTER_CSS = f"""
<style>
[data-testid="stMain"] :is(p, li, h1, h2, h3, label, [data-testid="stCaptionContainer"]):not(button *) {{
  color: {theme.PRESENTER_TEXT_COLOR} !important; }}
[data-testid="stMain"] [data-testid="stBaseButton-primary"],
[data-testid="stMain"] [data-testid="stBaseButton-primary"]:hover {{
  background-color: {theme.PRESENTER_PRIMARY_COLOR} !important;
  border-color: {theme.PRESENTER_PRIMARY_COLOR} !important; }}
/* a step button that cannot step (the last scene's "next") reads as off: dark text on light grey, 8.5:1 */
[data-testid="stMain"] [data-testid="stBaseButton-primary"]:disabled,
[data-testid="stMain"] [data-testid="stBaseButton-secondary"]:disabled {{
  background-color: {theme.DISABLED_BG} !important; border-color: {theme.DISABLED_BG} !important;
  color: {theme.DISABLED_TEXT} !important; }}
[data-testid="stMain"] :is([data-testid="stBaseButton-primary"], [data-testid="stBaseButton-secondary"]):disabled p {{
  color: {theme.DISABLED_TEXT} !important; }}
/* a selected segmented button (the class's and the charts' switches): its text on the primary colour's tint */
[data-testid="stMain"] button[data-variant="segmented_control"][data-selected="true"],
[data-testid="stMain"] button[data-variant="segmented_control"][data-selected="true"] p {{
  color: {theme.PRESENTER_PRIMARY_COLOR} !important; }}
</style>
"""

_SCRIPT = """
<script>
(() => {
  const d = __DATA__;
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
    const app = document.querySelector('[data-testid="stApp"]');
    if (app && app.getAttribute("data-test-script-state") === "running") {  // its successor may not be drawn yet
      setTimeout(soon, 100);
      return;
    }
    const again = gone.key && document.querySelector("." + gone.key);
    let target = again && shown(again.querySelectorAll(CONTROLS))[0];
    target = target || gone.before.find(c => c.isConnected && shown([c]).length);
    target = target || document.querySelector('[data-testid="stMain"] h1');
    if (!target) return;
    if (target.tagName === "H1") target.setAttribute("tabindex", "-1");
    target.focus();
    gone.placed = target;  // kept for a while: a redraw that replaces it drops the focus again, and it is put back
  };
  const label = () => {
    A.pending = false;
    refocus();
    for (const c of document.querySelectorAll(".a11y-chart-name")) {
      const el = document.querySelector("." + c.dataset.chart);
      if (!el) continue;
      const name = c.textContent;
      if (el.getAttribute("role") !== "figure") el.setAttribute("role", "figure");
      if (el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name);
      for (const svg of el.querySelectorAll("svg.main-svg")) {  // the drawing itself: its name says it all
        if (svg.getAttribute("aria-hidden") !== "true") svg.setAttribute("aria-hidden", "true");
      }
    }
    for (const b of document.querySelectorAll(".modebar-btn, .modebar a, .modebar button")) {
      if (b.getAttribute("tabindex") !== "-1") b.setAttribute("tabindex", "-1");
    }
    // Streamlit's and Plotly's own English names, on a page in another language (WCAG 3.1.2)
    if (d.names) {
      for (const el of document.querySelectorAll("[aria-label]")) {
        const name = el.getAttribute("aria-label");
        let want = d.names[name];
        if (want === undefined && d.help_for && name.startsWith(d.help_for[0])) {
          want = d.help_for[1].replace("{}", name.slice(d.help_for[0].length));
        }
        if (want !== undefined && want !== name) el.setAttribute("aria-label", want);
      }
      for (const el of document.querySelectorAll(".modebar [data-title]")) {  // the tooltip Plotly shows on hover
        const want = d.names[el.getAttribute("data-title")];
        if (want !== undefined) el.setAttribute("data-title", want);
      }
      const skip = document.querySelector('[data-testid="stSkipToContent"]');
      const skipName = d.names[skip && skip.textContent];
      if (skipName) skip.textContent = skipName;
    }
    // the lesson's scene list: its ↑ ↓ ▶ ✕ buttons are named by what they do and to which scene (WCAG 2.4.6)
    for (const [action, name] of Object.entries(d.scene_actions || {})) {
      for (const b of document.querySelectorAll(`[class*="st-key-sc-${action}-"] button`)) {
        const k = /st-key-sc-[a-z]+-([0-9]+)/.exec(b.closest('[class*="st-key-sc-"]').className);
        const want = k ? `${name} (${d.scene_word} ${Number(k[1]) + 1})` : name;
        if (b.getAttribute("aria-label") !== want) b.setAttribute("aria-label", want);
      }
    }
    // A player's buttons and frame slider (③'s ▶ T player, ⑦'s replay) are Plotly's SVG: made keyboard
    // controls here (Tab reaches them, Enter/Space presses a button, the arrows, Home and End move the slider)
    for (const b of document.querySelectorAll('[class*="st-key-chart-"] .updatemenu-button')) {
      const name = (b.querySelector(".updatemenu-item-text") || b).textContent.trim();
      if (b.getAttribute("tabindex") !== "0") { b.setAttribute("tabindex", "0"); b.setAttribute("role", "button"); }
      if (b.getAttribute("aria-label") !== name) b.setAttribute("aria-label", name);
    }
    for (const g of document.querySelectorAll('[class*="st-key-chart-"] .slider-container')) {
      const gd = g.closest(".js-plotly-plot");
      const slider = gd && gd._fullLayout && gd._fullLayout.sliders && gd._fullLayout.sliders[0];
      if (!slider) continue;
      const at = slider.active || 0, step = slider.steps[at] || {};
      if (g.getAttribute("tabindex") !== "0") { g.setAttribute("tabindex", "0"); g.setAttribute("role", "slider"); }
      const attrs = {"aria-valuemin": "0", "aria-valuemax": String(slider.steps.length - 1),
                     "aria-valuenow": String(at), "aria-valuetext": String(step.label || at),
                     "aria-label": A.data.frames};
      for (const [k, v] of Object.entries(attrs)) if (g.getAttribute(k) !== v) g.setAttribute(k, v);
    }
    if (reduced() && window.Plotly) {  // reduced motion: a player's first button steps one frame, never plays
      for (const gd of document.querySelectorAll(".js-plotly-plot")) {
        const menu = gd.layout && gd.layout.updatemenus && gd.layout.updatemenus[0];
        if (!menu || !frames(gd).length || menu.buttons[0].label === A.data.step) continue;
        window.Plotly.relayout(gd, {"updatemenus[0].buttons[0].label": A.data.step});
      }
    }
  };
  const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const frames = (gd) => (gd._transitionData && gd._transitionData._frames) || [];
  const soon = () => { if (!A.pending) { A.pending = true; requestAnimationFrame(label); } };
  if (!A.observer) {
    document.addEventListener("keydown", (e) => {
      const b = e.target.closest && e.target.closest(".updatemenu-button");
      if (b && (e.key === "Enter" || e.key === " ")) {  // a player's button: pressed as by the mouse
        e.preventDefault();
        b.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
        return;
      }
      const g = e.target.closest && e.target.closest(".slider-container");
      const gd = g && g.closest(".js-plotly-plot");
      const slider = gd && gd._fullLayout && gd._fullLayout.sliders && gd._fullLayout.sliders[0];
      const moves = {ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1};
      if (!slider || !window.Plotly || !(e.key in moves || e.key === "Home" || e.key === "End")) return;
      e.preventDefault();
      e.stopPropagation();  // the clicker's keys stay with the slider while it has the focus
      const last = slider.steps.length - 1, at = slider.active || 0;
      const k = e.key === "Home" ? 0 : e.key === "End" ? last : Math.min(last, Math.max(0, at + moves[e.key]));
      const step = slider.steps[k];
      if (!step || k === at) return;
      window.Plotly.relayout(gd, {"sliders[0].active": k});
      if (step.method === "animate") {
        window.Plotly.animate(gd, step.args[0], {mode: "immediate", frame: {duration: 0, redraw: true},
                                                 transition: {duration: 0}});
      }
    }, true);
    A.observer = new MutationObserver(soon);
    A.observer.observe(document.body, {childList: true, subtree: true});
    // a control the keyboard focuses is never left under Streamlit's fixed header or the lesson's pinned bar
    // (WCAG 2.4.11): the browser scrolls it into view at the scroller's edge, which those cover
    document.addEventListener("focusin", (e) => {
      const el = e.target;
      if (!el || !el.closest || el.tagName === "H1" || !el.closest('[data-testid="stMain"]')) return;
      requestAnimationFrame(() => {
        const header = document.querySelector('[data-testid="stHeader"]');
        let top = header ? header.getBoundingClientRect().bottom : 0;
        const bar = document.querySelector('[data-testid="stMain"] .st-key-pr-bar');
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
    A.folds = new MutationObserver((changes) => {
      const sb = changes.map(c => c.target).find(t => t.dataset && t.dataset.collapsed === "true");
      const active = document.activeElement;
      if (!sb || !(!active || active === document.body || sb.contains(active))) return;
      // the run that folded it may draw the title again, which drops the focus to the body: until that run has
      // ended and the focus has stayed on the title for a moment (at most 15 s), the focus is put back on the
      // title, unless the user has moved it elsewhere
      const started = performance.now();
      let held = null;
      const toTitle = () => {
        const t = performance.now(), now = document.activeElement;
        if (now && now !== document.body && now.tagName !== "H1" && !sb.contains(now)) return;
        const h1 = document.querySelector('[data-testid="stMain"] h1');
        if (h1 && now !== h1) {
          h1.setAttribute("tabindex", "-1");
          h1.focus({preventScroll: true});
          held = null;
        } else if (h1 && held === null) {
          held = t;
        }
        const app = document.querySelector('[data-testid="stApp"]');
        const running = !!app && app.getAttribute("data-test-script-state") === "running";
        if (t - started < 15000 && (running || held === null || t - held < 1500)) setTimeout(toTitle, 50);
      };
      toTitle();
    });
    A.folds.observe(document.body, {attributes: true, attributeFilter: ["data-collapsed"], subtree: true});
    document.addEventListener("keydown", (e) => {  // a button pressed with Enter or Space: remembered (see refocus)
      if (e.key !== "Enter" && e.key !== " ") return;
      const el = e.target.closest && e.target.closest('[data-testid="stMain"] button');
      if (!el) return;
      const box = el.closest('[class*="st-key-"]');
      const key = box && [...box.classList].find(c => c.startsWith("st-key-"));
      // the controls before it on the page, nearest first: where the focus goes back to if it is taken away
      const all = shown(document.querySelectorAll(`[data-testid="stMain"] :is(${CONTROLS})`))
        .filter(c => !c.classList.contains("a11y-skip"));  // the skip link: off screen until focused
      const i = all.indexOf(el);
      A.pressed = {el, key, before: i > 0 ? all.slice(Math.max(0, i - 8), i).reverse() : [], at: performance.now(),
                   placed: null};
    }, true);
    document.addEventListener("click", (e) => {
      const play = e.target.closest && e.target.closest(".updatemenu-button");
      const gd = play && play.closest(".js-plotly-plot");
      if (gd && reduced() && window.Plotly && frames(gd).length
          && play === play.parentNode.querySelector(".updatemenu-button")) {  // the first button: one frame on
        e.stopPropagation();
        e.preventDefault();
        const names = frames(gd).map(f => f.name);
        const at = ((gd._fullLayout.sliders && gd._fullLayout.sliders[0]) || {}).active || 0;
        window.Plotly.animate(gd, [names[(at + 1) % names.length]],
          {mode: "immediate", frame: {duration: 0, redraw: true}, transition: {duration: 0}});
        return;
      }
      const skip = e.target.closest && e.target.closest(".a11y-skip");
      if (skip) {
        e.preventDefault();
        const target = document.querySelector('[data-testid="stMain"] [class*="st-key-chart-"][role="figure"]');
        if (target) { target.setAttribute("tabindex", "-1"); target.focus(); target.scrollIntoView({block: "start"}); }
        return;
      }
      const link = e.target.closest && e.target.closest('[data-testid="stSidebar"] [data-testid="stPageLink-NavLink"]');
      // a lesson started from the sidebar's scene list walks in presenter mode, whose sidebar is folded away
      const lesson = e.target.closest &&
        e.target.closest('[data-testid="stSidebar"] :is(.st-key-sc-builtin, [class*="st-key-sc-go-"]) button');
      if ((link && window.matchMedia("(max-width: 640px)").matches) || lesson) {  // a phone: after a step link too
        const fold = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
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
      const h1 = document.querySelector('[data-testid="stMain"] h1');
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
</script>
"""
