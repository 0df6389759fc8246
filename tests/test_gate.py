"""The run gate (attention_core/ui/gate.py): students' runs take turns first come, first served; the lecturer's go
at once; a turn never waits forever; and it is installed around the pinned Streamlit's script runs."""

from __future__ import annotations

import threading

import pytest
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

from attention_core.scenario import Scenario, View
from attention_core.ui import gate
from attention_core.ui.state import _STATE, AppState
from tests.e2e.driver import poll_until

BOUND_S = 10.0  # how long a test waits for a thread to get where it is going (a bound, not a timing)


def _queue_behind(turns: gate.Turns, names: list[str], got: list[str], release_after: bool = True) -> list:
    """Start one thread per name, each queued behind the last (waited for), each noting when it has its turn."""
    threads = []
    for i, name in enumerate(names):
        def run(name=name):
            assert turns.acquire(BOUND_S)
            got.append(name)
            if release_after:
                turns.release()
        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        poll_until(lambda i=i: turns.waiting() == i + 1, BOUND_S, f"{name} queued")
        threads.append(thread)
    return threads


def test_freed_slots_go_to_the_runs_in_the_order_they_came():
    turns = gate.Turns(1)
    assert turns.acquire(0)
    got: list[str] = []
    threads = _queue_behind(turns, ["first", "second", "third"], got)
    turns.release()
    for thread in threads:
        thread.join(BOUND_S)
    assert got == ["first", "second", "third"]
    assert turns.acquire(0)  # all released: the slot is free again


def test_a_freed_slot_is_handed_to_the_waiting_run_not_to_one_that_just_came():
    turns = gate.Turns(1)
    assert turns.acquire(0)
    got: list[str] = []
    (waiter,) = _queue_behind(turns, ["waiting"], got, release_after=False)
    turns.release()
    assert not turns.acquire(0)  # Python's Semaphore would let this newcomer take it
    waiter.join(BOUND_S)
    assert got == ["waiting"]
    turns.release()
    assert turns.acquire(0)


def test_a_wait_that_times_out_leaves_the_queue():
    turns = gate.Turns(1)
    assert turns.acquire(0)
    assert not turns.acquire(0.01)
    assert turns.waiting() == 0
    turns.release()
    assert turns.acquire(0)


def test_two_slots_let_two_runs_in_at_once():
    turns = gate.Turns(2)
    assert turns.acquire(0) and turns.acquire(0)
    assert not turns.acquire(0)


def _state(presenter: bool = False, hosting: str = "") -> dict:
    return {_STATE: AppState(scenario=Scenario(), view=View(presenter=presenter), hosting=hosting)}


def test_the_lecturer_is_the_session_presenting_or_hosting_a_class():
    assert gate.is_lecturer(_state(presenter=True))
    assert gate.is_lecturer(_state(hosting="class-id:token"))
    assert not gate.is_lecturer(_state())
    assert not gate.is_lecturer({})  # a first run, before the app has a state: a student's


def test_a_lecturers_run_does_not_wait_for_a_turn_and_a_students_does():
    turns = gate.Turns(1)
    assert turns.acquire(0)  # a student's run holds the only turn
    calls: list[str] = []
    run = gate.gated(lambda who: calls.append(who), turns, lecturer=lambda who: who == "lecturer", wait_s=BOUND_S)
    run("lecturer")
    assert calls == ["lecturer"]  # at once, the turn still held
    student = threading.Thread(target=run, args=("student",), daemon=True)
    student.start()
    poll_until(lambda: turns.waiting() == 1, BOUND_S, "the student's run queued")
    assert calls == ["lecturer"]
    turns.release()
    student.join(BOUND_S)
    assert calls == ["lecturer", "student"]
    assert turns.acquire(0)  # the student's run gave its turn back


def test_a_run_that_gets_no_turn_in_time_runs_anyway_and_a_failing_run_gives_its_turn_back():
    turns = gate.Turns(1)
    assert turns.acquire(0)
    calls: list[str] = []
    run = gate.gated(lambda who: calls.append(who), turns, lecturer=lambda who: False, wait_s=0.01)
    run("late")
    assert calls == ["late"]
    turns.release()

    def fails(_who):
        raise RuntimeError("in the script")

    failing = gate.gated(fails, turns, lecturer=lambda who: False, wait_s=BOUND_S)
    with pytest.raises(RuntimeError):
        failing("x")
    assert turns.acquire(0)


def test_the_gate_wraps_the_pinned_streamlits_script_runs():
    # importing attention_core.ui installed it: a Streamlit upgrade that renames the method fails here
    assert hasattr(ScriptRunner._run_script, gate._PATCHED)
    assert gate.install() is getattr(ScriptRunner._run_script, gate._PATCHED)  # once per process


class _Ctx:
    def __init__(self, page: str) -> None:
        self.page_script_hash = page


class _Runner:
    def __init__(self, page: str) -> None:
        self._ctx = _Ctx(page)

    def _get_script_run_ctx(self):
        return self._ctx


def test_a_fragment_rerun_asked_from_a_page_left_behind_runs_on_the_current_page():
    from streamlit.runtime.scriptrunner_utils.script_requests import RerunData

    stale = RerunData(page_script_hash="score", fragment_id_queue=["measure"])
    moved = gate.on_current_page(_Runner("temperature"), stale)
    assert moved.page_script_hash == "temperature" and moved.fragment_id_queue == ["measure"]
    whole = RerunData(page_script_hash="score")  # a whole run opens the page it names (a page link)
    assert gate.on_current_page(_Runner("temperature"), whole) is whole
    same = RerunData(page_script_hash="temperature", fragment_id_queue=["measure"])
    assert gate.on_current_page(_Runner("temperature"), same) is same
    first = RerunData(page_script_hash="score", fragment_id_queue=["measure"])
    assert gate.on_current_page(_Runner(""), first) is first  # no page yet: nothing to compare with


def test_the_wrapped_run_gets_the_moved_request_even_with_the_gate_off():
    from streamlit.runtime.scriptrunner_utils.script_requests import RerunData

    seen = []
    run = gate.gated(lambda runner, data: seen.append(data.page_script_hash), None, lambda runner: False)
    run(_Runner("temperature"), RerunData(page_script_hash="score", fragment_id_queue=["measure"]))
    assert seen == ["temperature"]
