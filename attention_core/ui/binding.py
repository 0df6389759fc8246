"""Widget binding: each widget a page draws is bound to a value of the session's one canonical state (`Page.seed`
before the widget is drawn, `Page.take` in its callback), so that a page or language switch never loses what a user set
and a quick key press is never overwritten by a run already under way.

The widget owns its value while the user drives it; the app writes it only when the browser cannot hold the canonical
value already (see `Bindings.seed`). What the app knows about each widget is a `Binding` in `AppState.widgets`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import streamlit as st

from . import compat

if TYPE_CHECKING:
    from .state import AppState

_RESEED = object()  # a binding's value that equals no canonical value: the widget is written on the next run


@dataclass
class Binding:
    """What the app knows about one widget bound to a canonical value.

    `value` is the canonical value the widget was last seeded with or last reported (the widget holds it),
    `shown` the options it was seeded with (None when they never change), `context` the page and language
    it was drawn in (a widget's identity, hence its browser-side value, is per page), `pushed` whether the
    app wrote a value into it since the browser last reported it.
    """

    field: str
    context: tuple[str, str]
    value: object
    pushed: bool = False
    shown: object = None  # the options it was seeded with, when they can change under it (a picker's words)


def browser_has(key: str) -> bool:
    """Whether the browser reported widget `key` (under the id it was last drawn with) in the widget states that
    came with the request behind this run, i.e. it has drawn that widget and holds a value of its own for it.

    A value the server writes into a widget (`set_value`) reaches the browser only in the element of the run that
    wrote it. When a second run's elements arrive before the browser has drawn the first's (a width report queued
    from the page being left reruns right after the new page's first run, in the same moment), the widget is drawn
    from the second run's element, which carries its declared default, and the browser's next report hands that
    default back as a change (docs/reliability.md). Streamlit's session state internals tell it (`compat.browser_has`,
    use `widget_reports`); without them, True (as if reported: the value is written when it changes, as before).
    """
    return compat.browser_has(key)


def new_run_mark(state: AppState) -> None:
    """A page's body or a T part starts: the callbacks before it were one round (`Page.take`, when Streamlit's own
    run token is not there: `compat.run_token`)."""
    state.run_mark = object()



class Bindings:
    """The binding half of `frame.Page` (it needs the page's `key`, `lang` and `_state`)."""

    key: str
    lang: str
    _state: AppState

    def seed(self, key: str, value: object, field: str | None = None, shown: object = None) -> None:
        """Bind widget `key` to the canonical `value` (call it before the widget is drawn).

        The widget owns its value while the user drives it: it is written only when the browser cannot hold
        the canonical value already, i.e. when the widget is new to this page and language (a widget's
        identity is per page, so a page switch starts it afresh; a widget not drawn in the last run has lost
        its state) or when the canonical value changed from elsewhere since the widget was last seeded or
        last reported a change (another widget bound to the same `field`, a link, an upload, a preset, a
        reset), and again on every run until the browser has reported the widget (`browser_has`): a written value
        can be lost when the next run's element reaches the browser before it has drawn the first. Writing it on
        every run after that would overwrite key presses that arrive while a run is under way.
        A select box whose options can change (`shown`, e.g. the words) is written when they change: the
        browser reports a choice by its label and would keep the old one's.
        """
        b = self._state.widgets.get(key)
        context = (self.key, self.lang)
        if (b is not None and b.context == context and b.value == value and key in st.session_state
                and (shown is None or b.shown == shown) and (not b.pushed or browser_has(key))):
            return
        st.session_state[key] = value
        self._state.widgets[key] = Binding(field or key, context, value, pushed=True, shown=shown)

    def take(self, key: str, options=None) -> tuple[bool, object]:
        """In a widget's on_change callback: (True, the value it reports), or (False, None) to ignore it.

        Ignored: a widget whose state is gone (clients that send only the widgets they changed, or a widget
        the last run did not draw), a report of the value the widget already holds (Streamlit calls a callback for
        it under an id the widget had before, e.g. on the page being left: a T slider's then asked for a T-part run
        that blanked the page, ⑦'s restarted its training; docs/reliability.md), a stale echo, and for a choice
        among `options` a value that is none of them:
        a select box reports its choice by the label it shows, and one that still showed the other language's
        labels (a run that started before the new labels arrived, e.g. a fragment's tick) reports a label that
        is no option now (Streamlit hands it over as it is); it is written again on the next run.

        Only one widget is driven at a time, so when in one round of callbacks two widgets bound to the same
        field both report a change, the one the app wrote into since it last reported (its new value was still
        on the way when the browser sent the press) is stale: it is ignored (and written again on the next
        run), whatever the order of the callbacks.
        """
        state = self._state
        token = compat.run_token()
        token = state.run_mark if token is None else token
        if state.round is not token:  # the first report of this run: the last run's reports are over
            state.round, state.reported = token, {}
        if key not in st.session_state:
            return False, None
        value = st.session_state[key]
        if options is not None and value is not None and value not in options:
            self._reseed(key)
            return False, None
        b = state.widgets.get(key)
        if b is None:
            b = state.widgets[key] = Binding(key, (self.key, self.lang), value)
        elif value == b.value:  # the value the widget already holds: no change (see above)
            return False, None
        driver = state.reported.get(b.field)
        if driver is not None and driver != key:
            other = state.widgets.get(driver)
            if b.pushed and other is not None and not other.pushed:
                b.value = _RESEED  # the browser shows a stale value: write the canonical one on the next run
                return False, None
            if other is not None:
                other.value = _RESEED  # it was the stale one: this report overrides it
        state.reported[b.field] = key
        b.value, b.pushed = value, False
        return True, value

    def _reseed(self, key: str) -> None:
        """The widget shows a value that is not the canonical one: write the canonical one on the next run."""
        b = self._state.widgets.get(key)
        if b is not None:
            b.value = _RESEED
