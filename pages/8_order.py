"""Word order and masks: X + α·PE, the shuffle experiment without and with positions, and the mask switch."""

import pandas as pd
import streamlit as st

from attention_core import analysis, figures, positional_encoding, theme, ui
from attention_core.analysis import PAD_EXTRA
from attention_core.scenario import ALPHA_MAX, MASKS


def small(value: float) -> str:
    """A difference as text: rounding-sized ones in scientific notation, the rest with three digits."""
    return "0" if value == 0 else (f"{value:.1e}" if value < 1e-3 else f"{value:.3f}")


with ui.page("order") as p:
    p.title()
    p.lead("order.lead")
    s = p.scenario
    words, axes = list(s.labels), p.axis_names()
    d = s.x.shape[1]

    # 1. positional encoding
    st.subheader(p.t("order.pe_title"))
    p.seed("order:alpha", s.pe_alpha)

    def alpha_changed() -> None:
        ok, alpha = p.take("order:alpha")
        if ok and alpha is not None:
            p.update(p.scenario.with_pe_alpha(alpha))

    f1, f2 = st.columns([2, 3])
    with f1:
        st.latex(r"PE_{p,\,2i} = \sin\!\left(\frac{p}{10000^{2i/d}}\right)")
        st.latex(r"PE_{p,\,2i+1} = \cos\!\left(\frac{p}{10000^{2i/d}}\right)")
        st.slider(p.t("order.alpha"), 0.0, ALPHA_MAX, step=0.05, key="order:alpha", on_change=alpha_changed,
                  help=p.t("order.alpha_help"))
    periods = analysis.pe_wavelengths(d)
    f2.markdown(p.t("order.pe_text", d=d, shortest=float(periods[0]), longest=float(periods[-1])))
    alpha = s.pe_alpha
    places = [f"{k}: {w}" for k, w in enumerate(words)]
    pe_cols = [f"{a}·{'sin' if c % 2 == 0 else 'cos'}" for c, a in enumerate(axes)]
    left, right = st.columns(2)
    with left:
        p.chart(figures.heatmap(positional_encoding(s.n, d), places, pe_cols, title=p.t("order.pe_chart"),
                                x_title=p.t("order.pe_cols"), y_title=p.t("order.pe_rows"),
                                hover_row=p.t("order.pe_rows"), hover_col=p.t("lbl.axis"), presenter=p.presenter),
                "pe")
    with right:
        p.chart(figures.heatmap(analysis.with_positions(s.x, alpha), words, axes,
                                title=p.t("order.x_chart", alpha=alpha), y_title=p.t("lbl.word"),
                                hover_row=p.t("lbl.word"), hover_col=p.t("lbl.axis"), presenter=p.presenter),
                "x-pe")
    p.note("order.blur_note")

    # 2. the shuffle experiment
    st.subheader(p.t("order.shuffle_title"))
    if s.n < 2:
        st.info(p.t("order.one_word"))
    else:
        without = analysis.shuffle_experiment(s, 0.0)
        withpos = analysis.shuffle_experiment(s, alpha)
        st.markdown(p.tm("order.shuffle_text", order=" ".join(words[k] for k in without.perm)))
        scale = analysis.shared_scale(without, withpos)
        c1, c2 = st.columns(2)
        for col, result, side in ((c1, without, p.t("order.without")), (c2, withpos, p.t("order.with", alpha=alpha))):
            with col:
                p.chart(figures.heatmap(result.delta, words, axes, title=p.t("order.delta_chart", side=side),
                                        y_title=p.t("lbl.word"), hover_row=p.t("lbl.word"),
                                        hover_col=p.t("lbl.axis"), limit=scale, presenter=p.presenter),
                        "delta-with" if result is withpos else "delta-without")
                if result is withpos and alpha == 0:
                    st.info(p.t("order.alpha_off"))
                elif result.changed:
                    st.warning(p.t("order.changed", value=small(result.max_abs), changed=result.changed, n=s.n))
                else:
                    st.success(p.t("order.only_permuted", value=small(result.max_abs)))
        table = analysis.order_table(without, withpos)
        st.dataframe(pd.DataFrame({
            p.t("order.table_place"): [f"{b} → {a}" for b, a in zip(table["before"], table["after"], strict=False)],
            p.t("order.table_without"): [small(float(v)) for v in table["first"]],
            p.t("order.table_with"): [small(float(v)) for v in table["second"]],
        }, index=words), width="stretch")
        causal_only = analysis.shuffle_experiment(s, 0.0, mask="causal")
        if causal_only.changed:
            st.caption("ⓘ " + p.t("order.causal_note", value=small(causal_only.max_abs)))

    # 3. masks
    st.subheader(p.t("order.mask_title"))
    p.seed("order:mask", s.mask)

    def mask_changed() -> None:
        ok, kind = p.take("order:mask")
        if ok and kind is not None:  # the segmented control can be cleared: keep the current mask
            p.update(p.scenario.with_mask(kind))

    st.segmented_control(p.t("order.mask"), MASKS, key="order:mask", on_change=mask_changed,
                         format_func=lambda k: p.t(f"order.mask.{k}"))
    m = analysis.masked_attention(s)
    labels = list(m.labels)
    w = m.trace.weights
    chart_col, text_col = st.columns([3, 2])
    with chart_col:
        p.chart(figures.heatmap(w, labels, labels, kind="weights", row_sums=True,
                                masked=m.masked, masked_label=p.t("order.masked"),
                                title=p.t("order.weights_chart", mask=p.t(f"order.mask.{m.kind}")),
                                x_title=p.t("lbl.key_axis"), y_title=p.t("lbl.query_axis"),
                                hover_row=p.t("lbl.looker"), hover_col=p.t("lbl.looked"), presenter=p.presenter,
                                height=figures.heatmap_height(len(labels) + 3, p.presenter),
                                width_px=theme.FULL_WIDTH_PX * 3 / 5),
                "weights")
        st.caption(p.t("order.computed_on", alpha=alpha, t=s.temperature))
    with text_col:
        if m.kind == "none":
            st.markdown(p.t("order.none_text"))
            if s.n > 1:
                st.markdown(p.tm("order.none_example", first=labels[0], last=labels[s.n - 1], w=float(w[0, s.n - 1])))
        elif m.kind == "causal":
            st.markdown(p.t("order.causal_text"))
            st.markdown(p.tm("order.causal_first", first=labels[0], w=float(w[0, 0])))
            st.markdown(p.t("order.causal_generate"))
        else:
            st.markdown(p.t("order.padding_text", extra=PAD_EXTRA))
            st.markdown(p.t("order.padding_check", value=small(analysis.padding_check(s))))

    # 4. back to the source text
    st.subheader(p.t("order.source_title"))
    st.markdown(p.t("order.source_text"))
    p.note("order.other_screens")
    p.note("note.hand_set")
    p.note("note.named_axes")
