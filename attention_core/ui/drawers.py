"""Drawers: expanders whose content is built only while they are open (opening or closing one reruns the page).

Every element on a page costs the browser time in every script run, a T step's included: Streamlit's frontend
renders each element again whenever a run starts and ends. A closed drawer holds none, where a closed
`st.expander` keeps all of its content (docs/performance.md, `bench/elements.py`). A widget inside one keeps its
value while the drawer is closed with Streamlit's `persist_state="session"`; `frame.Page.drawer` keeps a drawer open or
closed across pages and languages. Used by the matrix editors, the charts' tables and the sidebar's tools.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import streamlit as st


@contextlib.contextmanager
def drawer(label: str, key: str, expanded: bool = False, on_change: Callable[[], None] | str = "rerun",
           icon: str | None = None):
    """`with drawer(label, key) as open_: if open_: ...` (build the content only when `open_`)."""
    with st.expander(label, expanded=expanded, key=key, on_change=on_change, icon=icon) as box:
        yield bool(box.open)
