"""Accessibility in the browser: every chart's text alternative and table, the page's language, focus and targets.

`chart(p, fig, name)` is what `Page.chart` draws: the Plotly chart (its toolbar off on phones, where a swipe
across it scrolls the page: `figures.for_touch`), its accessible
name (made by `attention_core.accessible` from the figure's own data, in the UI language) and a "numbers as
a table" switch beside it that shows the same numbers as real tables, built only while open. `install(p)`
runs once per page run at the top of the main area: the theme's CSS custom properties (`web.theme_style`), the
style sheet (`ui/web/a11y.css`: focus ring, contrast, 44 px targets on phones, a folded sidebar hidden, the edges
of toggles and text boxes, labels that wrap under wider text spacing, forced colours; in presenter mode also
`a11y-presenter.css`, its contrast) and one small script (`ui/web/a11y.js`) that

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
- names the lesson's scene-list buttons, and names Streamlit's and Plotly's own controls in the page's language (their
  English names, and after a switch the names it gave them in the other language).

Streamlit re-runs an `st.html` script only when its text changes: the text carries the language and the page.
"""

from __future__ import annotations

import html

import streamlit as st

from .. import accessible, figures
from ..i18n import text
from ..registry import LANGUAGES
from . import compat, web
from .drawers import drawer
from .live_chart import live_chart

CHART_NAME_CLASS = "a11y-chart-name"
UI_NAMES = ("skip", "sidebar", "collapse", "expand", "open", "copy", "menu", "heading_link", "png", "zoom", "pan",
            "zoom_in", "zoom_out", "reset_axes", "fullscreen")


key_class = compat.key_class  # the class Streamlit gives an element with widget key `key`


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
    """The theme's custom properties and the style sheet, the skip link (when `skip`) and the script: call once
    per run, first thing in the main area. `title`: the page's title as its h1 says it (the page's name unless
    given)."""
    web.html(web.theme_style() + web.style("a11y.css") + (web.style("a11y-presenter.css") if p.presenter else ""))
    if skip:
        st.html(f'<a class="a11y-skip" href="#">{html.escape(p.t("a11y.skip_to_chart"))}</a>')
    data = {"lang": p.lang, "page": p.key, "title": title or p.t(f"page.{p.key}"), "step": p.t("a11y.step_frame"),
            "frames": p.t("a11y.player_frames")}
    # Streamlit's and Plotly's own names in the page's language: their English names, and the other languages' names
    # this script gave them before a switch (a control Streamlit keeps, such as its menu, keeps what it was given)
    data["names"] = {text(other, f"a11y.ui.{k}"): p.t(f"a11y.ui.{k}") for other in LANGUAGES if other != p.lang
                     for k in UI_NAMES}
    # "Help for {name}" (Streamlit's) and the other languages' forms: [before the name, after it, the page's form]
    data["help_for"] = [[*text(other, "a11y.ui.help_for", name="{}").split("{}", 1), p.t("a11y.ui.help_for", name="{}")]
                        for other in LANGUAGES if other != p.lang]
    # what compat.js checks once the app has rendered: what a page of the app always draws, the student page less
    data["probes"] = ["run-state", "main", "header", "plotly"]
    if hasattr(p, "scenes"):  # a page of the app (the class's student page has no lesson)
        data["probes"] += ["block", "sidebar", "keys", "redraw"]  # redraw: the T control's charts
        data["probe_key"] = "sb:presenter"  # drawn in the sidebar of every page of the app
        data["scene_actions"] = {a: p.t(f"lecture.scene_{a}") for a in ("up", "down", "go", "drop")}
        data["scene_word"] = p.t("lecture.scene_word")
    web.html(web.script("a11y.js", data), js=True)
