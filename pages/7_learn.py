"""⑦ The learned gaze: W_Q and W_K learn, live, to look at the emotion axis (attention_core.learn)."""

import time

import streamlit as st

from attention_core import InputError, analysis, figures, learn, lexicon, presets, theme, ui

LR_OPTIONS = (0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
T_OPTIONS = (0.5, 1.0, 2.0)
PER_PRESS = (10, 50, 100, 300)
# Auto-training (learn.AUTO_EVERY_S, AUTO_STEPS, AUTO_LIMIT): a tick is short so that ■ Stop lands within one:
# the Stop click's whole-page run preempts a running tick, and its callback runs before any later tick. The page
# states the rate it measures, not this schedule (a busy server runs ticks late).
AUTO_EVERY_S, AUTO_STEPS, AUTO_LIMIT = learn.AUTO_EVERY_S, learn.AUTO_STEPS, learn.AUTO_LIMIT
REPLAY_FRAMES = 61

with ui.page("learn") as page:
    page.title()
    page.lead("learn.quote")
    training = page.training
    data = learn.summary(learn.load_dataset())
    st.markdown(page.t("learn.lead", train=data.train, even=learn.even_gaze_accuracy(learn.load_dataset())))
    axes = page.axis_names()
    looker_axes = figures.Axis(axes, "", page.t("lbl.looker"))
    looked_axes = figures.Axis(axes, "", page.t("lbl.looked"))
    emotion_col = lexicon.AXIS_INDEX["emotion"]
    d_k = training.current().settings.d_k

    with st.expander(page.t("learn.model_title")):
        st.latex(r"\mathrm{weights} = \mathrm{softmax}\!\left(\frac{(X W_Q)(X W_K)^{\top}}{T}\right),\qquad "
                 r"\mathrm{out} = \mathrm{weights}\cdot X")
        st.latex(r"\mathrm{logit}_i = a\,\mathrm{out}_{i,\,\mathrm{valence}} + b,\qquad "
                 r"\mathrm{loss} = \frac{1}{n}\sum_i \mathrm{BCE}\big(\sigma(\mathrm{logit}_i),\, y\big)")
        st.markdown(page.t("learn.model_text", d_k=d_k))
    with st.expander(page.t("learn.data_title")):
        st.markdown(page.t("learn.data_text", total=data.train + data.test, ko=data.ko, en=data.en, train=data.train,
                           test=data.test, unseen_sentences=data.unseen_sentences, unseen=", ".join(data.unseen)))
        st.markdown(f"**{page.t('learn.data_examples')}**")
        st.markdown("\n".join(f"- {ui.md(sentence)}" for sentence in data.examples))

    # controls: changing the seed, learning rate or T starts a new run from random weights
    st.header(page.t("learn.controls"))

    def restart(field: str, key: str) -> None:
        ok, value = page.take(key)
        if not ok or value is None:
            return
        setattr(training, field, value)
        training.run, training.auto, training.stopped_at = None, False, None
        page.notify("info", page.t("learn.restarted"))

    c1, c2, c3, c4 = st.columns(4)
    page.seed("ln:seed", training.seed)
    c1.number_input(page.t("learn.seed"), min_value=0, max_value=9999, step=1, key="ln:seed",
                    on_change=ui.guarded(page, restart), args=("seed", "ln:seed"), help=page.t("learn.restart_help"))
    page.seed("ln:lr", training.lr)
    c2.select_slider(page.t("learn.lr"), LR_OPTIONS, key="ln:lr", format_func=lambda v: f"{v:g}",
                     on_change=ui.guarded(page, restart), args=("lr", "ln:lr"), help=page.t("learn.restart_help"))
    page.seed("ln:T", training.temperature)
    c3.select_slider(page.t("learn.temperature"), T_OPTIONS, key="ln:T", format_func=lambda v: f"{v:g}",
                     on_change=ui.guarded(page, restart), args=("temperature", "ln:T"),
                     help=page.t("learn.restart_help"))
    page.seed("ln:per_press", training.per_press)

    def per_press_changed() -> None:
        ok, value = page.take("ln:per_press")
        if ok and value is not None:
            training.per_press = value

    c4.selectbox(page.t("learn.per_press"), PER_PRESS, key="ln:per_press",
                 on_change=ui.guarded(page, per_press_changed))

    def set_auto(on: bool) -> None:  # a callback: it runs before any tick that follows the click
        # told in the status line, not as a notice of one run: a tick already on its way when Stop was pressed
        # may still start a whole run of the page after this one
        training.stopped_at = training.current().step if training.auto and not on else None
        training.auto = on

    b1, b2, b3, b4 = st.columns([1, 1, 1, 2])
    if b1.button(page.t("learn.train", n=training.per_press), key="ln:train", type="primary",
                 icon=":material/school:", on_click=ui.guarded(page, set_auto), args=(False,)):
        training.run = learn.advance(training.current(), training.per_press)
    if training.auto:
        b2.button(page.t("learn.stop"), key="ln:stop", on_click=ui.guarded(page, set_auto), args=(False,))
        training.auto_since = None  # the rate is measured from the first tick after this run's
    else:
        b2.button(page.t("learn.auto"), key="ln:auto", on_click=ui.guarded(page, set_auto), args=(True,))
    if b3.button(page.t("learn.reset"), key="ln:reset", icon=":material/restart_alt:"):
        training.run, training.auto, training.stopped_at = None, False, None
    if b4.button(page.t("learn.apply"), key="ln:apply", help=page.t("learn.apply_help"), icon=":material/publish:"):
        run = training.current()
        try:
            page.update(page.scenario.with_learned(run.w_q, run.w_k))
            page.notify("success", page.t("learn.applied", step=run.step))
        except InputError as err:  # e.g. a weight past the editors' bound: say so, keep the current weights
            page.notify("error", page.error(err) + " " + page.t("msg.kept_last_good"))
        st.rerun()
    if page.scenario.preset == "learned":
        st.caption("✓ " + page.t("learn.in_use"))

    run_every = AUTO_EVERY_S if training.auto else None

    @st.fragment(run_every=run_every)
    def live() -> None:
        """Everything that follows the run; while auto-training, only this part reruns. Its elements are the
        same whether training runs or not (the status line is always there), so no chart is replaced."""
        if training.auto:
            run = training.current()
            if run.step >= AUTO_LIMIT:
                training.auto = False
                page.notify("info", page.t("learn.auto_done", limit=AUTO_LIMIT))
                st.rerun()
            training.run = learn.advance(run, min(AUTO_STEPS, AUTO_LIMIT - run.step))
            if training.auto_since is None:
                training.auto_since = (time.perf_counter(), training.run.step)
            since, first = training.auto_since
            done, seconds = training.run.step - first, time.perf_counter() - since
            st.info(page.t("learn.auto_running", steps=AUTO_STEPS, limit=AUTO_LIMIT, done=done, seconds=seconds,
                           rate=done / seconds) if done > 0 else
                    page.t("learn.auto_starting", steps=AUTO_STEPS, limit=AUTO_LIMIT))
        elif run_every is not None:  # stopped since the page was drawn: this tick only asks for the page
            st.rerun()
        elif training.stopped_at is not None and training.stopped_at == training.current().step:
            st.info(page.t("learn.stopped", step=training.stopped_at))
        else:
            st.empty()  # the status line's place, so that the elements below keep theirs
        run = training.current()
        last = run.snapshots[-1]
        m1, m2, m3, m4, m5 = st.columns(5)
        m1.metric(page.t("learn.m_step"), f"{run.step}")
        m2.metric(page.t("learn.m_loss"), f"{run.losses[-1]:.4f}")
        m3.metric(page.t("learn.m_accuracy"), f"{last.accuracy:.1%}", help=page.t("learn.m_help_accuracy"))
        m4.metric(page.t("learn.m_focus"), f"{last.focus:.2f}", help=page.t("learn.m_help_focus", low=last.focus_low))
        m5.metric(page.t("learn.m_share"), f"{last.share:.0%}", help=page.t("learn.m_help_share"))

        left, right = st.columns(2)
        with left:
            page.chart(page.fig.training_curves(
                range(len(run.losses)), run.losses, run.snapshot_steps,
                {page.t("learn.accuracy_name"): run.accuracies,
                 page.t("learn.focus_name"): [snap.focus for snap in run.snapshots],
                 page.t("learn.share_name"): [snap.share for snap in run.snapshots]},
                title=page.t("learn.curves"), loss_name=page.t("learn.loss_name"),
                loss_title=page.t("learn.loss_axis"), measure_title=page.t("learn.measure_axis"),
                height=420), "curves", live=True)
            st.caption(page.t("learn.curves_caption"))
        with right:
            fig = page.fig.heatmap(analysis.bilinear(run.w_q, run.w_k), looker_axes, looked_axes,
                                   title=page.t("learn.bilinear", step=run.step), height=380)
            page.chart(figures.box_column(fig, emotion_col, theme.KEY_COLOR), "bilinear", live=True)
            st.caption(page.t("learn.bilinear_caption", share=last.share))

        st.header(page.t("learn.compare_title"))
        weights_at_t()  # a T part inside this fragment: a T step redraws it alone, auto-training or not

    @page.follows_t
    def weights_at_t() -> None:
        """The learned and the hand-set weights on the sidebar's sentence, at the sidebar's T."""
        run, scenario = page.training.current(), page.scenario
        hand_q, hand_k, _ = presets.single_head_weights("emotion")
        w1, w2 = st.columns(2)
        for col, (w_q, w_k), title, name, src in (
            (w1, (run.w_q, run.w_k), page.t("learn.learned_chart", step=run.step), "learned", "learned"),
            (w2, (hand_q, hand_k), page.t("learn.preset_chart"), "hand-set", "hand"),
        ):
            with col:
                page.chart(page.fig.heatmap(learn.sentence_weights(scenario.x, w_q, w_k, scenario.temperature),
                                            *page.word_axes(), kind="weights", row_sums=True, title=title,
                                            show_scale=False, shows=figures.shows("W", src=src)),
                           f"weights-{name}", live=name == "learned")
        st.caption(page.t("learn.compare_caption", t=scenario.temperature))

    live()

    st.header(page.t("learn.replay_title"))
    run = training.current()
    if run.step == 0:
        st.info(page.t("learn.replay_empty"))
    else:
        picked = [run.snapshots[i] for i in learn.thin(len(run.snapshots), REPLAY_FRAMES)]
        chart_col, text_col = st.columns([3, 2])
        text_col.caption(page.t("learn.replay_caption", count=len(picked), last=picked[-1].step))
        with chart_col:
            page.chart(page.fig.replay_heatmap(
                [analysis.bilinear(snap.w_q, snap.w_k) for snap in picked], [str(snap.step) for snap in picked],
                looker_axes, looked_axes, title=page.t("learn.replay_chart"), box_col=emotion_col,
                buttons=(page.t("learn.play"), page.t("learn.pause"), page.t("learn.rewind")),
                prefix=page.t("learn.replay_prefix")), "replay")

    with st.expander(page.t("learn.honest_title"), expanded=False):
        st.markdown(page.t("learn.honest_text", params=learn.parameter_count(d_k), d_k=d_k, train=data.train))
    page.note("note.named_axes")
