"""Lecture tools: presenter mode, predict-then-reveal, snapshot compare (B − A), export and import."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import streamlit as st

from .. import analysis, codec, export, figures, handout, scenes, theme
from ..errors import InputError
from ..i18n import isolated
from ..registry import PAGE_KEYS, PAGES
from ..scenario import pick_index
from . import classroom, web
from .frame import Page, md, on_presenter, sentence_input
from .guard import guarded
from .scenes import nav, opening, step, walking
from .tparts import temperature_slider

TIES_LISTED = 6  # a verdict names at most this many tied cells, then says how many more


def predict_reveal(
    p: Page, name: str, values: np.ndarray, rows: Sequence[str], cols: Sequence[str],
    draw: Callable[[Sequence[figures.Mark]], None],
) -> bool:
    """Draw a result chart behind "predict, then reveal": hidden until the class's guess is revealed.

    `draw(marks)` draws the chart with the given cells outlined; on reveal the guess and every cell tied
    for the largest (`analysis.winners`) are marked, and a guess on any of them is right. Returns whether
    the result is shown: while it is hidden the page must also hide whatever else gives the answer away.
    """
    quiz = p.quiz(name)
    hide_key = f"quiz:{p.key}:{name}:hidden"
    p.seed(hide_key, quiz.hidden)

    def toggled() -> None:
        ok, hidden = p.take(hide_key)
        if not ok:
            return
        if not hidden and classroom.reveal_here(p, name) == "failed":  # the class's answer stays hidden
            p._reseed(hide_key)
            return
        quiz.hidden = bool(hidden)
        quiz.revealed = False

    st.toggle(p.t("lecture.hide"), key=hide_key, on_change=guarded(p, toggled))
    n_rows, n_cols = np.shape(values)
    guess = (min(quiz.guess[0], n_rows - 1), min(quiz.guess[1], n_cols - 1))
    if quiz.hidden:
        st.info(p.t("lecture.hidden"))
        c1, c2, c3 = st.columns([2, 2, 1], vertical_alignment="bottom")
        row_key, col_key = f"quiz:{p.key}:{name}:row", f"quiz:{p.key}:{name}:col"
        p.seed(row_key, guess[0], shown=tuple(rows))
        p.seed(col_key, guess[1], shown=tuple(cols))

        def guessed(key: str, which: int) -> None:
            ok, value = p.take(key)
            i = pick_index(value, (rows, cols)[which]) if ok else None
            if ok and i is None:  # a label of words no longer there: keep the guess, show it again
                p._reseed(key)
            elif i is not None:
                g = list(quiz.guess)
                g[which] = i
                quiz.guess = (g[0], g[1])

        c1.selectbox(p.t("lecture.guess_row"), range(n_rows), format_func=lambda i: rows[i], key=row_key,
                     on_change=guarded(p, guessed), args=(row_key, 0))
        c2.selectbox(p.t("lecture.guess_col"), range(n_cols), format_func=lambda j: cols[j], key=col_key,
                     on_change=guarded(p, guessed), args=(col_key, 1))
        def reveal() -> None:  # a callback, not the button's return value: the quiz may sit in a T part
            # with a class question about this chart, the chart's reveal is the class's: one question, one verdict
            here = classroom.reveal_here(p, name)
            if here != "failed":
                quiz.hidden, quiz.revealed = False, here == "none"

        c3.button(p.t("lecture.reveal"), key=f"quiz:{p.key}:{name}:reveal", type="primary",
                  on_click=guarded(p, reveal))
        classroom.quiz_panel(p, name, values, rows, cols, guess[0], "word" if list(rows) == list(cols) else "dim",
                             col=guess[1])
        return False
    marks: list[figures.Mark] = []
    if quiz.revealed:
        best = analysis.winners(values)
        marks = [figures.Mark(guess[0], guess[1], p.t("lecture.guess"), theme.GUESS_DASH),
                 *(figures.Mark(i, j, p.t("lecture.winner"), theme.WINNER_DASH) for i, j in best)]
        st_verdict = st.success if guess in best else st.warning
        st_verdict(verdict(p, values, rows, cols, best, guess))
    draw([*marks, *classroom.chart_marks(p, name, values, rows, cols)])
    classroom.quiz_panel(p, name, values, rows, cols, guess[0], ask=False)
    return True


def verdict(p: Page, values: np.ndarray, rows: Sequence[str], cols: Sequence[str],
            best: Sequence[tuple[int, int]], guess: tuple[int, int]) -> str:
    """"Right!" or "The largest cell is …", naming every tied cell (up to TIES_LISTED, then how many more)."""
    cells = ", ".join(f"{isolated(md(rows[i]))} → {isolated(md(cols[j]))}" for i, j in best[:TIES_LISTED])
    if len(best) > TIES_LISTED:
        cells += p.t("lecture.more_cells", k=len(best) - TIES_LISTED)
    value = float(np.asarray(values)[best[0]])
    largest = p.t("lecture.largest_one" if len(best) == 1 else "lecture.largest_tied", cells=cells, value=value,
                  k=len(best))
    if guess in best:
        return p.t("lecture.right", largest=largest)
    return p.t("lecture.wrong", largest=largest, guess=float(np.asarray(values)[guess]))


# The presenter's script (ui/web/clicker.js), installed once per browser tab (it looks everything up when it needs
# it, so it does nothing on a page without presenter buttons or scenes):
# - PageDown / PageUp (what a presentation clicker sends) click the page's next / previous button wherever the
#   focus is: Streamlit's own button shortcuts stay silent while an input (such as the presenter toggle just
#   switched on) holds the focus. Text areas and the data editors keep the keys for themselves. A press that
#   comes while presenter mode is on but its buttons are not drawn yet (the run that turns it on is under way)
#   is kept and done once they are and the run that drew them is over (for at most PENDING_MS).
# - No blank page between steps: when a step opens another page, Streamlit's browser side removes the old
#   page's elements as soon as the new page's run starts, and the page stays empty until the new run's first
#   elements arrive; on the same page, a run that draws more above the title (presenter mode's bar) briefly
#   puts other elements where the title was. A copy of the page, taken at the press or click, is shown over
#   the page while it has no title, until the title is drawn again (at most SNAPSHOT_MS after the press).
# - A scene's focus: a scene's marker (`scenes.focus_marker`) names the element its caption is about; it is
#   scrolled to just under the pinned bar once per opening, and kept there while the page above it is still
#   being drawn, until it has stayed put for a moment or the user scrolls.
CLICKER_JS = web.script("clicker.js")


OWN_T_SLIDER = frozenset({"temperature"})  # screens that put the T slider in their own body


def presenter_header(p: Page) -> None:
    """On the page itself: previous/next step (PageUp/PageDown), the sentence and T, and a way out."""
    web.html(web.style("presenter.css"))  # the room's text sizes
    if walking(p):  # the clicker walks the lesson's scenes instead of the steps
        nav(p)
        sentence_col, t_col, off_col = st.columns([3, 2, 1], vertical_alignment="bottom")
        with sentence_col:
            sentence_input(p, "pr:sentence")
        if p.key not in OWN_T_SLIDER:
            with t_col:
                header_t(p)
        p.seed("pr:presenter", True)
        off_col.toggle(p.t("lecture.presenter"), key="pr:presenter", on_change=guarded(p, on_presenter),
                       args=(p, "pr:presenter"))
        return
    idx = PAGE_KEYS.index(p.key)
    prev_col, step_col, next_col, off_col = st.columns([2, 3, 2, 2], vertical_alignment="center")
    # callbacks (ui/guard.py): a press sent in one message with a fragment's change still moves a step
    prev_col.button("◀ " + p.t("lecture.prev"), key="pr:prev", disabled=idx == 0, width="stretch",
                    on_click=guarded(p, step_page), args=(p, -1))
    step_col.markdown(f"**{step_counter(p)}**")
    next_col.button(p.t("lecture.next") + " ▶", key="pr:next", type="primary", disabled=idx == len(PAGES) - 1,
                    width="stretch", on_click=guarded(p, step_page), args=(p, 1))
    p.seed("pr:presenter", True, "presenter")
    off_col.toggle(p.t("lecture.presenter"), key="pr:presenter", on_change=guarded(p, on_presenter),
                   args=(p, "pr:presenter"))
    if p.key in OWN_T_SLIDER:  # one T control per screen: this screen draws its own
        sentence_input(p, "pr:sentence")
        return
    sentence_col, t_col = st.columns([3, 2])
    with sentence_col:
        sentence_input(p, "pr:sentence")
    with t_col:
        header_t(p)


def step_page(p: Page, by: int) -> None:
    """The bar's ◀ ▶ (and the clicker's PageUp/PageDown) in presenter mode: the screen `by` steps on, a callback.
    A press that reaches the server once a lesson is opened (sent before the lesson's bar was drawn, on these buttons,
    whose keys the bar reuses) is the lesson's: it moves a scene (`scenes.step`)."""
    if walking(p) or opening():
        step(p, by)
        return
    idx = PAGE_KEYS.index(p.key) + by
    if 0 <= idx < len(PAGES):
        p.open(PAGES[idx].key)


def step_counter(p: Page) -> str:
    """"k / n 단계" with k the screen's circled number (① … ⑧; Home is the start, before step 1)."""
    idx, n = PAGE_KEYS.index(p.key), len(PAGES) - 1
    return p.t("lecture.step_home", n=n) if idx == 0 else p.t("lecture.step_of", k=idx, n=n)


def header_t(p: Page) -> None:
    """The presenter bar's T: the slider of the T the page's numbers use, or, on the multi-head screen while its
    heads use T = √d_h, that T written out (the slider's T does not reach the heads then)."""
    s = p.scenario
    if p.key == "multihead" and s.head_temperature != "shared":
        st.markdown(p.t("lecture.heads_t", d_h=s.head_dim, t=s.mh_temperature))
        return
    temperature_slider(p, "pr:T")


def clicker() -> None:
    """The document-level PageDown / PageUp handler (see CLICKER_JS)."""
    web.html(CLICKER_JS, js=True)


def compare(p: Page) -> None:
    """B − A for the scores, weights and output, with the three largest changes of each named."""
    snapshot = p.snapshot
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
                p.chart(p.fig.heatmap(delta, figures.Axis(words, "", p.t("lbl.looker")),
                                      figures.Axis(xs, "", p.t("lbl.looked")), title=p.t(f"lecture.d_{name}"),
                                      width_px=theme.FULL_WIDTH_PX / 3), f"diff-{name}")
                changes = analysis.top_changes(np.zeros_like(delta), delta)
                if changes:
                    st.markdown(f"**{p.t('lecture.largest')}**\n\n" + "\n".join(
                        f"- {md(words[i])}{sep}{md(xs[j])} **{d:+.2f}**" for i, j, d in changes))
                else:
                    st.caption(p.t("lecture.compare_none"))


def take_snapshot(p: Page) -> None:
    """State A of the compare: the state now (a callback)."""
    p.set_snapshot(p.scenario)
    p.notify("success", p.t("lecture.snapshot_saved"))


def handout_page(p: Page, base: str | None) -> str:
    """The lesson as one offline web page (attention_core.handout): the session's scenes, or the built-in lesson
    when it has none, in the language on screen, each scene linked back to the app's address `base`."""
    lesson = tuple(p.scenes) or scenes.builtin()
    return handout.build(lesson, base, p.lang)


def tools(p: Page) -> None:
    """Sidebar: snapshot A for the compare tool; every matrix as CSV/LaTeX; the state as a JSON file."""
    with p.drawer(p.t("lecture.tools"), "tl:box", opened=p.snapshot is not None) as open_:
        if not open_:  # built only while open: a closed one costs every run nothing (ui/drawers.py)
            return
        # one button a line, full width: side by side their labels were cut ("지금 상…", "A 지…"); callbacks
        # (ui/guard.py): a press sent in one message with a fragment's change is not lost
        st.button(p.t("lecture.snapshot"), key="tl:snapshot", icon=":material/photo_camera:", width="stretch",
                  on_click=guarded(p, take_snapshot, "tl:snapshot"), args=(p,))
        if p.snapshot is not None:
            st.button(p.t("lecture.snapshot_clear"), key="tl:clear", width="stretch", icon=":material/delete:",
                      on_click=guarded(p, p.set_snapshot, "tl:clear"), args=(None,))
        st.markdown(f"**{p.t('lecture.export')}**")
        mats = export.lesson_matrices(p.lesson, tuple(p.axis_names()))  # the names only: they do not depend on T
        name = st.selectbox(p.t("lecture.matrix"), list(mats), key="tl:matrix", persist_state="session",
                            format_func=lambda k: p.t(f"lecture.mx.{mats[k].key}", **dict(mats[k].params)))
        name = name if name in mats else next(iter(mats))  # a label of the other language: Streamlit passes it on
        axes = tuple(p.axis_names())

        def matrix() -> export.Matrix:  # the state at the click (a T step does not redraw these buttons)
            return export.lesson_matrices(analysis.compute(p.scenario), axes)[name]

        d1, d2 = st.columns(2)
        d1.download_button(p.t("lecture.csv"), lambda: export.to_csv(matrix()), file_name=f"attention-{name}.csv",
                           mime="text/csv", key="tl:csv", on_click="ignore", icon=":material/download:")
        d2.download_button(p.t("lecture.latex"), lambda: export.to_latex(matrix()),
                           file_name=f"attention-{name}.tex", mime="text/x-tex", key="tl:tex", on_click="ignore",
                           icon=":material/download:")
        st.caption(p.t("lecture.png_hint"))
        st.download_button(p.t("lecture.json_down"), lambda: codec.to_json(p.scenario, p.view),
                           file_name="attention-lesson.json", mime="application/json", key="tl:json",
                           on_click="ignore", icon=":material/save:")
        base = handout.app_base(st.context.url, p.key)  # read in the run: the file is made outside it, at the click
        st.download_button(p.t("lecture.handout_down"), lambda: handout_page(p, base),
                           file_name="attention-lesson.html",
                           mime="text/html", key="tl:handout", on_click="ignore", icon=":material/menu_book:",
                           help=p.t("lecture.handout_help"))
        upload = st.file_uploader(p.t("lecture.json_up"), type=["json"], key="tl:upload")
        if upload is not None and p.first_upload("state", upload.file_id):
            try:
                scenario, view = codec.from_json(upload.getvalue())
            except InputError as err:
                p.notify("error", p.t("lecture.json_failed", reason=p.error(err)))
            else:
                p.update(scenario, view)
                p.notify("success", p.t("lecture.json_loaded"))
            st.rerun()
