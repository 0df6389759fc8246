"""The frame every page calls first: page config, sidebar (language, steps, sentence, preset, T, share link,
reset) and the shared widgets, all bound to the session's one canonical state.

Widgets are seeded from the canonical state when it changed elsewhere (see `Page.seed`), so a page or
language switch never loses what a user set.

A T step redraws only what depends on T: the T sliders, the parts a page marks with `Page.follows_t`, the
B − A compare and the share link (Streamlit fragments, rerun by name from the slider's callback; the export
tools make their files from the state at the click). Everything else on the page stays as it is in the
browser, so it must not depend on T; a test checks that for every page (tests/app/test_t_parts.py). The one
exception is a table the T control redraws in the browser (②'s weight path: `Page.t_in_browser`).
The T control itself (`tcontrol`) redraws the T charts in the browser while the hand moves and sends the T
once the hand stops; that is the T step above.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import json
import os
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.errors import StreamlitAPIException
from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState

from .. import accessible, analysis, codec, figures, presets, theme
from ..errors import InputError
from ..i18n import CATALOGUE, error_text, notice, text
from ..lexicon import AXES
from ..registry import CELL_STEP, LANGUAGES, MAX_ABS, MAX_WORDS, PAGES, SEED_MAX, t_options
from ..scenario import Scenario, View, parse_sentence, pick_index, weight_columns
from ..scenes import Scene
from . import a11y, room, tcontrol
from .drawers import drawer
from .guard import catching, guarded, in_fragment_run
from .state import AppState, Binding, Quiz, Training, remember, unwrapped

_RESEED = object()  # a binding's value that equals no canonical value: the widget is written on the next run

# A T step reruns only the T parts (fragments) instead of the whole page. AppTest shows only the elements of
# the last run, which for a T step would be the T parts alone, so the page tests turn it off and
# tests/app/test_t_parts.py checks the partial redraw against a full one.
PARTIAL_T_REDRAW = True


def run_token() -> object | None:
    """An object that stands for the current script run (full or fragment), new on every run.

    Streamlit 1.67 makes a new `parallel_coordinator` for each run when it resets the run context, before
    any callback runs; None outside a script run.
    """
    ctx = get_script_run_ctx(suppress_warning=True)
    return getattr(ctx, "parallel_coordinator", None) if ctx is not None else None


def browser_has(key: str) -> bool:
    """Whether the browser reported widget `key` (under the id it was last drawn with) in the widget states that
    came with the request behind this run, i.e. it has drawn that widget and holds a value of its own for it.

    A value the server writes into a widget (`set_value`) reaches the browser only in the element of the run that
    wrote it. When a second run's elements arrive before the browser has drawn the first's (a width report queued
    from the page being left reruns right after the new page's first run, in the same moment), the widget is drawn
    from the second run's element, which carries its declared default, and the browser's next report hands that
    default back as a change (docs/reliability.md). Reads Streamlit's session state internals (1.67, pinned); when
    they are not there, answers True (as if reported: the value is written when it changes, as before).
    """
    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None:
        return True
    try:
        inner, lock = unwrapped(ctx.session_state)
        with lock:
            widget_id = inner._key_id_mapper.get_id_from_key(key)
            return widget_id is not None and widget_id in inner._new_widget_state.states
    except Exception:  # another Streamlit's internals: as if reported
        return True


def page_script() -> str:
    """The page the current run is for (Streamlit's page script hash), "" outside a run."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return ctx.page_script_hash if ctx is not None else ""


def queued_alone(state: AppState) -> bool:
    """The running fragment was queued for this run by itself, not by a T step: a widget inside it changed.

    False for a fragment drawn by another one that reruns (e.g. a T part inside ⑦'s auto-training fragment).
    """
    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None or not ctx.fragment_ids_this_run or in_t_step(state):
        return False
    return ThreadState.get().fragment_id in ctx.fragment_ids_this_run


def in_t_step(state: AppState) -> bool:
    """This run reruns exactly the T parts a T control's callback asked for (`Page.redraw_t`)."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return bool(ctx is not None and ctx.fragment_ids_this_run and set(ctx.fragment_ids_this_run) == state.t_ids)


class Charts:
    """`figures`' builders with the presenter styling (and on a phone its width) bound, so a page never passes
    them chart by chart."""

    def __init__(self, presenter: bool, room: float | None = None, phone: bool = False,
                 room_height: int | None = None) -> None:
        self._presenter = presenter
        self._room = room  # presenter mode's measured page width, for the builders that lay out by width (ui.room)
        self._phone = phone
        self._room_height = room_height  # and the height a chart may take there (ui.room.height)

    def __getattr__(self, name: str):
        if name not in figures.BUILDERS:
            raise AttributeError(f"{name} is not a figure builder (Axis, Mark: import them from figures)")
        builder = getattr(figures, name)
        params = inspect.signature(builder).parameters
        extra = {}
        if self._room is not None and "room" in params:
            extra["room"] = self._room
        if self._room_height is not None and "max_height" in params:
            extra["max_height"] = self._room_height
        bound = functools.partial(builder, presenter=self._presenter, **extra)
        if self._phone and "width_px" in params:
            return functools.partial(_on_phone, bound, params["width_px"].default)
        return bound


def _on_phone(builder, default_px: float, *args, **kwargs):
    """A builder called on a phone: no chart is laid out wider than the phone's content width. The page's columns
    stand one under the other there, and a chart laid out for a laptop's column is drawn narrower than it was laid
    out for: its cells shrink and the numbers sized for them run past their edges."""
    kwargs["width_px"] = min(kwargs.get("width_px", default_px), theme.PHONE_WIDTH_PX)
    return builder(*args, **kwargs)


class Page:
    """What a page sees: the translated text, the state, the computed lesson, and shared widgets."""

    def __init__(self, key: str, state: AppState) -> None:
        self.key = key
        self._state = state
        self._lesson: analysis.Lesson | None = None
        self.compare_slot = None  # where the B − A compare goes: right under the title
        self.share_slot = None  # inside the sidebar's T part, under the T control: where the share link goes
        self._t_depth = 0  # > 0 while a T part draws: its charts carry their T inputs (tcontrol.attach)
        # what this run drew that a scene's caption can be about, in page order: (element key, its visible name)
        self.focusable: list[tuple[str, str]] = []

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
        token = run_token()
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

    # T steps

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
        ctx = get_script_run_ctx(suppress_warning=True)
        # the parts of the page this run is for (a callback may be another page's: widget ids outlive a page)
        if not PARTIAL_T_REDRAW or ctx is None or not state.t_parts or state.t_parts_script != page_script():
            return
        if state.t_browser and not drawn:
            return
        try:
            state.t_ids = frozenset(ctx.fragment_storage.resolve_target(list(state.t_parts)))
        except StreamlitAPIException:  # a part is not known (the last full run did not get to it): whole page
            return
        state.t_started = time.perf_counter()
        if set(ctx.fragment_ids_this_run or ()) == state.t_ids:
            return  # the control sits in the page's only T part, whose own run this already is: one run, not two
        st.rerun(list(state.t_parts))

    # state

    @property
    def scenario(self) -> Scenario:
        return self._state.scenario

    @property
    def view(self) -> View:
        return self._state.view

    @property
    def lang(self) -> str:
        return self._state.view.lang

    @property
    def presenter(self) -> bool:
        return self._state.view.presenter

    @property
    def lesson(self) -> analysis.Lesson:
        """Every result of the current scenario, computed once per change."""
        if self._lesson is None or self._lesson.scenario is not self.scenario:
            self._lesson = analysis.compute(self.scenario)
        return self._lesson

    def update(self, scenario: Scenario | None = None, view: View | None = None, from_editor: bool = False) -> None:
        s = scenario or self.scenario
        self._state.scenario = s
        self._state.view = (view or self.view).fitted(s)
        if scenario is not None and not from_editor:
            self._state.rev += 1

    def t(self, key: str, **params: object) -> str:
        """The string `key`; in presenter mode (sidebar folded) its "<key>.presenter" wording when it has one,
        which points at what is on the screen instead of the sidebar."""
        return text(self.lang, self._wording(key), **params)

    def tm(self, key: str, **params: object) -> str:
        """`t` for Markdown: words typed by users are escaped, so `**x**` or `<b>` show as typed."""
        return text(self.lang, self._wording(key), **{k: md(v) if isinstance(v, str) else v for k, v in params.items()})

    def _wording(self, key: str) -> str:
        return f"{key}.presenter" if self.presenter and f"{key}.presenter" in CATALOGUE else key

    def error(self, err: Exception) -> str:
        return error_text(self.lang, err)

    def axis_names(self) -> list[str]:
        return [self.t(f"axis.{a.key}") for a in AXES]

    @property
    def wide(self) -> bool:
        """Past theme.WIDE_AFTER_WORDS words the word × word matrices get the page's full width."""
        return self.scenario.n > theme.WIDE_AFTER_WORDS

    @property
    def matrix_width(self) -> int:
        """The width (px) a word × word matrix gets: all of the page when `wide`, else one of two columns."""
        return theme.FULL_WIDTH_PX if self.wide else theme.HALF_WIDTH_PX

    def columns(self, spec=2, **kwargs) -> list:
        """`st.columns(spec)`, or one full-width container per column when the matrices need the full width."""
        n = spec if isinstance(spec, int) else len(spec)
        return [st.container() for _ in range(n)] if self.wide else st.columns(spec, **kwargs)

    # drawing helpers

    def title(self) -> None:
        """The page's title, then the notice about words not in the table (every page shows the sentence) and,
        under it and always on ①, the drawer that sets a word's meaning (ui/words.py; the notice names it)."""
        from . import words  # it draws with this module's Page: imported when first drawn, not at import

        st.title(self.t(f"page.{self.key}"))
        noticed = word_notice(self)
        if (noticed and self.walk is None) or self.key == "gaze":
            words.panel(self)
        self.compare_slot = st.container()  # filled when the page is drawn, with the final state

    def lead(self, key: str) -> None:
        st.markdown(self.t(key))

    def note(self, key: str) -> None:
        """An honesty note. "note.hand_set" becomes "note.learned" on the single-head screens once the
        scenario holds weights learned on screen ⑦ (the multi-head weights stay hand-set)."""
        if key == "note.hand_set" and self.scenario.preset == "learned" and self.key != "multihead":
            key = "note.learned"
        st.caption("ⓘ " + self.t(key))

    # the session's tools, by name: nothing outside the frame and the state module reaches into the state

    def notify(self, level: str, message: str) -> None:
        """Show `message` once, at the top of the next run: level "info", "success", "warning" or "error"."""
        self._state.notices.append((level, message))

    def quiz(self, name: str) -> Quiz:
        """Predict-then-reveal bookkeeping for this page's chart `name`."""
        return self._state.quizzes.setdefault(f"{self.key}:{name}", Quiz())

    @property
    def snapshot(self) -> Scenario | None:
        """State A of the B − A compare, or None."""
        return self._state.snapshot

    def set_snapshot(self, scenario: Scenario | None) -> None:
        self._state.snapshot = scenario

    @property
    def training(self) -> Training:
        """Screen ⑦'s training run and controls, this session's own."""
        return self._state.training

    def first_upload(self, kind: str, file_id: str) -> bool:
        """True the first time this uploaded file (of `kind`: "state", "lesson") is seen: one upload applies once."""
        if self._state.uploads.get(kind) == file_id:
            return False
        self._state.uploads[kind] = file_id
        return True

    @property
    def scenes(self) -> list[Scene]:
        """The lesson's scenes, being built or walked (the lecture tools add, move and delete in place)."""
        return self._state.scenes

    def set_scenes(self, lesson) -> None:
        self._state.scenes = list(lesson)

    @property
    def walk(self) -> int | None:
        """The scene on show while the clicker walks the lesson, else None."""
        return self._state.walk

    @walk.setter
    def walk(self, index: int | None) -> None:
        self._state.walk = index
        self._state.walk_opened += 1

    @property
    def walk_opened(self) -> int:
        """A number new at each opening of a scene (the browser brings the scene's focus into view once)."""
        return self._state.walk_opened

    @property
    def fig(self) -> Charts:
        """The figure builders with this page's presenter styling bound once: `page.fig.heatmap(...)`."""
        return Charts(self.presenter, room.scale(self.presenter), phone=self.on_phone,
                      room_height=room.height(self.presenter))

    def word_axes(self, labels=None) -> tuple[figures.Axis, figures.Axis]:
        """The axes of a word × word matrix: rows are the looking words (Query), columns the looked-at (Key)."""
        labels = list(self.scenario.labels if labels is None else labels)
        return (figures.Axis(labels, self.t("lbl.query_axis"), self.t("lbl.looker")),
                figures.Axis(labels, self.t("lbl.key_axis"), self.t("lbl.looked")))

    def chart(self, fig, name: str, live: bool = False) -> None:
        """Draw `fig` under the key "chart:<name>", with its accessible name and its numbers as a table (see a11y).
        `live`: a chart redrawn several times a second, updated in place instead of mounted afresh (see
        live_chart). Inside a T part the figure carries what the T control needs to redraw it in the browser
        while the hand moves (tcontrol.attach), and once the session's T control has drawn a T in the browser the
        chart is drawn in place too (every T step redraws it; mounted afresh it would go blank for a moment). Until
        then it is Streamlit's own chart, which needs none of the app's components: where they cannot run, the
        T charts still draw, and T steps go through the server."""
        if self._t_depth:
            fig = tcontrol.attach(self, fig)
        a11y.chart(self, fig, name, live=live or (self._t_depth > 0 and self._state.live_t_charts))
        self.focusable.append((f"chart:{name}", accessible.visible_title(fig) or name))
        if figures.numbers_left_out(fig):  # say where the numbers are that the cells could not hold
            st.caption(self.t("views.numbers_hover"))

    @property
    def on_phone(self) -> bool:
        """The browser says it is a phone's (its User-Agent has "Mobile", as iOS and Android phones send)."""
        return "Mobile" in (st.context.headers.get("User-Agent") or "")

    def grid(self, panels, columns: int, phone_columns: int, **kwargs):
        """`figures.heatmap_grid` in `columns`, or on a phone in `phone_columns` laid out for its width, so that
        panel titles and tick labels stay apart on a 390 px screen."""
        if self.on_phone:
            return self.fig.heatmap_grid(panels, columns=phone_columns, width_px=theme.PHONE_WIDTH_PX, **kwargs)
        return self.fig.heatmap_grid(panels, columns=columns, **kwargs)

    def scenario_toggle(self, label: str, key: str, on: bool, apply, **kwargs) -> bool:
        """A toggle bound to an on/off setting of the scenario: `apply(on)` is the scenario with it set."""
        self.seed(key, on)

        def changed() -> None:
            ok, value = self.take(key)
            if ok:
                self.update(apply(bool(value)))

        return st.toggle(label, key=key, on_change=guarded(self, changed), **kwargs)

    def word_picker(self, label_key: str = "lbl.pick_word", field_name: str = "focus", key: str = "") -> int:
        """A select box over the words, bound to the view's selected word (or one end of the selected cell)."""
        labels = self.scenario.labels

        def current() -> int:
            return {"focus": self.view.focus, "row": self.view.cell[0], "col": self.view.cell[1]}[field_name]

        wkey = f"pick:{field_name}:{key or self.key}"
        self.seed(wkey, current(), shown=labels)

        def changed() -> None:
            ok, raw = self.take(wkey)
            i = pick_index(raw, self.scenario.labels) if ok else None
            if i is None:  # a label of words no longer there: keep the pick, show it again
                self._reseed(wkey)
                return
            v = self.view
            new = {"focus": replace(v, focus=i), "row": replace(v, cell=(i, v.cell[1])),
                   "col": replace(v, cell=(v.cell[0], i))}[field_name]
            self.update(view=new)

        st.selectbox(self.t(label_key), range(len(labels)), format_func=lambda i: labels[i], key=wkey,
                     on_change=guarded(self, changed))
        return current()

    def _reseed(self, key: str) -> None:
        """The widget shows a value that is not the canonical one: write the canonical one on the next run."""
        b = self._state.widgets.get(key)
        if b is not None:
            b.value = _RESEED

    def dim_picker(self, which: int, label_key: str) -> int:
        """A select box over the Q/K dimensions, bound to one of the view's two chosen dimensions."""
        wkey = f"pick:dim{which}:{self.key}"
        self.seed(wkey, self.view.dims[which], shown=self.scenario.d_k)

        def changed() -> None:
            ok, raw = self.take(wkey)
            d = pick_index(raw, [f"{k + 1}" for k in range(self.scenario.d_k)]) if ok else None
            if d is None:
                self._reseed(wkey)
                return
            dims = list(self.view.dims)
            dims[which] = d
            self.update(view=replace(self.view, dims=(dims[0], dims[1])))

        st.selectbox(self.t(label_key), range(self.scenario.d_k), format_func=lambda d: f"{d + 1}",
                     key=wkey, on_change=guarded(self, changed))
        return self.view.dims[which]

    @contextlib.contextmanager
    def editors(self, label: str):
        """An expander for this page's matrix editors, built only while it is open (opening it reruns the
        page): a closed editor costs nothing on a page switch or a rerun. `with page.editors(...) as open_:`"""
        with drawer(label, f"editors:{self.key}") as open_:
            yield open_

    @contextlib.contextmanager
    def drawer(self, label: str, key: str, opened: bool = False):
        """A `drawers.drawer` (content built only while open) whose being open is the session's: it stays open or
        closed across pages and languages (its title changes with the language, which makes it a new
        expander to Streamlit). `opened`: open until the user first opens or closes it."""
        kept = self._state.kept

        def toggled() -> None:
            kept[key] = bool(st.session_state.get(key))

        with drawer(label, key, expanded=bool(kept.get(key, opened)), on_change=guarded(self, toggled)) as open_:
            yield open_

    def open(self, key: str) -> None:
        """The next run opens page `key` before it draws anything: from a widget's callback, or from a page's body
        followed by `st.rerun()` (Streamlit's st.switch_page in a callback finds the app's pages in a running
        server, not in AppTest)."""
        self._state.goto = key

    def forget_drawer(self, key: str) -> None:
        """Drawer `key` opens or closes as its `opened` says again, whatever the user did with it last."""
        self._state.kept.pop(key, None)

    def keep(self, key: str, default: object) -> Callable[[], None]:
        """For a widget inside a `drawer`: give it back the value it had when the drawer was closed (Streamlit
        forgets the value of a widget a run does not draw), and return the on_change that keeps its next one.
        Call it right before the widget is drawn. (A kept choice that is no longer an option, a head that is
        gone, Streamlit itself replaces by the first one: tests/app/test_drawers.py.)"""
        kept = self._state.kept
        if key not in st.session_state:
            st.session_state[key] = kept.get(key, default)

        def keep_value() -> None:
            kept[key] = st.session_state.get(key, default)

        return keep_value

    def matrix_editor(self, name: str, height: int | str = "auto") -> None:
        """Edit X, W_Q, W_K, W_V or γ/β in place; a bad cell is refused with a message and the last good value."""
        s = self.scenario
        frame, cols = self._editor_frame(name)
        values = frame.to_numpy()
        config = {c: st.column_config.NumberColumn(c, min_value=-MAX_ABS, max_value=MAX_ABS, step=CELL_STEP,
                                                   format="%.2f") for c in cols}
        key = self._editor_key(name, frame)
        edited = st.data_editor(frame, key=key, num_rows="fixed", column_config=config, width="stretch",
                                height=height)
        raw = edited.to_numpy(dtype=object).tolist() if edited.shape == frame.shape else edited.to_numpy().tolist()
        try:
            if edited.shape == frame.shape and np.array_equal(edited.to_numpy(dtype=float), values):
                return
        except (TypeError, ValueError):
            pass
        try:
            if name == "x":
                new = s.with_x(raw)
            elif name == "gamma_beta":
                if len(raw) != 2:
                    raise InputError("matrix_shape", "γ/β must be 2 rows.", name="γ/β", rows=2, cols=len(cols))
                new = s.with_matrix("gamma", raw[0]).with_matrix("beta", raw[1])
            else:
                new = s.with_matrix(name, raw)
        except InputError as err:
            self._state.editor_rev[name] = self._state.editor_rev.get(name, 0) + 1
            self.notify("error", self.error(err) + " " + self.t("msg.kept_last_good"))
            st.rerun()
        self.update(new, from_editor=True)
        self._state.widgets[f"edit:{name}"].value = _editor_fingerprint(self._editor_frame(name)[0])

    def _editor_frame(self, name: str) -> tuple[pd.DataFrame, list[str]]:
        """The canonical matrix an editor shows, as a frame, and its column names."""
        s = self.scenario
        axes = self.axis_names()
        if name == "x":
            values, rows, cols = s.x, list(s.labels), axes
        elif name in ("w_q", "w_k", "w_v"):
            m = getattr(s, name)
            values, rows, cols = m, axes, list(weight_columns(name, m.shape[1]))
        elif name == "gamma_beta":
            values, rows, cols = np.vstack([s.gamma, s.beta]), ["γ", "β"], axes
        else:
            raise ValueError(name)
        return pd.DataFrame(np.asarray(values), index=rows, columns=cols), cols

    def _editor_key(self, name: str, frame: pd.DataFrame) -> str:
        """An editor keeps its key (so its edits and focus) while the matrix changes only through it; a change
        from elsewhere (sentence, preset, link, upload, reset) or a refused cell starts it afresh."""
        state = self._state
        fingerprint = _editor_fingerprint(frame)
        b = state.widgets.get(f"edit:{name}")
        if b is None or b.value != fingerprint:
            state.editor_gen[name] = state.editor_gen.get(name, 0) + 1
            state.widgets[f"edit:{name}"] = Binding(f"edit:{name}", (self.key, self.lang), fingerprint)
        return f"edit:{name}:{self.lang}:{state.editor_gen.get(name, 0)}:{state.editor_rev.get(name, 0)}"


_MD_SPECIAL = set("\\`*_{}[]()#+-.!|<>~$&")


def md(word: str) -> str:
    """A user's word as literal Markdown text (every Markdown, HTML and LaTeX special character escaped)."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in word)


def _editor_fingerprint(frame: pd.DataFrame) -> tuple:
    return (tuple(frame.index), tuple(frame.columns), frame.to_numpy().tobytes())


def log_timing(key: str, p: Page, started: float) -> None:
    """With ATTENTION_TIMING_LOG set (the benchmark sets it), append this run's server-side script time."""
    path = os.environ.get("ATTENTION_TIMING_LOG")
    if path:
        ms = (time.perf_counter() - started) * 1000
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"page": key, "n": p.scenario.n, "ms": round(ms, 3), "t": time.time()}) + "\n")


def sidebar(p: Page):
    """Draw the sidebar; return the empty slot the share link goes into once the page is drawn."""
    state = p._state
    with st.sidebar:
        st.markdown(f"**{p.t('app.title')}**")
        p.seed("sb:lang", p.lang)
        st.segmented_control(
            p.t("sb.language"), tuple(LANGUAGES), format_func=LANGUAGES.__getitem__,
            key="sb:lang", on_change=guarded(p, _on_lang), args=(p,), label_visibility="collapsed",
        )
        p.seed("sb:presenter", p.presenter, "presenter")
        st.toggle(p.t("lecture.presenter"), key="sb:presenter", on_change=guarded(p, on_presenter),
                  args=(p, "sb:presenter"), help=p.t("lecture.presenter_help"))
        st.caption(p.t("sb.steps"))
        for spec in PAGES:
            st.page_link(spec.file, label=p.t(f"page.{spec.key}"))
        st.divider()
        sentence_input(p, "sb:sentence")
        p.seed("sb:preset", p.scenario.preset)
        st.selectbox(p.t("sb.preset"), presets.SINGLE_HEAD_PRESETS, key="sb:preset",
                     format_func=lambda k: p.t(f"preset.{k}"), on_change=guarded(p, _on_preset), args=(p,))
        if p.scenario.preset == "random":
            p.seed("sb:seed", p.scenario.seed)
            st.number_input(p.t("sb.seed"), min_value=0, max_value=SEED_MAX, step=1, key="sb:seed",
                            on_change=guarded(p, _on_seed), args=(p,))
        temperature_slider(p, "sb:T", under=lambda: sidebar_t_rest(p))
        tail_slot = st.container()  # filled once the page is drawn, so it shows the final state
        if st.button(p.t("sb.reset"), key="sb:reset", icon=":material/restart_alt:"):
            p.update(Scenario(), View(lang=p.lang))
            state.notices.append(("success", p.t("sb.reset_done")))
            st.rerun()
    return tail_slot


def sidebar_t_rest(p: Page) -> None:
    """Inside the sidebar's T part, under the control: the note, and the slot of the share link.

    Where the sidebar's T part is the page's only one (①, ⑥), the share link is drawn in that slot and a T
    step ends here: a step of the control is then Streamlit's own run of the part the control sits in, one
    script run. Asking for parts by name (`Page.redraw_t`) makes two, the first cut short at once, which the
    browser handles in full (docs/performance.md). A whole run fills the slot at its end (`ui._tail`), so that
    the link shows the final state."""
    state = p._state
    p.note("note.sqrt_dk")
    # a container, not st.empty: the browser keeps the link it shows until the run writes the new one (an empty
    # element would replace it at once, and the link would vanish while the page's body runs)
    p.share_slot = st.container()
    if in_t_step(state) and sidebar_t_alone(state.t_parts):  # this part is the T step's whole run
        with p.share_slot:
            share_link(p)
        end_t_step(p)


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


def word_notice(p: Page) -> bool:
    """Under the page title: the words made up from the hash (a warning), and those found by a stem or read from
    their form and the open lexicons (a caption) — see i18n.notice. While a lesson is walked it waits folded, one
    line, so that the scene's caption and the chart it is about come first. Whether there was anything to say."""
    warning, caption = notice.word_notice(p.lang, p.scenario.word_sources, md)
    if not (warning or caption):
        return False
    if p.walk is not None:
        sources = p.scenario.word_sources
        made = sum(w.source == "hash" for w in sources)
        guessed = sum(w.source not in ("table", "hash", "edited") for w in sources)
        with p.drawer(p.t("words.folded", made=made, guessed=guessed), "words:notice") as open_:
            if open_:
                _notice_lines(warning, caption)
        return True
    _notice_lines(warning, caption)
    return True


def _notice_lines(warning: str, caption: str) -> None:
    if warning:
        st.warning(warning, icon=":material/help:")
    if caption:
        st.caption("ⓘ " + caption)


def sentence_input(p: Page, key: str) -> None:
    """The sentence box, bound to the scenario's sentence."""
    p.seed(key, p.scenario.sentence, "sentence")
    st.text_input(p.t("sb.sentence"), key=key, on_change=guarded(p, _on_sentence), args=(p, key),
                  help=p.t("sb.sentence_help", limit=MAX_WORDS))


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


def _on_lang(p: Page) -> None:
    ok, lang = p.take("sb:lang")
    if ok and lang:  # the segmented control can be cleared: keep the language (the widget is seeded again)
        p.update(view=replace(p.view, lang=lang))


def on_presenter(p: Page, key: str) -> None:
    ok, on = p.take(key)
    if ok:
        p.update(view=replace(p.view, presenter=bool(on)))
        if p.walk is not None:  # the page is laid out anew: the scene's focus is brought under its caption again
            p._state.walk_opened += 1


def _on_sentence(p: Page, key: str) -> None:
    ok, raw = p.take(key)
    if not ok or raw is None:
        return
    try:
        scenario, dropped = p.scenario.with_sentence(raw)
    except InputError as err:
        p.notify("error", p.error(err) + " " + p.t("msg.kept_last_good"))
        return
    if dropped:
        total = len(parse_sentence(raw).tokens) + dropped
        p.notify("warning", p.t("msg.dropped_words", total=total, limit=MAX_WORDS, dropped=dropped))
    p.update(scenario)


def _on_preset(p: Page) -> None:
    ok, preset = p.take("sb:preset", presets.SINGLE_HEAD_PRESETS)
    if ok and preset is not None:
        p.update(p.scenario.with_preset(preset))


def _on_seed(p: Page) -> None:
    ok, seed = p.take("sb:seed")
    if not ok:
        return
    try:
        p.update(p.scenario.with_preset("random", int(seed)))
    except (InputError, TypeError, ValueError) as err:
        p.notify("error", p.error(err))


def share_url(p: Page) -> str:
    """This page's address with the whole state in `?s=`, but for presenter mode: it belongs to the lecturer, not to
    the lesson, and the class opens this link on phones (where it would also put each student's runs first:
    ui/gate.py). A link written with presenter mode (by hand, or before) still opens it."""
    token = codec.encode_link(p.scenario, replace(p.view, presenter=False))
    base = st.context.url or ""
    return f"{base}?s={token}"


def share_link(p: Page) -> None:
    st.markdown(f"**{p.t('sb.share')}**")
    url = share_url(p)
    if not url.startswith("http"):
        st.caption(p.t("sb.share_no_url"))
    st.code(url, language=None, wrap_lines=True)
    st.caption(p.t("sb.share_help"))


