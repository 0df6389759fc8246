"""The Page API, what every page calls: its text (`t`, `tm`, `title`, `lead`, `note`), its state and lesson
(`scenario`, `view`, `lesson`, `update`), its charts (`chart`, `fig`, `grid`, `word_axes`) and its widgets bound to the
session's one canonical state (`word_picker`, `dim_picker`, `scenario_toggle`, `matrix_editor`, `editors`, `drawer`);
and the sidebar every page shares (language, steps, sentence, preset, T, share link, reset).

Behind it: widget binding (`ui/binding.py`: `Page.seed`, `Page.take`, so a page or language switch never loses what a
user set and a quick key press is never overwritten) and the T parts (`ui/tparts.py`: `Page.follows_t`, the T control,
a T step that redraws only what depends on T). `ui/__init__.py` puts the page together (`ui.page`).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from dataclasses import replace

import numpy as np
import pandas as pd
import streamlit as st

from .. import accessible, analysis, codec, figures, presets, theme
from ..errors import InputError
from ..i18n import CATALOGUE, error_text, notice, text
from ..registry import CELL_STEP, LANGUAGES, MAX_ABS, MAX_WORDS, PAGES, SEED_MAX
from ..scenario import Scenario, View, parse_sentence, pick_index, weight_columns
from ..scenes import Scene
from ..screen import ScreenWords
from . import a11y, room, tcontrol
from .binding import Binding, Bindings
from .drawers import drawer
from .guard import guarded
from .state import AppState, Quiz, Training
from .tparts import TParts, end_t_step, in_t_step, sidebar_t_alone, temperature_slider


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


class Page(ScreenWords, Bindings, TParts):
    """What a page sees: the translated text, the state, the computed lesson, and shared widgets (bound to the state:
    `Bindings`; what depends on T: `TParts`; the axes and widths charts are built with: `ScreenWords`)."""

    def __init__(self, key: str, state: AppState) -> None:
        self.key = key
        self._state = state
        self._lesson: analysis.Lesson | None = None
        self.compare_slot = None  # where the B − A compare goes: right under the title
        self.share_slot = None  # inside the sidebar's T part, under the T control: where the share link goes
        self._t_depth = 0  # > 0 while a T part draws: its charts carry their T inputs (tcontrol.attach)
        # what this run drew that a scene's caption can be about, in page order: (element key, its visible name)
        self.focusable: list[tuple[str, str]] = []

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
        """Every result of the current scenario, computed once per state in the process (shared, read only)."""
        if self._lesson is None or self._lesson.scenario.key != self.scenario.key:
            self._lesson = analysis.shared_lesson(self.scenario)
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

    @functools.cached_property
    def on_phone(self) -> bool:
        """The browser says it is a phone's (its User-Agent has "Mobile", as iOS and Android phones send); read once
        per run (Streamlit makes the headers anew at each read, and every chart asks)."""
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


def sidebar(p: Page):
    """Draw the sidebar; return the empty slot the share link goes into once the page is drawn."""
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
        # a callback (ui/guard.py): a press sent in one message with a fragment's change still resets
        st.button(p.t("sb.reset"), key="sb:reset", icon=":material/restart_alt:",
                  on_click=guarded(p, _on_reset, "sb:reset"), args=(p,))
    return tail_slot


def _on_reset(p: Page) -> None:
    p.update(Scenario(), View(lang=p.lang))
    p.notify("success", p.t("sb.reset_done"))


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


