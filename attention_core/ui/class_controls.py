"""The student page's own controls, as Streamlit components v2: the spread of 100 points and the tap grid.

Their code is `ui/web/spread.js` and `ui/web/tapgrid.js` with their style sheets beside them, read once at import.
Each element sits in its own shadow root (styles isolated); its colours come from theme.py as data. What they send
(a trigger: "send" with {qid, shares}, "tap" with {qid, cell}) is read back by `sent` in the element's callback and
checked on the server like any answer (`classroom.model.checked_answer`): nothing from the browser is trusted.

AppTest cannot drive them (an `UnknownElement`): tests send their triggers as the browser does
(tests/app/test_classroom_kinds.py); the controls themselves are tested in Chromium.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from .. import theme
from ..figures import class_charts
from ..i18n import text
from .web import asset

SPREAD_KEY = "class:spread"
TAP_KEY = "class:tap"

_spread = st.components.v2.component("attention_class_spread", js=asset("spread.js"), css=asset("spread.css"))
_tap = st.components.v2.component("attention_class_tap", js=asset("tapgrid.js"), css=asset("tapgrid.css"))


def _labels(lang: str, keys: Sequence[str], prefix: str) -> dict[str, str]:
    """The control's strings, blanks left for the browser to fill ({word}, {n}, {row}, {col})."""
    return {k: text(lang, f"classroom.{prefix}_{k}") for k in keys}


def spread(lang: str, qid: int, words: Sequence[str], mine: Sequence[int] | None, locked: bool,
           on_send: Callable[[], None]) -> None:
    """One row per word with a bar to drag and − / + (the shares always add up to 100), "spread evenly", "send"."""
    data = {
        "qid": qid, "words": [str(w) for w in words], "mine": list(mine) if mine is not None else None,
        "locked": bool(locked),
        "labels": _labels(lang, ("group", "less", "more", "even", "send", "total", "points", "sent", "sending",
                                 "unsent", "closed"), "spread"),
        "colors": {"fill": theme.GUESS_COLOR, "track": theme.TRACK_COLOR, "edge": theme.CONTROL_EDGE_COLOR,
                   "focus": theme.FOCUS_COLOR, "primary": theme.PRIMARY_COLOR, "on-primary": theme.CONTROL_BG,
                   "muted": theme.CAPTION_TEXT_COLOR, "bg": theme.CONTROL_BG},
    }
    _spread(key=SPREAD_KEY, data=data, on_send_change=on_send, height="content")


def tap(lang: str, qid: int, rows: Sequence[str], cols: Sequence[str], mine: int | None, locked: bool,
        on_tap: Callable[[], None], values=None, right: Sequence[int] = (), kind: str = "signed") -> None:
    """The word × word grid of buttons; once revealed (`values`, the frozen matrix), each cell shows its value in the
    app's colour scale (`kind` "signed" or "weights"), the right cells marked."""
    data: dict = {
        "qid": qid, "rows": [str(r) for r in rows], "cols": [str(c) for c in cols],
        "mine": int(mine) if mine is not None else None, "locked": bool(locked),
        "labels": _labels(lang, ("group", "corner", "cell", "tapped", "sending", "none"), "tap")
        | {"right": text(lang, "classroom.right"), "mine": text(lang, "classroom.mine"),
           "closed": text(lang, "classroom.spread_closed")},
        "colors": {"edge": theme.CONTROL_EDGE_COLOR, "mine": theme.GUESS_COLOR, "focus": theme.FOCUS_COLOR,
                   "muted": theme.CAPTION_TEXT_COLOR, "cell": theme.CONTROL_BG, "bg": theme.CONTROL_BG},
    }
    if values is not None:
        flat = [float(v) for row in values for v in row]
        backgrounds, foregrounds = class_charts.cell_colors(flat, kind)
        data |= {"values": [f"{v:.2f}" for v in flat], "right": [int(c) for c in right],
                 "backgrounds": backgrounds, "foregrounds": foregrounds}
    _tap(key=TAP_KEY, data=data, on_tap_change=on_tap, height="content")


def sent(key: str, event: str) -> object:
    """In the control's callback: what the browser sent with trigger `event` (None if nothing)."""
    result = st.session_state.get(key)
    return result.get(event) if result is not None else None
