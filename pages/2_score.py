"""Score matrix: QKᵀ, where one score comes from in the named axes, how it becomes a weight, and symmetry/order."""

import math

import pandas as pd
import streamlit as st

from attention_core import analysis, figures, theme, ui


def symmetry_text(p: ui.Page, scores, words: list[str]) -> str:
    """Why QKᵀ is (not) symmetric here, and a word that scores another above itself when there is one."""
    s = p.scenario
    why = analysis.symmetry(s.w_q, s.w_k, scores)
    if why == "asymmetric":
        a, b, _ = analysis.asymmetry(scores)
        out = p.tm("score.asym_text", i=words[a], j=words[b], a=float(scores[a, b]), b=float(scores[b, a]))
    else:
        out = p.t("score.sym_m_text" if why == "symmetric_m" else "score.sym_words_text")
    above_self = analysis.self_not_top(scores) if why != "asymmetric" else []
    if above_self:
        i, j = above_self[0]
        out += " " + p.tm("score.self_text", i=words[i], j=words[j], own=float(scores[i, i]),
                          other=float(scores[i, j]))
    return out


with ui.page("score") as p:
    p.title()
    p.lead("score.lead")
    s, tr = p.scenario, p.lesson.trace
    words = list(s.labels)
    axes = p.axis_names()
    i, j = p.view.cell
    left, right = p.columns(2)
    with left:
        shown = ui.predict_reveal(p, "scores", tr.scores, words, words, lambda marks: p.chart(figures.heatmap(
            tr.scores, words, words, title=p.t("score.matrix"), x_title=p.t("lbl.key_axis"),
            y_title=p.t("lbl.query_axis"), hover_row=p.t("lbl.looker"), hover_col=p.t("lbl.looked"),
            marks=[figures.Mark(i, j, theme.QUERY_COLOR, p.t("score.picked")), *marks], presenter=p.presenter,
            width_px=p.matrix_width), "scores"))
    with right:
        st.latex(r"\mathrm{score}_{ij} = Q_i \cdot K_j \qquad QK^{T} \in \mathbb{R}^{n \times n}")
        st.markdown(f"**{p.t('score.cell')}**")
        c1, c2 = st.columns(2)
        with c1:
            i = p.word_picker("lbl.pick_row", "row")
        with c2:
            j = p.word_picker("lbl.pick_col", "col")
        if shown:
            contrib = analysis.score_contributions(s.x, s.w_q, s.w_k, i, j)
            total = float(contrib.sum())
            p.chart(figures.heatmap(contrib, axes, axes, title=p.t("score.contrib_chart", i=words[i], j=words[j],
                                                                     total=total),
                                    x_title=p.t("score.looked_axis"), y_title=p.t("score.looker_axis"),
                                    hover_row=p.t("score.looker_axis"), hover_col=p.t("score.looked_axis"),
                                    presenter=p.presenter), "contributions")
            st.caption(p.t("score.sum_check", total=total, score=float(tr.scores[i, j])))
        else:  # the decomposition, the weight path, the asymmetry and the shuffle all show scores
            st.caption(p.t("lecture.hidden_part"))
    st.caption(p.t("score.decomp_lead"))
    with st.expander(p.t("score.m_chart")):
        p.chart(figures.heatmap(analysis.bilinear(s.w_q, s.w_k), axes, axes, title=p.t("score.m_chart"),
                                x_title=p.t("score.looked_axis"), y_title=p.t("score.looker_axis"),
                                presenter=p.presenter), "bilinear")

    st.subheader(p.tm("score.path", i=words[i]))
    if shown:
        path = analysis.weight_path(tr.scores[i], s.temperature)
        table = pd.DataFrame({
            p.t("score.col_score"): path["scores"], p.t("score.col_scaled"): path["scaled"],
            p.t("score.col_exp"): path["exp"], p.t("score.col_weight"): path["weights"],
        }, index=words)
        number = st.column_config.NumberColumn(format="%.3f")
        st.dataframe(table, width="stretch", column_config={
            p.t("score.col_score"): number, p.t("score.col_scaled"): number, p.t("score.col_exp"): number,
            p.t("score.col_weight"): st.column_config.ProgressColumn(format="%.3f", min_value=0.0, max_value=1.0),
        })
        st.caption(p.t("score.path_caption", t=s.temperature, total=float(path["weights"].sum())))
    else:
        st.caption(p.t("lecture.hidden_part"))

    st.subheader(p.t("score.asym"))
    if not shown:
        st.caption(p.t("lecture.hidden_part"))
    else:
        st.markdown(symmetry_text(p, tr.scores, words))
        if st.toggle(p.t("score.shuffle"), key="score:shuffle"):
            perm, shuffled = analysis.shuffled(s, seed=1)
            st.markdown(p.t("score.shuffle_text"))
            order = [words[k] for k in perm]
            p.chart(figures.heatmap(shuffled.scores, order, order, title=p.t("score.shuffled_chart"),
                                    x_title=p.t("lbl.key_axis"), y_title=p.t("lbl.query_axis"),
                                    hover_row=p.t("lbl.looker"), hover_col=p.t("lbl.looked"),
                                    width_px=theme.FULL_WIDTH_PX, presenter=p.presenter), "shuffled")

    with st.expander(p.t("score.sqrt_title"), expanded=False):
        st.markdown(p.t("score.sqrt_text", dk=s.d_k, sq=math.sqrt(s.d_k)))
    p.note("note.sqrt_dk")
    p.note("note.hand_set")
