"""The lecturer first: the students' script runs take turns in one server process, the lecturer's never wait.

One server process runs every session's script in a thread of its own, and the threads share one interpreter
with the event loop that sends what they draw. When a class steps T at once, thirty runs share it: each takes
thirty times as long, the lecturer's too, while the whole room watches the lecturer's screen, and the event
loop, starved, falls behind on sending. With the gate the students' runs take turns, RUN_SLOTS at a time, in
the order they came, and a run of the lecturer's session (presenter mode on, or hosting a class) starts at once.
Measured on the 2-core machine (docs/reliability.md): the lecturer's p95 under 60 students fell from about 5 s
to 0.3 s, and the students' own p95 fell too, since the process wastes less time switching between runs.

A turn covers one whole `ScriptRunner._run_script` call: the widget callbacks, the page or the fragments,
and the reruns that chain into it (a T step's callback asks for its T parts; a newer request stops a run and
takes its place), so a T step waits for one turn, not one per part. Streamlit has no public hook around a run;
`install()` wraps that method of the pinned version through `ui.compat` (use `script_runs`), which checks it first and,
when it is not there, leaves every run to start at once (plain Streamlit) and says so in the log and to the lecturer.
Without the `lecturer` use (whose session it is) the gate wraps the runs without turns.

`ATTENTION_RUN_SLOTS` sets the number of students' runs at once (default 1; 0: no turns, every run at once).
The same wrapper moves a fragment's rerun asked from a page left behind to the current page (`on_current_page`).
A run waits
at most WAIT_S for its turn and then goes on anyway, so a run stuck elsewhere (a slow database) delays the
others, never stops them.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
from collections import deque

from . import compat
from .state import _STATE  # the app's one entry in Streamlit's session state

LOG = logging.getLogger(__name__)
WAIT_S = 20.0
DEFAULT_SLOTS = 1
_PATCHED = compat.PATCHED  # set on the wrapped method: installed once per process


def _slots_from_env() -> int:
    raw = os.environ.get("ATTENTION_RUN_SLOTS", str(DEFAULT_SLOTS)).strip()
    try:
        return max(int(raw), 0)
    except ValueError:
        LOG.warning("ATTENTION_RUN_SLOTS=%r is not a whole number: using %d", raw, DEFAULT_SLOTS)
        return DEFAULT_SLOTS


class Turns:
    """A counting semaphore that hands a freed slot to the run that has waited longest (first come, first served).

    Python's own `threading.Semaphore` lets a run that just arrived take a freed slot before the one it woke, and
    the woken one queues again at the end: under a class's load a few runs waited several times as long as the
    rest. Here a release passes its slot straight to the head of the queue.
    """

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._lock = threading.Lock()
        self._queue: deque[threading.Event] = deque()

    def acquire(self, timeout: float) -> bool:
        """Take a slot, waiting behind everyone who came first; False when none came within `timeout` s."""
        with self._lock:
            if self._free and not self._queue:
                self._free -= 1
                return True
            waiter = threading.Event()
            self._queue.append(waiter)
        if waiter.wait(timeout):
            return True
        with self._lock:
            if waiter.is_set():  # handed a slot just as the wait ended: it is ours
                return True
            self._queue.remove(waiter)
            return False

    def release(self) -> None:
        with self._lock:
            if self._queue:
                self._queue.popleft().set()  # the slot goes to the longest waiter, not back to the pool
            else:
                self._free += 1

    def waiting(self) -> int:
        with self._lock:
            return len(self._queue)


def is_lecturer(session_state) -> bool:
    """The session whose screen the room watches: presenter mode on, or the host of a class.

    `session_state` is Streamlit's own (a SessionState, or the SafeSessionState a ScriptRunner holds: read through
    `compat.session_entry`, never through an access that may stop the caller for a pending rerun)."""
    state = compat.session_entry(session_state, _STATE)
    view = getattr(state, "view", None)
    return bool(getattr(view, "presenter", False) or getattr(state, "hosting", ""))


def runner_is_lecturer(runner) -> bool:
    """`is_lecturer` for the session a ScriptRunner runs (False when it cannot be told: a student's)."""
    session_state = compat.runner_session_state(runner)
    return session_state is not None and is_lecturer(session_state)


on_current_page = compat.on_current_page  # a fragment's rerun from a page left behind runs on the current page


def gated(run, turns: Turns | None, lecturer, wait_s: float = WAIT_S):
    """`run(runner, rerun_data)` wrapped: a student's call waits for a turn of `turns` (none: no waiting);
    `lecturer(runner)` goes at once. A fragment's rerun from a page left behind runs on the current one."""

    @functools.wraps(run)
    def gated_run(runner, *args, **kwargs):
        if args:
            args = (on_current_page(runner, args[0]), *args[1:])
        got = False
        if turns is not None and not lecturer(runner):
            got = turns.acquire(wait_s)
            if not got:
                LOG.warning("no run turn within %.0f s (%d waiting): running anyway", wait_s, turns.waiting())
        try:
            return run(runner, *args, **kwargs)
        finally:
            if got:
                turns.release()

    setattr(gated_run, _PATCHED, turns)
    return gated_run


def install(slots: int | None = None) -> Turns | None:
    """Wrap Streamlit's ScriptRunner._run_script with the gate (once per process); the gate's Turns, or None (no
    turns: the `lecturer` use is missing, ATTENTION_RUN_SLOTS=0, or the runs cannot be wrapped at all)."""
    slots = _slots_from_env() if slots is None else slots
    turns = Turns(slots) if slots and compat.works("lecturer") else None
    wrapper = compat.wrap_script_runs(lambda run: gated(run, turns, runner_is_lecturer))
    return getattr(wrapper, _PATCHED, None) if wrapper is not None else None
