"""What the frame does with an error nothing else caught: the user sees a message in the UI language with a
"reset this page" button, never a traceback; the session's state stays; the server logs the traceback.

`catching(p, where)` wraps a page's body (and each T part); `guarded(p, fn)` wraps a widget callback, whose
errors Streamlit would show before the page even starts. Streamlit's own control flow (st.rerun, st.stop,
st.switch_page) raises BaseExceptions, which pass through.

A guarded callback of a widget the whole page draws is followed by a whole run of the page, always. Streamlit's
frontend sends the widget changes of one moment in one message, as a run of the first fragment among them: a
click sent in the same moment as a fragment's change (presenter mode's page-width report goes out right after a
page is drawn, when a clicker's press is likely) arrives as that fragment's run. Its callback runs, and the page
would not be drawn again: a step or a switch that seems lost (see `whole_page_next`).
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

import streamlit as st

from ..i18n import text
from ..registry import LANGS
from ..scenario import View
from . import compat
from .state import _STATE, Training

if TYPE_CHECKING:
    from .frame import Page

LOG = logging.getLogger("attention_core.ui")
_FAILED = "attention_failed"  # session key: the page whose callback failed, so its next run offers the reset


@contextlib.contextmanager
def starting() -> Iterator[None]:
    """Run the start of a page (the session's state, the page's frame); on an unexpected error, log it, say so in both
    languages (the session's language is not known yet) with "start again", which drops the session's state, and
    stop the run. Streamlit's control flow passes through."""
    try:
        yield
    except Exception as err:  # as in `catching`: nothing may reach the user as a traceback
        LOG.error("a page's start failed", exc_info=err)
        st.error("\n\n".join(text(lang, "msg.start_failed") for lang in LANGS), icon=":material/error:")
        st.button(" · ".join(text(lang, "msg.start_again") for lang in LANGS), key="guard:start-again",
                  icon=":material/restart_alt:", on_click=_start_again)
        st.stop()


def _start_again() -> None:
    """The session starts afresh: no state of its own, nothing from the address."""
    st.session_state.pop(_STATE, None)
    st.query_params.clear()


@contextlib.contextmanager
def catching(p: Page, where: str, slot=None) -> Iterator[None]:
    """Run the block; on an unexpected error, log it and show the message and the reset button (in `slot`,
    an `st.empty()`, when given; else where the block stopped)."""
    try:
        yield
    except Exception as err:  # the last line of defence: nothing may reach the user as a traceback
        LOG.error("page %s: %s failed", p.key, where, exc_info=err)
        with slot.container() if slot is not None else contextlib.nullcontext():
            failure(p, where)


def guarded(p: Page, fn: Callable, button: str | None = None) -> Callable:
    """`fn` as a widget callback: an unexpected error is logged, the change is dropped, the page says so.

    `button`: the key of the button whose on_click this is; `fn` then runs only when it reads pressed. A browser
    sends a button only when it is pressed, but a request made of a page's widgets as a whole (AppTest's, a script's)
    may name every button of a page left behind, unpressed, and Streamlit calls their callbacks under their old ids
    (as it does for every widget of that page: `Page.take`)."""

    @functools.wraps(fn)
    def callback(*args, **kwargs):
        if button is not None and st.session_state.get(button) is not True:
            return None
        try:
            result = fn(*args, **kwargs)
        except Exception as err:  # as above
            LOG.error("page %s: callback %s failed", p.key, getattr(fn, "__name__", "?"), exc_info=err)
            st.session_state[_FAILED] = p.key
            result = None
        whole_page_next()
        return result

    return callback


in_fragment_run = compat.in_fragment_run  # this run reruns fragments only, not the whole page


def whole_page_next() -> None:
    """In the callback of a widget the whole page draws: when the run about to start is a fragment's (the click came
    in one message with a fragment's change, see the module's note), ask for a whole run of the page instead. A
    callback of a widget inside a fragment keeps its fragment's run, and a whole run needs nothing.

    Where a callback runs and which run follows are Streamlit's private knowledge (`compat.page_callback`,
    `compat.in_fragment_run`); `st.rerun()` from a callback is the documented request, queued once every callback of
    the message has run. Without the `partial_runs` use every guarded callback asks for a whole run: a fragment's
    widget then redraws the page too (slower, never a lost press)."""
    if not compat.works("partial_runs"):
        st.rerun()
    if not in_fragment_run():  # a whole run of the page follows anyway
        return
    if compat.page_callback():
        st.rerun()


def pending_failure(p: Page) -> None:
    """At the top of a page: the message and the reset button when a callback of this page failed."""
    if st.session_state.get(_FAILED) == p.key:
        del st.session_state[_FAILED]
        failure(p, "callback")


def failure(p: Page, where: str) -> None:
    st.error(p.t("msg.page_failed"), icon=":material/error:")
    st.button(p.t("msg.reset_page"), key=f"guard:reset:{p.key}:{where}", icon=":material/restart_alt:",
              on_click=reset_page, args=(p,))


def reset_page(p: Page) -> None:
    """This page's own settings back to the start; the sentence, weights, T and the lesson stay.

    The picks (word, cell, dimensions), this page's predict-then-reveal quizzes, ⑦'s training run, and the
    page's widgets, which are written afresh from the state on the next run.
    """
    state = p._state
    state.view = replace(View(), lang=state.view.lang, presenter=state.view.presenter).fitted(state.scenario)
    state.quizzes = {k: q for k, q in state.quizzes.items() if not k.startswith(f"{p.key}:")}
    if p.key == "learn":
        state.training = Training()
    for key, binding in list(state.widgets.items()):
        if binding.context[0] == p.key:
            del state.widgets[key]
    state.notices.append(("success", p.t("msg.page_reset_done")))
