"""The room presenter mode lays its charts out for: the page's width and the window's height, measured in the browser.

The server cannot know how wide the window is, and a chart's numbers fit their cells or not by that width (cell
numbers of theme.PRESENTER_MIN_PX need so many pixels). Without a measure the charts are laid out for a 1280 px
window (theme.PRESENTER_WIDTH_SCALE), which leaves out numbers a 1920 px projector has room for. Nor how tall: a
heatmap of many words at a projector's row height is taller than a 1280 × 720 laptop's window under a scene's caption,
and a scene brings its chart to just under the caption. In presenter mode a small components-v2 element (in the
folded sidebar; its module is `ui/web/room.js`) measures the main column's content width and the window's height,
each rounded down to STEP_PX, and tells the server when they differ from what the server lays out for (once when
presenter mode opens, then only when the window is resized across a step); the whole run that follows lays the
charts out for them. Once the charts are laid out for the page, the element sets `data-attention-room` (the width)
on the document's root element.
"""

from __future__ import annotations

import streamlit as st

from .. import theme
from . import compat, web

KEY = "room:width"
USED_KEY = "room:used"  # the width the last whole run laid its charts out for
STEP_PX = 64  # a width is told to the server rounded down to this: a resize within one step costs no run
MIN_PX, MAX_PX = 480, 4096  # anything else is not a presenter page's width (a hidden tab reports 0)
MIN_HEIGHT_PX = 320  # nor a window's height
FIT = 0.97  # a chart is laid out for this share of its measured share of the page (the gaps between columns)


_component = st.components.v2.component("attention_room_width", js=web.module("room.js"), isolate_styles=False)


def measured(what: str = "width") -> int | None:
    """The page's content width (px), or with "height" the window's height, as the browser last told; or None."""
    result = st.session_state.get(KEY)
    value = result.get(what) if result is not None else None
    low = MIN_PX if what == "width" else MIN_HEIGHT_PX
    if isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= MAX_PX:
        return int(value)
    return None


def height(presenter: bool) -> int | None:
    """The height presenter mode's charts may take (px): the window's, less what stays above a chart brought under a
    scene's caption (Streamlit's header, the lesson's bar with a caption: theme.PRESENTER_CHROME_PX); None when not
    measured. A heatmap taller than that is drawn that tall (figures.heatmap's max_height)."""
    tall = measured("height")
    if not presenter or tall is None:
        return None
    return tall - theme.PRESENTER_CHROME_PX


def scale(presenter: bool) -> float | None:
    """What a page's asked-for chart width is multiplied by in presenter mode: the measured page over the page a
    chart's width is given for (theme.FULL_WIDTH_PX); None (the figures' laptop default) until measured."""
    width = measured()
    if not presenter or width is None:
        return None
    return FIT * width / theme.FULL_WIDTH_PX


def available() -> bool:
    """The measure needs to know a fragment's own run from a whole one, and a fragment's rerun asked from a page left
    behind must run on the current one (`compat`, uses `partial_runs` and `page_move`): without either, there is no
    measure, and presenter mode lays its charts out for a 1280 px window."""
    return compat.works("partial_runs") and compat.works("page_move")


def measure(p) -> None:
    """In presenter mode: the element that measures the page and tells the server its width."""
    if p.presenter and available():
        _measure()


@st.fragment
def _measure() -> None:
    """A fragment, so that the width it tells never cuts short a run of the page under way (a click's: a fragment's
    rerun does not preempt a whole run). A whole run lays its charts out for the width known when it starts; the
    fragment's own run, when the width changed, asks for a whole run that uses it."""
    whole = not compat.in_fragment_run()
    now = [measured(), measured("height")]
    if whole:
        st.session_state[USED_KEY] = now
    elif st.session_state.get(USED_KEY) != now:
        st.rerun()  # the fragment's own run, before anything of it is drawn: nothing of a page run is cut short
    _component(key=KEY, data={"known": st.session_state.get(USED_KEY), "step": STEP_PX, "min": MIN_PX,
                              "max": MAX_PX}, on_width_change=_told, on_height_change=_told, height="content")


def _told() -> None:
    """The browser told a new width: the fragment's run that follows asks for a whole run (see _measure)."""
