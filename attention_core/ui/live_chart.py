"""A Plotly chart that updates in place: the charts of a T part once the session's T control has drawn in the browser
(`Page.chart`), and ⑦'s auto-training charts.

`st.plotly_chart` gives its element an id made from the figure itself, and Streamlit's frontend keys the chart
by that id: a new figure is a new chart, mounted afresh, blank until Plotly has drawn it. After a burst of T
presses the server's run redrew every T chart that way, and the class saw charts go blank for 13–316 ms
(`python bench/blank_frames.py`, docs/performance.md); during ⑦'s auto-training three of its charts were blank
most of the time. This component (`ui/web/live-chart.js`) keeps one element under its key and hands each new figure
to `Plotly.react`, which redraws the same plot.

It uses the Plotly.js Streamlit loads for its own charts (`window.Plotly`, see facts; read through ui/web/compat.js),
so a page that shows a live chart has shown at least one `st.plotly_chart` in the same document first: ⑦ has some of
its own, and the T charts become live only after the T control has drawn with that Plotly.js (it sends `drawn`). Where
Plotly never comes (30 s), the module says so (`failed`) and the session's live charts are drawn as Streamlit's own
charts from then on: a blank moment at each redraw, never a blank chart. The container's key is the chart's
("chart:<name>"), as for `Page.chart`.
"""

from __future__ import annotations

import json

import streamlit as st

from . import web

_HTML = '<div class="attention-live-box"><div class="attention-live-chart"></div></div>'  # the box: for tests
_COMPONENT = None
NO_PLOTLY = "live:no-plotly"  # session key: this browser has no Plotly for a live chart


def _component():
    global _COMPONENT
    if _COMPONENT is None:
        _COMPONENT = st.components.v2.component("attention_live_chart", html=_HTML, js=web.module("live-chart.js"),
                                                isolate_styles=False)
    return _COMPONENT


def live_chart(fig, config: dict, key: str) -> None:
    """Draw `fig` (a Plotly figure) under `key`; the same key on the next run updates the drawn plot in place (as
    Streamlit's own chart where this browser has no Plotly for it)."""
    if st.session_state.get(NO_PLOTLY):
        st.plotly_chart(fig, theme=None, config=config, key=key)
        return
    # the figure as JSON values, not as a JSON string: a string inside the component's JSON is escaped again (every
    # quote, and Hangul as \\uXXXX), which made a chart 3–5× its size on the wire (docs/performance.md)
    figure = fig.as_json_data() if hasattr(fig, "as_json_data") else json.loads(fig.to_json())
    _component()(data={"figure": figure, "config": json.loads(json.dumps(config))}, key=key,
                 on_failed_change=_no_plotly)


def _no_plotly() -> None:
    """The module found no Plotly to draw with (compat.js): Streamlit's own charts from the next run on."""
    st.session_state[NO_PLOTLY] = True
