"""Q/K gaze: X, W_Q, W_K, Q and K; one word's gaze on every other word, as numbers and as arrows."""

import pandas as pd
import streamlit as st

from attention_core import analysis, figures, ui

with ui.page("gaze") as p:
    p.title()
    p.lead("gaze.lead")
    with st.expander(p.t("gaze.edit")):  # closed: Q and K come first; opened to edit X, W_Q, W_K
        st.caption(p.t("lbl.edit_hint"))
        st.markdown(f"**{p.t('gaze.x_title')}**")
        p.matrix_editor("x")
        e1, e2 = st.columns(2)
        with e1:
            st.markdown(f"**{p.t('gaze.wq_title')}**")
            p.matrix_editor("w_q")
        with e2:
            st.markdown(f"**{p.t('gaze.wk_title')}**")
            p.matrix_editor("w_k")

    s, tr = p.scenario, p.lesson.trace
    axes = p.axis_names()
    reads = []
    for label, w in (("W_Q", s.w_q), ("W_K", s.w_k)):
        read = analysis.read_axes(w)
        reads.append(p.t("gaze.reads_all", m=label) if len(read) == len(axes)
                     else p.t("gaze.reads_some", m=label, axes=", ".join(axes[a] for a in read)))
    words = list(s.labels)
    dims = [f"{c + 1}" for c in range(s.d_k)]
    qk_limit = figures.scale_limit(tr.q, tr.k)  # Q and K are read against each other: one scale
    h1, h2 = st.columns(2)
    with h1:
        p.chart(figures.heatmap(tr.q, words, [f"q{d}" for d in dims], title=p.t("gaze.q_chart"),
                                x_title=p.t("lbl.dim"), y_title=p.t("lbl.word"), hover_row=p.t("lbl.word"),
                                hover_col=p.t("lbl.dim"), limit=qk_limit, presenter=p.presenter), "q")
    with h2:
        p.chart(figures.heatmap(tr.k, words, [f"k{d}" for d in dims], title=p.t("gaze.k_chart"),
                                x_title=p.t("lbl.dim"), y_title=p.t("lbl.word"), hover_row=p.t("lbl.word"),
                                hover_col=p.t("lbl.dim"), limit=qk_limit, presenter=p.presenter), "k")
    c1, c2 = st.columns(2)
    c1.latex(r"Q = X \cdot W_Q \qquad K = X \cdot W_K")
    c1.markdown(f"- {p.t('gaze.q_role')}\n- {p.t('gaze.k_role')}")
    c2.info(" ".join([p.t("gaze.focus_axes"), *reads]))
    p.note("note.hand_set")
    p.note("note.named_axes")

    i = p.word_picker()
    word = words[i]
    st.subheader(p.tm("gaze.gaze_of", word=word))
    g1, g2 = st.columns(2)
    with g1:
        p.chart(figures.bars(tr.scores[i], words, title=p.t("gaze.dots_chart", word=word),
                             y_title=p.t("gaze.score"), highlight=i, presenter=p.presenter), "dots")
    with g2:
        p.chart(figures.heatmap(analysis.dot_terms(tr.q, tr.k, i), words, [f"c={d}" for d in dims],
                                title=p.t("gaze.terms_chart", word=word), x_title=p.t("lbl.dim"),
                                y_title=p.t("lbl.looked"), hover_row="K", hover_col=p.t("lbl.dim"),
                                presenter=p.presenter), "terms")

    st.subheader(p.t("gaze.geometry"))
    st.caption(p.t("gaze.geometry_help"))
    d1, d2, _ = st.columns([1, 1, 2])
    with d1:
        a = p.dim_picker(0, "gaze.dim_a")
    with d2:
        b = p.dim_picker(1, "gaze.dim_b")
    arrows_col, table_col = st.columns([3, 2])
    with arrows_col:
        p.chart(figures.arrows(word, (tr.q[i, a], tr.q[i, b]), tr.k[:, [a, b]], words,
                               title=p.t("gaze.arrows_chart", word=word, a=a + 1, b=b + 1),
                               x_title=f"{p.t('lbl.dim')} {a + 1}", y_title=f"{p.t('lbl.dim')} {b + 1}",
                               presenter=p.presenter), "arrows")
    with table_col:
        table = pd.DataFrame(
            {p.t("gaze.partial"): analysis.partial_dot(tr.q, tr.k, i, (a, b)), p.t("gaze.full"): tr.scores[i]},
            index=words,
        )
        st.dataframe(table, width="stretch",
                     column_config={c: st.column_config.NumberColumn(format="%.2f") for c in table.columns})
        st.caption(p.t("gaze.partial_caption"))
