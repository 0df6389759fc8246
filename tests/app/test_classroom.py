"""The class under AppTest: the host token never reaches the screen or a link, a reload gets the class back,
the student page answers and refuses garbage with a message (no traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
from streamlit.testing.v1 import AppTest

from attention_core.classroom import open_store
from attention_core.ui import classroom
from attention_core.ui import state as ui_state
from tests.app.conftest import assert_clean, chart_words, open_page, say, state

STUDENT = str(Path(__file__).resolve().parents[2] / "pages" / "9_class.py")


@pytest.fixture(autouse=True)
def class_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ATTENTION_CLASS_DIR", str(tmp_path))
    monkeypatch.delenv("ATTENTION_CLASS_DB", raising=False)
    return tmp_path


def shown_text(at: AppTest) -> str:
    """Every text the page shows (Markdown, code, captions, alerts, HTML, widget labels)."""
    parts = []
    for kind in ("markdown", "code", "caption", "text", "info", "success", "warning", "error", "title"):
        parts += [str(e.value) for e in at.get(kind)]
    parts += [str(e.proto.body) for e in at.get("html")]
    parts += [str(b.label) for b in at.button]
    return "\n".join(parts)


def test_the_host_token_stays_off_screen_and_out_of_links_and_a_reload_gets_the_class_back(browser):
    at = open_page("temperature")
    at.button(key="class:open").click().run()
    assert_clean(at)
    class_id, token = state(at).hosting.split(":", 1)
    page = shown_text(at)
    code = open_store().host_view(class_id, token).code
    assert code in page and token not in page and class_id not in page
    assert all(token not in v and class_id not in v for v in at.query_params.values())
    link = next(c.value for c in at.code if "/class?" in c.value)
    assert f"c={code}" in link and token not in link
    sid = state(at).sid
    assert ui_state.STORE.get(sid)["class"] == state(at).hosting  # kept for a reload, server-side only

    again = open_page("temperature", query={"sid": sid})  # F5 or a new tab on the same address
    assert state(again).hosting == state(at).hosting and state(again).sid == sid
    assert code in shown_text(again)


def test_the_lecturers_address_in_another_browser_gives_a_copy_of_the_lesson_and_no_class(browser):
    at = open_page("temperature")
    at.toggle(key="sb:presenter").set_value(True).run()
    at.button(key="class:open").click().run()
    sid, hosting, lecturer = state(at).sid, state(at).hosting, state(at).scenario
    class_id, token = hosting.split(":", 1)
    code = open_store().host_view(class_id, token).code

    for other in (browser.switch, browser.none):  # a student's browser, with its own cookie or with none
        other()
        student = open_page("temperature", query={"sid": sid})
        assert_clean(student)
        mine = state(student)
        assert mine.hosting == "" and mine.sid != sid and not mine.view.presenter
        assert mine.scenario.sentence == lecturer.sentence  # a copy of the lesson's state
        assert code not in shown_text(student)
        assert not [b for b in student.button if b.key in ("class:close", "class:reveal", "class:ask")]
        student.query_params.clear()
        student.text_input(key="sb:sentence").input("학생이 바꾼 문장").run()  # what it saves is its own
        assert ui_state.STORE.get(mine.sid) is not None
    assert ui_state.STORE.get(sid)["class"] == hosting  # the lecturer's record is untouched
    assert "학생이" not in ui_state.STORE.get(sid)["state"]


def test_asking_freezes_the_question_and_reveal_marks_the_chart():
    at = open_page("temperature")
    at.button(key="class:open").click().run()
    at.toggle(key="quiz:temperature:weights:hidden").set_value(True).run()
    at.selectbox(key="quiz:temperature:weights:row").set_value(1).run()
    at.button(key="class:ask").click().run()
    assert_clean(at)
    class_id, token = state(at).hosting.split(":", 1)
    view = open_store().host_view(class_id, token)
    lesson = state(at).scenario
    assert view.qid == 1 and view.question.asked == lesson.labels[1]
    assert view.question.temperature == lesson.temperature and view.tally.counts == (0,) * lesson.n
    at.button(key="class:reveal").click().run()
    assert_clean(at)
    assert open_store().host_view(class_id, token).tally.revealed
    assert not state(at).quizzes["temperature:weights"].hidden  # the app's own chart is shown, marked
    assert say("classroom.mark_right") in chart_words(at, "weights")


def student(query: dict[str, str]) -> AppTest:
    at = AppTest.from_file(STUDENT, default_timeout=30)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    assert_clean(at)
    return at


@pytest.mark.parametrize("query", [
    {"c": "garbage!!"}, {"c": "x" * 5000}, {"c": "ZZZZZZ", "p": "tampered________"}, {"c": "", "p": "x"},
    {"lang": "xx", "c": "ABC"},
])
def test_the_student_page_refuses_bad_addresses_with_a_message(query):
    at = student(query)
    assert at.get("error") or at.get("warning") or at.text_input(key="class:type-code")


def test_a_student_joins_by_link_answers_and_sees_what_was_received():
    room = open_store()
    hosted = room.open_class()
    at = student({"c": hosted.code})
    pid = at.query_params["p"]
    assert at.query_params["c"] == hosted.code and len(pid) == 16
    assert say("classroom.wait") in shown_text(at)
    from attention_core import analysis
    from attention_core.classroom import question_from_matrix
    from attention_core.scenario import Scenario

    s = Scenario()
    q = question_from_matrix("temperature", "weights", analysis.compute(s).trace.weights, s.labels, s.labels, 1,
                             s.temperature)
    room.ask(hosted.class_id, hosted.token, q)
    at.run()
    at.button(key="class:answer-2").click().run()
    assert_clean(at)
    assert say("classroom.received", choice=s.labels[2]) in shown_text(at)
    assert room.host_view(hosted.class_id, hosted.token).tally.counts[2] == 1


@pytest.mark.parametrize("page, chart, kind", [("score", "scores", "word"), ("temperature", "weights", "word"),
                                                ("value", "output", "dim")])
def test_every_predict_then_reveal_quiz_can_ask_the_class(page, chart, kind):
    at = open_page(page)
    at.button(key="class:open").click().run()
    at.toggle(key=f"quiz:{page}:{chart}:hidden").set_value(True).run()
    at.button(key="class:ask").click().run()
    assert_clean(at)
    class_id, token = state(at).hosting.split(":", 1)
    q = open_store().host_view(class_id, token).question
    assert (q.page, q.chart, q.kind) == (page, chart, kind)
    assert len(at.get("plotly_chart")) >= 1 and any(c.proto.id.endswith("-class:tally") for c in at.get("plotly_chart"))


def test_presenter_mode_opens_a_class_from_the_page_and_closing_ends_it():
    at = open_page("temperature")
    at.toggle(key="sb:presenter").set_value(True).run()
    at.button(key="class:open").click().run()
    assert_clean(at)
    class_id, token = state(at).hosting.split(":", 1)
    code = open_store().host_view(class_id, token).code
    assert code in shown_text(at)
    pid = open_store().join(code, "a-phone")
    at.button(key="class:close").click().run()  # asked first: one stray click does not end the class
    assert_clean(at)
    assert state(at).hosting and say("classroom.close_sure") in shown_text(at)
    at.button(key="class:close-no").click().run()
    assert state(at).hosting and say("classroom.close_sure") not in shown_text(at)
    assert open_store().host_view(class_id, token).code == code
    at.button(key="class:close").click().run()
    at.button(key="class:close-yes").click().run()
    assert_clean(at)
    assert state(at).hosting == "" and say("classroom.closed") in shown_text(at)
    view = student({"c": code, "p": pid})
    assert say("classroom.err_class_over") in shown_text(view)
    assert view.button(key="class:join-other")  # a phone left on an ended class can type a new code
    view.button(key="class:join-other").click().run()
    assert_clean(view)
    assert view.text_input(key="class:type-code") and "c" not in view.query_params


def open_classes() -> list[str]:
    return [row[0] for row in open_store().store.read("SELECT id FROM classes WHERE closed = 0")]


@pytest.mark.parametrize("presenter", [False, True])
def test_a_double_click_on_open_a_class_opens_one(presenter, monkeypatch):
    """The second click of a double click reaches the server while the first click's run is drawing the join card:
    Streamlit stops that run and runs the page again with the button pressed once more (what the browser sends is
    sent here, mid-run, the way the server receives it), or after it. One class is open, the one on screen, and
    nothing says otherwise; closing it and opening another still works."""
    at = open_page("temperature")
    if presenter:
        at.toggle(key="sb:presenter").set_value(True).run()
    click = at.button(key="class:open").click()
    pressed = click.root.get_widget_states()  # the page as the browser holds it, the button pressed
    card, sent = classroom.class_card, []

    def card_while_the_second_click_arrives(p) -> None:
        if not sent:
            ctx = get_script_run_ctx()
            sent.append(ctx.script_requests.request_rerun(RerunData(widget_states=pressed,
                                                                    page_script_hash=ctx.page_script_hash)))
        card(p)

    with monkeypatch.context() as patched:
        patched.setattr(classroom, "class_card", card_while_the_second_click_arrives)
        click.run()
    assert_clean(at)
    assert sent == [True] and not at.error
    class_id, token = state(at).hosting.split(":", 1)
    assert open_classes() == [class_id]
    codes = [c.value for c in at.code if "/class?" in c.value]
    assert len(codes) == 1 and f"c={open_store().host_view(class_id, token).code}" in codes[0]
    click.run()  # once more, after that run: the page the browser held still had the button
    assert_clean(at)
    assert not at.error and state(at).hosting.split(":", 1)[0] == class_id and open_classes() == [class_id]

    at.button(key="class:close").click().run()
    at.button(key="class:close-yes").click().run()
    assert state(at).hosting == "" and open_classes() == []
    at.button(key="class:open").click().run()
    assert_clean(at)
    again = state(at).hosting.split(":", 1)[0]
    assert again != class_id and open_classes() == [again]


def test_a_double_click_on_yes_close_closes_once_and_says_so_once():
    """The second click of a double click on "Yes, close" arrives with the page the browser still held (the button
    pressed once more): the class is closed already, and the page does not say so a second time."""
    at = open_page("temperature")
    at.button(key="class:open").click().run()
    at.button(key="class:close").click().run()
    yes = at.button(key="class:close-yes").click()
    pressed = yes.root.get_widget_states()  # the page as the browser holds it, the button pressed
    yes.run()
    assert_clean(at)
    assert [m.value for m in at.success] == [say("classroom.closed")] and open_classes() == []
    at._run(pressed)  # the second click: the browser still held the page with the button
    assert_clean(at)
    assert not at.error and [m.value for m in at.success] == [] and state(at).hosting == ""


@pytest.mark.parametrize("how", ["reveal", "unhide"])
def test_showing_the_quiz_chart_reveals_the_class_question_about_it(how):
    """The lecturer's own reveal (or turning the hiding off) puts the answer on the screen: the class's question
    about that chart is revealed with it, answers closed, and the chart shows one verdict, the class's."""
    at = open_page("score")
    at.button(key="class:open").click().run()
    at.toggle(key="quiz:score:scores:hidden").set_value(True).run()
    at.selectbox(key="quiz:score:scores:row").set_value(1).run()
    at.button(key="class:ask").click().run()
    class_id, token = state(at).hosting.split(":", 1)
    room = open_store()
    view = room.host_view(class_id, token)
    pid = room.join(view.code, "a-phone")
    if how == "reveal":
        at.button(key="quiz:score:scores:reveal").click().run()
    else:
        at.toggle(key="quiz:score:scores:hidden").set_value(False).run()
    assert_clean(at)
    assert room.host_view(class_id, token).tally.revealed
    with pytest.raises(Exception, match="revealed"):
        room.answer(view.code, pid, view.qid, 0)
    words = chart_words(at, "scores")
    assert say("classroom.mark_right") in words and say("lecture.winner") not in words
    assert not at.success or all(say("lecture.right", largest="") not in str(e.value) for e in at.success)
    assert not at.warning or all(str(e.value).split(":")[0] not in say("lecture.wrong", largest="", guess=0.0)
                                 for e in at.warning)


def test_the_quiz_reveal_without_a_class_question_keeps_its_own_verdict():
    at = open_page("score")
    at.button(key="class:open").click().run()
    at.toggle(key="quiz:score:scores:hidden").set_value(True).run()
    at.button(key="quiz:score:scores:reveal").click().run()
    assert_clean(at)
    assert say("lecture.winner") in chart_words(at, "scores") and (at.success or at.warning)


def test_a_wrong_class_store_setting_is_said_not_ignored(monkeypatch):
    monkeypatch.setenv("ATTENTION_CLASS_DB", "/tmp/some/file.sqlite3")
    at = open_page("temperature")
    at.button(key="class:open").click().run()
    assert_clean(at)
    assert state(at).hosting == "" and say("classroom.err_setting") in shown_text(at)


def test_the_student_page_is_not_a_step_of_the_lesson():
    from attention_core.registry import PAGES

    assert Path(STUDENT).exists() and "pages/9_class.py" not in [spec.file for spec in PAGES]
    at = open_page("home")
    links = [e.proto.page for e in at.get("page_link")]
    assert "temperature" in links and "class" not in links  # the links name pages by their address
    page = student({})
    assert not page.sidebar.get("page_link") and not page.get("arrow_data_frame")  # light: no steps, no editors


def test_the_student_page_switches_language_and_keeps_its_id():
    hosted = open_store().open_class()
    at = student({"c": hosted.code})
    pid = at.query_params["p"]
    assert say("classroom.wait") in shown_text(at)
    at.get("button_group")[0].set_value("en").run()
    assert_clean(at)
    assert at.query_params["lang"] == "en" and at.query_params["p"] == pid
    assert say("classroom.wait", "en") in shown_text(at)
