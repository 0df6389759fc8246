"""The Streamlit frame every page calls first, the one canonical state per session, shared widgets.

Usage in a page file:

    with ui.page("gaze") as p:
        p.title()
        ...

The frame loads the state (from a share link on a session's first run), draws the sidebar
(language, steps, sentence, preset, T, share link, reset) and, when the page is done, writes the
share link for the final state. Widgets are seeded from the canonical state on every run, so a page
or language switch never loses what a user set.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd
import streamlit as st

from . import analysis, codec, export, figures, presets, theme
from .errors import InputError
from .i18n import error_text, text
from .lexicon import AXES
from .scenario import MAX_WORDS, Scenario, View, parse_sentence

PAGES: tuple[tuple[str, str], ...] = (
    ("home", "app.py"),
    ("gaze", "pages/1_gaze.py"),
    ("score", "pages/2_score.py"),
    ("temperature", "pages/3_temperature.py"),
    ("value", "pages/4_value.py"),
    ("residual", "pages/5_residual.py"),
    ("multihead", "pages/6_multihead.py"),
)
T_OPTIONS: tuple[float, ...] = (
    0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0,
    1.2, 1.4, 1.6, 1.8, 2.0, 2.5, 3.0, 4.0, 5.0, 7.0, 10.0, 15.0, 20.0,
)
_STATE = "attention_state"  # the one session-state entry this app owns; widget keys below are derived


@dataclass
class Quiz:
    """Predict, then reveal: is the result hidden, the class's guess, and whether it was revealed."""

    hidden: bool = False
    guess: tuple[int, int] = (0, 0)
    revealed: bool = False


@dataclass
class AppState:
    """One session's lesson: the canonical scenario and view, and bookkeeping for the editors and tools."""

    scenario: Scenario
    view: View
    rev: int = 0  # bumps on every change made outside a matrix editor, so editors restart from it
    editor_rev: dict[str, int] = field(default_factory=dict)  # bumps when an editor held a bad cell
    notices: list[tuple[str, str]] = field(default_factory=list)  # (level, text) to show once
    snapshot: Scenario | None = None  # state A of the compare tool
    quizzes: dict[str, Quiz] = field(default_factory=dict)  # by "page:chart"
    uploaded: str | None = None  # id of the last state file read, so one upload is applied once


def _state() -> AppState:
    if _STATE not in st.session_state:
        st.session_state[_STATE] = _initial_state()
    return st.session_state[_STATE]


def _initial_state() -> AppState:
    token = st.query_params.get("s")
    if token:
        try:
            scenario, view = codec.decode_link(token)
            return AppState(scenario, view)
        except InputError as err:
            state = AppState(Scenario(), View())
            state.notices.append(("error", text("ko", "msg.link_failed", reason=error_text("ko", err))
                                  + "\n\n" + text("en", "msg.link_failed", reason=error_text("en", err))))
            return state
    return AppState(Scenario(), View())


class Page:
    """What a page sees: the translated text, the state, the computed lesson, and shared widgets."""

    def __init__(self, key: str, state: AppState) -> None:
        self.key = key
        self._state = state
        self._lesson: analysis.Lesson | None = None

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
        return text(self.lang, key, **params)

    def tm(self, key: str, **params: object) -> str:
        """`t` for Markdown: words typed by users are escaped, so `**x**` or `<b>` show as typed."""
        return text(self.lang, key, **{k: md(v) if isinstance(v, str) else v for k, v in params.items()})

    def error(self, err: Exception) -> str:
        return error_text(self.lang, err)

    def axis_names(self) -> list[str]:
        return [self.t(f"axis.{a.key}") for a in AXES]

    # drawing helpers

    def title(self) -> None:
        st.title(self.t(f"page.{self.key}"))

    def lead(self, key: str) -> None:
        st.markdown(self.t(key))

    def note(self, key: str) -> None:
        st.caption("ⓘ " + self.t(key))

    def chart(self, fig, name: str) -> None:
        st.plotly_chart(fig, theme=None, config=figures.chart_config(f"{self.key}-{name}"), key=f"chart:{name}")

    def word_picker(self, label_key: str = "lbl.pick_word", field_name: str = "focus", key: str = "") -> int:
        """A select box over the words, bound to the view's selected word (or one end of the selected cell)."""
        labels = self.scenario.labels
        current = {"focus": self.view.focus, "row": self.view.cell[0], "col": self.view.cell[1]}[field_name]
        wkey = f"pick:{field_name}:{key or self.key}"
        st.session_state[wkey] = min(current, len(labels) - 1)

        def changed() -> None:
            i = st.session_state[wkey]
            v = self.view
            new = {"focus": replace(v, focus=i), "row": replace(v, cell=(i, v.cell[1])),
                   "col": replace(v, cell=(v.cell[0], i))}[field_name]
            self.update(view=new)

        return st.selectbox(self.t(label_key), range(len(labels)), format_func=lambda i: labels[i], key=wkey,
                            on_change=changed)

    def predict_reveal(
        self, name: str, values: np.ndarray, rows: Sequence[str], cols: Sequence[str],
        draw: Callable[[Sequence[figures.Mark]], None],
    ) -> None:
        """Draw a result chart behind "predict, then reveal": hidden until the class's guess is revealed.

        `draw(marks)` draws the chart with the given cells outlined; on reveal the guess and the true
        winner (the largest cell of `values`) are marked.
        """
        quiz = self._state.quizzes.setdefault(f"{self.key}:{name}", Quiz())
        hide_key = f"quiz:{self.key}:{name}:hidden"
        st.session_state[hide_key] = quiz.hidden

        def toggled() -> None:
            quiz.hidden = bool(st.session_state[hide_key])
            quiz.revealed = False

        st.toggle(self.t("lecture.hide"), key=hide_key, on_change=toggled)
        n_rows, n_cols = np.shape(values)
        guess = (min(quiz.guess[0], n_rows - 1), min(quiz.guess[1], n_cols - 1))
        if quiz.hidden:
            st.info(self.t("lecture.hidden"))
            c1, c2, c3 = st.columns([2, 2, 1], vertical_alignment="bottom")
            row_key, col_key = f"quiz:{self.key}:{name}:row", f"quiz:{self.key}:{name}:col"
            st.session_state[row_key], st.session_state[col_key] = guess

            def guessed() -> None:
                quiz.guess = (st.session_state[row_key], st.session_state[col_key])

            c1.selectbox(self.t("lecture.guess_row"), range(n_rows), format_func=lambda i: rows[i], key=row_key,
                         on_change=guessed)
            c2.selectbox(self.t("lecture.guess_col"), range(n_cols), format_func=lambda j: cols[j], key=col_key,
                         on_change=guessed)
            if c3.button(self.t("lecture.reveal"), key=f"quiz:{self.key}:{name}:reveal", type="primary"):
                quiz.hidden, quiz.revealed = False, True
                st.rerun()
            return
        marks: list[figures.Mark] = []
        if quiz.revealed:
            wi, wj = analysis.winner(values)
            marks = [figures.Mark(guess[0], guess[1], theme.GUESS_COLOR, self.t("lecture.guess")),
                     figures.Mark(wi, wj, theme.TRUTH_COLOR, self.t("lecture.winner"))]
            params = {"row": rows[wi], "col": cols[wj], "value": float(values[wi][wj])}
            if guess == (wi, wj):
                st.success(self.t("lecture.right", **params))
            else:
                st.warning(self.t("lecture.wrong", guess=float(values[guess[0]][guess[1]]), **params))
        draw(marks)

    def dim_picker(self, which: int, label_key: str) -> int:
        """A select box over the Q/K dimensions, bound to one of the view's two chosen dimensions."""
        wkey = f"pick:dim{which}:{self.key}"
        st.session_state[wkey] = self.view.dims[which]

        def changed() -> None:
            dims = list(self.view.dims)
            dims[which] = st.session_state[wkey]
            self.update(view=replace(self.view, dims=(dims[0], dims[1])))

        return st.selectbox(self.t(label_key), range(self.scenario.d_k), format_func=lambda d: f"{d + 1}",
                            key=wkey, on_change=changed)

    def matrix_editor(self, name: str, height: int | str = "auto") -> None:
        """Edit X, W_Q, W_K, W_V or γ/β in place; a bad cell is refused with a message and the last good value."""
        s = self.scenario
        axes = self.axis_names()
        if name == "x":
            values, rows, cols = s.x, list(s.labels), axes
        elif name in ("w_q", "w_k", "w_v"):
            m = getattr(s, name)
            prefix = {"w_q": "q", "w_k": "k", "w_v": "v"}[name]
            values, rows, cols = m, axes, [f"{prefix}{c + 1}" for c in range(m.shape[1])]
        elif name == "gamma_beta":
            values, rows, cols = np.vstack([s.gamma, s.beta]), ["γ", "β"], axes
        else:
            raise ValueError(name)
        frame = pd.DataFrame(np.asarray(values), index=rows, columns=cols)
        config = {c: st.column_config.NumberColumn(c, min_value=-100.0, max_value=100.0, step=0.01, format="%.2f")
                  for c in cols}
        key = f"edit:{name}:{self.lang}:{self._state.rev}:{self._state.editor_rev.get(name, 0)}"
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
            self._state.notices.append(("error", self.error(err) + " " + self.t("msg.kept_last_good")))
            st.rerun()
        self.update(new, from_editor=True)


_MD_SPECIAL = set("\\`*_{}[]()#+-.!|<>~$&")


def md(word: str) -> str:
    """A user's word as literal Markdown text (every Markdown, HTML and LaTeX special character escaped)."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in word)


@contextlib.contextmanager
def page(key: str) -> Iterator[Page]:
    """The frame: page config, state, sidebar; then the page body; then the share link of the final state."""
    started = time.perf_counter()
    state = _state()
    p = Page(key, state)
    st.set_page_config(
        page_title=f"{p.t(f'page.{key}')} · {p.t('app.title')}",
        page_icon="👁",
        layout="wide",
        initial_sidebar_state="collapsed" if p.presenter else "expanded",
    )
    tail_slot = _sidebar(p)
    if p.presenter:
        _presenter_header(p)
    while state.notices:
        level, message = state.notices.pop(0)
        getattr(st, level)(message)
    yield p
    _compare(p)
    with tail_slot:
        _share_link(p)
        _tools(p)
    _log_timing(key, p, started)


def _log_timing(key: str, p: Page, started: float) -> None:
    """With ATTENTION_TIMING_LOG set (the benchmark sets it), append this run's server-side script time."""
    path = os.environ.get("ATTENTION_TIMING_LOG")
    if path:
        ms = (time.perf_counter() - started) * 1000
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"page": key, "n": p.scenario.n, "ms": round(ms, 3), "t": time.time()}) + "\n")


def _sidebar(p: Page):
    """Draw the sidebar; return the empty slot the share link goes into once the page is drawn."""
    state = p._state
    with st.sidebar:
        st.markdown(f"**{p.t('app.title')}**")
        st.session_state["sb:lang"] = p.lang
        st.segmented_control(
            p.t("sb.language"), ("ko", "en"), format_func=lambda c: {"ko": "한국어", "en": "English"}[c],
            key="sb:lang", on_change=_on_lang, args=(p,), label_visibility="collapsed",
        )
        st.session_state["sb:presenter"] = p.presenter
        st.toggle(p.t("lecture.presenter"), key="sb:presenter", on_change=_on_presenter, args=(p, "sb:presenter"),
                  help=p.t("lecture.presenter_help"))
        st.caption(p.t("sb.steps"))
        for page_key, path in PAGES:
            st.page_link(path, label=p.t(f"page.{page_key}"))
        st.divider()
        sentence_input(p, "sb:sentence")
        st.session_state["sb:preset"] = p.scenario.preset
        st.selectbox(p.t("sb.preset"), presets.SINGLE_HEAD_PRESETS, key="sb:preset",
                     format_func=lambda k: p.t(f"preset.{k}"), on_change=_on_preset, args=(p,))
        if p.scenario.preset == "random":
            st.session_state["sb:seed"] = p.scenario.seed
            st.number_input(p.t("sb.seed"), min_value=0, max_value=2**31 - 1, step=1, key="sb:seed",
                            on_change=_on_seed, args=(p,))
        temperature_slider(p, "sb:T")
        p.note("note.sqrt_dk")
        tail_slot = st.container()  # filled once the page is drawn, so it shows the final state
        if st.button(p.t("sb.reset"), key="sb:reset", icon=":material/restart_alt:"):
            p.update(Scenario(), View(lang=p.lang))
            state.notices.append(("success", p.t("sb.reset_done")))
            st.rerun()
    return tail_slot


def sentence_input(p: Page, key: str) -> None:
    """The sentence box, bound to the scenario's sentence."""
    st.session_state[key] = p.scenario.sentence
    st.text_input(p.t("sb.sentence"), key=key, on_change=_on_sentence, args=(p, key),
                  help=p.t("sb.sentence_help", limit=MAX_WORDS))


def temperature_slider(p: Page, key: str) -> None:
    """The T slider (log-spaced steps), bound to the scenario's T."""
    t = p.scenario.temperature
    options = sorted(set(T_OPTIONS) | {t})
    st.session_state[key] = t

    def changed() -> None:
        p.update(p.scenario.with_temperature(st.session_state[key]))

    st.select_slider(p.t("sb.temperature"), options=options, key=key, format_func=lambda v: f"{v:g}",
                     on_change=changed, help=p.t("sb.temperature_help"))


def _on_lang(p: Page) -> None:
    lang = st.session_state.get("sb:lang") or p.lang  # segmented control can be cleared: keep the language
    p.update(view=replace(p.view, lang=lang))


def _on_presenter(p: Page, key: str) -> None:
    p.update(view=replace(p.view, presenter=bool(st.session_state[key])))


def _on_sentence(p: Page, key: str) -> None:
    raw = st.session_state[key]
    try:
        scenario, dropped = p.scenario.with_sentence(raw)
    except InputError as err:
        p._state.notices.append(("error", p.error(err) + " " + p.t("msg.kept_last_good")))
        return
    if dropped:
        total = len(parse_sentence(raw).tokens) + dropped
        p._state.notices.append(("warning", p.t("msg.dropped_words", total=total, limit=MAX_WORDS, dropped=dropped)))
    p.update(scenario)


def _on_preset(p: Page) -> None:
    p.update(p.scenario.with_preset(st.session_state["sb:preset"]))


def _on_seed(p: Page) -> None:
    try:
        p.update(p.scenario.with_preset("random", int(st.session_state["sb:seed"])))
    except (InputError, TypeError, ValueError) as err:
        p._state.notices.append(("error", p.error(err)))


def share_url(p: Page) -> str:
    """This page's address with the whole state in `?s=`."""
    token = codec.encode_link(p.scenario, p.view)
    base = st.context.url or ""
    return f"{base}?s={token}"


def _share_link(p: Page) -> None:
    st.markdown(f"**{p.t('sb.share')}**")
    url = share_url(p)
    if not url.startswith("http"):
        st.caption(p.t("sb.share_no_url"))
    st.code(url, language=None, wrap_lines=True)
    st.caption(p.t("sb.share_help"))


# Lecture tools: presenter mode, compare (snapshot and diff), export and import.

_PRESENTER_CSS = """
<style>
[data-testid="stMain"] [data-testid="stMarkdownContainer"] p,
[data-testid="stMain"] [data-testid="stMarkdownContainer"] li,
[data-testid="stMain"] [data-testid="stCaptionContainer"],
[data-testid="stMain"] [data-testid="stWidgetLabel"] p,
[data-testid="stMain"] [data-testid="stAlertContentInfo"] p,
[data-testid="stMain"] button p { font-size: 22px !important; line-height: 1.5 !important; }
[data-testid="stMain"] h1 { font-size: 48px !important; }
[data-testid="stMain"] h2, [data-testid="stMain"] h3 { font-size: 34px !important; }
[data-testid="stMain"] .katex { font-size: 1.5em !important; }
[data-testid="stMainBlockContainer"] { max-width: 100% !important; padding: 1.5rem 3rem 4rem !important; }
</style>
"""


def _presenter_header(p: Page) -> None:
    """On the page itself: previous/next step (PageUp/PageDown), the sentence and T, and a way out."""
    st.html(_PRESENTER_CSS)
    keys = [k for k, _ in PAGES]
    idx = keys.index(p.key)
    prev_col, step_col, next_col, off_col = st.columns([2, 3, 2, 2], vertical_alignment="center")
    if prev_col.button("◀ " + p.t("lecture.prev"), key="pr:prev", shortcut="PageUp", disabled=idx == 0,
                       width="stretch"):
        st.switch_page(PAGES[idx - 1][1])
    step_col.markdown(f"**{p.t('lecture.step_of', k=idx + 1, n=len(PAGES))}**")
    if next_col.button(p.t("lecture.next") + " ▶", key="pr:next", shortcut="PageDown", type="primary",
                       disabled=idx == len(PAGES) - 1, width="stretch"):
        st.switch_page(PAGES[idx + 1][1])
    st.session_state["pr:presenter"] = True
    off_col.toggle(p.t("lecture.presenter"), key="pr:presenter", on_change=_on_presenter, args=(p, "pr:presenter"))
    sentence_col, t_col = st.columns([3, 2])
    with sentence_col:
        sentence_input(p, "pr:sentence")
    with t_col:
        temperature_slider(p, "pr:T")


def _compare(p: Page) -> None:
    """B − A for the scores, weights and output, with the three largest changes of each named."""
    snapshot = p._state.snapshot
    if snapshot is None:
        return
    with st.expander(p.t("lecture.compare"), expanded=True):
        try:
            deltas = analysis.compare(analysis.compute(snapshot), p.lesson)
        except InputError:
            st.warning(p.t("lecture.compare_shape", a=snapshot.n, b=p.scenario.n))
            return
        words = list(p.scenario.labels)
        v_dims = [f"v{c + 1}" for c in range(p.scenario.w_v.shape[1])]
        columns = st.columns(3)
        for col, name, xs, sep in zip(columns, ("scores", "weights", "output"), (words, words, v_dims),
                                      (" → ", " → ", " · ")):
            delta = deltas[name]
            with col:
                p.chart(figures.heatmap(delta, words, xs, title=p.t(f"lecture.d_{name}"), kind="signed",
                                        hover_row=p.t("lbl.looker"), hover_col=p.t("lbl.looked"),
                                        presenter=p.presenter), f"diff-{name}")
                changes = analysis.top_changes(np.zeros_like(delta), delta)
                if changes:
                    st.markdown(f"**{p.t('lecture.largest')}**\n\n" + "\n".join(
                        f"- {md(words[i])}{sep}{md(xs[j])} **{d:+.2f}**" for i, j, d in changes))
                else:
                    st.caption(p.t("lecture.compare_none"))


def _tools(p: Page) -> None:
    """Sidebar: snapshot A for the compare tool; every matrix as CSV/LaTeX; the state as a JSON file."""
    state = p._state
    with st.expander(p.t("lecture.tools"), expanded=state.snapshot is not None):
        c1, c2 = st.columns([3, 2])
        if c1.button(p.t("lecture.snapshot"), key="tl:snapshot", icon=":material/photo_camera:"):
            state.snapshot = p.scenario
            state.notices.append(("success", p.t("lecture.snapshot_saved")))
            st.rerun()
        if state.snapshot is not None and c2.button(p.t("lecture.snapshot_clear"), key="tl:clear"):
            state.snapshot = None
            st.rerun()
        st.markdown(f"**{p.t('lecture.export')}**")
        mats = export.lesson_matrices(p.lesson)
        name = st.selectbox(p.t("lecture.matrix"), list(mats), key="tl:matrix")
        m = mats[name]
        d1, d2 = st.columns(2)
        d1.download_button(p.t("lecture.csv"), export.to_csv(m), file_name=f"attention-{name}.csv",
                           mime="text/csv", key="tl:csv", on_click="ignore", icon=":material/download:")
        d2.download_button(p.t("lecture.latex"), export.to_latex(m), file_name=f"attention-{name}.tex",
                           mime="text/x-tex", key="tl:tex", on_click="ignore", icon=":material/download:")
        st.caption(p.t("lecture.png_hint"))
        st.download_button(p.t("lecture.json_down"), codec.to_json(p.scenario, p.view),
                           file_name="attention-lesson.json", mime="application/json", key="tl:json",
                           on_click="ignore", icon=":material/save:")
        upload = st.file_uploader(p.t("lecture.json_up"), type=["json"], key="tl:upload")
        if upload is not None and upload.file_id != state.uploaded:
            state.uploaded = upload.file_id
            try:
                scenario, view = codec.from_json(upload.getvalue())
            except InputError as err:
                state.notices.append(("error", p.t("lecture.json_failed", reason=p.error(err))))
            else:
                p.update(scenario, view)
                state.notices.append(("success", p.t("lecture.json_loaded")))
            st.rerun()
