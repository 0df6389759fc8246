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
