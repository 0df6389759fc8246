"""The kinds of class question on screen: what each asks (`prompt`), how a student answers it on the phone, and how
its reveal teaches, on the lecturer's screen and on each phone.

Every number shown is computed by `classroom.results` from the store and the question's frozen state, and every
caption quotes those numbers; the strings are in i18n (classroom.*), the figures in `figures`.
A student sees the room's answers only added up (means, counts), never another student's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import streamlit as st

from .. import analysis, figures, theme
from ..classroom import results
from ..classroom.model import Question
from ..classroom.results import Answer, Summary
from ..figures import class_charts
from ..i18n import text
from . import a11y, class_controls
from .frame import md

Z_TEXT = "[" + ", ".join(f"{z:.1f}" for z in analysis.DOCUMENT_Z) + "]"  # the source text's example, as ③ writes it
CHOICES_PAGES = ("score", "temperature", "value")


def _short(label: str) -> str:
    """A choice of the source text's example ("z₁ = 2.0") by its name alone ("z₁")."""
    return label.split(" = ", 1)[0]


def prompt(lang: str, q: Question) -> str:
    """The question as the class reads it (Markdown: the words escaped)."""
    word = md(q.asked)
    if q.mode == "spread":
        if q.source == "document":
            return text(lang, "classroom.q_spread_document", z=Z_TEXT, t=q.temperature,
                        choices=", ".join(_short(c) for c in q.choices))
        return text(lang, "classroom.q_spread", word=word, t=q.temperature)
    if q.mode == "tap":
        if q.target == "pair":
            return text(lang, "classroom.q_tap_pair", word=word, other=md(q.choices[q.col]))
        return text(lang, "classroom.q_tap_score" if q.chart == "scores" else "classroom.q_tap_weights",
                    t=q.temperature)
    if q.mode == "temperature":
        if q.source == "document":
            return text(lang, "classroom.q_guess_t_document", z=Z_TEXT)
        return text(lang, "classroom.q_guess_t", word=word)
    key = f"classroom.q_{q.page}" if q.page in CHOICES_PAGES else "classroom.q_generic"
    return text(lang, key, word=word, t=q.temperature)


def _cell_name(q: Question, cell: int) -> str:
    i, j = q.cell(cell)
    return f"‘{md(q.sentence[i])}’ → ‘{md(q.choices[j])}’"


def _matrix(q: Question) -> np.ndarray:
    return np.asarray(q.values, dtype=float).reshape(len(q.sentence), len(q.choices))


def _ts(q: Question, ks: Sequence[int]) -> str:
    return ", ".join(f"{q.options[k]:g}" for k in ks)


def _points(q: Question, values: Sequence[float]) -> str:
    labels = [_short(c) for c in q.choices] if q.source == "document" else [md(c) for c in q.choices]
    return " · ".join(f"{lab} {v:.1f}" for lab, v in zip(labels, values, strict=True))


# the lecturer


def summary_markdown(lang: str, q: Question, s: Summary) -> list[str]:
    """The reveal's text, paragraph by paragraph: every number from the summary (never typed)."""
    t = lambda key, **kw: text(lang, f"classroom.{key}", **kw)  # noqa: E731
    if q.mode == "spread":
        if not s.mean:
            return [t("sum_none")]
        fit_key = "sum_fit" if len(s.fit) == 1 else "sum_fit_tied"
        return [t("sum_spread", tv=s.tv, k=s.answered),
                t("sum_mean", room=_points(q, s.mean), model=_points(q, s.model)),
                t(fit_key, ts=_ts(q, s.fit), d=s.fit_tv[s.fit[0]])]
    if q.mode == "tap":
        m = _matrix(q)
        cells = ", ".join(f"{_cell_name(q, c)} ({m[q.cell(c)]:.2f})" for c in s.right)
        out = [t("sum_tap", k=s.right_count, n=s.answered, cells=cells)]
        if s.transposed:
            swapped = ", ".join(_cell_name(q, c) for c in s.transposed)
            pairs = "; ".join(f"{_cell_name(q, c)} {m[q.cell(c)]:.2f}, {_cell_name(q, r)} {m[q.cell(r)]:.2f}"
                              for c, r in zip(s.transposed, _sources(q, s), strict=True))
            key = "sum_tap_swapped" if s.confused else "sum_tap_none_swapped"
            out.append(t(key, c=s.confused, cells=swapped, pairs=pairs))
        return out
    if q.mode == "temperature":
        others = [k for k in s.right if abs(q.options[k] - q.temperature) > 1e-12]
        if others:
            return [t("sum_t_tied", k=s.right_count, n=s.answered, t=q.temperature, others=_ts(q, others))]
        return [t("sum_t", k=s.right_count, n=s.answered, t=q.temperature)]
    words = ", ".join(md(q.choices[j]) for j in q.right)
    return [t("sum_pick", words=words, k=s.right_count, n=s.answered)]


def _sources(q: Question, s: Summary) -> list[int]:
    """For each transposed cell of the summary, the right cell it is the transpose of."""
    n = len(q.choices)
    out = []
    for c in s.transposed:
        i, j = q.cell(c)
        out.append(j * n + i)
    return out


def notes_line(lang: str, qid: int, q: Question, s: Summary) -> str:
    """One plain line for the lecturer's notes (and the CSV's last row): the question and what the room did."""
    t = lambda key, **kw: text(lang, f"classroom.{key}", **kw)  # noqa: E731
    if q.source == "document":
        about = t("about_document", z=Z_TEXT)
    elif q.mode == "tap":
        about = (t("about_tap_pair", word=q.asked, other=q.choices[q.col]) if q.target == "pair"
                 else t("about_tap"))
    else:
        about = t(f"about_{q.mode}", word=q.asked, t=q.temperature)
    if q.mode == "spread":
        result = t("line_spread", tv=s.tv, ts=_ts(q, s.fit)) if s.mean else t("sum_none")
    elif q.mode == "tap":
        result = t("line_tap", k=s.right_count, c=s.confused)
    else:
        result = t("line_right", k=s.right_count)
    return t("line", qid=qid, kind=t(f"kind_name_{q.mode}"), about=about, k=s.answered, result=result)


def lecturer(p, q: Question, answers: Sequence[Answer], revealed: bool) -> Summary:
    """The live chart of a spread, tap or T question (the room's answers so far; the truth once `revealed`), under
    the key "class:tally" as the one-tap question's; then, once revealed, the reveal's text. Its summary."""
    s = results.summarise(q, answers)
    t = p.t
    if q.mode == "spread":
        spreads = [a.shares for a in answers if a.shares is not None]
        title = (t("classroom.spread_reveal_title", t=q.temperature, k=s.answered) if revealed
                 else t("classroom.room_mean_title", k=s.answered))
        fig = class_charts.spread(
            [_short(c) for c in q.choices] if q.source == "document" else q.choices, s.mean, spreads,
            s.model if revealed else None, title=title, y_title=t("classroom.points_axis"),
            names=(t("classroom.series_room"), t("classroom.series_each"), t("classroom.series_model")),
            presenter=p.presenter)
    elif q.mode == "tap":
        n = len(q.choices)
        marks = []
        if revealed:
            marks = [figures.Mark(*q.cell(c), t("classroom.right"), theme.WINNER_DASH)
                     for c in s.right]
            marks += [figures.Mark(*q.cell(c), t("classroom.mark_swapped"), theme.GUESS_DASH)
                      for c in s.transposed]
        fig = p.fig.heatmap(np.asarray(s.counts, dtype=float).reshape(n, n),
                            figures.Axis(list(q.sentence), t("classroom.tap_rows")),
                            figures.Axis(list(q.choices), t("classroom.tap_cols")), decimals=0, show_scale=False,
                            marks=marks, title=t("classroom.tap_title", k=s.answered))
    else:
        row_title = (t("classroom.t_row_title_doc", z=Z_TEXT) if q.source == "document"
                     else t("classroom.t_row_title", word=q.asked))
        a11y.chart(p, class_charts.frozen_row(q.choices, q.values, (), title=row_title, presenter=p.presenter),
                   "class-row", key="class:lecturer-row")
        fig = class_charts.t_histogram(q.options, s.counts, s.right if revealed else (),
                                            title=t("classroom.t_title", k=s.answered),
                                            y_title=t("classroom.tally_axis"), right_name=t("classroom.right"),
                                            presenter=p.presenter)
    a11y.chart(p, fig, "class-tally", key="class:tally")
    return s


def reveal_text(p, q: Question, s: Summary) -> None:
    """The reveal's text, under the key the tests read ("class:reveal-summary")."""
    with st.container(key="class:reveal-summary"):
        for line in summary_markdown(p.lang, q, s):
            st.markdown(line)


def results_download(p, qid: int, csv_text: str, line: str) -> None:
    """"Download results" (this question's CSV) and the line for the lecturer's notes. The CSV is made with each run
    of the live tally, not at the click: a deferred file of a fragment that reruns every LIVE_EVERY seconds is gone
    by the time the browser asks for it (the same text keeps the same address)."""
    st.download_button(p.t("classroom.results_csv"), csv_text, file_name=f"class-question-{qid}.csv",
                       mime="text/csv", key="class:results-csv", on_click="ignore", icon=":material/download:",
                       help=p.t("classroom.results_help"))
    with st.container(key="class:notes"):
        st.caption(p.t("classroom.notes_line"))
        st.markdown(md(line))


# the student


def student(student, view, answer: Callable[[object, int], None]) -> None:
    """The phone's question of a spread, tap or T kind: the control to answer with, what was received, and once
    revealed, the student's own result beside the room's (added up). `answer(value, qid)` sends an answer."""
    lang, q = student.lang, view.question
    t = student.t
    if q.mode == "spread":
        if not view.revealed:
            st.caption(t("classroom.spread_how"))

        def sent() -> None:
            got = class_controls.sent(class_controls.SPREAD_KEY, "send")
            if isinstance(got, dict):
                answer(got.get("shares"), got.get("qid"))

        words = [_short(c) for c in q.choices] if q.source == "document" else list(q.choices)
        class_controls.spread(lang, view.qid, words, view.shares, view.revealed, sent)
        with st.container(key="class:received"):
            if view.shares is None:
                st.caption(t("classroom.no_answer"))
            else:
                st.success(t("classroom.received_spread", spread=" · ".join(
                    f"{md(w)} {v}" for w, v in zip(words, view.shares, strict=True))))
    elif q.mode == "tap":
        if not view.revealed:
            st.caption(t("classroom.tap_how"))

        def tapped() -> None:
            got = class_controls.sent(class_controls.TAP_KEY, "tap")
            if isinstance(got, dict):
                answer(got.get("cell"), got.get("qid"))

        class_controls.tap(lang, view.qid, q.sentence, q.choices, view.mine, view.revealed, tapped,
                           values=_matrix(q) if view.revealed else None, right=q.right if view.revealed else (),
                           kind="signed" if q.chart == "scores" else "weights")
        with st.container(key="class:received"):
            if view.mine is None:
                st.caption(t("classroom.no_answer"))
            else:
                i, j = q.cell(view.mine)
                st.success(t("classroom.received_tap", row=md(q.sentence[i]), col=md(q.choices[j])))
    else:
        row_title = (t("classroom.t_row_title_doc", z=Z_TEXT) if q.source == "document"
                     else t("classroom.t_row_title", word=q.asked))
        a11y.chart(student, class_charts.frozen_row(q.choices, q.values, (), title=row_title), "row",
                   key="class:row")
        if not view.revealed:
            st.caption(t("classroom.t_how"))
        with st.container(key="class:t-grid"):
            for k, option in enumerate(q.options):
                marks = ("✓ " if view.revealed and k in q.right else "") + ("● " if view.mine == k else "")
                st.button(f"{marks}T = {option:g}", key=f"class:t-{k}", on_click=answer, args=(k, view.qid),
                          type="primary" if view.mine == k else "secondary")
        with st.container(key="class:received"):
            if view.mine is None:
                st.caption(t("classroom.no_answer"))
            else:
                st.success(t("classroom.received_t", t=q.options[view.mine]))
    if view.revealed and view.summary is not None:
        _student_reveal(student, view)


def _student_reveal(student, view) -> None:
    q, s, t = view.question, view.summary, student.t
    if q.mode == "spread":
        model = results.model_points(q)
        if view.shares is None:
            st.info(t("classroom.you_spread_none"))
        else:
            lines = [t("classroom.you_spread", d=results.tv_points(view.shares, model))]
            over, by, under, short = results.off_most(view.shares, model)
            words = [_short(c) for c in q.choices] if q.source == "document" else [md(c) for c in q.choices]
            if not over and not under:
                lines.append(t("classroom.you_exact"))
            if over:
                lines.append(t("classroom.you_over", words=", ".join(words[j] for j in over), p=by))
            if under:
                lines.append(t("classroom.you_under", words=", ".join(words[j] for j in under), p=short))
            st.success("  \n".join(lines))
        if s.mean:
            st.markdown(t("classroom.room_spread", tv=s.tv, ts=_ts(q, s.fit)))
        a11y.chart(student, class_charts.spread_mine(
            [_short(c) for c in q.choices] if q.source == "document" else q.choices, s.model, s.mean, view.shares,
            title=t("classroom.spread_student_title", t=q.temperature), x_title=t("classroom.points_axis"),
            names=(t("classroom.series_model"), t("classroom.series_room"), t("classroom.series_mine"))),
            "spread", key="class:student-tally")
        return
    if q.mode == "tap":
        cells = ", ".join(_cell_name(q, c) for c in q.right)
        if view.mine is None:
            st.info(t("classroom.you_tap_none", cells=cells))
        elif view.mine in q.right:
            st.success(t("classroom.you_tap_right", cells=cells))
        elif view.mine in s.transposed:
            st.warning(t("classroom.you_tap_swapped", cells=cells))
        else:
            st.warning(t("classroom.you_tap_wrong", cells=cells))
        for line in summary_markdown(student.lang, q, s):
            st.markdown(line)
        return
    if view.mine is None:
        st.info(t("classroom.you_t_none", t=q.temperature))
    elif view.mine in q.right:
        st.success(t("classroom.you_t_right", t=q.options[view.mine]))
    else:
        st.warning(t("classroom.you_t_wrong", t=q.temperature, mine=q.options[view.mine]))
    # on a phone, the options someone picked and the right ones (all 26 would be a long list of empty rows)
    shown = [k for k in range(len(q.options)) if s.counts[k] or k in q.right or k == view.mine]
    a11y.chart(student, class_charts.tally(
        [f"T = {q.options[k]:g}" for k in shown], [s.counts[k] for k in shown],
        [i for i, k in enumerate(shown) if k in q.right], shown.index(view.mine) if view.mine in shown else None,
        title=t("classroom.t_title", k=s.answered), y_title=t("classroom.tally_axis"),
        right_name=t("classroom.right"), mine_name=t("classroom.mine"), lying=True), "tally",
        key="class:student-tally")
