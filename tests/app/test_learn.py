"""Screen ⑦ under AppTest: training grows the curves, the learned weights can be used everywhere and travel."""

import numpy as np

from attention_core import analysis, codec, learn, lexicon
from attention_core.registry import page_spec
from tests.app.conftest import assert_clean, chart, open_page, say, state


def metric(at, label_part: str) -> str:
    return next(m.value for m in at.metric if label_part in m.label)


def test_page_opens_on_random_weights_and_training_50_steps_grows_the_curves():
    at = open_page("learn")
    training = state(at).training
    assert training.current().step == 0
    curves = chart(at, "curves")
    assert len(curves.data[0].y) == 1 and np.isclose(curves.data[0].y[0], np.log(2))
    assert at.button(key="ln:train").label == "50단계 학습"

    at.button(key="ln:train").click().run()
    assert_clean(at)
    run = state(at).training.run
    assert run.step == 50 and metric(at, "단계") == "50"
    curves = chart(at, "curves")
    assert len(curves.data[0].y) == 51  # the loss after every step
    assert list(curves.data[0].y) == list(run.losses) and curves.data[0].y[-1] < 0.5 * curves.data[0].y[0]
    assert list(curves.data[1].x) == [0, 10, 20, 30, 40, 50]  # held-out accuracy at every snapshot
    bilinear = chart(at, "bilinear")
    assert np.allclose(np.array(bilinear.data[0].z), analysis.bilinear(run.w_q, run.w_k))
    assert bilinear.layout.shapes[0].x0 == lexicon.AXIS_INDEX["emotion"] - 0.5  # the emotion column is boxed
    learned = chart(at, "weights-learned")
    s = state(at).scenario
    assert np.allclose(np.array(learned.data[0].z), learn.sentence_weights(s.x, run.w_q, run.w_k, s.temperature))
    assert not np.allclose(np.array(learned.data[0].z), np.array(chart(at, "weights-hand-set").data[0].z))
    replay = chart(at, "replay")
    assert [f.name for f in replay.frames] == ["0", "10", "20", "30", "40", "50"]
    assert np.allclose(np.array(replay.frames[-1].data[0].z), analysis.bilinear(run.w_q, run.w_k))

    at.button(key="ln:train").click().run()
    assert state(at).training.run.step == 100
    assert np.array_equal(state(at).training.run.w_q, learn.train(learn.load_dataset(), steps=100).w_q)


def test_use_the_learned_weights_everywhere_then_the_score_page_and_the_link_show_them():
    at = open_page("learn")
    at.button(key="ln:train").click().run()
    at.button(key="ln:apply").click().run()
    assert_clean(at)
    run = state(at).training.run
    s = state(at).scenario
    assert s.preset == "learned"
    assert np.array_equal(s.w_q, run.w_q.round(2)) and np.array_equal(s.w_k, run.w_k.round(2))
    assert np.array_equal(s.w_v, np.eye(lexicon.D_MODEL))
    assert any("단계 50에서 학습한" in m.value for m in at.success)

    at.switch_page(page_spec("score").file).run()
    assert_clean(at)
    scores = np.array(chart(at, "scores").data[0].z)
    expected = (s.x @ s.w_q) @ (s.x @ s.w_k).T
    assert np.allclose(scores, expected)
    assert not np.allclose(scores, analysis.compute(s.with_preset("emotion")).trace.scores)
    assert any("⑦ 화면에서 학습한" in c.value for c in at.caption)  # no longer "set by hand"
    assert at.selectbox(key="sb:preset").value == "learned"

    link = next(c.value for c in at.code if "?s=" in c.value)
    again, _ = codec.decode_link(link.split("?s=", 1)[1])
    assert again.preset == "learned"
    assert np.array_equal(again.w_q, s.w_q) and np.array_equal(again.w_k, s.w_k)
    assert np.array_equal(again.w_v, s.w_v)
    loaded, _ = codec.from_json(codec.to_json(s, state(at).view))
    assert np.array_equal(loaded.w_q, s.w_q) and loaded.preset == "learned"


def test_changing_a_setting_starts_again_and_reset_goes_back_to_random():
    at = open_page("learn")
    at.button(key="ln:train").click().run()
    at.select_slider(key="ln:lr").set_value(0.5).run()
    assert_clean(at)
    training = state(at).training
    assert training.lr == 0.5 and training.current().step == 0
    assert training.current().settings.lr == 0.5
    assert any("새로 시작" in i.value for i in at.info)
    at.selectbox(key="ln:per_press").set_value(10).run()
    at.button(key="ln:train").click().run()
    assert state(at).training.run.step == 10 and at.button(key="ln:train").label == "10단계 학습"
    at.button(key="ln:reset").click().run()
    assert state(at).training.current().step == 0
    assert any("아직 학습하지 않았습니다" in i.value for i in at.info)


def test_auto_train_advances_in_the_fragment_and_stops():
    at = open_page("learn")
    at.button(key="ln:auto").click().run()
    assert_clean(at)
    training = state(at).training
    assert training.auto and training.run.step > 0
    # the first tick since the page was drawn: no rate measured yet, so none is stated
    assert any(i.value.startswith(say("learn.auto_starting").split("{")[0]) for i in at.info)
    step = training.run.step
    at.switch_page(page_spec("score").file).run()  # away: no fragment runs there, training pauses
    assert state(at).training.run.step == step and state(at).training.auto
    at.switch_page(page_spec("learn").file).run()  # back: it goes on
    assert_clean(at)
    assert state(at).training.run.step > step and state(at).training.auto
    at.button(key="ln:stop").click().run()
    assert_clean(at)
    assert not state(at).training.auto
    assert at.button(key="ln:auto")
    stopped = say("learn.stopped", step=state(at).training.run.step)
    assert [i.value for i in at.info if i.value == stopped] == [stopped]
    # a whole run more (a tick already on its way when Stop was pressed starts one) still says where it stopped
    at.run()
    assert [i.value for i in at.info if i.value == stopped] == [stopped]
    at.button(key="ln:train").click().run()  # trained on: the step it stopped at is no longer the step shown
    assert not any(i.value == stopped for i in at.info)


def test_english_page_and_each_session_trains_alone():
    at = open_page("learn")
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert at.button(key="ln:train").label == "Train 50 steps"
    assert any(b.label == "Use the learned weights everywhere" for b in at.button)
    assert all("learn." not in m.label for m in at.metric)
    at.button(key="ln:train").click().run()
    other = open_page("learn")
    assert state(other).training.current().step == 0  # training state lives in the session
