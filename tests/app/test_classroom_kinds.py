"""The class's kinds of question under AppTest: the lecturer picks the kind (`class:kind`) and asks from the screen
it belongs to, the question frozen; the student page answers each kind, refuses a bad answer with a message and
writes nothing; the reveal's text quotes the store's numbers, and the results download holds the answers."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from attention_core import analysis
from attention_core.classroom import open_store, results
from attention_core.classroom.asking import Ask, freeze
from attention_core.registry import T_OPTIONS
from attention_core.scenario import Scenario
from tests.app.conftest import _walk, assert_clean, open_page, say, state
from tests.app.test_classroom import STUDENT, shown_text


@pytest.fixture(autouse=True)
def class_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ATTENTION_CLASS_DIR", str(tmp_path))
    monkeypatch.delenv("ATTENTION_CLASS_DB", raising=False)
    return tmp_path


def lecturer_asks(page: str, chart: str, kind: str, **picks) -> tuple[AppTest, str, str]:
    at = open_page(page)
    at.button(key="class:open").click().run()
    at.toggle(key=f"quiz:{page}:{chart}:hidden").set_value(True).run()
    at.segmented_control(key="class:kind").set_value(kind).run()
    for key, value in picks.items():
        at.segmented_control(key=key).set_value(value).run()
    at.button(key="class:ask").click().run()
    assert_clean(at)
    class_id, token = state(at).hosting.split(":", 1)
    return at, class_id, token


def student(code: str) -> AppTest:
    at = AppTest.from_file(STUDENT, default_timeout=30)
    at.query_params["c"] = code
    at.run()
    assert_clean(at)
    return at


def send(at: AppTest, key: str, event: str, value) -> None:
    """Run the page with component `key` sending trigger `event` with `value`, as the browser's control does."""
    from streamlit.components.v2.bidi_component.main import _make_trigger_id

    element = next(e for e in _walk(at._tree) if getattr(getattr(e, "proto", None), "id", "").endswith(f"-{key}"))
    states = at._tree.get_widget_states()
    trigger = states.widgets.add()
    trigger.id = _make_trigger_id(element.proto.id, "events")
    trigger.json_trigger_value = json.dumps([{"event": event, "value": value}])
    at._run(states)


def component_data(at: AppTest, key: str) -> dict:
    element = next(e for e in _walk(at._tree) if getattr(getattr(e, "proto", None), "id", "").endswith(f"-{key}"))
    return json.loads(element.proto.json)


@pytest.mark.parametrize("page, chart, kinds", [
    ("score", "scores", ["pick", "spread", "tap"]),
    ("temperature", "weights", ["pick", "spread", "tap", "temperature"]),
    ("value", "output", ["pick", "spread"]),
])
def test_each_screen_offers_its_kinds_and_asks_them_frozen(page, chart, kinds):
    at = open_page(page)
    at.button(key="class:open").click().run()
    at.toggle(key=f"quiz:{page}:{chart}:hidden").set_value(True).run()
    assert list(at.segmented_control(key="class:kind").options) == [say(f"classroom.kind_{k}") if not (
        k == "pick" and page == "value") else say("classroom.kind_pick_dim") for k in kinds]
    at.selectbox(key=f"quiz:{page}:{chart}:row").set_value(1).run()
    class_id, token = state(at).hosting.split(":", 1)
    for k, kind in enumerate(kinds, start=1):
        at.segmented_control(key="class:kind").set_value(kind).run()
        at.button(key="class:ask").click().run()
        assert_clean(at)
        view = open_store().host_view(class_id, token)
        assert view.qid == k and view.question.mode == kind and (view.question.page, view.question.chart) == (page,
                                                                                                               chart)
        lesson = state(at).scenario
        expected = freeze(page, Ask(kind, row=1), lesson)
        assert view.question.values == expected.values and view.question.right == expected.right
        assert view.question.link  # the frozen state travels with it (for the results' share link)
        assert any(c.proto.id.endswith("-class:tally") for c in at.get("plotly_chart")), kind


def test_a_spread_question_is_frozen_at_the_lecturers_t_and_the_screen_moving_on_changes_nothing():
    at, class_id, token = lecturer_asks("temperature", "weights", "spread")
    q = open_store().host_view(class_id, token).question
    s = state(at).scenario
    assert q.temperature == s.temperature and q.asked == s.labels[0]
    assert np.allclose(q.values, analysis.compute(s).trace.weights[0])
    at.select_slider(key="sb:T").set_value(2.0).run()  # T moves after the question: the question stays as it was
    assert open_store().host_view(class_id, token).question == q


def test_the_source_texts_example_and_a_named_cell_can_be_asked():
    at, class_id, token = lecturer_asks("temperature", "weights", "spread", **{"class:source": "document"})
    q = open_store().host_view(class_id, token).question
    assert q.source == "document" and np.allclose(q.values, analysis.document_example((q.temperature,))[0])
    assert say("classroom.hidden_for_class") in shown_text(at)  # ③'s example and its table wait for the reveal
    at2, class_id2, token2 = lecturer_asks("score", "scores", "tap", **{"class:tap-target": "pair"})
    at2.selectbox(key="quiz:score:scores:row").set_value(2).run()
    at2.selectbox(key="quiz:score:scores:col").set_value(1).run()
    at2.button(key="class:ask").click().run()
    q2 = open_store().host_view(class_id2, token2).question
    assert q2.mode == "tap" and q2.target == "pair" and q2.cell(q2.right[0]) == (2, 1)


def test_a_spread_on_value_hides_the_weights_until_the_reveal():
    at, _, _ = lecturer_asks("value", "output", "spread")
    assert say("classroom.hidden_for_class") in shown_text(at)
    assert not any(c.proto.id.endswith("-chart:weights") for c in at.get("plotly_chart"))
    at.button(key="class:reveal").click().run()
    assert_clean(at)
    assert any(c.proto.id.endswith("-chart:weights") for c in at.get("plotly_chart"))


def test_tap_asks_only_sentences_a_phone_can_tap():
    at = open_page("score")
    at.text_input(key="sb:sentence").input(" ".join(f"w{k}" for k in range(9))).run()
    at.button(key="class:open").click().run()
    at.toggle(key="quiz:score:scores:hidden").set_value(True).run()
    at.segmented_control(key="class:kind").set_value("tap").run()
    assert_clean(at)
    assert at.button(key="class:ask").disabled and say("classroom.tap_words", limit=8) in shown_text(at)


def test_a_student_spreads_100_points_and_a_bad_spread_is_refused_with_a_message():
    at, class_id, token = lecturer_asks("temperature", "weights", "spread")
    code = open_store().host_view(class_id, token).code
    phone = student(code)
    data = component_data(phone, "class:spread")
    words = list(Scenario().labels)
    assert data["words"] == words and data["mine"] is None and not data["locked"]
    qid = data["qid"]
    for bad in ([50, 50, 10, 0], [100, 0, 0], [-10, 60, 50, 0], [25.5, 24.5, 25, 25], "all of it", None):
        send(phone, "class:spread", "send", {"qid": qid, "shares": bad})
        assert_clean(phone)
        assert phone.error, bad  # said, not a traceback
        assert open_store().host_view(class_id, token).tally.answered == 0
    send(phone, "class:spread", "send", {"qid": qid, "shares": [40, 10, 40, 10]})
    assert_clean(phone)
    assert not phone.error
    assert say("classroom.received_spread", spread=" · ".join(
        f"{w} {v}" for w, v in zip(words, [40, 10, 40, 10], strict=True))) in shown_text(phone)
    assert component_data(phone, "class:spread")["mine"] == [40, 10, 40, 10]
    _, answers = open_store().answers(class_id, token, qid)
    assert [a.shares for a in answers] == [(40, 10, 40, 10)]

    at.button(key="class:reveal").click().run()  # the lecturer's reveal: the numbers, the text, the results
    assert_clean(at)
    q, answers = open_store().answers(class_id, token, qid)
    s = results.summarise(q, answers)
    summary = "\n".join(str(m.value) for m in at.get("markdown") if m.value)
    assert f"{s.tv:.1f}" in summary and f"T = {q.options[s.fit[0]]:g}" in summary
    phone.run()
    assert_clean(phone)
    mine = results.tv_points([40, 10, 40, 10], results.model_points(q))
    assert say("classroom.you_spread", d=mine) in shown_text(phone)
    assert component_data(phone, "class:spread")["locked"]
    send(phone, "class:spread", "send", {"qid": qid, "shares": [100, 0, 0, 0]})  # late: refused, nothing changed
    assert say("classroom.err_late") in shown_text(phone)
    assert [a.shares for a in open_store().answers(class_id, token, qid)[1]] == [(40, 10, 40, 10)]


def test_the_results_download_holds_the_answers_and_a_summary_line():
    at, class_id, token = lecturer_asks("temperature", "weights", "spread")
    room = open_store()
    view = room.host_view(class_id, token)
    sent = {}
    for k, spread in enumerate(([70, 0, 30, 0], [25, 25, 25, 25], [60, 5, 30, 5])):
        pid = room.join(view.code, f"phone-{k}")
        room.answer(view.code, pid, view.qid, spread)
        sent[pid] = tuple(spread)
    at.button(key="class:reveal").click().run()
    assert_clean(at)
    download = next(e for e in _walk(at._tree) if getattr(getattr(e, "proto", None), "id", "").endswith(
        "-class:results-csv"))
    assert download is not None
    q, answers = room.answers(class_id, token, view.qid)
    line = next(m.value.replace("\\", "") for m in at.markdown if m.value.startswith(say(
        "classroom.line", qid=view.qid, kind="", about="", k=0, result="")[:4]))
    rows = list(csv.DictReader(io.StringIO(results.results_csv(view.qid, q, answers, "link", line))))
    assert sorted(tuple(int(v) for v in r["answer"].split()) for r in rows[:-1]) == sorted(sent.values())
    assert {r["participant"] for r in rows[:-1]} == {"1", "2", "3"} and rows[-1]["participant"] == "summary"
    assert not any(pid in line for pid in sent)


def test_a_student_taps_a_cell_and_guesses_t():
    at, class_id, token = lecturer_asks("temperature", "weights", "tap")
    room = open_store()
    code = room.host_view(class_id, token).code
    phone = student(code)
    data = component_data(phone, "class:tap")
    assert data["rows"] == data["cols"] == list(Scenario().labels) and "values" not in data  # no values before
    qid = data["qid"]
    send(phone, "class:tap", "tap", {"qid": qid, "cell": 99})
    assert say("classroom.err_cell_invalid") in shown_text(phone)
    send(phone, "class:tap", "tap", {"qid": qid, "cell": 4})  # row 1, column 0
    assert_clean(phone)
    words = list(Scenario().labels)
    assert say("classroom.received_tap", row=words[1], col=words[0]) in shown_text(phone)
    at.button(key="class:reveal").click().run()
    phone.run()
    assert_clean(phone)
    assert "values" in component_data(phone, "class:tap")  # the grid becomes the heatmap it was

    at.toggle(key="quiz:temperature:weights:hidden").set_value(True).run()  # shown since the reveal: hide it again
    at.segmented_control(key="class:kind").set_value("temperature").run()
    at.button(key="class:ask").click().run()
    assert_clean(at)
    phone.run()
    assert_clean(phone)
    options = state(at).scenario.temperature
    assert phone.button(key=f"class:t-{T_OPTIONS.index(options)}")
    phone.button(key=f"class:t-{T_OPTIONS.index(2.0)}").click().run()
    assert_clean(phone)
    assert say("classroom.received_t", t=2.0) in shown_text(phone)
    q = room.host_view(class_id, token).question
    assert room.host_view(class_id, token).tally.counts[T_OPTIONS.index(2.0)] == 1 and q.mode == "temperature"


def test_a_scene_question_is_asked_from_the_bar_and_closes_when_the_lesson_moves_on():
    at = open_page("home")
    at.button(key="home:lesson").click().run()
    at.button(key="class:open").click().run()
    lesson = state(at).scenes
    k = next(i for i, sc in enumerate(lesson) if sc.question is not None)
    for _ in range(k):
        at.button(key="pr:next").click().run()
    assert_clean(at)
    at.button(key="sc:ask").click().run()
    assert_clean(at)
    class_id, token = state(at).hosting.split(":", 1)
    room = open_store()
    view = room.host_view(class_id, token)
    assert view.question == freeze(lesson[k].page, lesson[k].question, lesson[k].scenario, lesson[k].view)
    assert view.question.mode == "spread" and view.question.temperature == 0.5 and view.question.asked == "영화였다"
    assert any(c.proto.id.endswith("-class:tally") for c in at.get("plotly_chart"))  # under ③'s weights
    at.button(key="pr:next").click().run()  # the next scene shows T = 0.5: the question closes first
    assert_clean(at)
    assert room.host_view(class_id, token).tally.revealed


@pytest.mark.parametrize("value", [
    "[" * 5000 + "]" * 5000, {"qid": "1", "shares": [25, 25, 25, 25]}, {"qid": 1.0, "shares": [25] * 4},
    {"shares": list(range(10**5))}, ["send"], 7, {"qid": 1, "shares": {"0": 100}},
])
def test_garbage_from_the_spread_control_is_refused_without_a_traceback(value):
    _, class_id, token = lecturer_asks("temperature", "weights", "spread")
    phone = student(open_store().host_view(class_id, token).code)
    if isinstance(value, str):  # raw JSON text as the trigger's value: deeply nested
        from streamlit.components.v2.bidi_component.main import _make_trigger_id

        element = next(e for e in _walk(phone._tree) if getattr(getattr(e, "proto", None), "id", "").endswith(
            "-class:spread"))
        states = phone._tree.get_widget_states()
        trigger = states.widgets.add()
        trigger.id = _make_trigger_id(element.proto.id, "events")
        trigger.json_trigger_value = '[{"event": "send", "value": ' + value + "}]"
        phone._run(states)
    else:
        send(phone, "class:spread", "send", value)
    assert_clean(phone)
    assert open_store().host_view(class_id, token).tally.answered == 0
