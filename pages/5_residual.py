"""Residual & LayerNorm: Z = X + Attention, LayerNorm per word with γ, β, and what is lost without the residual."""

import streamlit as st

from attention_core import analysis, figures, layer_norm, ui

with ui.page("residual") as p:
    p.title()
    p.lead("residual.lead")
    c1, c2 = st.columns([1, 2])
    with c1:
        dropped = st.toggle(p.t("residual.drop"), key="residual:drop", help=p.t("residual.drop_help"))
    with c2, st.expander(p.t("residual.gb_title")):  # before the charts, so an edit shows in this run
        p.matrix_editor("gamma_beta")
        st.caption(p.t("lbl.edit_hint") + " " + p.t("residual.gb_note"))

    s, lesson = p.scenario, p.lesson
    words, axes = list(s.labels), p.axis_names()
    before = lesson.trace.output if dropped else lesson.residual
    after = lesson.normalized_without_residual if dropped else lesson.normalized
    # the four matrices are compared with each other: one scale (same range) and one colour bar
    suffix = "_dropped" if dropped else ""
    panels = [(p.t("residual.x_chart"), s.x, words, axes, "signed", "z"),
              (p.t("residual.attn_chart"), lesson.trace.output, words, axes, "signed", "z"),
              (p.t(f"residual.z_chart{suffix}"), before, words, axes, "signed", "z"),
              (p.t(f"residual.ln_chart{suffix}"), after, words, axes, "signed", "z")]
    p.chart(figures.heatmap_grid(panels, columns=2, text=True, presenter=p.presenter,
                                 title=p.t("views.residual_grid")), "add-norm")
    st.caption(p.t("views.residual_scale") + " " + p.t("residual.add_note"))

    f1, f2 = st.columns(2)
    f1.latex(r"\begin{aligned} Z &= \mathrm{Input} + \mathrm{Attention}(Q, K, V) \\ "
             r"\mathrm{Output} &= \mathrm{LayerNorm}(Z) \end{aligned}")
    f2.info(p.t("residual.quote"))

    st.subheader(p.t("residual.norm_dropped" if dropped else "residual.norm"))
    m1, m2 = st.columns(2)
    with m1:
        src = p.t("residual.src_attn" if dropped else "residual.src_z")
        mean_before, std_before = analysis.row_stats(before)
        mean_after, std_after = analysis.row_stats(layer_norm(before))  # before γ, β
        stats = figures.line_rows(words, [
            (p.t("residual.mean_before", src=src), mean_before),
            (p.t("residual.std_before", src=src), std_before),
            (p.t("residual.mean_after"), mean_after),
            (p.t("residual.std_after"), std_after),
        ], title=p.t("residual.stats_chart", src=src), y_title=p.t("lbl.value"), presenter=p.presenter)
        p.chart(stats, "stats")
    with m2:
        st.latex(r"\mathrm{LayerNorm}(z) = \gamma \odot \frac{z - \mu}{\sqrt{\sigma^{2} + \epsilon}} + \beta")
        st.latex(r"\mu = \frac{1}{d}\sum_{a=1}^{d} z_{a} \qquad "
                 r"\sigma^{2} = \frac{1}{d}\sum_{a=1}^{d}(z_{a} - \mu)^{2}")
        st.markdown(p.t("residual.per_word", d=s.x.shape[1]))
        st.caption(p.t("residual.z_hat") + " " + p.t("residual.stats_note"))

    st.subheader(p.t("residual.lost"))
    if dropped:
        with_res, without = p.t("residual.with_res"), p.t("residual.without_res")
        l1, l2 = st.columns([3, 2])
        with l1:
            p.chart(figures.grouped_bars({
                with_res: analysis.cosine(lesson.normalized, s.x),
                without: analysis.cosine(lesson.normalized_without_residual, s.x),
            }, words, title=p.t("residual.cos_chart"), y_title=p.t("residual.cos_axis"), presenter=p.presenter),
                "cosine")
        with l2:
            st.markdown(p.t("residual.lost_text"))
        panels = ((with_res, lesson.normalized, "pairs-with"),
                  (without, lesson.normalized_without_residual, "pairs-without"))
        for column, (which, out, name) in zip(st.columns(2), panels, strict=True):
            with column:  # cosines, both on the one scale −1 … 1
                p.chart(figures.heatmap(analysis.pair_cosines(out), words, words,
                                        title=p.t("residual.pairs_chart", which=which), x_title=p.t("lbl.word"),
                                        y_title=p.t("lbl.word"), hover_row=p.t("lbl.word"),
                                        hover_col=p.t("lbl.word"), limit=1.0, presenter=p.presenter), name)
    else:
        st.caption(p.t("residual.lost_hint"))

    with st.expander(p.t("residual.next_title")):
        st.markdown(p.t("residual.next_ffn"))
        st.latex(r"\mathrm{FFN}(x) = \max(0,\; xW_{1} + b_{1})\,W_{2} + b_{2}")
        st.markdown(p.t("residual.next_order"))
        o1, o2 = st.columns(2)
        with o1:
            st.markdown(p.t("residual.post_ln"))
            st.latex(r"x_{l+1} = \mathrm{LayerNorm}\big(x_{l} + \mathrm{Sublayer}(x_{l})\big)")
        with o2:
            st.markdown(p.t("residual.pre_ln"))
            st.latex(r"x_{l+1} = x_{l} + \mathrm{Sublayer}\big(\mathrm{LayerNorm}(x_{l})\big)")
        st.markdown(p.t("residual.next_why"))
    p.note("note.hand_set")
    p.note("note.named_axes")
