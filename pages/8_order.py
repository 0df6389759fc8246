"""Word order and masks: X + α·PE, the shuffle experiment without and with positions, and the mask switch."""

import pandas as pd
import streamlit as st

from attention_core import figures, order, positional_encoding, theme, ui
from attention_core.i18n import nonzero_text
from attention_core.order import PAD_EXTRA
from attention_core.registry import t_options
from attention_core.scenario import ALPHA_MAX, MASKS


def small(value: float) -> str:
    """A difference as text: rounding-sized ones in scientific notation, the rest with three digits."""
    return "0" if value == 0 else (f"{value:.1e}" if value < 1e-3 else f"{value:.3f}")


with ui.page("order") as page:
    page.title()
    page.lead("order.lead")
    scenario = page.scenario
    words, axes = list(scenario.labels), page.axis_names()
    d = scenario.x.shape[1]
    word_axis, feature_axis = figures.Axis(words, page.t("lbl.word")), figures.Axis(axes, "", page.t("lbl.axis"))

    # 1. positional encoding
    st.header(page.t("order.pe_title"))
    page.seed("order:alpha", scenario.pe_alpha)

    def alpha_changed() -> None:
        ok, alpha = page.take("order:alpha")
        if ok and alpha is not None:
            page.update(page.scenario.with_pe_alpha(alpha))

    f1, f2 = st.columns([2, 3])
    with f1:
        st.latex(r"PE_{p,\,2i} = \sin\!\left(\frac{p}{10000^{2i/d}}\right)")
        st.latex(r"PE_{p,\,2i+1} = \cos\!\left(\frac{p}{10000^{2i/d}}\right)")
        st.slider(page.t("order.alpha"), 0.0, ALPHA_MAX, step=0.05, key="order:alpha",
                  on_change=ui.guarded(page, alpha_changed),
                  help=page.t("order.alpha_help"))
    periods = order.pe_wavelengths(d)
    f2.markdown(page.t("order.pe_text", d=d, shortest=float(periods[0]), longest=float(periods[-1])))
    alpha = scenario.pe_alpha
    places = [f"{k}: {w}" for k, w in enumerate(words)]
    pe_cols = [f"{a}·{'sin' if c % 2 == 0 else 'cos'}" for c, a in enumerate(axes)]
    left, right = st.columns(2)
    with left:
        page.chart(page.fig.heatmap(positional_encoding(scenario.n, d), figures.Axis(places, page.t("order.pe_rows")),
                                    figures.Axis(pe_cols, page.t("order.pe_cols"), page.t("lbl.axis")),
                                    title=page.t("order.pe_chart")), "pe")
    with right:
        page.chart(page.fig.heatmap(order.with_positions(scenario.x, alpha), word_axis, feature_axis,
                                    title=page.t("order.x_chart", alpha=alpha)), "x-pe")
    page.note("order.blur_note")

    @page.follows_t
    def position_gaze() -> None:
        """Why the gaze moved: the word looked at most, the axis PE shifted for it, what W_K made of it (at T)."""
        s = page.scenario
        why = order.position_gaze(s)
        if why is None:
            if s.pe_alpha == 0:
                st.caption(page.t("order.gaze_off"))
            return
        word = s.labels[why.word]
        text = page.tm("order.gaze_text", alpha=s.pe_alpha, t=s.temperature, word=word, weight=why.weight,
                       without=why.weight_without, pos=why.word, axis=axes[why.axis], shift=why.shift,
                       dim=why.dim + 1, gain=why.gain, k0=why.k_without, k1=why.k_with)
        if why.q_low > 0 or why.q_high < 0:
            text += " " + page.tm("order.gaze_same_sign", dim=why.dim + 1, low=why.q_low, high=why.q_high, word=word)
        st.markdown(f"**{page.t('order.gaze_title')}** " + text)

    position_gaze()

    # 2. the shuffle experiment
    st.header(page.t("order.shuffle_title"))
    if scenario.n < 2:
        st.info(page.t("order.one_word"))
    else:
        perm = order.derangement(scenario.n)  # the shuffle's order does not depend on T
        st.markdown(page.tm("order.shuffle_text", order=" ".join(words[k] for k in perm)))

        @page.follows_t
        def shuffle() -> None:
            """The Δ charts, their verdicts and the table: the outputs are computed at T."""
            s = page.scenario
            without = order.shuffle_experiment(s, 0.0)
            withpos = order.shuffle_experiment(s, alpha)
            # one scale, and one size of the cell numbers, over every T: T moves the cells, not the scale
            spans, scale = order.shuffle_spans(s, (0.0, alpha), t_options(s.temperature))
            c1, c2 = st.columns(2)
            sides = ((c1, without, page.t("order.without"), spans[0]),
                     (c2, withpos, page.t("order.with", alpha=alpha), spans[1]))
            for col, result, side, span in sides:
                # the Δ at any T, from X, the order and the weights (with α = 0 the two sides are the same Δ)
                src = "shuffle" if result is withpos and alpha else "shuffle0"
                with col:
                    page.chart(page.fig.heatmap(result.delta, word_axis, feature_axis, limit=scale, span=span,
                                                title=page.t("order.delta_chart", side=side),
                                                shows=figures.shows("D", src=src)),
                               "delta-with" if result is withpos else "delta-without")
                    if result is withpos and alpha == 0:
                        st.info(page.t("order.alpha_off"))
                    elif result.changed:
                        st.warning(page.t("order.changed", value=small(result.max_abs), changed=result.changed,
                                          n=s.n))
                    else:
                        st.success(page.t("order.only_permuted", value=small(result.max_abs)))
            table = order.order_table(without, withpos)
            ui.number_table(page, pd.DataFrame({
                page.t("order.table_place"): [f"{b} → {a}"
                                              for b, a in zip(table["before"], table["after"], strict=False)],
                page.t("order.table_without"): [small(float(v)) for v in table["first"]],
                page.t("order.table_with"): [small(float(v)) for v in table["second"]],
            }, index=words))
            causal_only = order.shuffle_experiment(s, 0.0, mask="causal")
            if causal_only.changed:
                st.caption("ⓘ " + page.t("order.causal_note", value=small(causal_only.max_abs)))

        shuffle()

    # 3. masks
    st.header(page.t("order.mask_title"))
    page.seed("order:mask", scenario.mask)

    def mask_changed() -> None:
        ok, kind = page.take("order:mask", MASKS)
        if ok and kind is not None:  # the segmented control can be cleared: keep the current mask
            page.update(page.scenario.with_mask(kind))

    st.segmented_control(page.t("order.mask"), MASKS, key="order:mask", on_change=ui.guarded(page, mask_changed),
                         format_func=lambda k: page.t(f"order.mask.{k}"))
    kind, labels = scenario.mask, list(order.masked_attention(scenario).labels)  # neither depends on T
    chart_col, text_col = st.columns([3, 2])

    @page.follows_t
    def mask_weights() -> None:
        """The weights under the mask, computed at T, and the caption that says so."""
        s = page.scenario
        m = order.masked_attention(s)
        page.chart(page.fig.heatmap(m.trace.weights, *page.word_axes(labels), kind="weights", row_sums=True,
                                    masked=m.masked, masked_label=page.t("order.masked"),
                                    title=page.t("order.weights_chart", mask=page.t(f"order.mask.{m.kind}")),
                                    height=figures.heatmap_height(len(labels) + 3, page.presenter),
                                    width_px=theme.FULL_WIDTH_PX * 3 / 5, shows=figures.shows("W", src="masked")),
                   "weights")
        st.caption(page.t("order.computed_on", alpha=alpha, t=s.temperature))

    @page.follows_t
    def mask_example() -> None:
        """One weight (or the [PAD] check) read off the masked weights at T."""
        s = page.scenario
        w = order.masked_attention(s).trace.weights
        if kind == "none":
            st.markdown(page.tm("order.none_example", first=labels[0], last=labels[s.n - 1],
                                w=nonzero_text(float(w[0, s.n - 1]))))
        elif kind == "causal":
            st.markdown(page.tm("order.causal_first", first=labels[0], w=float(w[0, 0])))
        else:
            st.markdown(page.t("order.padding_check", value=small(order.padding_check(s))))

    with chart_col:
        mask_weights()
    with text_col:
        if kind == "none":
            st.markdown(page.t("order.none_text"))
            if scenario.n > 1:
                mask_example()
        elif kind == "causal":
            st.markdown(page.t("order.causal_text"))
            mask_example()
            st.markdown(page.t("order.causal_generate"))
        else:
            st.markdown(page.t("order.padding_text", extra=PAD_EXTRA))
            mask_example()

    # 4. back to the source text
    st.header(page.t("order.source_title"))
    st.markdown(page.t("order.source_text"))
    page.note("order.other_screens")
    page.note("note.hand_set")
    page.note("note.named_axes")
