"""Score matrix: QKᵀ, where one score comes from in the named axes, how it becomes a weight, and symmetry/order."""

import math

import streamlit as st

from attention_core import analysis, figures, theme, ui


def symmetry_text(page: ui.Page, scores, words: list[str]) -> str:
    """Why QKᵀ is (not) symmetric here, and a word that scores another above itself when there is one."""
    scenario = page.scenario
    why = analysis.symmetry(scenario.w_q, scenario.w_k, scores)
    if why == "asymmetric":
        a, b, _ = analysis.asymmetry(scores)
        ties = analysis.asymmetry_ties(scores)  # fair on a tie: the pair named is one of them, and says so
        which = page.t("score.asym_largest") if ties == 1 else page.t("score.asym_largest_tied", k=ties)
        out = page.tm("score.asym_text", i=words[a], j=words[b], a=float(scores[a, b]), b=float(scores[b, a]),
                      which=which)
    else:
        out = page.t("score.sym_m_text" if why == "symmetric_m" else "score.sym_words_text")
    above_self = analysis.self_not_top(scores) if why != "asymmetric" else []
    if above_self:
        i, j = above_self[0]
        out += " " + page.tm("score.self_text", i=words[i], j=words[j], own=float(scores[i, i]),
                             other=float(scores[i, j]))
    return out


with ui.page("score") as page:
    page.title()
    page.lead("score.lead")
    scenario, trace = page.scenario, page.lesson.trace
    words = list(scenario.labels)
    axes = page.axis_names()
    # score_ij = Σ_a Σ_b x_ia M_ab x_jb: rows are the looking word's axes a, columns the looked-at word's axes b
    looker_axes = figures.Axis(axes, page.t("score.looker_axis"))
    looked_axes = figures.Axis(axes, page.t("score.looked_axis"))
    i, j = page.view.cell
    left, right = page.columns(2)
    with left:
        picked = figures.Mark(i, j, page.t("score.picked"), theme.PICKED_DASH)
        shown = ui.predict_reveal(page, "scores", trace.scores, words, words, lambda marks: page.chart(
            page.fig.heatmap(trace.scores, *page.word_axes(), title=page.t("score.matrix"), marks=[picked, *marks],
                             width_px=page.matrix_width), "scores"))
    with right:
        st.latex(r"\mathrm{score}_{ij} = Q_i \cdot K_j \qquad QK^{\top} \in \mathbb{R}^{n \times n}")
        st.markdown(f"**{page.t('score.cell')}**")
        c1, c2 = st.columns(2)
        with c1:
            i = page.word_picker("lbl.pick_row", "row")
        with c2:
            j = page.word_picker("lbl.pick_col", "col")
        if shown:
            contrib = analysis.score_contributions(scenario.x, scenario.w_q, scenario.w_k, i, j)
            total = float(contrib.sum())
            page.chart(page.fig.heatmap(contrib, looker_axes, looked_axes,
                                        title=page.t("score.contrib_chart", i=words[i], j=words[j], total=total)),
                       "contributions")
            st.caption(page.t("score.sum_check", total=total, score=float(trace.scores[i, j])))
        else:  # the decomposition, the weight path, the asymmetry and the shuffle all show scores
            st.caption(page.t("lecture.hidden_part"))
    st.caption(page.t("score.decomp_lead"))
    with st.expander(page.t("score.m_chart")):
        page.chart(page.fig.heatmap(analysis.bilinear(scenario.w_q, scenario.w_k), looker_axes, looked_axes,
                                    title=page.t("score.m_chart"), width_px=theme.FULL_WIDTH_PX), "bilinear")

    st.header(page.tm("score.path", i=words[i]))
    if shown:  # the scaled scores, exp and weights change with T (the row's scores do not): the browser redraws them
        ui.weight_path_table(page, words, trace.scores[i], page.t("score.path", i=words[i]), "score.path_caption")
    else:
        st.caption(page.t("lecture.hidden_part"))

    st.header(page.t("score.asym"))
    if not shown:
        st.caption(page.t("lecture.hidden_part"))
    else:
        st.markdown(symmetry_text(page, trace.scores, words))
        if st.toggle(page.t("score.shuffle"), key="score:shuffle"):
            perm, shuffled = analysis.shuffled(scenario, seed=1)
            st.markdown(page.t("score.shuffle_text"))
            order = [words[k] for k in perm]
            page.chart(page.fig.heatmap(shuffled.scores, *page.word_axes(order),
                                        title=page.t("score.shuffled_chart"), width_px=theme.FULL_WIDTH_PX),
                       "shuffled")

    with st.expander(page.t("score.sqrt_title"), expanded=False):
        st.markdown(page.t("score.sqrt_text", dk=scenario.d_k, sq=math.sqrt(scenario.d_k)))
    page.note("note.sqrt_dk")
    page.note("note.hand_set")
