"""Residual & LayerNorm: Z = X + Attention, LayerNorm per word with γ, β, and what is lost without the residual."""

import streamlit as st

from attention_core import analysis, figures, layer_norm, ui
from attention_core.registry import t_options

with ui.page("residual") as page:
    page.title()
    page.lead("residual.lead")
    c1, c2 = st.columns([1, 2])
    with c1:
        dropped = st.toggle(page.t("residual.drop"), key="residual:drop", help=page.t("residual.drop_help"))
    with c2, page.editors(page.t("residual.gb_title")) as open_:  # before the charts: an edit shows in this run
        if open_:
            page.matrix_editor("gamma_beta")
            st.caption(page.t("lbl.edit_hint") + " " + page.t("residual.gb_note"))

    scenario = page.scenario
    words, axes = list(scenario.labels), page.axis_names()
    suffix = "_dropped" if dropped else ""

    def before_after() -> tuple:
        """What LayerNorm gets (Z, or the attention output alone when the residual is dropped) and gives."""
        lesson = page.lesson
        if dropped:
            return lesson.trace.output, lesson.normalized_without_residual
        return lesson.residual, lesson.normalized

    before_q, after_q = ("O", "LN0") if dropped else ("Z", "LN")  # the quantities those are (figures.shows)

    @page.follows_t
    def add_norm_part() -> None:
        before, after = before_after()
        # the four matrices are compared with each other: one scale (same range) and one colour bar
        panels = [(page.t("residual.x_chart"), page.scenario.x, words, axes, "signed", "z"),
                  (page.t("residual.attn_chart"), page.lesson.trace.output, words, axes, "signed", "z",
                   figures.shows("O")),
                  (page.t(f"residual.z_chart{suffix}"), before, words, axes, "signed", "z", figures.shows(before_q)),
                  (page.t(f"residual.ln_chart{suffix}"), after, words, axes, "signed", "z", figures.shows(after_q))]
        # the scale holds the four at every T: T moves the cells, not the scale
        limit = analysis.add_norm_limit(page.scenario, t_options(page.scenario.temperature),
                                        ("X", "O", "LN0") if dropped else ("X", "O", "Z", "LN"))
        page.chart(page.grid(panels, columns=2, phone_columns=1, text=True, title=page.t("views.residual_grid"),
                             limits={"z": limit}), "add-norm")

    add_norm_part()
    st.caption(page.t("views.residual_scale") + " " + page.t("residual.add_note"))

    f1, f2 = st.columns(2)
    f1.latex(r"\begin{aligned} Z &= \mathrm{Input} + \mathrm{Attention}(Q, K, V) \\ "
             r"\mathrm{Output} &= \mathrm{LayerNorm}(Z) \end{aligned}")
    f2.info(page.t("residual.quote"))

    st.header(page.t("residual.norm_dropped" if dropped else "residual.norm"))

    @page.follows_t
    def stats_part() -> None:
        before, _ = before_after()
        src = page.t("residual.src_attn" if dropped else "residual.src_z")
        mean_before, std_before = analysis.row_stats(before)
        mean_after, std_after = analysis.row_stats(layer_norm(before))  # before γ, β
        trace = page.lesson.trace  # the value axis holds the lines at every T: T moves them, not the axis
        spanned = (trace.scores, trace.v, None if dropped else page.scenario.x, t_options(page.scenario.temperature))
        span = analysis.row_stats_span(*spanned)
        # ẑ's μ and σ print their number in the legend, for the room to read, when it is every word's at every T
        # (so the browser's redraw while T moves keeps it true)
        alike = analysis.normalised_alike(*spanned)

        def named(key: str, value: float | None) -> str:
            return page.t(key) + ("" if value is None else f" = {value:.2f}")

        stats = page.fig.line_rows(words, [  # μ and σ of each word's row, before and after LayerNorm (before γ, β)
            (page.t("residual.mean_before", src=src), mean_before, figures.shows(before_q, stat="mean")),
            (page.t("residual.std_before", src=src), std_before, figures.shows(before_q, stat="std")),
            (named("residual.mean_after", alike[0]), mean_after, figures.shows(f"{before_q}hat", stat="mean")),
            (named("residual.std_after", alike[1]), std_after, figures.shows(f"{before_q}hat", stat="std")),
        ], title=page.t("residual.stats_chart", src=src), y_title=page.t("lbl.value"), y_range=span)
        page.chart(stats, "stats")

    m1, m2 = st.columns(2)
    with m1:
        stats_part()
    with m2:
        st.latex(r"\mathrm{LayerNorm}(z) = \gamma \odot \frac{z - \mu}{\sqrt{\sigma^{2} + \epsilon}} + \beta")
        st.latex(r"\mu = \frac{1}{d}\sum_{a=1}^{d} z_{a} \qquad "
                 r"\sigma^{2} = \frac{1}{d}\sum_{a=1}^{d}(z_{a} - \mu)^{2}")
        st.markdown(page.t("residual.per_word", d=scenario.x.shape[1]))
        st.caption(page.t("residual.z_hat") + " " + page.t("residual.stats_note"))

    st.header(page.t("residual.lost"))
    if dropped:
        with_res, without = page.t("residual.with_res"), page.t("residual.without_res")

        @page.follows_t
        def cosine_part() -> None:
            lesson, x = page.lesson, page.scenario.x
            page.chart(page.fig.grouped_bars({
                with_res: analysis.cosine(lesson.normalized, x),
                without: analysis.cosine(lesson.normalized_without_residual, x),
            }, words, title=page.t("residual.cos_chart"), y_title=page.t("residual.cos_axis"),
                y_range=(-1.0, 1.0), shows={with_res: figures.shows("cosLN"), without: figures.shows("cosLN0")}),
                "cosine")  # a cosine's whole range: T moves the bars, not the axis

        @page.follows_t
        def pairs_part() -> None:
            lesson = page.lesson
            panels = ((with_res, lesson.normalized, "pairs-with", "pairLN"),
                      (without, lesson.normalized_without_residual, "pairs-without", "pairLN0"))
            for column, (which, out, name, q) in zip(st.columns(2), panels, strict=True):
                with column:  # cosines, both on the one scale −1 … 1
                    word_axis = figures.Axis(words, page.t("lbl.word"))
                    page.chart(page.fig.heatmap(analysis.pair_cosines(out), word_axis, word_axis, limit=1.0,
                                                title=page.t("residual.pairs_chart", which=which),
                                                shows=figures.shows(q)), name)

        l1, l2 = st.columns([3, 2])
        with l1:
            cosine_part()
        with l2:
            st.markdown(page.t("residual.lost_text"))
        pairs_part()
    else:
        st.caption(page.t("residual.lost_hint"))

    with st.expander(page.t("residual.next_title")):
        st.markdown(page.t("residual.next_ffn"))
        st.latex(r"\mathrm{FFN}(x) = \max(0,\; xW_{1} + b_{1})\,W_{2} + b_{2}")
        st.markdown(page.t("residual.next_order"))
        o1, o2 = st.columns(2)
        with o1:
            st.markdown(page.t("residual.post_ln"))
            st.latex(r"x_{l+1} = \mathrm{LayerNorm}\big(x_{l} + \mathrm{Sublayer}(x_{l})\big)")
        with o2:
            st.markdown(page.t("residual.pre_ln"))
            st.latex(r"x_{l+1} = x_{l} + \mathrm{Sublayer}\big(\mathrm{LayerNorm}(x_{l})\big)")
        st.markdown(page.t("residual.next_why"))
    page.note("note.hand_set")
    page.note("note.named_axes")
