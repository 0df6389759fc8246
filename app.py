"""Home: the source text's key summary as the pipeline at a glance, with links to every step."""

import streamlit as st

from attention_core import figures, ui

with ui.page("home") as p:
    p.title()
    p.lead("home.lead")
    if st.button(p.t("lecture.builtin_open"), key="home:lesson", icon=":material/school:"):
        ui.open_builtin(p)
    s, lesson = p.scenario, p.lesson
    tr = lesson.trace
    words = list(s.labels)
    axes = p.axis_names()
    qk = [f"{c + 1}" for c in range(s.d_k)]
    # Q and K are compared with each other, and so are V and the output (a weighted average of V's rows):
    # each pair shares one scale; the other panels are different kinds of value, each with its own scale.
    panels = [
        (p.t("home.p_x"), s.x, words, axes, "signed"),
        (p.t("home.p_q"), tr.q, words, qk, "signed", "qk"),
        (p.t("home.p_k"), tr.k, words, qk, "signed", "qk"),
        (p.t("home.p_scores"), tr.scores, words, words, "signed"),
        (p.t("home.p_weights"), tr.weights, words, words, "weights"),
        (p.t("home.p_v"), tr.v, words, axes, "signed", "v"),
        (p.t("home.p_out"), tr.output, words, axes, "signed", "v"),
        (p.t("home.p_norm"), lesson.normalized, words, axes, "signed"),
    ]
    st.subheader(p.t("home.pipeline"))
    p.chart(figures.heatmap_grid(panels, columns=4, presenter=p.presenter), "pipeline")
    st.caption(p.t("views.home_scales"))
    st.latex(r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\!\left(\frac{QK^{T}}{T}\right)V")
    left, right = st.columns([2, 3])
    with left:
        st.subheader(p.t("home.summary"))
        st.markdown("\n".join(f"- {p.t(f'home.s{i}')}" for i in range(1, 7)))
    with right:
        st.subheader(p.t("home.steps"))
        for spec in ui.PAGES[1:]:
            st.page_link(spec.file, label=p.t(f"page.{spec.key}"))
            st.caption(p.t(f"home.d_{spec.key}"))
    p.note("note.hand_set")
    p.note("note.named_axes")
