"""Multi-head: the split into heads, each head's recipe, weights, favourites and W_Q^h W_K^hᵀ, then Concat and W_O."""

import pandas as pd
import streamlit as st

from attention_core import analysis, figures, presets, ui
from attention_core.lexicon import D_MODEL

HEADS_PER_ROW = 2  # wider panels keep Korean tick labels apart at 1280 px
HEADS_PER_TABLE = 4  # the most-looked-at table shows this many heads side by side

with ui.page("multihead") as p:
    p.title()
    shared = p.scenario.head_weights == "shared"
    if not shared:  # said up front: editing W_Q on ① changes nothing here
        st.info(p.t("views.separate"))

    c1, c2, c3 = st.columns([2, 2, 2])
    with c1:
        p.seed("mh:heads", p.scenario.n_heads)

        def heads_changed() -> None:
            ok, n = p.take("mh:heads")
            if ok and n is not None:  # the segmented control can be cleared: keep the current number
                p.update(p.scenario.with_heads(n))

        st.segmented_control(p.t("multihead.heads"), p.scenario.head_options(), key="mh:heads",
                             on_change=heads_changed, help=p.t("multihead.heads_help", d_model=D_MODEL))
    with c2:
        p.seed("mh:shared", shared)

        def shared_changed() -> None:
            ok, on = p.take("mh:shared")
            if ok:
                p.update(p.scenario.with_head_weights("shared" if on else "recipes"))

        st.toggle(p.t("views.shared_weights"), key="mh:shared", on_change=shared_changed,
                  help=p.t("views.shared_weights_help"))
    with c3:
        p.seed("mh:sidebar_t", p.scenario.head_temperature == "shared")

        def sidebar_t_changed() -> None:
            ok, on = p.take("mh:sidebar_t")
            if ok:
                p.update(p.scenario.with_head_temperature("shared" if on else "sqrt_dk"))

        st.toggle(p.t("multihead.sidebar_t"), key="mh:sidebar_t", on_change=sidebar_t_changed,
                  help=p.t("multihead.sidebar_t_help"))

    s, multi = p.scenario, p.lesson.multi
    words, axes = list(s.labels), p.axis_names()
    n_heads, d_model, d_h = s.n_heads, s.x.shape[1], s.head_dim
    v_h = multi.concat.shape[1] // n_heads  # each head's share of V's columns
    v_names = axes if analysis.is_identity(s.multi_head_weights[2]) else [f"v{c + 1}" for c in range(d_model)]
    notes = [p.t("multihead.t_sidebar", t=multi.temperature) if s.head_temperature == "shared"
             else p.t("multihead.t_sqrt", d_h=d_h, t=multi.temperature)]
    if shared:
        notes.append(p.t("views.shared_on", dk=s.d_k, dv=s.w_v.shape[1],
                         choices=", ".join(str(h) for h in s.head_options())))
        if n_heads == 1:
            notes.append(p.t("views.same_as_single", t=s.temperature) if s.head_temperature == "shared"
                         else p.t("views.not_same_t", t=multi.temperature, sidebar=s.temperature))
    st.caption(" · ".join(notes))

    def fits(h: int) -> bool:
        return shared or presets.recipe_fits(s.head_recipes[h], d_h)

    def short(h: int) -> str:
        """The head's short name; a recipe that does not fit in d_h columns says it is only partly there."""
        if shared:
            return p.t("views.shared_head", h=h + 1, a=h * d_h + 1, b=(h + 1) * d_h)
        name = p.t(f"multihead.short.{s.head_recipes[h]}")
        return name if fits(h) else p.t("views.partial_short", name=name)

    def head_name(h: int) -> str:
        return short(h) if shared else p.t("multihead.head", h=h + 1, name=short(h))

    def recipe_picker(h: int) -> None:
        key = f"mh:recipe:{h}"
        p.seed(key, s.head_recipes[h])

        def changed() -> None:
            ok, recipe = p.take(key)
            if ok and recipe is not None:
                p.update(p.scenario.with_head_recipe(h, recipe))

        st.selectbox(p.t("multihead.recipe", h=h + 1), presets.HEAD_RECIPES, key=key, on_change=changed,
                     format_func=lambda name: p.t(f"recipe.{name}"))
        if not fits(h):
            recipe = s.head_recipes[h]
            st.warning(p.t("views.partial", d_h=d_h, need=presets.recipe_columns(recipe),
                           kept=p.t(f"views.first.{recipe}")))

    per_row = 1 if p.wide else HEADS_PER_ROW
    for start in range(0, n_heads, per_row):
        cols = st.columns(min(n_heads, per_row))
        for h, col in zip(range(start, min(start + per_row, n_heads)), cols, strict=False):
            with col:
                title = (p.t("multihead.weights_chart", h=h + 1, name=short(h)) if not shared
                         else f"{short(h)}: {p.t('views.weights_word')}")
                p.chart(figures.heatmap(multi.heads[h].weights, words, words, kind="weights", row_sums=True,
                                        title=title, x_title=p.t("lbl.key_axis"), y_title=p.t("lbl.query_axis"),
                                        hover_row=p.t("lbl.looker"), hover_col=p.t("lbl.looked"),
                                        width_px=p.matrix_width, presenter=p.presenter), f"weights-{h}")
                if not shared:
                    recipe_picker(h)

    p.lead("multihead.quote")
    p.lead("multihead.lead")
    f1, f2 = st.columns(2)
    f1.latex(r"\mathrm{head}_h = \mathrm{softmax}\!\left(\frac{Q_h K_h^{T}}{T}\right) V_h")
    f2.latex(r"\mathrm{MultiHead}(X) = \mathrm{Concat}(\mathrm{head}_1, \dots, \mathrm{head}_H)\, W_O")
    with st.expander(p.t("multihead.split_title")):
        st.latex(r"Q_h = (X W_Q)_{[:,\; h d_h \,:\, (h+1) d_h]} \quad (\text{K, V alike}), \qquad "
                 r"d_h = \frac{d_{\mathrm{model}}}{H}")
        st.markdown(p.t("multihead.split_text", d_model=d_model, h=n_heads, d_h=v_h, first=", ".join(v_names[:v_h])))

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
    names = list(table)
    for start in range(0, len(names), HEADS_PER_TABLE):  # a static table wraps its cells: nothing cut off
        st.table(pd.DataFrame({k: table[k] for k in names[start:start + HEADS_PER_TABLE]}, index=words))
    st.caption(p.t("multihead.fav_caption") + (" " + p.t("views.fav_wrap", k=HEADS_PER_TABLE)
                                               if len(names) > HEADS_PER_TABLE else ""))

    st.subheader(p.t("multihead.bilinear_title"))
    st.caption(p.t("multihead.bilinear_caption"))
    # the heads are compared with each other: one scale and one colour bar for all of them
    panels = [(head_name(h), m, axes, axes, "signed", "m") for h, m in enumerate(analysis.head_bilinears(s))]
    p.chart(figures.heatmap_grid(panels, columns=min(n_heads, HEADS_PER_ROW), title=p.t("multihead.bilinear_chart"),
                                   presenter=p.presenter), "bilinears")

    st.subheader(p.t("multihead.concat_title"))
    concat_cols = [p.t("multihead.col_prefix", h=h + 1, axis=a)
                   for h in range(n_heads) for a in v_names[h * v_h:(h + 1) * v_h]]
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
