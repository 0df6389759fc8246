"""The Streamlit frame every page calls first, the one canonical state per session, shared widgets.

Usage in a page file:

    with ui.page("gaze") as p:
        p.title()
        ...

The frame loads the state (from a share link on a session's first run), draws the sidebar
(language, steps, sentence, preset, T, share link, reset) and, when the page is done, writes the
share link for the final state. Widgets are seeded from the canonical state when it changed elsewhere,
so a page or language switch never loses what a user set. A T step redraws only the T parts
(`Page.follows_t`); the frame's own are the T sliders, the compare under the title and the share link,
which also keeps the state for a reload. The export tools make their files from the state at the click.

The only part of attention_core that imports Streamlit: `state` (the session's one canonical state),
`frame` (page object, sidebar, shared widgets), `lecture` (presenter mode, predict-then-reveal,
compare, export and import).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import streamlit as st

from ..registry import PAGES, T_OPTIONS, page_spec
from . import a11y, classroom, compat, gate, room, tcontrol, web
from .binding import new_run_mark
from .frame import Page, md, share_link, sidebar
from .guard import catching, guarded, pending_failure, starting
from .lecture import clicker, compare, predict_reveal, presenter_header, tools
from .scenes import builder, nav, open_builtin, walking
from .state import AppState, remember, session_state
from .tables import number_table, weight_path_table
from .tparts import end_t_step, in_t_step, log_timing, page_script, sidebar_t_alone, temperature_slider

class_hides = classroom.hides  # a chart of this screen answers the class's open question: the page hides it

compat.self_check()  # every use of Streamlit's private surface, tried once per process (see compat.py)
gate.install()  # the students' runs take turns, the lecturer's go first (see gate.py)
web.bound_component_json()  # a component's value or event from the browser: nested JSON is bounded (see web.py)

__all__ = ["PAGES", "T_OPTIONS", "AppState", "Page", "class_hides", "guarded", "md", "number_table", "open_builtin",
           "page", "predict_reveal", "temperature_slider", "weight_path_table"]


@contextlib.contextmanager
def page(key: str) -> Iterator[Page]:
    """The frame: page config, state, sidebar; then the page body; then the share link of the final state."""
    started = time.perf_counter()
    with starting():  # the state and the page's frame: a failure here has no page to speak in yet
        state = session_state()
        state.t_parts_next, state.t_browser_next = [], False
        new_run_mark(state)
        if state.goto is not None:  # a lesson link's first scene, or a step asked for by a callback (Page.open)
            goto, state.goto = state.goto, None
            if goto != key:
                st.switch_page(page_spec(goto).file)
        p = Page(key, state)
        st.set_page_config(
            page_title=f"{p.t(f'page.{key}')} · {p.t('app.title')}",
            page_icon=page_spec(key).icon,
            layout="wide",
            initial_sidebar_state="collapsed" if p.presenter else "auto",  # auto: folded on a phone
        )
        web.html(web.style("layout.css"))  # the space above the title, a slider's end labels
        web.html(web.style("phone.css"))  # a wide formula on a phone
        a11y.install(p)
        if state.owner_new:  # this browser had no owner secret: keep the session's (ui/state.py)
            web.keep_owner(state.owner)
    tail_slot = None
    with catching(p, "frame"):  # anything left over: a message and "reset this page", never a traceback
        tail_slot = sidebar(p)
        with st.sidebar:  # on every page: a click or key that opens a page keeps the old one on screen until it draws
            clicker()
            tcontrol.library()  # the T controls' code, once per page run: a T step does not send it again
            room.measure(p)  # presenter mode: the page's width, which its charts are laid out for
        if p.presenter:
            presenter_header(p)
            classroom.open_button(p)
        elif walking(p):
            nav(p)
        classroom.class_card(p)
        compat_notice(p)
        while state.notices:
            level, message = state.notices.pop(0)
            getattr(st, level)(message)
        pending_failure(p)
    alarm = st.empty()  # where a failure of the page's body is told: above the title, where the eye is
    with catching(p, "page", alarm):
        yield p
        _tail(p, key, tail_slot or st.sidebar.container(), started)


def compat_notice(p: Page) -> None:
    """On the lecturer's screen (presenter mode, or hosting a class), until dismissed: the internals of Streamlit this
    server runs without, and what may happen without each (ui/compat.py; the log says it too)."""
    state = p._state
    gone = compat.missing()
    if not gone or state.compat_seen or not (p.presenter or state.hosting):
        return
    lines = [p.t("compat.line", what=p.t(f"compat.{name}"), effect=p.t(f"compat.{name}.effect")) for name in gone]
    with st.container(key="compat-notice"):
        st.warning("\n\n".join([f"**{p.t('compat.title')}**", *(f"- {line}" for line in lines), p.t("compat.help")]),
                   icon=":material/warning:")
        st.button(p.t("compat.ok"), key="compat:ok", on_click=guarded(p, _compat_seen), args=(state,))


def _compat_seen(state) -> None:
    state.compat_seen = True


def _tail(p: Page, key: str, tail_slot, started: float) -> None:
    """When the page is drawn: the compare and the share link of the final state, the tools, the store."""
    state = p._state

    def frame_compare() -> None:
        compare(p)

    @p.follows_t
    def frame_tail() -> None:  # the last T part: a T step's run ends here
        share_link(p)
        if in_t_step(state):
            end_t_step(p)

    with p.compare_slot or st.container():  # right under the title: where the lecturer is looking
        # a T part only while there is a compare to draw: a T step reruns each part, an empty one too
        (p.follows_t(frame_compare) if p.snapshot is not None else frame_compare)()
    alone = p.share_slot is not None and sidebar_t_alone(state.t_parts_next)
    if alone:  # the link goes in the sidebar T part's slot, and a T step ends in that part
        with p.share_slot:
            share_link(p)
    with tail_slot:
        if not alone:
            frame_tail()
        tools(p)  # its downloads are made from the state at the click
        if not p.presenter:
            classroom.open_button(p)
        builder(p)
    state.t_parts, state.t_parts_script = tuple(state.t_parts_next), page_script()
    state.t_browser = state.t_browser_next
    remember(state, key)
    log_timing(key, p, started)


