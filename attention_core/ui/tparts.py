"""T parts: what a page draws that depends on T, redrawn alone by a T step (Streamlit fragments, rerun by name from a T
control's callback), and the T control that makes the steps.

A page marks a part with `@page.follows_t` (`TParts.follows_t`); the T control (`temperature_slider`: the browser
control of `tcontrol` with a Streamlit slider beside it) stores the new T and reruns the parts (`step_t`,
`TParts.redraw_t`). Everything else on the page stays as it is in the browser, so it must not depend on T; a test
checks that for every page (tests/app/test_t_parts.py). The one exception is a table the T control redraws in the
browser (②'s weight path: `TParts.t_in_browser`). Which run is a T step's is Streamlit's private knowledge
(`compat`, use `partial_runs`); without it every T step redraws the whole page.
"""

from __future__ import annotations

import functools
import json
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import streamlit as st

from ..errors import InputError
from ..registry import t_options
from ..scenario import Scenario
from . import compat, tcontrol
from .binding import new_run_mark
from .guard import catching, guarded, in_fragment_run
from .state import AppState, remember

if TYPE_CHECKING:
    from .frame import Page

# A T step reruns only the T parts (fragments) instead of the whole page. AppTest shows only the elements of
# the last run, which for a T step would be the T parts alone, so the page tests turn it off and
# tests/app/test_t_parts.py checks the partial redraw against a full one.
PARTIAL_T_REDRAW = True


def page_script() -> str:
    """The page the current run is for (Streamlit's page script hash), "" outside a run (or when not known)."""
    return compat.current_page()


def queued_alone(state: AppState) -> bool:
    """The running fragment was queued for this run by itself, not by a T step: a widget inside it changed.

    False for a fragment drawn by another one that reruns (e.g. a T part inside ⑦'s auto-training fragment), and
    when it cannot be told (without the `partial_runs` use every guarded callback asks for a whole run itself)."""
    ids = compat.run_fragments()
    if not ids or in_t_step(state):
        return False
    return compat.drawing_fragment() in ids


def in_t_step(state: AppState) -> bool:
    """This run reruns exactly the T parts a T control's callback asked for (`Page.redraw_t`)."""
    ids = compat.run_fragments()
    return bool(ids) and ids == state.t_ids


class TParts:
    """The T-parts half of `frame.Page` (it needs the page's `key`, `_state` and `_t_depth`)."""

    key: str
    _state: AppState
    _t_depth: int

    def follows_t(self, fn):
        """Decorator: `fn` draws a part of the page that depends on T; a T step redraws it alone.

        Call the decorated function where the part goes. Read the state inside it (`page.scenario`,
        `page.lesson`), not from variables computed before it, which a T step does not recompute. A widget
        inside the part reruns the whole page when it changes (as everywhere else on the page); a button in a
        part needs an on_click callback, since its return value is reset when the part's own run stops.
        """
        key = f"t-part:{self.key}:{fn.__name__}"
        state = self._state

        def part() -> None:
            if queued_alone(state):
                st.rerun()  # a widget inside this part changed: the page is drawn whole, as for any widget
            new_run_mark(state)
            # the part's name, for tests
            with st.container(key=f"t-part-{self.key}-{fn.__name__}"), catching(self, fn.__name__):
                self._t_depth += 1
                try:
                    fn()
                finally:
                    self._t_depth -= 1

        part.__name__ = part.__qualname__ = f"t_part_{fn.__name__}"
        fragment = st.fragment(part, key=key)

        @functools.wraps(fn)
        def draw() -> None:
            if not in_fragment_run():
                state.t_parts_next.append(key)
            fragment()

        return draw

    def t_in_browser(self) -> None:
        """Called while a part of the page is drawn, outside the T parts, at the state's T, that the T control
        redraws in the browser at every T (tables.weight_path_table): a T step that the browser did not draw first (the
        Streamlit slider, a preview that failed) then redraws the whole page (`redraw_t`)."""
        self._state.t_browser_next = True

    def redraw_t(self, drawn: bool = True) -> None:
        """In a T control's callback, after the new T is stored: rerun the T parts only (see `follows_t`).

        Falls back to the default whole-page run when the parts are not known (no full run has finished on
        this page yet), partial redraws are off, or the browser did not draw this T (`drawn` False) on a page
        with parts at T outside the T parts (`t_in_browser`). Every T control's callback that runs in the same
        round asks for the same parts (a callback that returned normally would make it a whole-page run).
        """
        state = self._state
        # the parts of the page this run is for (a callback may be another page's: widget ids outlive a page);
        # without Streamlit's run internals (`compat`, use `partial_runs`) every T step redraws the whole page
        if (not PARTIAL_T_REDRAW or not compat.works("partial_runs") or not state.t_parts
                or state.t_parts_script != page_script()):
            return
        if state.t_browser and not drawn:
            return
        ids = compat.fragment_ids(state.t_parts)
        if ids is None:  # a part is not known (the last full run did not get to it): whole page
            return
        state.t_ids = ids
        state.t_started = time.perf_counter()
        if compat.run_fragments() == state.t_ids:
            return  # the control sits in the page's only T part, whose own run this already is: one run, not two
        st.rerun(list(state.t_parts))


def log_timing(key: str, p: Page, started: float) -> None:
    """With ATTENTION_TIMING_LOG set (the benchmark sets it), append this run's server-side script time."""
    path = os.environ.get("ATTENTION_TIMING_LOG")
    if path:
        ms = (time.perf_counter() - started) * 1000
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"page": key, "n": p.scenario.n, "ms": round(ms, 3), "t": time.time()}) + "\n")


def sidebar_t_alone(parts) -> bool:
    """`parts`, the T parts of a whole run, are the sidebar's T part alone (①, ⑥ by default): that part then
    holds the share link, and a T step ends in it (`sidebar_t_rest`; else the frame's tail part does both)."""
    return len(parts) == 1


def end_t_step(p: Page) -> None:
    """In the last T part of a T step's run: remember the page's state, log the step's time, and forget the
    step, so that a later run of these parts for another reason (a report of the T already shown) is not
    taken for one."""
    state = p._state
    remember(state, p.key)
    log_timing(p.key, p, state.t_started)
    state.t_ids = frozenset()


def step_t(p: Page, scenario: Scenario, drawn: bool = True) -> None:
    """In a T control's callback: take `scenario` (the new T) and redraw the T parts (`drawn`: the browser drew
    this T first, see `Page.redraw_t`); a report of the T already shown is no step and redraws nothing.

    Such a report comes with a rerun the browser sends while its sidebar still holds the page it is leaving
    (presenter mode's width, told from the old page and run on the new one: `gate.on_current_page`). The T-part
    run it asked for started the instant the new page's run ended, and that has crashed Streamlit's browser side
    ("Bad delta path index", a blank page: docs/reliability.md)."""
    if scenario.temperature == p.scenario.temperature:
        return
    p.update(scenario)
    p.redraw_t(drawn)


def temperature_slider(p: Page, key: str, under: Callable[[], None] | None = None) -> None:
    """The T control (log-spaced steps), bound to the scenario's T: the browser control of `tcontrol`, with a
    Streamlit slider beside it that AppTest drives and that stands in where the control's module cannot run
    (drawn until the control has told the server a T: `AppState.t_control_runs`). It is a T part itself, so
    that a step on one T control moves the others on the screen too; `under` draws what goes under the control
    in the same part."""

    def changed() -> None:
        ok, value = p.take(key)
        if ok and value is not None:  # the Streamlit slider: the browser drew nothing
            step_t(p, p.scenario.with_temperature(value), drawn=False)

    def released() -> None:  # the browser control, once the hand stops
        value, drawn = tcontrol.reported(key)
        p._state.live_t_charts = drawn  # this browser runs the app's components and Plotly: see Page.chart
        p._state.t_control_runs = True  # its module runs here: the Streamlit sliders are drawn no more
        if value is None:
            return
        try:
            scenario = p.scenario.with_temperature(value)
        except InputError as err:
            p.notify("error", p.error(err))
            return
        step_t(p, scenario, drawn)

    def slider() -> None:
        t = p.scenario.temperature
        options = t_options(t)
        with st.container(key=f"tctl-{tcontrol.css_key(key)}"):
            if not p._state.t_control_runs:  # until the control has told the server a T (see AppState)
                p.seed(key, t, "temperature")
                st.select_slider(p.t("sb.temperature"), options=options, key=key, format_func=lambda v: f"{v:g}",
                                 on_change=guarded(p, changed), help=p.t("sb.temperature_help"))
            tcontrol.control(p, key, options, p.t("sb.temperature"), p.t("sb.temperature_help"),
                             guarded(p, released))
        if under is not None:
            under()

    slider.__name__ = f"slider_{key.replace(':', '_')}"
    p.follows_t(slider)()
