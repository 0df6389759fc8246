"""Lecture tools: presenter mode, predict-then-reveal, snapshot compare (B − A), export and import."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import streamlit as st

from .. import analysis, codec, export, figures, theme
from ..errors import InputError
from ..registry import PAGE_KEYS, PAGES
from .frame import Page, md, on_presenter, sentence_input, temperature_slider
from .scenes import nav, walking

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
        if ok:
            quiz.hidden = bool(hidden)
            quiz.revealed = False

    st.toggle(p.t("lecture.hide"), key=hide_key, on_change=toggled)
    n_rows, n_cols = np.shape(values)
    guess = (min(quiz.guess[0], n_rows - 1), min(quiz.guess[1], n_cols - 1))
    if quiz.hidden:
        st.info(p.t("lecture.hidden"))
        c1, c2, c3 = st.columns([2, 2, 1], vertical_alignment="bottom")
        row_key, col_key = f"quiz:{p.key}:{name}:row", f"quiz:{p.key}:{name}:col"
        p.seed(row_key, guess[0])
        p.seed(col_key, guess[1])

        def guessed(key: str, which: int) -> None:
            ok, value = p.take(key)
            if ok and value is not None:
                g = list(quiz.guess)
                g[which] = value
                quiz.guess = (g[0], g[1])

        c1.selectbox(p.t("lecture.guess_row"), range(n_rows), format_func=lambda i: rows[i], key=row_key,
                     on_change=guessed, args=(row_key, 0))
        c2.selectbox(p.t("lecture.guess_col"), range(n_cols), format_func=lambda j: cols[j], key=col_key,
                     on_change=guessed, args=(col_key, 1))
        def reveal() -> None:  # a callback, not the button's return value: the quiz may sit in a T part
            quiz.hidden, quiz.revealed = False, True

        c3.button(p.t("lecture.reveal"), key=f"quiz:{p.key}:{name}:reveal", type="primary", on_click=reveal)
        return False
    marks: list[figures.Mark] = []
    if quiz.revealed:
        best = analysis.winners(values)
        marks = [figures.Mark(guess[0], guess[1], theme.GUESS_COLOR, p.t("lecture.guess"), theme.GUESS_SYMBOL),
                 *(figures.Mark(i, j, theme.TRUTH_COLOR, p.t("lecture.winner"), theme.WINNER_SYMBOL) for i, j in best)]
        st_verdict = st.success if guess in best else st.warning
        st_verdict(verdict(p, values, rows, cols, best, guess))
    draw(marks)
    return True


def verdict(p: Page, values: np.ndarray, rows: Sequence[str], cols: Sequence[str],
            best: Sequence[tuple[int, int]], guess: tuple[int, int]) -> str:
    """"Right!" or "The largest cell is …", naming every tied cell (up to TIES_LISTED, then how many more)."""
    cells = ", ".join(f"{md(rows[i])} → {md(cols[j])}" for i, j in best[:TIES_LISTED])
    if len(best) > TIES_LISTED:
        cells += p.t("lecture.more_cells", k=len(best) - TIES_LISTED)
    value = float(np.asarray(values)[best[0]])
    largest = p.t("lecture.largest_one" if len(best) == 1 else "lecture.largest_tied", cells=cells, value=value,
                  k=len(best))
    if guess in best:
        return p.t("lecture.right", largest=largest)
    return p.t("lecture.wrong", largest=largest, guess=float(np.asarray(values)[guess]))


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
[data-testid="stMainBlockContainer"] {
  max-width: 100% !important; padding: 5rem 3rem 4rem !important;  /* top: below the 3.75 rem fixed header */
}
</style>
"""

# PageDown / PageUp (what a presentation clicker sends) click the page's next / previous button wherever the
# focus is: Streamlit's own button shortcuts stay silent while an input (such as the presenter toggle just
# switched on) holds the focus. Installed once per browser tab; it looks the buttons up at each key press, so
# it does nothing on a page without them. Text areas and the data editors keep the keys for themselves.
CLICKER_JS = """
<script>
(() => {
  if (window.__attentionClicker) return;
  window.__attentionClicker = true;
  window.addEventListener("keydown", (e) => {
    if (e.key !== "PageDown" && e.key !== "PageUp") return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const t = e.target;
    if (t && t.closest && (t.closest("textarea, [contenteditable='true'], [data-testid='stDataFrame']"))) return;
    const which = e.key === "PageDown" ? "next" : "prev";
    const button = [...document.querySelectorAll(`[data-testid="stMain"] .st-key-pr-${which} button`)]
      .find((b) => b.getClientRects().length && b.getBoundingClientRect().width > 0);
    if (!button) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (!button.disabled) button.click();
  }, true);
})();
</script>
"""


OWN_T_SLIDER = frozenset({"temperature"})  # screens that put the T slider in their own body


def presenter_header(p: Page) -> None:
    """On the page itself: previous/next step (PageUp/PageDown), the sentence and T, and a way out."""
    st.html(_PRESENTER_CSS)
    clicker()
    if walking(p):  # the clicker walks the lesson's scenes instead of the steps
        nav(p)
        sentence_col, t_col, off_col = st.columns([3, 2, 1], vertical_alignment="bottom")
        with sentence_col:
            sentence_input(p, "pr:sentence")
        if p.key not in OWN_T_SLIDER:
            with t_col:
                temperature_slider(p, "pr:T")
        p.seed("pr:presenter", True)
        off_col.toggle(p.t("lecture.presenter"), key="pr:presenter", on_change=on_presenter,
                       args=(p, "pr:presenter"))
        return
    idx = PAGE_KEYS.index(p.key)
    prev_col, step_col, next_col, off_col = st.columns([2, 3, 2, 2], vertical_alignment="center")
    if prev_col.button("◀ " + p.t("lecture.prev"), key="pr:prev", disabled=idx == 0, width="stretch"):
        st.switch_page(PAGES[idx - 1].file)
    step_col.markdown(f"**{p.t('lecture.step_of', k=idx + 1, n=len(PAGES))}**")
    if next_col.button(p.t("lecture.next") + " ▶", key="pr:next", type="primary",
                       disabled=idx == len(PAGES) - 1, width="stretch"):
        st.switch_page(PAGES[idx + 1].file)
    p.seed("pr:presenter", True, "presenter")
    off_col.toggle(p.t("lecture.presenter"), key="pr:presenter", on_change=on_presenter, args=(p, "pr:presenter"))
    if p.key in OWN_T_SLIDER:  # one T control per screen: this screen draws its own
        sentence_input(p, "pr:sentence")
        return
    sentence_col, t_col = st.columns([3, 2])
    with sentence_col:
        sentence_input(p, "pr:sentence")
    with t_col:
        temperature_slider(p, "pr:T")


def clicker() -> None:
    """The document-level PageDown / PageUp handler (see CLICKER_JS)."""
    st.html(CLICKER_JS, unsafe_allow_javascript=True)


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


def tools(p: Page) -> None:
    """Sidebar: snapshot A for the compare tool; every matrix as CSV/LaTeX; the state as a JSON file."""
    with st.expander(p.t("lecture.tools"), expanded=p.snapshot is not None):
        # one button a line, full width: side by side their labels were cut ("지금 상…", "A 지…")
        if st.button(p.t("lecture.snapshot"), key="tl:snapshot", icon=":material/photo_camera:", width="stretch"):
            p.set_snapshot(p.scenario)
            p.notify("success", p.t("lecture.snapshot_saved"))
            st.rerun()
        if p.snapshot is not None and st.button(p.t("lecture.snapshot_clear"), key="tl:clear", width="stretch",
                                                    icon=":material/delete:"):
            p.set_snapshot(None)
            st.rerun()
        st.markdown(f"**{p.t('lecture.export')}**")
        mats = export.lesson_matrices(p.lesson, tuple(p.axis_names()))  # the names only: they do not depend on T
        name = st.selectbox(p.t("lecture.matrix"), list(mats), key="tl:matrix",
                            format_func=lambda k: p.t(f"lecture.mx.{mats[k].key}", **dict(mats[k].params)))
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
