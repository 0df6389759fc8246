"""V and the weighted sum: W_V, V = X·W_V, the weights, output = weights·V, and one word's new vector part by part."""

import streamlit as st

from attention_core import analysis, figures, theme, ui
from attention_core.registry import t_options

STACK_MAX = 12  # past this many words the smaller contributions are stacked as one "other words" segment

with ui.page("value") as page:
    page.title()
    page.lead("value.lead")
    with page.editors(page.t("value.wv_editor")) as open_:  # closed: the charts come first; opened to edit W_V
        if open_:
            st.caption(page.t("lbl.edit_hint"))
            page.matrix_editor("w_v")
    scenario, trace = page.scenario, page.lesson.trace  # the editor may have just changed W_V
    # from here on `trace` gives only V, which T does not change: the T parts read the weights themselves
    words = list(scenario.labels)
    d = scenario.w_v.shape[1]
    v_dims = [f"v{c + 1}" for c in range(d)]
    v_axis = figures.Axis(v_dims, page.t("value.v_dim"), page.t("lbl.dim"))
    v_limit = figures.scale_limit(trace.v)  # the output is a weighted average of V's rows: one scale for both

    v_col, read_col = st.columns([3, 2])
    with v_col:
        page.chart(page.fig.heatmap(trace.v, figures.Axis(words, page.t("value.word_axis"), page.t("lbl.word")),
                                    v_axis, title=page.t("value.v_chart"), limit=v_limit,
                                    width_px=theme.FULL_WIDTH_PX * 0.6), "v")
    with read_col:
        st.latex(r"V = X \cdot W_V")
        st.markdown(page.t("value.wv_role"))
        st.markdown(page.t("value.wv_read", d=d))
        if analysis.is_identity(scenario.w_v):
            st.info(page.t("value.identity", d=d))
        page.note("value.who_vs_what")

    st.header(page.t("value.sum_section"))
    f1, f2 = st.columns(2)
    f1.latex(r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\!\left(\frac{QK^{\top}}{T}\right)\cdot V")
    f2.latex(r"\mathrm{output}_i=\sum_j w_{ij}\,V_j")
    st.markdown(page.t("value.sum_role"))
    w_col, o_col = page.columns(2)
    looker = figures.Axis(words, page.t("lbl.query_axis"), page.t("lbl.word"))

    @page.follows_t
    def weights_part() -> None:
        if ui.class_hides(page, "weights"):  # the class is spreading a row of these weights
            st.caption(page.t("classroom.hidden_for_class"))
            return
        title = figures.at_t(page.t("value.weights_chart", t=figures.T), page.scenario.temperature)
        page.chart(page.fig.heatmap(page.lesson.trace.weights, *page.word_axes(), kind="weights", row_sums=True,
                                    width_px=page.matrix_width, title=title, shows=figures.shows("W")), "weights")

    @page.follows_t
    def output_part() -> None:  # once shown, the verdict and the output follow T
        out = page.lesson.trace.output
        ui.predict_reveal(page, "output", out, words, v_dims, lambda marks: page.chart(
            page.fig.heatmap(out, looker, v_axis, title=page.t("value.out_chart"), limit=v_limit,
                             marks=marks, shows=figures.shows("O")), "output"))

    shown = not page.quiz("output").hidden  # what predict_reveal returns, without depending on T
    with w_col:
        weights_part()
    with o_col:
        output_part()
    st.caption(page.t("value.sum_read"))

    pick, _ = st.columns([1, 3])
    with pick:
        i = page.word_picker()
    word = words[i]
    st.header(page.tm("value.word_section", word=word))

    @page.follows_t
    def contributions_part() -> None:
        trace = page.lesson.trace
        parts = analysis.value_contributions(trace.weights, trace.v, i)
        kept, rest = analysis.largest_parts(parts, STACK_MAX)
        rows, names = [parts[j] for j in kept], [words[j] for j in kept]
        shows = [figures.shows("C", row=i, col=j) for j in kept]  # word j's share of word i's output
        if rest is not None:
            rows.append(rest)
            names.append(page.t("value.others", k=len(words) - len(kept)))
            shows.append(figures.shows("rest", row=i, cols=kept))  # the other words' shares, added up
        fig = page.fig.stacked_contributions(rows, names, v_dims, trace.output[i],
                                             focus=kept.index(i) if i in kept else None,
                                             title=page.t("value.stack_chart", word=word),
                                             total_label=page.t("value.total_label"), y_title=page.t("lbl.value"),
                                             shows=shows, total_shows=figures.shows("O", row=i),
                                             span=analysis.contributions_span(trace.scores[i], trace.v,
                                                                              t_options(page.scenario.temperature)))
        page.chart(fig, "contributions")

    @page.follows_t
    def lines_part() -> None:
        page.chart(page.fig.weight_lines(page.lesson.trace.weights[i], words, i,
                                         title=page.t("value.lines_chart", word=word), height=380,
                                         width_px=theme.FULL_WIDTH_PX * 2 / 5, shows=figures.shows("W", row=i)),
                   "lines")

    @page.follows_t
    def word_read_part() -> None:  # names the word it looks at most, and its weight
        weights = page.lesson.trace.weights
        tied = analysis.favourite_ties(weights)[i]
        st.caption(page.tm("value.stack_read" if shown else "value.lines_read", word=word,
                           top=page.t("multihead.tie_sep").join(words[j] for j in tied), w=float(weights[i, tied[0]])))

    s_col, l_col = st.columns([3, 2])
    with s_col:
        if not shown:  # the shares add up to a row of the hidden output
            st.caption(page.t("lecture.hidden_part"))
        else:
            contributions_part()
    with l_col:
        lines_part()
    word_read_part()

    with st.expander(page.t("value.more")):
        st.markdown(page.t("value.more_text"))
    page.note("note.hand_set")
    page.note("note.named_axes")
