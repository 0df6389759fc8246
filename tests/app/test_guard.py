"""The frame's last line of defence: an error nothing else caught shows a message in the UI language with a
"reset this page" button, never an exception element; the state stays; the server log has the traceback.

The pages are made to fail by a broken piece of the session's state (a quiz record that is not one), which the
page's own code then trips over, in its body and in a widget callback.
"""

from __future__ import annotations

import logging
import tomllib
from pathlib import Path

import pytest
from streamlit.config import ShowErrorDetailsConfigOptions
from streamlit.testing.v1 import AppTest

from tests.app.conftest import assert_clean, open_page, say, state

ROOT = Path(__file__).resolve().parents[2]
SENTENCE = "고요한 밤 별이 빛났다"


def reset_button(at, lang: str):
    found = [b for b in at.button if b.label == say("msg.reset_page", lang)]
    assert len(found) == 1, [b.label for b in at.button]
    return found[0]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_page_that_fails_shows_the_message_keeps_the_state_and_logs_the_traceback(lang, caplog):
    at = open_page("score")
    at.segmented_control(key="sb:lang").set_value(lang).run()
    at.text_input(key="sb:sentence").input(SENTENCE).run()
    assert_clean(at)
    state(at).quizzes["score:scores"] = "not a quiz"  # the page's predict-then-reveal trips over it
    with caplog.at_level(logging.ERROR, logger="attention_core.ui"):
        at.run()
    assert_clean(at)
    assert [e.value for e in at.error] == [say("msg.page_failed", lang)]
    assert state(at).scenario.sentence == SENTENCE  # the user's work is kept
    assert at.text_input(key="sb:sentence").value == SENTENCE  # and the sidebar is still there
    failures = [r for r in caplog.records if r.name == "attention_core.ui"]
    assert failures and failures[0].exc_info is not None and "page score" in failures[0].getMessage()
    reset_button(at, lang).click().run()
    assert_clean(at)
    assert not at.error
    assert "score:scores" not in state(at).quizzes or not isinstance(state(at).quizzes["score:scores"], str)
    assert state(at).scenario.sentence == SENTENCE
    assert any(s.value == say("msg.page_reset_done", lang) for s in at.success)


def test_a_callback_that_fails_is_told_not_as_a_traceback(caplog):
    at = open_page("score")
    state(at).widgets["pick:row:score"] = "not a binding"  # the picker's callback trips over it
    at.selectbox(key="pick:row:score").set_value(2)
    with caplog.at_level(logging.ERROR, logger="attention_core.ui"):
        at.run()
    assert_clean(at)
    assert say("msg.page_failed") in [e.value for e in at.error]
    assert any("callback changed failed" in r.getMessage() and r.exc_info
               for r in caplog.records if r.name == "attention_core.ui")
    assert state(at).view.cell == (0, 1)  # the change that failed is dropped, nothing else


def test_no_stack_trace_is_sent_to_the_browser():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    value = config["client"]["showErrorDetails"]
    assert value == ShowErrorDetailsConfigOptions.NONE  # no message, no type, no trace: only the generic notice


@pytest.mark.parametrize("error", [RecursionError, MemoryError, ValueError])
def test_a_failure_while_the_state_is_set_up_is_told_in_both_languages_and_start_again_recovers(error, monkeypatch,
                                                                                                   caplog):
    from attention_core.ui import state as ui_state

    real = ui_state.initial_state

    def broken():
        raise error("set-up broke")

    monkeypatch.setattr(ui_state, "initial_state", broken)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    with caplog.at_level(logging.ERROR, logger="attention_core.ui"):
        at.run()
    assert_clean(at)
    assert [e.value for e in at.error] == ["\n\n".join(say("msg.start_failed", lang) for lang in ("ko", "en"))]
    assert any(r.exc_info is not None for r in caplog.records if r.name == "attention_core.ui")
    monkeypatch.setattr(ui_state, "initial_state", real)
    again = next(b for b in at.button if b.key == "guard:start-again")
    again.click().run()
    assert_clean(at)
    assert not at.error and at.title  # the page, from the start


@pytest.mark.parametrize("error", [RecursionError, MemoryError])
def test_recursion_and_memory_errors_in_a_page_body_reach_the_guard(error, monkeypatch):
    from attention_core import analysis

    at = open_page("score")
    real = analysis.winners

    def broken(*args, **kwargs):
        raise error("the page's body broke")

    monkeypatch.setattr(analysis, "winners", broken)
    at.toggle(key="quiz:score:scores:hidden").set_value(True).run()
    at.button(key="quiz:score:scores:reveal").click().run()
    assert_clean(at)
    assert say("msg.page_failed") in [e.value for e in at.error]
    monkeypatch.setattr(analysis, "winners", real)


def test_a_t_control_whose_callback_fails_is_told_not_as_a_traceback(monkeypatch, caplog):
    from attention_core.ui import tcontrol
    from tests.app.conftest import release_control

    at = open_page("temperature")

    def broken(key):
        raise RuntimeError("the control's report broke")

    monkeypatch.setattr(tcontrol, "reported", broken)
    with caplog.at_level(logging.ERROR, logger="attention_core.ui"):
        release_control(at, "tc:sb:T", 2.0)
    assert_clean(at)
    assert say("msg.page_failed") in [e.value for e in at.error]
    assert state(at).scenario.temperature == 1.0


def test_the_buttons_of_a_page_left_behind_named_unpressed_do_nothing():
    """A request made of a left page's widgets as a whole names its buttons unpressed, and Streamlit calls their
    callbacks under their old ids: Home's "open the built-in lesson" and the sidebar's reset act only when pressed
    (guard.guarded's `button`). A browser sends a button only when it is pressed."""
    at = open_page("home")
    left = at._tree.get_widget_states()  # Home as the browser holds it, every button unpressed
    at.switch_page("pages/2_score.py").run()
    before = state(at).scenario
    at._run(left)
    assert_clean(at)
    assert not state(at).scenes and state(at).walk is None  # no lesson opened
    assert state(at).scenario is before  # nothing reset
    assert not [s for s in at.success if s.value == say("sb.reset_done", "ko")]
    at.button(key="sb:reset").click().run()  # pressed, it acts
    assert [s for s in at.success if s.value == say("sb.reset_done", "ko")]
