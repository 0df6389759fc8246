"""Home: the source text's key summary as the pipeline at a glance, with links to every step."""

import streamlit as st

from attention_core import analysis, figures, theme, ui

with ui.page("home") as page:
    page.title()
    page.lead("home.lead")
    # a callback (ui/guard.py): a press sent in one message with a fragment's change still opens the lesson
    st.button(page.t("lecture.builtin_open"), key="home:lesson", icon=":material/school:",
              on_click=ui.guarded(page, ui.open_builtin, "home:lesson"), args=(page,))
    st.header(page.t("home.pipeline"))

    @page.follows_t
    def pipeline_part() -> None:  # the weights, the output and Add & Norm change with T: the whole grid is redrawn
        panels, limits = page.pipeline_panels()
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
