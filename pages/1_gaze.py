"""Q/K gaze: X, W_Q, W_K, Q and K; one word's gaze on every other word, as numbers and as arrows."""

import pandas as pd
import streamlit as st

from attention_core import analysis, figures, ui

with ui.page("gaze") as page:
    page.title()
    page.lead("gaze.lead")
    with page.editors(page.t("gaze.edit")) as open_:  # closed: Q and K come first; opened to edit X, W_Q, W_K
        if open_:
            st.caption(page.t("lbl.edit_hint"))
            st.markdown(f"**{page.t('gaze.x_title')}**")
            page.matrix_editor("x")
            e1, e2 = st.columns(2)
            with e1:
                st.markdown(f"**{page.t('gaze.wq_title')}**")
                page.matrix_editor("w_q")
            with e2:
                st.markdown(f"**{page.t('gaze.wk_title')}**")
                page.matrix_editor("w_k")

    scenario, trace = page.scenario, page.lesson.trace
    axes = page.axis_names()
    reads = []
    for label, w in (("W_Q", scenario.w_q), ("W_K", scenario.w_k)):
        read = analysis.read_axes(w)
        reads.append(page.t("gaze.reads_all", m=label) if len(read) == len(axes)
                     else page.t("gaze.reads_some", m=label, axes=", ".join(axes[a] for a in read)))
    words = list(scenario.labels)
    dims = [f"{c + 1}" for c in range(scenario.d_k)]
    qk_limit = figures.scale_limit(trace.q, trace.k)  # Q and K are read against each other: one scale
    word_axis = figures.Axis(words, page.t("lbl.word"))
    h1, h2 = st.columns(2)
    with h1:
        q_dims = figures.Axis([f"q{d}" for d in dims], page.t("lbl.dim"))
        page.chart(page.fig.heatmap(trace.q, word_axis, q_dims, title=page.t("gaze.q_chart"), limit=qk_limit), "q")
    with h2:
        k_dims = figures.Axis([f"k{d}" for d in dims], page.t("lbl.dim"))
        page.chart(page.fig.heatmap(trace.k, word_axis, k_dims, title=page.t("gaze.k_chart"), limit=qk_limit), "k")
    c1, c2 = st.columns(2)
    c1.latex(r"Q = X \cdot W_Q \qquad K = X \cdot W_K")
    c1.markdown(f"- {page.t('gaze.q_role')}\n- {page.t('gaze.k_role')}")
    c2.info(" ".join([page.t("gaze.focus_axes"), *reads]))
    page.note("note.hand_set")
    page.note("note.named_axes")

    i = page.word_picker()
    word = words[i]
    st.header(page.tm("gaze.gaze_of", word=word))
    g1, g2 = st.columns(2)
    with g1:
        page.chart(page.fig.bars(trace.scores[i], words, title=page.t("gaze.dots_chart", word=word),
                                 y_title=page.t("gaze.score"), highlight=i), "dots")
    with g2:
        terms = analysis.dot_terms(trace.q, trace.k, i)
        page.chart(page.fig.heatmap(terms, figures.Axis(words, page.t("lbl.looked"), "K"),
                                    figures.Axis([f"c={d}" for d in dims], page.t("lbl.dim")),
                                    title=page.t("gaze.terms_chart", word=word)), "terms")

    st.header(page.t("gaze.geometry"))
    st.caption(page.t("gaze.geometry_help"))
    d1, d2, _ = st.columns([1, 1, 2])
    with d1:
        a = page.dim_picker(0, "gaze.dim_a")
    with d2:
        b = page.dim_picker(1, "gaze.dim_b")
    arrows_col, table_col = st.columns([3, 2])
    with arrows_col:
        groups = analysis.coincident_groups(trace.k[:, [a, b]])
        page.chart(page.fig.arrows(word, (trace.q[i, a], trace.q[i, b]), trace.k[:, [a, b]], words, groups=groups,
                                   title=page.t("gaze.arrows_chart", word=word, a=a + 1, b=b + 1),
                                   x_title=f"{page.t('lbl.dim')} {a + 1}", y_title=f"{page.t('lbl.dim')} {b + 1}"),
                   "arrows")
        for group in (g for g in groups if len(g) > 1):
            st.caption(page.tm("gaze.coincident", words=" = ".join(words[j] for j in group), a=a + 1, b=b + 1))
    with table_col:
        partial = analysis.partial_dot(trace.q, trace.k, i, (a, b))
        table = pd.DataFrame({page.t("gaze.partial"): partial, page.t("gaze.full"): trace.scores[i]}, index=words)
        ui.number_table(page, table, decimals=dict.fromkeys(table.columns, 2))
        # what the table shows: a difference from the dimensions not drawn, or none (said as it is)
        if trace.q.shape[1] == 2:
            st.caption(page.t("gaze.partial_all"))
        elif analysis.partial_is_full(trace.q, trace.k, i, (a, b)):
            st.caption(page.t("gaze.partial_same"))
        else:
            st.caption(page.t("gaze.partial_caption"))
