"""Each use of Streamlit's private surface taken away (ui/compat.py, docs/internals.md): Streamlit is monkeypatched so
that the self-check finds it missing, and the app, run in AppTest, falls back to plain Streamlit behaviour, keeps
working, and tells the lecturer (never a student) what goes without it, once, until dismissed."""

from __future__ import annotations

import logging

import pytest
from streamlit.components.v2.bidi_component import serialization
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
from streamlit.runtime.scriptrunner_utils import script_requests, script_run_context
from streamlit.runtime.state import safe_session_state, session_state

from attention_core.i18n import text
from attention_core.ui import compat, gate, room, tparts, web
from tests.app.conftest import assert_clean, open_page, state


def _run_script_with_another_signature(self, rerun_data, *more):  # a later Streamlit's shape
    return _original_run(self, rerun_data)


_original_run = getattr(ScriptRunner._run_script, "__wrapped__", ScriptRunner._run_script)


class _SafeSessionStateElsewhere:
    """A SafeSessionState that keeps Streamlit's state under other names."""

    def __init__(self, state, yield_callback) -> None:
        self._inner, self._guard = state, None


class _SessionStateElsewhere:
    """A SessionState whose widget bookkeeping has other names."""


def _without_field(cls, name: str):
    """Take field `name` off dataclass `cls` as `dataclasses.fields` sees it (instances keep the attribute: Streamlit's
    own code reads it by name and goes on working)."""
    return lambda mp: mp.setattr(cls, "__dataclass_fields__",
                                 {k: v for k, v in cls.__dataclass_fields__.items() if k != name})


TAKE_AWAY = {
    "script_runs": lambda mp: mp.setattr(ScriptRunner, "_run_script", _run_script_with_another_signature),
    "lecturer": lambda mp: mp.setattr(safe_session_state, "SafeSessionState", _SafeSessionStateElsewhere),
    "page_move": _without_field(script_requests.RerunData, "page_name"),  # runs still go by the page's hash
    "partial_runs": _without_field(script_run_context.ScriptRunContext, "fragment_ids_this_run"),
    "run_token": _without_field(script_run_context.ScriptRunContext, "parallel_coordinator"),
    "widget_reports": lambda mp: mp.setattr(session_state, "SessionState", _SessionStateElsewhere),
    "component_json": lambda mp: mp.delattr(serialization, "json"),
}


@pytest.fixture
def without(monkeypatch, caplog):
    """`without(name)`: Streamlit changed so that use `name` is missing, the self-check run again; all back after."""

    def take_away(name: str) -> None:
        TAKE_AWAY[name](monkeypatch)
        with caplog.at_level(logging.WARNING, logger="attention_core.ui.compat"):
            missing = compat.self_check(force=True)
        assert name in missing, missing
        assert any(f"running without {name}" in r.getMessage() for r in caplog.records), caplog.text

    yield take_away
    monkeypatch.undo()
    compat.unwrap_script_runs()
    assert compat.self_check(force=True) == {}
    gate.install()
    web.bound_component_json()


def notice_line(name: str, lang: str = "ko") -> str:
    return text(lang, "compat.line", what=text(lang, f"compat.{name}"), effect=text(lang, f"compat.{name}.effect"))


def notices(at) -> list[str]:
    return [w.value for w in at.warning if text("ko", "compat.title") in w.value]


def test_with_the_pinned_streamlit_nothing_is_missing_and_nobody_is_told():
    assert compat.self_check(force=True) == {}
    at = open_page("score")
    at.toggle(key="sb:presenter").set_value(True).run()
    assert_clean(at)
    assert notices(at) == []


@pytest.mark.parametrize("name", list(TAKE_AWAY))
def test_a_missing_use_is_told_to_the_lecturer_once_and_the_app_goes_on(name, without):
    without(name)
    gone = compat.missing()
    assert set(gone) == ({name, "widget_reports"} if name == "lecturer" else {name})  # both read SafeSessionState
    at = open_page("score")
    assert notices(at) == []  # a student is not told
    at.toggle(key="sb:presenter").set_value(True).run()
    assert_clean(at)
    shown = notices(at)
    assert len(shown) == 1 and all(notice_line(n) in shown[0] for n in gone), shown
    at.button(key="compat:ok").click().run()  # "Got it"
    assert_clean(at)
    assert notices(at) == [] and state(at).compat_seen
    at.select_slider(key="pr:T").set_value(2.0).run()  # the page still works: a T step, a switch
    assert_clean(at)
    assert state(at).scenario.temperature == 2.0
    at.switch_page("pages/3_temperature.py").run()
    assert_clean(at)
    assert notices(at) == []


def test_without_the_run_wrapper_every_run_starts_at_once(without):
    without("script_runs")
    assert gate.install() is None  # no gate
    assert ScriptRunner._run_script is _run_script_with_another_signature  # Streamlit's own, left as it is


def test_without_the_lecturer_lookup_the_gate_has_no_turns(without):
    compat.unwrap_script_runs()
    without("lecturer")
    assert gate.install(slots=1) is None  # wrapped (for the page move), but every run at once
    assert hasattr(ScriptRunner._run_script, gate._PATCHED)

    class Runner:
        def __init__(self) -> None:
            self._session_state = {"attention_state": None}

    assert gate.runner_is_lecturer(Runner()) is False
    assert compat.session_entry({"k": 1}, "k", default="none") == "none"


def test_without_the_page_move_a_request_is_left_as_it_came_and_there_is_no_width_measure(without):
    without("page_move")
    request = script_requests.RerunData(page_script_hash="score", fragment_id_queue=["measure"])
    assert compat.on_current_page(object(), request) is request
    assert not room.available()
    at = open_page("score")
    at.toggle(key="sb:presenter").set_value(True).run()
    assert_clean(at)
    assert not [e for e in at.get("bidi_component") if e.proto.id.endswith(room.KEY)]


@pytest.mark.partial_t
def test_without_partial_runs_a_t_step_redraws_the_whole_page(without, monkeypatch):
    without("partial_runs")
    assert compat.run_fragments() == frozenset() and compat.fragment_ids(["x"]) is None
    assert compat.page_callback() is None and compat.current_page() == ""
    asked = []
    monkeypatch.setattr(tparts.st, "rerun", lambda *a: asked.append(a))
    st_state = state(open_page("score"))
    p = tparts.TParts()
    p._state, p.key, p._t_depth = st_state, "score", 0
    st_state.t_parts, st_state.t_parts_script = ("t-part:score:slider_sb_T",), ""
    p.redraw_t()
    assert asked == [] and st_state.t_ids == frozenset()  # nothing asked by name: the whole page runs
    monkeypatch.undo()
    without("partial_runs")
    at = open_page("temperature")
    at.select_slider(key="sb:T").set_value(2.0).run()  # every guarded callback asks for a whole run
    assert_clean(at)
    assert state(at).scenario.temperature == 2.0 and at.select_slider(key="temperature:T").value == 2.0
    assert at.title[0].value  # the whole page was drawn


def test_without_the_run_token_rounds_are_counted_by_the_bodies_that_ran(without):
    """Two widgets bound to T driven one after the other, in two rounds: each is taken. (Without a way to tell rounds
    apart, the second would be taken for a stale echo of the first and dropped.)"""
    without("run_token")
    at = open_page("temperature")
    at.select_slider(key="sb:T").set_value(1.2).run()
    assert state(at).scenario.temperature == 1.2
    at.select_slider(key="temperature:T").set_value(0.5).run()
    assert_clean(at)
    assert state(at).scenario.temperature == 0.5 and at.select_slider(key="sb:T").value == 0.5
    # and a stale echo in one round still loses (docs/reliability.md)
    at.select_slider(key="temperature:T").set_value(0.7)
    at.select_slider(key="sb:T").set_value(1.2)  # it held 1.2 before the app wrote 0.5 into it
    at.run()
    assert_clean(at)
    assert state(at).scenario.temperature == 0.7 and at.select_slider(key="sb:T").value == 0.7


def test_a_run_context_without_its_token_at_run_time_switches_the_use_off(monkeypatch):
    class Ctx:
        parallel_coordinator = None

    monkeypatch.setattr(compat, "_ctx", lambda: Ctx())
    try:
        assert compat.run_token() is None
        assert "run_token" in compat.missing()
    finally:
        monkeypatch.undo()
        assert compat.self_check(force=True) == {}


def test_without_the_widget_reports_a_widget_counts_as_reported(without):
    without("widget_reports")
    assert compat.browser_has("sb:T") is True
    at = open_page("score")
    at.select_slider(key="sb:T").set_value(0.7).run()
    at.switch_page("pages/3_temperature.py").run()  # the new page's widgets written once, from the state
    assert_clean(at)
    assert at.select_slider(key="temperature:T").value == 0.7


def test_without_the_components_parser_streamlits_own_reads_what_browsers_send(without):
    without("component_json")
    assert web.bound_component_json() is False
    assert not hasattr(serialization, "json")  # nothing put in its place
