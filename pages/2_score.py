"""Score matrix: QKᵀ, where one score comes from in the named axes, how it becomes a weight, and symmetry/order."""

import math

import pandas as pd
import streamlit as st

from attention_core import analysis, figures, theme, ui

with ui.page("score") as p:
    p.title()
    p.lead("score.lead")
    st.latex(r"\mathrm{score}_{ij} = Q_i \cdot K_j \qquad \mathrm{Score\ Matrix} = QK^{T} \in \mathbb{R}^{n \times n}")
    s, tr = p.scenario, p.lesson.trace
    words = list(s.labels)
    axes = p.axis_names()

    st.subheader(p.t("score.cell"))
    c1, c2, _ = st.columns([1, 1, 2])
    with c1:
        i = p.word_picker("lbl.pick_row", "row")
    with c2:
        j = p.word_picker("lbl.pick_col", "col")
    left, right = st.columns(2)
    with left:
        ui.predict_reveal(p, "scores", tr.scores, words, words, lambda marks: p.chart(figures.heatmap(
            tr.scores, words, words, title=p.t("score.matrix"), x_title=p.t("lbl.key_axis"),
            y_title=p.t("lbl.query_axis"), hover_row=p.t("lbl.looker"), hover_col=p.t("lbl.looked"),
            marks=[figures.Mark(i, j, theme.QUERY_COLOR, p.t("score.picked")), *marks], presenter=p.presenter,
        ), "scores"))
    with right:
        contrib = analysis.score_contributions(s.x, s.w_q, s.w_k, i, j)
        total = float(contrib.sum())
        p.chart(figures.heatmap(contrib, axes, axes, title=p.t("score.contrib_chart", i=words[i], j=words[j],
                                                                 total=total),
                                x_title=p.t("score.looked_axis"), y_title=p.t("score.looker_axis"),
                                hover_row=p.t("score.looker_axis"), hover_col=p.t("score.looked_axis"),
                                presenter=p.presenter), "contributions")
        st.caption(p.t("score.sum_check", total=total, score=float(tr.scores[i, j])))
    st.caption(p.t("score.decomp_lead"))
    with st.expander(p.t("score.m_chart")):
        p.chart(figures.heatmap(analysis.bilinear(s.w_q, s.w_k), axes, axes, title=p.t("score.m_chart"),
                                x_title=p.t("score.looked_axis"), y_title=p.t("score.looker_axis"),
                                presenter=p.presenter), "bilinear")

    st.subheader(p.tm("score.path", i=words[i]))
    path = analysis.weight_path(tr.scores[i], s.temperature)
    table = pd.DataFrame({
        p.t("score.col_score"): path["scores"], p.t("score.col_scaled"): path["scaled"],
        p.t("score.col_exp"): path["exp"], p.t("score.col_weight"): path["weights"],
    }, index=words)
    st.dataframe(table.style.format("{:.3f}").highlight_max(subset=[p.t("score.col_weight")], color="#fdd0a2"),
                 width="stretch")
    st.caption(p.t("score.path_caption", t=s.temperature, total=float(path["weights"].sum())))

    a, b, gap = analysis.asymmetry(tr.scores)
    st.subheader(p.t("score.asym"))
    if gap > 1e-9:
        st.markdown(p.tm("score.asym_text", i=words[a], j=words[b], a=float(tr.scores[a, b]),
                        b=float(tr.scores[b, a])))
    else:
        st.markdown(p.t("score.sym_text"))

    if st.toggle(p.t("score.shuffle"), key="score:shuffle"):
        perm, shuffled = analysis.shuffled(s, seed=1)
        st.markdown(p.t("score.shuffle_text"))
        order = [words[k] for k in perm]
        p.chart(figures.heatmap(shuffled.scores, order, order, title=p.t("score.shuffled_chart"),
                                x_title=p.t("lbl.key_axis"), y_title=p.t("lbl.query_axis"),
                                hover_row=p.t("lbl.looker"), hover_col=p.t("lbl.looked"),
                                presenter=p.presenter), "shuffled")

    with st.expander(p.t("score.sqrt_title"), expanded=False):
        st.markdown(p.t("score.sqrt_text", dk=s.d_k, sq=math.sqrt(s.d_k)))
    p.note("note.sqrt_dk")
    p.note("note.hand_set")
