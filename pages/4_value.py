"""V and the weighted sum: W_V, V = X·W_V, the weights, output = weights·V, and one word's new vector part by part."""

import streamlit as st

from attention_core import analysis, figures, theme, ui

STACK_MAX = 12  # past this many words the smaller contributions are stacked as one "other words" segment

with ui.page("value") as p:
    p.title()
    p.lead("value.lead")
    with st.expander(p.t("value.wv_editor")):  # closed: the charts come first; opened to edit W_V
        st.caption(p.t("lbl.edit_hint"))
        p.matrix_editor("w_v")
    s, tr = p.scenario, p.lesson.trace  # the editor may have just changed W_V
    words = list(s.labels)
    d = s.w_v.shape[1]
    v_dims = [f"v{c + 1}" for c in range(d)]
    v_limit = figures.scale_limit(tr.v)  # the output is a weighted average of V's rows: one scale for both

    v_col, read_col = st.columns([3, 2])
    with v_col:
        p.chart(figures.heatmap(tr.v, words, v_dims, title=p.t("value.v_chart"), x_title=p.t("value.v_dim"),
                                y_title=p.t("value.word_axis"), hover_row=p.t("lbl.word"), limit=v_limit,
                                width_px=theme.FULL_WIDTH_PX * 0.6,
                                hover_col=p.t("lbl.dim"), presenter=p.presenter), "v")
    with read_col:
        st.latex(r"V = X \cdot W_V")
        st.markdown(p.t("value.wv_role"))
        st.markdown(p.t("value.wv_read", d=d))
        if analysis.is_identity(s.w_v):
            st.info(p.t("value.identity", d=d))
        p.note("value.who_vs_what")

    st.subheader(p.t("value.sum_section"))
    f1, f2 = st.columns(2)
    f1.latex(r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\!\left(\frac{QK^{T}}{T}\right)\cdot V")
    f2.latex(r"\mathrm{output}_i=\sum_j w_{ij}\,V_j")
    st.markdown(p.t("value.sum_role"))
    w_col, o_col = p.columns(2)
    with w_col:
        p.chart(figures.heatmap(tr.weights, words, words, kind="weights", row_sums=True, width_px=p.matrix_width,
                                title=p.t("value.weights_chart", t=s.temperature), x_title=p.t("lbl.key_axis"),
                                y_title=p.t("lbl.query_axis"), hover_row=p.t("lbl.looker"),
                                hover_col=p.t("lbl.looked"), presenter=p.presenter), "weights")
    with o_col:
        shown = ui.predict_reveal(p, "output", tr.output, words, v_dims, lambda marks: p.chart(figures.heatmap(
            tr.output, words, v_dims, title=p.t("value.out_chart"), x_title=p.t("value.v_dim"), limit=v_limit,
            y_title=p.t("lbl.query_axis"), hover_row=p.t("lbl.word"), hover_col=p.t("lbl.dim"), marks=marks,
            presenter=p.presenter), "output"))
    st.caption(p.t("value.sum_read"))

    pick, _ = st.columns([1, 3])
    with pick:
        i = p.word_picker()
    word = words[i]
    st.subheader(p.tm("value.word_section", word=word))
    tied = analysis.favourite_ties(tr.weights)[i]
    s_col, l_col = st.columns([3, 2])
    with s_col:
        if not shown:  # the shares add up to a row of the hidden output
            st.caption(p.t("lecture.hidden_part"))
        else:
            parts = analysis.value_contributions(tr.weights, tr.v, i)
            kept, rest = analysis.largest_parts(parts, STACK_MAX)
            rows, names = [parts[j] for j in kept], [words[j] for j in kept]
            if rest is not None:
                rows.append(rest)
                names.append(p.t("value.others", k=len(words) - len(kept)))
            fig = figures.stacked_contributions(rows, names, v_dims, tr.output[i],
                                                focus=kept.index(i) if i in kept else None,
                                                title=p.t("value.stack_chart", word=word),
                                                total_label=p.t("value.total_label"), y_title=p.t("lbl.value"),
                                                presenter=p.presenter)
            p.chart(fig, "contributions")
    with l_col:
        p.chart(figures.weight_lines(tr.weights[i], words, i, title=p.t("value.lines_chart", word=word),
                                     presenter=p.presenter, height=380), "lines")
    st.caption(p.tm("value.stack_read" if shown else "value.lines_read", word=word,
                    top=p.t("multihead.tie_sep").join(words[j] for j in tied), w=float(tr.weights[i, tied[0]])))

    with st.expander(p.t("value.more")):
        st.markdown(p.t("value.more_text"))
    p.note("note.hand_set")
    p.note("note.named_axes")
