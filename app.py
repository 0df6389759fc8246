"""Home: the source text's key summary as the pipeline at a glance, with links to every step."""

import streamlit as st

from attention_core import analysis, figures, theme, ui
from attention_core.registry import t_options

with ui.page("home") as page:
    page.title()
    page.lead("home.lead")
    # a callback (ui/guard.py): a press sent in one message with a fragment's change still opens the lesson
    st.button(page.t("lecture.builtin_open"), key="home:lesson", icon=":material/school:",
              on_click=ui.guarded(page, ui.open_builtin, "home:lesson"), args=(page,))
    st.header(page.t("home.pipeline"))

    @page.follows_t
    def pipeline_part() -> None:  # the weights, the output and Add & Norm change with T: the whole grid is redrawn
        scenario, lesson = page.scenario, page.lesson
        trace = lesson.trace
        words = list(scenario.labels)
        axes = page.axis_names()
        qk = [f"{c + 1}" for c in range(scenario.d_k)]
        # Q and K are compared with each other, and so are V and the output (a weighted average of V's rows):
        # each pair shares one scale; the other panels are different kinds of value, each with its own scale.
        panels = [
            (page.t("home.p_x"), scenario.x, words, axes, "signed"),
            (page.t("home.p_q"), trace.q, words, qk, "signed", "qk"),
            (page.t("home.p_k"), trace.k, words, qk, "signed", "qk"),
            (page.t("home.p_scores"), trace.scores, words, words, "signed"),
            (page.t("home.p_weights"), trace.weights, words, words, "weights", None, figures.shows("W")),
            (page.t("home.p_v"), trace.v, words, axes, "signed", "v"),
            (page.t("home.p_out"), trace.output, words, axes, "signed", "v", figures.shows("O")),
            (page.t("home.p_norm"), lesson.normalized, words, axes, "signed", "norm", figures.shows("LN")),
        ]
        # Add & Norm's scale holds its cells at every T (V's holds the output's: a weighted average of its rows)
        limits = {"norm": analysis.add_norm_limit(scenario, t_options(scenario.temperature), ("LN",))}
        page.chart(page.grid(panels, columns=4, phone_columns=1, limits=limits), "pipeline")

    pipeline_part()
    st.caption(page.t("views.home_scales"))
    share_col, _ = st.columns([2, 3])
    with share_col:
        @page.follows_t
        def share_part() -> None:  # the summary's claim, as numbers: where every word's weight goes
            words = page.scenario.labels
            (a, b), share = analysis.most_looked_pair(page.lesson.trace.weights)
            # the title names T and the pair, both of which the T control rewrites as T moves
            title = figures.at_t(page.t("home.share_chart", t=figures.T, a=figures.PAIR_A, b=figures.PAIR_B),
                                 page.scenario.temperature, pair=(words, (a, b)))
            page.chart(page.fig.bars(share, words, title=title, y_title=page.t("home.share_axis"),
                                     y_range=(0.0, 110.0), decimals=0, width_px=theme.FULL_WIDTH_PX * 2 / 5,
                                     shows=figures.shows("share")), "share")

        share_part()
    st.latex(r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\!\left(\frac{QK^{\top}}{T}\right)V")
    left, right = st.columns([2, 3])
    with left:
        st.header(page.t("home.summary"))
        st.markdown("\n".join(f"- {page.t(f'home.s{i}')}" for i in range(1, 7)))
    with right:
        st.header(page.t("home.steps"))
        for spec in ui.PAGES[1:]:
            st.page_link(spec.file, label=page.t(f"page.{spec.key}"))
            st.caption(page.t(f"home.d_{spec.key}"))
    page.note("note.hand_set")
    page.note("note.named_axes")
