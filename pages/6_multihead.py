"""Multi-head: the split into heads, each head's recipe, weights, favourites and W_Q^h W_K^hᵀ, then Concat and W_O."""

import pandas as pd
import streamlit as st

from attention_core import analysis, figures, presets, ui
from attention_core.lexicon import D_MODEL
from attention_core.registry import t_options

HEADS_PER_ROW = 2  # wider panels keep Korean tick labels apart at 1280 px
HEADS_PER_TABLE = 4  # the most-looked-at table shows this many heads side by side

with ui.page("multihead") as page:
    page.title()
    shared = page.scenario.head_weights == "shared"
    if not shared:  # said up front: editing W_Q on ① changes nothing here
        st.info(page.t("views.separate"))

    c1, c2, c3 = st.columns([2, 2, 2])
    with c1:
        page.seed("mh:heads", page.scenario.n_heads)

        def heads_changed() -> None:
            ok, n = page.take("mh:heads")
            if ok and n is not None:  # the segmented control can be cleared: keep the current number
                page.update(page.scenario.with_heads(n))

        st.segmented_control(page.t("multihead.heads"), page.scenario.head_options(), key="mh:heads",
                             on_change=ui.guarded(page, heads_changed),
                             help=page.t("multihead.heads_help", d_model=D_MODEL))
    with c2:
        page.scenario_toggle(page.t("views.shared_weights"), "mh:shared", shared,
                             lambda on: page.scenario.with_head_weights("shared" if on else "recipes"),
                             help=page.t("views.shared_weights_help"))
    with c3:
        page.scenario_toggle(page.t("multihead.sidebar_t"), "mh:sidebar_t", page.scenario.head_temperature == "shared",
                             lambda on: page.scenario.with_head_temperature("shared" if on else "sqrt_dk"),
                             help=page.t("multihead.sidebar_t_help"))

    scenario = page.scenario
    words, axes = list(scenario.labels), page.axis_names()
    n_heads, d_model, d_h = scenario.n_heads, scenario.x.shape[1], scenario.head_dim
    v_names = axes if analysis.is_identity(scenario.multi_head_weights[2]) else [f"v{c + 1}" for c in range(d_model)]
    v_blocks = analysis.head_names(v_names, n_heads)  # each head's share of V's columns
    follow = scenario.head_temperature == "shared"  # the heads use the sidebar's T, else T = √d_h

    def part(fn):
        """`fn` as a T part when the heads follow the sidebar's T; else drawn with the page (T does not reach it)."""
        return page.follows_t(fn) if follow else fn

    def notes() -> None:
        """The heads' T, and with one head the single-head screens' T: the caption that says both."""
        s, multi = page.scenario, page.lesson.multi
        lines = [page.t("multihead.t_sidebar", t=multi.temperature) if follow
                 else page.t("multihead.t_sqrt", d_h=d_h, t=multi.temperature)]
        if shared:
            lines.append(page.t("views.shared_on", dk=s.d_k, dv=s.w_v.shape[1],
                                choices=", ".join(str(h) for h in s.head_options())))
            if n_heads == 1:
                lines.append(page.t("views.same_as_single", t=s.temperature) if follow
                             else page.t("views.not_same_t", t=multi.temperature, sidebar=s.temperature))
        st.caption(" · ".join(lines))

    # with one head and shared weights the caption names the sidebar's T even when the heads do not use it
    (page.follows_t(notes) if follow or (shared and n_heads == 1) else notes)()

    def fits(h: int) -> bool:
        return shared or presets.recipe_fits(scenario.head_recipes[h], d_h)

    def short(h: int) -> str:
        """The head's short name; a recipe that does not fit in d_h columns says it is only partly there."""
        if shared:
            return page.t("views.shared_head", h=h + 1, a=h * d_h + 1, b=(h + 1) * d_h)
        name = page.t(f"multihead.short.{scenario.head_recipes[h]}")
        return name if fits(h) else page.t("views.partial_short", name=name)

    def head_name(h: int) -> str:
        return short(h) if shared else page.t("multihead.head", h=h + 1, name=short(h))

    def recipe_picker(h: int) -> None:
        key = f"mh:recipe:{h}"
        page.seed(key, scenario.head_recipes[h])

        def changed() -> None:
            ok, recipe = page.take(key, presets.HEAD_RECIPES)
            if ok and recipe is not None:
                page.update(page.scenario.with_head_recipe(h, recipe))

        st.selectbox(page.t("multihead.recipe", h=h + 1), presets.HEAD_RECIPES, key=key,
                     on_change=ui.guarded(page, changed),
                     format_func=lambda name: page.t(f"recipe.{name}"))
        if not fits(h):
            recipe = scenario.head_recipes[h]
            st.warning(page.t("views.partial", d_h=d_h, need=presets.recipe_columns(recipe),
                              kept=page.t(f"views.first.{recipe}")))

    def head_weights(h: int):
        """Head h's weights chart (a T part of its own when the heads follow the sidebar's T)."""

        def draw() -> None:
            t = page.lesson.multi.temperature
            if shared:
                title = f"{short(h)}: {page.t('views.weights_word')}"
            elif follow:  # the sidebar's T, which the T control rewrites as it moves
                title = figures.at_t(page.t("multihead.weights_chart", h=h + 1, name=short(h), t=figures.T), t)
            else:  # the heads' own T (√d_h), which the sidebar's T does not move
                title = page.t("multihead.weights_chart", h=h + 1, name=short(h), t=t)
            page.chart(page.fig.heatmap(page.lesson.multi.heads[h].weights, *page.word_axes(), kind="weights",
                                        row_sums=True, title=title, width_px=page.matrix_width,
                                        shows=figures.shows("W", src=f"h{h}") if follow else None), f"weights-{h}")

        draw.__name__ = f"weights_{h}"
        return part(draw)

    per_row = 1 if page.wide else HEADS_PER_ROW
    for start in range(0, n_heads, per_row):
        cols = st.columns(min(n_heads, per_row))
        for h, col in zip(range(start, min(start + per_row, n_heads)), cols, strict=False):
            with col:
                head_weights(h)()
                if not shared:
                    recipe_picker(h)

    page.lead("multihead.quote")
    page.lead("multihead.lead")
    f1, f2 = st.columns(2)
    f1.latex(r"\mathrm{head}_h = \mathrm{softmax}\!\left(\frac{Q_h K_h^{\top}}{T}\right) V_h")
    f2.latex(r"\mathrm{MultiHead}(X) = \mathrm{Concat}(\mathrm{head}_1, \dots, \mathrm{head}_H)\, W_O")
    with st.expander(page.t("multihead.split_title")):
        st.latex(r"Q_h = (X W_Q)_{[:,\; h d_h \,:\, (h+1) d_h]} \quad (\text{K, V alike}), \qquad "
                 r"d_h = \frac{d_{\mathrm{model}}}{H}")
        st.markdown(page.t("multihead.split_text", d_model=d_model, h=n_heads, d_h=len(v_blocks[0]),
                           first=", ".join(v_blocks[0])))

    st.markdown(f"**{page.t('multihead.fav_title')}**")
    names = [head_name(h) for h in range(n_heads)]

    @part
    def favourites() -> None:
        """Each word's most-looked-at word in each head, read off the heads' weights."""
        table = {}
        for name, head in zip(names, page.lesson.multi.heads, strict=True):
            cells = []
            for i, tied in enumerate(analysis.favourite_ties(head.weights)):
                weight = float(head.weights[i, tied[0]])
                if len(tied) == len(words) and len(words) > 1:
                    cells.append(f"{page.t('multihead.uniform')} ({weight:.2f})")
                else:
                    cells.append(f"{page.t('multihead.tie_sep').join(words[j] for j in tied)} ({weight:.2f})")
            table[name] = cells
        for start in range(0, len(names), HEADS_PER_TABLE):  # a static table wraps its cells: nothing cut off
            st.table(pd.DataFrame({k: table[k] for k in names[start:start + HEADS_PER_TABLE]}, index=words))

    favourites()
    st.caption(page.t("multihead.fav_caption") + (" " + page.t("views.fav_wrap", k=HEADS_PER_TABLE)
                                                  if len(names) > HEADS_PER_TABLE else ""))

    st.header(page.t("multihead.bilinear_title"))
    st.caption(page.t("multihead.bilinear_caption"))
    # the heads are compared with each other: one scale and one colour bar for all of them
    panels = [(head_name(h), m, axes, axes, "signed", "m") for h, m in enumerate(analysis.head_bilinears(scenario))]
    page.chart(page.grid(panels, columns=min(n_heads, HEADS_PER_ROW), phone_columns=1,
                         title=page.t("multihead.bilinear_chart")), "bilinears")

    st.header(page.t("multihead.concat_title"))
    concat_cols = [page.t("multihead.col_prefix", h=h + 1, axis=a)
                   for h, block in enumerate(v_blocks) for a in block]
    word_axis = figures.Axis(words, page.t("lbl.word"))

    @part
    def concat_output() -> None:
        """Concat of the heads' outputs and the layer's output: both are weighted by the heads' weights."""
        multi = page.lesson.multi
        # following the sidebar T, each keeps one scale over every T: T moves the cells, not the scale
        spans = (analysis.multi_head_spans(page.scenario, t_options(page.scenario.temperature)) if follow
                 else (None, None))
        k1, k2 = st.columns(2)
        with k1:
            page.chart(page.fig.heatmap(multi.concat, word_axis, figures.Axis(concat_cols, "", page.t("lbl.axis")),
                                        title=page.t("multihead.concat_chart", h=n_heads, d=multi.concat.shape[1]),
                                        span=spans[0], shows=figures.shows("concat", src="heads") if follow else None),
                       "concat")
        with k2:
            page.chart(page.fig.heatmap(multi.output, word_axis, figures.Axis(axes, "", page.t("lbl.axis")),
                                        title=page.t("multihead.out_chart"), span=spans[1],
                                        shows=figures.shows("MO", src="heads") if follow else None), "output")

    concat_output()
    st.caption(page.t("multihead.wo_caption"))
    with st.expander(page.t("multihead.wo_expander")):
        w1, _ = st.columns(2)
        with w1:
            page.chart(page.fig.heatmap(scenario.multi_head_weights[3], figures.Axis(concat_cols, "Concat"),
                                        figures.Axis(axes, page.t("lbl.axis")), title=page.t("multihead.wo_chart"),
                                        text=False), "w_o")

    page.note("multihead.roles_note")
    page.note("note.hand_set")
    page.note("note.named_axes")
