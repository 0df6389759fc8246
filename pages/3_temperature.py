"""Temperature: softmax(z/T) on the text's example, the sentence's attention at T, T's sweep and limits, √d_k."""

import math

import pandas as pd
import streamlit as st

from attention_core import analysis, figures, theme, ui

ROW_TEMPS = (0.1, 0.5, 1.0, 2.0, 10.0)  # the one-row sweep, between its two limits
ROW_BARS_MAX_WORDS = 6
CURVES_MAX = 12  # one line per word is readable up to about this many (the picked word is always drawn)
T_TICKS = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0)
DKS = (1, 2, 4, 8, 16, 32, 64, 128, 256)
DK_WORDS, DK_TRIALS = 8, 200

with ui.page("temperature") as page:
    page.title()
    page.lead("temperature.lead")
    control, formula = st.columns([1, 2], vertical_alignment="center")
    with control:
        ui.temperature_slider(page, "temperature:T")
        st.caption(page.t("temperature.slider_hint"))
    formula.latex(r"\mathrm{softmax}(z_i) = \frac{\exp(z_i / T)}{\sum_j \exp(z_j / T)}")
    # Only the T parts (`page.follows_t`) may depend on T: a T step reruns them alone and leaves the rest as it is.
    # They read the state inside; what is computed out here (words, scores, their curves) does not depend on T.
    scenario, trace = page.scenario, page.lesson.trace
    words = list(scenario.labels)

    # the text's example z = [2.0, 1.0, 0.1]
    st.header(page.t("temperature.doc_title"))
    z_labels = ui.tables.document_labels()
    if ui.class_hides(page, "document"):  # the class is answering about this example: its numbers wait
        st.caption(page.t("classroom.hidden_for_class"))
    else:
        cmp = analysis.document_comparison()
        left, right = st.columns(2)
        with left:
            @page.follows_t
            def document_bars() -> None:
                t = page.scenario.temperature
                page.chart(page.fig.bars(analysis.document_example((t,))[0], z_labels, y_range=(0.0, 1.08),
                                         title=figures.at_t(page.t("temperature.doc_bars", t=figures.T), t),
                                         y_title=page.t("temperature.prob"),
                                         shows=figures.shows("W", src="doc", row=0)), "document-bars")

            document_bars()
        with right:
            st.markdown(f"**{page.t('temperature.table_title')}**")
            ui.web.html(ui.tables.document_table(page.lang))
        diffs = "; ".join(
            page.t("temperature.diff_item", t=temp, printed=", ".join(f"{v:.2f}" for v in cmp["printed"][r]),
                   exact=", ".join(f"{v:.3f}" for v in cmp["exact"][r]))
            for r, temp in enumerate(cmp["temps"]) if any(cmp["differs"][r])
        )
        off = [r for r, _ in enumerate(cmp["temps"]) if any(cmp["differs"][r])]
        st.info(page.t("temperature.table_note", diffs=diffs, rows=", ".join(f"T = {cmp['temps'][r]:g}" for r in off),
                       gap=max(float(cmp["gap"][r]) for r in off)))
        with st.expander(page.t("temperature.grouped")):
            page.chart(page.fig.grouped_bars(
                {page.t("temperature.series_computed"): [v for row in cmp["computed"] for v in row],
                 page.t("temperature.series_printed"): [v for row in cmp["printed"] for v in row]},
                [f"T={temp:g}, z{sub}" for temp in cmp["temps"] for sub in "₁₂₃"], title=page.t("temperature.grouped"),
                y_title=page.t("temperature.prob"), y_range=(0.0, 1.08)), "document-vs-printed")

    # the sentence's attention at T
    st.header(page.t("temperature.matrix_title"))
    left, right = page.columns([3, 2])
    with left:
        width = page.matrix_width * (1 if page.wide else 1.2)

        @page.follows_t
        def weights_matrix() -> None:
            weights = page.lesson.trace.weights
            title = figures.at_t(page.t("temperature.matrix_chart", t=figures.T), page.scenario.temperature)
            ui.predict_reveal(page, "weights", weights, words, words, lambda marks: page.chart(page.fig.heatmap(
                weights, *page.word_axes(), title=title, kind="weights", width_px=width, row_sums=True, marks=marks,
                shows=figures.shows("W")), "weights"))

        weights_matrix()
    revealed = not page.quiz("weights").hidden  # what the quiz drew: while the class guesses, hide the answer
    with right:
        @page.follows_t
        def weight_stats() -> None:
            weights = page.lesson.trace.weights
            columns = {
                page.t("temperature.col_entropy"): analysis.entropy(weights),
                page.t("temperature.col_effective"): analysis.effective_words(weights),
            }
            if not page.quiz("weights").hidden:  # while the class guesses, the favourite would give the answer away
                tie_sep = page.t("multihead.tie_sep")
                columns[page.t("temperature.col_favourite")] = [
                    tie_sep.join(words[j] for j in tied) for tied in analysis.favourite_ties(weights)]
            stats = pd.DataFrame(columns, index=words)
            numbers = [page.t("temperature.col_entropy"), page.t("temperature.col_effective")]
            ui.number_table(page, stats, decimals=dict.fromkeys(numbers, 2))

        weight_stats()
        st.caption(page.t("temperature.entropy_help", n=scenario.n))

    @st.fragment
    def t_player() -> None:
        """▶ play T: the matrix at every T option, animated in the browser (no script run while it plays)."""
        help_text = page.t("temperature.play_toggle_help")
        if not st.toggle(page.t("temperature.play_toggle"), key="temperature:play", help=help_text):
            return
        weights, mean_h = analysis.temperature_frames(page.lesson.trace.scores, ui.T_OPTIONS)
        labels = list(page.scenario.labels)
        page.chart(page.fig.temperature_player(
            weights, ui.T_OPTIONS, mean_h, *page.word_axes(labels), title=page.t("temperature.play_chart"),
            curve_title=page.t("temperature.play_curve"),
            buttons=(page.t("temperature.play_button"), page.t("temperature.play_stop"))), "t-player")
        st.caption(page.t("temperature.play_caption", k=len(ui.T_OPTIONS)))

    t_player()

    # sweeping T, and its two limits
    st.header(page.t("temperature.sweep_title"))
    temps = analysis.temperature_grid()
    to_zero, to_inf = analysis.limits(trace.scores)
    left, right = st.columns([3, 2])
    with right:
        measures = ("effective", "entropy")
        measure = st.segmented_control(
            page.t("temperature.measure"), measures, default="effective", key="temperature:measure",
            format_func=lambda m: page.t(f"temperature.measure_{m}"),
        )
        measure = measure if measure in measures else "effective"  # cleared, or a label of the other language
        st.info(page.t("temperature.limits_caption", n=scenario.n, u=float(to_inf[0, 0])))
    with left:
        curve = (analysis.effective_words_curve(trace.scores, temps) if measure == "effective"
                 else analysis.entropy(analysis.sweep(trace.scores, temps)))
        shown = (list(range(scenario.n)) if scenario.n <= CURVES_MAX
                 else sorted({page.view.focus, *range(CURVES_MAX - 1)}))
        # words whose curves coincide are one line, named by all of them ("슬픈 = 아름다운")
        same = [tuple(shown[k] for k in g) for g in analysis.coincident(curve[:, shown])]
        names = [page.t("views.same_sep").join(words[i] for i in g) for g in same]
        focus_name = next(name for name, g in zip(names, same, strict=True) if page.view.focus in g)
        lines = {name: curve[:, g[0]] for name, g in zip(names, same, strict=True)}

        @page.follows_t
        def sweep_curves() -> None:  # the curves do not depend on T, the marker at T does
            t = page.scenario.temperature
            page.chart(page.fig.curves(temps, lines, title=page.t(f"temperature.curve_{measure}"),
                                       x_title=page.t("temperature.t_log"),
                                       y_title=page.t(f"temperature.measure_{measure}"), log_x=True, marker_x=t,
                                       marker_label=figures.at_t(page.t("temperature.now", t=figures.T), t),
                                       marker_t=True, highlight=focus_name, x_ticks=T_TICKS), "curves")

        sweep_curves()
        if any(len(g) > 1 for g in same):
            st.caption(page.t("views.curves_same"))
        if len(shown) < scenario.n:
            st.caption(page.t("temperature.curves_some", k=len(shown), n=scenario.n))

    st.header(page.t("temperature.row_title"))
    pick, _ = st.columns([1, 2])
    with pick:
        i = page.word_picker()
    row_sweep = analysis.sweep(trace.scores[i], ROW_TEMPS)
    panels = [(page.t("temperature.limit_zero"), to_zero[i]),
              *[(f"T = {temp:g}", row_sweep[k]) for k, temp in enumerate(ROW_TEMPS)],
              (page.t("temperature.limit_inf"), to_inf[i])]
    row_title = page.t("temperature.row_chart", word=words[i])
    if not revealed:  # its panel at the current T is a row of the hidden matrix
        st.caption(page.t("lecture.hidden_part"))
    else:
        # seven small bar charts need a wide screen: on a phone their titles and word labels ran together
        if scenario.n <= ROW_BARS_MAX_WORDS and not page.on_phone:
            fig = page.fig.bars_grid(panels, words, title=row_title, highlight=i, y_range=(0.0, 1.12))
        else:  # too many words (or too narrow a screen) for seven small bar charts: one heatmap row per T
            temps_axis = figures.Axis([name for name, _ in panels], "", "T")
            fig = page.fig.heatmap([row for _, row in panels], temps_axis, page.word_axes()[1], title=row_title,
                                   kind="weights", row_sums=True,
                                   width_px=theme.PHONE_WIDTH_PX if page.on_phone else theme.FULL_WIDTH_PX)
        page.chart(fig, "row-sweep")

    with st.expander(page.t("temperature.meaning_title"), expanded=False):
        st.markdown(page.t("temperature.meaning_text", dk=scenario.d_k, sq=math.sqrt(scenario.d_k)))

    # why √d_k
    st.header(page.t("temperature.dk_title"))
    exp = analysis.dk_experiment(DKS, n=DK_WORDS, trials=DK_TRIALS)
    st.markdown(page.t("temperature.dk_lead", n=DK_WORDS, trials=DK_TRIALS, lo_dk=DKS[0], hi_dk=DKS[-1],
                       lo=float(exp["max_scaled"][0]), hi=float(exp["max_scaled"][-1])))
    st.latex(r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right) V")
    @st.fragment
    def dk_section() -> None:
        """The d_k slider and what depends on it only: moving it reruns this part of the page alone."""
        slider_col, _ = st.columns([1, 2])
        with slider_col:
            dk = st.select_slider(page.t("temperature.dk_slider"), options=DKS, value=64, key="temperature:dk")
        k = DKS.index(dk)
        m1, m2, m3, m4 = st.columns(4)
        m1.metric(page.t("temperature.metric_std_raw"), f"{exp['std_raw'][k]:.2f}")
        m2.metric(page.t("temperature.metric_std_scaled"), f"{exp['std_scaled'][k]:.2f}")
        m3.metric(page.t("temperature.metric_max_raw"), f"{exp['max_raw'][k]:.2f}")
        m4.metric(page.t("temperature.metric_max_scaled"), f"{exp['max_scaled'][k]:.2f}")
        raw, scaled = page.t("temperature.series_raw"), page.t("temperature.series_scaled")
        left, right = st.columns(2)
        with left:
            page.chart(page.fig.curves(DKS, {raw: exp["std_raw"], scaled: exp["std_scaled"]}, log_x=True,
                                       title=page.t("temperature.dk_std_chart"), x_title=page.t("temperature.dk_axis"),
                                       x_ticks=DKS, y_from_zero=True, marker_x=dk,
                                       marker_label=page.t("temperature.dk_marker", dk=dk)), "dk-spread")
        with right:
            page.chart(page.fig.curves(DKS, {raw: exp["max_raw"], scaled: exp["max_scaled"]}, log_x=True,
                                       title=page.t("temperature.dk_max_chart"), x_title=page.t("temperature.dk_axis"),
                                       x_ticks=DKS, y_range=(0.0, 1.05), marker_x=dk,
                                       marker_label=page.t("temperature.dk_marker", dk=dk)), "dk-saturation")
        st.caption(page.t("temperature.dk_caption", dk=dk, raw=float(exp["std_raw"][k]), sq=math.sqrt(dk), n=DK_WORDS))

    dk_section()
    page.note("note.sqrt_dk")
    page.note("note.creative")
    page.note("note.hand_set")
