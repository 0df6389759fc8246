"""Multi-head: the split into heads, each head's recipe, weights, favourites and W_Q^h W_K^hᵀ, then Concat and W_O."""

import pandas as pd
import streamlit as st

from attention_core import analysis, figures, presets, scenario, ui

HEADS_PER_ROW = 2  # wider panels keep Korean tick labels apart at 1280 px

with ui.page("multihead") as p:
    p.title()
    p.lead("multihead.quote")
    p.lead("multihead.lead")
    s, multi = p.scenario, p.lesson.multi
    words, axes = list(s.labels), p.axis_names()
    n_heads, d_model, d_h = s.n_heads, s.x.shape[1], multi.heads[0].q.shape[1]

    f1, f2 = st.columns(2)
    f1.latex(r"\mathrm{head}_h = \mathrm{softmax}\!\left(\frac{Q_h K_h^{T}}{T}\right) V_h")
    f2.latex(r"\mathrm{MultiHead}(X) = \mathrm{Concat}(\mathrm{head}_1, \dots, \mathrm{head}_H)\, W_O")
    with st.expander(p.t("multihead.split_title")):
        st.latex(r"Q_h = (X W_Q)_{[:,\; h d_h \,:\, (h+1) d_h]} \quad (\text{K, V alike}), \qquad "
                 r"d_h = \frac{d_{\mathrm{model}}}{H}")
        st.markdown(p.t("multihead.split_text", d_model=d_model, h=n_heads, d_h=d_h, first=", ".join(axes[:d_h])))

    c1, c2 = st.columns([1, 2])
    with c1:
        p.seed("mh:heads", n_heads)

        def heads_changed() -> None:
            n = st.session_state["mh:heads"]
            if n is not None:  # the segmented control can be cleared: keep the current number
                p.update(p.scenario.with_heads(n))

        st.segmented_control(p.t("multihead.heads"), scenario.head_choices(), key="mh:heads",
                             on_change=heads_changed, help=p.t("multihead.heads_help", d_model=d_model))
    with c2:
        p.seed("mh:sidebar_t", s.head_temperature == "shared")

        def sidebar_t_changed() -> None:
            shared = st.session_state["mh:sidebar_t"]
            p.update(p.scenario.with_head_temperature("shared" if shared else "sqrt_dk"))

        st.toggle(p.t("multihead.sidebar_t"), key="mh:sidebar_t", on_change=sidebar_t_changed,
                  help=p.t("multihead.sidebar_t_help"))
        if s.head_temperature == "shared":
            st.info(p.t("multihead.t_sidebar", t=multi.temperature))
        else:
            st.info(p.t("multihead.t_sqrt", d_h=d_h, t=multi.temperature))

    def head_name(h: int) -> str:
        return p.t("multihead.head", h=h + 1, name=p.t(f"multihead.short.{s.head_recipes[h]}"))

    def recipe_picker(h: int) -> None:
        key = f"mh:recipe:{h}"
        p.seed(key, s.head_recipes[h])

        def changed() -> None:
            p.update(p.scenario.with_head_recipe(h, st.session_state[key]))

        st.selectbox(p.t("multihead.recipe", h=h + 1), presets.HEAD_RECIPES, key=key, on_change=changed,
                     format_func=lambda name: p.t(f"recipe.{name}"))

    st.subheader(p.t("multihead.gaze_title"))
    for start in range(0, n_heads, HEADS_PER_ROW):
        cols = st.columns(min(n_heads, HEADS_PER_ROW))
        for h, col in zip(range(start, min(start + HEADS_PER_ROW, n_heads)), cols, strict=False):
            with col:
                recipe_picker(h)
                name = p.t(f"multihead.short.{s.head_recipes[h]}")
                p.chart(figures.heatmap(multi.heads[h].weights, words, words, kind="weights", row_sums=True,
                                        title=p.t("multihead.weights_chart", h=h + 1, name=name),
                                        x_title=p.t("lbl.key_axis"), y_title=p.t("lbl.query_axis"),
                                        hover_row=p.t("lbl.looker"), hover_col=p.t("lbl.looked"),
                                        show_scale=False, presenter=p.presenter), f"weights-{h}")

    st.markdown(f"**{p.t('multihead.fav_title')}**")
    table = {}
    for h, head in enumerate(multi.heads):
        cells = []
        for i, tied in enumerate(analysis.favourite_ties(head.weights)):
            weight = float(head.weights[i, tied[0]])
            if len(tied) == len(words) and len(words) > 1:
                cells.append(f"{p.t('multihead.uniform')} ({weight:.2f})")
            else:
                cells.append(f"{p.t('multihead.tie_sep').join(words[j] for j in tied)} ({weight:.2f})")
        table[head_name(h)] = cells
    st.dataframe(pd.DataFrame(table, index=words), width="stretch")
    st.caption(p.t("multihead.fav_caption"))

    st.subheader(p.t("multihead.bilinear_title"))
    st.caption(p.t("multihead.bilinear_caption"))
    panels = [(head_name(h), m, axes, axes, "signed") for h, m in enumerate(analysis.head_bilinears(s))]
    p.chart(figures.heatmap_grid(panels, columns=min(n_heads, HEADS_PER_ROW), title=p.t("multihead.bilinear_chart"),
                                   presenter=p.presenter), "bilinears")

    st.subheader(p.t("multihead.concat_title"))
    concat_cols = [p.t("multihead.col_prefix", h=h + 1, axis=a)
                   for h in range(n_heads) for a in axes[h * d_h:(h + 1) * d_h]]
    k1, k2 = st.columns(2)
    with k1:
        p.chart(figures.heatmap(multi.concat, words, concat_cols,
                                title=p.t("multihead.concat_chart", h=n_heads, d=multi.concat.shape[1]),
                                y_title=p.t("lbl.word"), hover_row=p.t("lbl.word"), hover_col=p.t("lbl.axis"),
                                presenter=p.presenter), "concat")
    with k2:
        p.chart(figures.heatmap(multi.output, words, axes, title=p.t("multihead.out_chart"),
                                y_title=p.t("lbl.word"), hover_row=p.t("lbl.word"), hover_col=p.t("lbl.axis"),
                                presenter=p.presenter), "output")
    st.caption(p.t("multihead.wo_caption"))
    with st.expander(p.t("multihead.wo_expander")):
        w1, _ = st.columns(2)
        with w1:
            p.chart(figures.heatmap(s.multi_head_weights[3], concat_cols, axes, title=p.t("multihead.wo_chart"),
                                    x_title=p.t("lbl.axis"), y_title="Concat", hover_row="Concat",
                                    hover_col=p.t("lbl.axis"), text=False, presenter=p.presenter), "w_o")

    p.note("multihead.roles_note")
    p.note("note.hand_set")
    p.note("note.named_axes")
