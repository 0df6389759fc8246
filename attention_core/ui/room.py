"""The width presenter mode lays its charts out for: the page's own, measured in the browser.

The server cannot know how wide the window is, and a chart's numbers fit their cells or not by that width (cell
numbers of theme.PRESENTER_MIN_PX need so many pixels). Without a measure the charts are laid out for a 1280 px
window (theme.PRESENTER_WIDTH_SCALE), which leaves out numbers a 1920 px projector has room for. In presenter mode
a small components-v2 element (in the folded sidebar; its module is `ui/web/room.js`) measures the main column's
content width, rounded down to STEP_PX, and tells the server when it differs from the width the server lays out
for (once when presenter mode opens, then only when the window is resized across a step); the whole run that
follows lays the charts out for it. Once the charts are laid out for the page's width, the element sets
`data-attention-room` (the width) on the document's root element.
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from .. import theme
from . import web

KEY = "room:width"
USED_KEY = "room:used"  # the width the last whole run laid its charts out for
STEP_PX = 64  # a width is told to the server rounded down to this: a resize within one step costs no run
MIN_PX, MAX_PX = 480, 4096  # anything else is not a presenter page's width (a hidden tab reports 0)
FIT = 0.97  # a chart is laid out for this share of its measured share of the page (the gaps between columns)


_component = st.components.v2.component("attention_room_width", js=web.asset("room.js"), isolate_styles=False)


def measured() -> int | None:
    """The page's content width (px) the browser last told, or None."""
    result = st.session_state.get(KEY)
    value = result.get("width") if result is not None else None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and MIN_PX <= value <= MAX_PX:
        return int(value)
    return None


def scale(presenter: bool) -> float | None:
    """What a page's asked-for chart width is multiplied by in presenter mode: the measured page over the page a
    chart's width is given for (theme.FULL_WIDTH_PX); None (the figures' laptop default) until measured."""
    width = measured()
    if not presenter or width is None:
        return None
    return FIT * width / theme.FULL_WIDTH_PX


def measure(p) -> None:
    """In presenter mode: the element that measures the page and tells the server its width."""
    if p.presenter:
        _measure()


@st.fragment
def _measure() -> None:
    """A fragment, so that the width it tells never cuts short a run of the page under way (a click's: a fragment's
    rerun does not preempt a whole run). A whole run lays its charts out for the width known when it starts; the
    fragment's own run, when the width changed, asks for a whole run that uses it."""
    ctx = get_script_run_ctx()
    whole = not (ctx and ctx.fragment_ids_this_run)
    if whole:
        st.session_state[USED_KEY] = measured()
    elif st.session_state.get(USED_KEY) != measured():
        st.rerun()  # the fragment's own run, before anything of it is drawn: nothing of a page run is cut short
    _component(key=KEY, data={"known": st.session_state.get(USED_KEY), "step": STEP_PX, "min": MIN_PX,
                              "max": MAX_PX}, on_width_change=_told, height="content")


def _told() -> None:
    """The browser told a new width: the fragment's run that follows asks for a whole run (see _measure)."""
