"""The one door to Streamlit's private surface: every attribute, method and module of Streamlit that the app reads or
patches and that Streamlit does not document lives here, and nowhere else (tests/test_compat.py greps for them).

Why each is needed, what stands in for it when it is not there, and how it is checked: docs/internals.md. The browser's
side of the same door is `ui/web/compat.js`.

Each use is checked against the running Streamlit once per process, when `attention_core.ui` is first imported (the
server's first run): `self_check()` tries the use itself (the attribute is there, the method takes what the app passes,
a new object has the fields the app reads). A use that fails is logged once (a WARNING with the versions) and switched
off for the life of the process: its functions here answer with their fallback, which is plain Streamlit behaviour,
slower or plainer, never silently wrong, and the lecturer is told on screen (`frame.compat_notice`). A use whose shape
holds at start but fails on its first real use is switched off then, and logged the same way.

The uses, by name (`USES`):

- `script_runs`: `ScriptRunner._run_script` wrapped (ui/gate.py): one turn per whole run.
- `lecturer`: `ScriptRunner._session_state` and `SafeSessionState`'s `_state` and `_lock`: whose run it is.
- `page_move`: `RerunData`'s fields and `ScriptRunner._get_script_run_ctx()`: a fragment's rerun from a page left
  behind is run on the current page.
- `partial_runs`: `get_script_run_ctx()` with `fragment_ids_this_run`, `fragment_storage.resolve_target`,
  `page_script_hash`, and `ThreadState`/`RunLocation`: which run this is (whole or fragments), where a callback runs.
- `run_token`: `ScriptRunContext.parallel_coordinator`, new for every run: one round of callbacks.
- `widget_reports`: `SessionState._key_id_mapper` and `_new_widget_state`: did the browser report a widget.
- `component_json`: `streamlit.components.v2.bidi_component.serialization.json`, replaced by a bounded parser.
"""

from __future__ import annotations

import dataclasses
import inspect
import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class Use:
    """One use of Streamlit's private surface: its name, what it touches, and the i18n key of what goes without it."""

    name: str
    surface: str
    notice: str  # i18n: "compat.<name>" is what the lecturer is told goes without it


USES: dict[str, Use] = {u.name: u for u in (
    Use("script_runs", "ScriptRunner._run_script (wrapped)", "compat.script_runs"),
    Use("lecturer", "ScriptRunner._session_state, SafeSessionState._state/_lock", "compat.lecturer"),
    Use("page_move", "RerunData.page_script_hash/page_name/fragment_id_queue, ScriptRunner._get_script_run_ctx",
        "compat.page_move"),
    Use("partial_runs", "ScriptRunContext.fragment_ids_this_run/fragment_storage/page_script_hash, "
        "ThreadState, RunLocation", "compat.partial_runs"),
    Use("run_token", "ScriptRunContext.parallel_coordinator", "compat.run_token"),
    Use("widget_reports", "SessionState._key_id_mapper/_new_widget_state", "compat.widget_reports"),
    Use("component_json", "components.v2.bidi_component.serialization.json", "compat.component_json"),
)}

_missing: dict[str, str] = {}  # use → why it is off (filled by self_check, and by a first use that failed)
_checked = False
_lock = threading.Lock()


def missing() -> dict[str, str]:
    """The uses switched off in this process, each with why (empty when all work)."""
    self_check()
    return dict(_missing)


def works(name: str) -> bool:
    """Whether use `name` works with the running Streamlit (checked once per process)."""
    self_check()
    return name not in _missing


def switch_off(name: str, why: str) -> None:
    """Use `name` failed on a real use: off for the rest of the process, logged once."""
    with _lock:
        if name in _missing:
            return
        _missing[name] = why
    _log(name, why)


def _log(name: str, why: str) -> None:
    LOG.warning("running without %s (%s): %s; %s", name, USES[name].surface, why, _versions())


def _versions() -> str:
    try:
        import plotly
        import streamlit
        return f"streamlit {streamlit.__version__}, plotly {plotly.__version__}"
    except Exception:  # only for the log
        return "versions unknown"


def self_check(force: bool = False) -> dict[str, str]:
    """Try every use against the running Streamlit (once per process; `force` again, for the tests); the failures."""
    global _checked
    with _lock:
        if _checked and not force:
            return dict(_missing)
        _missing.clear()
        for name, check in _CHECKS.items():
            try:
                why = check()
            except Exception as err:  # any failure of a check is a missing use
                why = f"{type(err).__name__}: {err}"
            if why:
                _missing[name] = why
        _checked = True
        found = dict(_missing)
    for name, why in found.items():
        _log(name, why)
    return found


# --- the imports: each may fail, which its check reports -----------------------------------------------------------

def _script_runner():
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
    return ScriptRunner


def _run_context_module():
    from streamlit.runtime.scriptrunner_utils import script_run_context
    return script_run_context


def _state_module():
    from streamlit.runtime.state import safe_session_state, session_state
    return session_state, safe_session_state


def _rerun_data():
    from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
    return RerunData


def _serialization():
    from streamlit.components.v2.bidi_component import serialization
    return serialization


def _ctx():
    """The current script run's context, or None (outside a run, or without the `partial_runs` use)."""
    try:
        return _run_context_module().get_script_run_ctx(suppress_warning=True)
    except Exception:  # see its check
        return None


def _fields(cls) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()


def _source_has(fn, text: str) -> bool | None:
    """Whether `fn`'s source contains `text`; None when its source cannot be read (nothing to say then)."""
    try:
        return text in inspect.getsource(fn)
    except (OSError, TypeError):
        return None


# --- the checks: "" when the use works, else why not ---------------------------------------------------------------

def _check_script_runs() -> str:
    runner = _script_runner()
    run = getattr(runner, "_run_script", None)
    if run is None:
        return "ScriptRunner has no _run_script"
    run = getattr(run, "__wrapped__", run)
    params = list(inspect.signature(run).parameters)
    if params != ["self", "rerun_data"]:
        return f"ScriptRunner._run_script takes {params}, not (self, rerun_data)"
    if _source_has(getattr(runner, "_run_script_thread", None), "self._run_script(") is False:
        return "ScriptRunner._run_script_thread no longer runs each request through _run_script"
    return ""


def _check_lecturer() -> str:
    session_state, safe_session_state = _state_module()
    if _source_has(_script_runner().__init__, "self._session_state") is False:
        return "ScriptRunner keeps no _session_state"
    inner = session_state.SessionState()
    safe = safe_session_state.SafeSessionState(inner, lambda: None)
    state, lock = _unwrapped(safe)
    if state is not inner or not hasattr(lock, "__enter__"):
        return "SafeSessionState holds no _state/_lock"
    return ""


def _check_page_move() -> str:
    rerun_data = _rerun_data()
    need = {"fragment_id_queue", "page_script_hash", "page_name"}
    if not need <= _fields(rerun_data):
        return f"RerunData lacks {sorted(need - _fields(rerun_data))}"
    moved = dataclasses.replace(rerun_data(page_script_hash="a", fragment_id_queue=["f"]), page_script_hash="b",
                                page_name="")
    if moved.page_script_hash != "b" or moved.fragment_id_queue != ["f"]:
        return "RerunData does not copy with a new page"
    if not callable(getattr(_script_runner(), "_get_script_run_ctx", None)):
        return "ScriptRunner has no _get_script_run_ctx"
    if not isinstance(inspect.getattr_static(_run_context_module().ScriptRunContext, "page_script_hash", None),
                      property):
        return "ScriptRunContext.page_script_hash is not a property"
    return ""


def _check_partial_runs() -> str:
    m = _run_context_module()
    if not callable(getattr(m, "get_script_run_ctx", None)):
        return "no get_script_run_ctx"
    need = {"fragment_ids_this_run", "fragment_storage"}
    if not need <= _fields(m.ScriptRunContext):
        return f"ScriptRunContext lacks {sorted(need - _fields(m.ScriptRunContext))}"
    if not isinstance(inspect.getattr_static(m.ScriptRunContext, "page_script_hash", None), property):
        return "ScriptRunContext.page_script_hash is not a property"
    if not {"fragment_id", "run_location"} <= _fields(m.FragmentThreadState):
        return "FragmentThreadState lacks fragment_id/run_location"
    if not callable(getattr(m.ThreadState, "get", None)) or not hasattr(m.RunLocation, "CALLBACK"):
        return "no ThreadState.get or RunLocation.CALLBACK"
    from streamlit.runtime.fragment import MemoryFragmentStorage
    if not callable(getattr(MemoryFragmentStorage, "resolve_target", None)):
        return "the fragment storage has no resolve_target"
    from streamlit.errors import StreamlitAPIException  # noqa: F401 - what an unknown fragment key raises
    return ""


def _check_run_token() -> str:
    m = _run_context_module()
    if "parallel_coordinator" not in _fields(m.ScriptRunContext):
        return "ScriptRunContext has no parallel_coordinator"
    if _source_has(m.ScriptRunContext.reset, "self.parallel_coordinator =") is False:
        return "ScriptRunContext.reset no longer makes a parallel_coordinator for each run"
    return ""


def _check_widget_reports() -> str:
    session_state, _ = _state_module()
    inner = session_state.SessionState()
    if not {"_key_id_mapper", "_new_widget_state"} <= _fields(session_state.SessionState):
        return "SessionState lacks _key_id_mapper/_new_widget_state"
    if inner._key_id_mapper.get_id_from_key("attention-probe") is not None:
        return "KeyIdMapper.get_id_from_key answers for an unknown key"
    if not isinstance(inner._new_widget_state.states, dict):
        return "WStates has no states dict"
    if _check_lecturer():
        return "SafeSessionState holds no _state/_lock"
    return ""


def _check_component_json() -> str:
    serialization = _serialization()
    module = getattr(serialization, "json", None)
    if not callable(getattr(module, "loads", None)):
        return "the components' deserialiser has no json module"
    if _source_has(serialization, "json.loads(") is False:
        return "the components' deserialiser no longer parses with its json module"
    return ""


_CHECKS: dict[str, Callable[[], str]] = {
    "script_runs": _check_script_runs,
    "lecturer": _check_lecturer,
    "page_move": _check_page_move,
    "partial_runs": _check_partial_runs,
    "run_token": _check_run_token,
    "widget_reports": _check_widget_reports,
    "component_json": _check_component_json,
}
assert set(_CHECKS) == set(USES)


# --- script runs (ui/gate.py) --------------------------------------------------------------------------------------

PATCHED = "_attention_gate"  # set on the wrapped method: installed once per process


def wrap_script_runs(make: Callable[[Callable], Callable]) -> Callable | None:
    """Replace `ScriptRunner._run_script` with `make(the current one)` (once per process); the installed wrapper, or
    None without the `script_runs` use (every run then starts at once, as in plain Streamlit)."""
    if not works("script_runs"):
        return None
    runner = _script_runner()
    current = runner._run_script
    if hasattr(current, PATCHED):
        return current
    wrapper = make(current)
    runner._run_script = wrapper
    return wrapper


def unwrap_script_runs() -> None:
    """Put Streamlit's own `_run_script` back (the tests that switch the gate off)."""
    runner = _script_runner()
    current = getattr(runner, "_run_script", None)
    if current is not None and hasattr(current, PATCHED):
        runner._run_script = current.__wrapped__


def _unwrapped(session_state):
    """(Streamlit's own SessionState, its lock) behind the SafeSessionState a script run holds, read without its item
    access (which may stop the caller for a pending rerun)."""
    return object.__getattribute__(session_state, "_state"), object.__getattribute__(session_state, "_lock")


def session_entry(session_state, key: str, default=None):
    """`session_state[key]` of Streamlit's session state (a SessionState, or the SafeSessionState a runner or a run
    holds), read under its lock and never through an access that can stop the caller; `default` when it is not there
    or cannot be read. Used for the lecturer's lookup: without the `lecturer` use, always `default`."""
    if not works("lecturer"):
        return default
    try:
        try:
            raw, lock = _unwrapped(session_state)
        except AttributeError:  # already Streamlit's own SessionState (the tests pass one)
            raw, lock = session_state, _NO_LOCK
        with lock:
            return raw[key] if key in raw else default  # noqa: SIM401 - SessionState has no get()
    except Exception:  # a later Streamlit's shape: never stop a run for it
        return default


class _NoLock:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


_NO_LOCK = _NoLock()


def runner_session_state(runner):
    """The SafeSessionState a ScriptRunner holds, or None (without the `lecturer` use, or when it is not there)."""
    if not works("lecturer"):
        return None
    try:
        return runner._session_state
    except AttributeError as err:
        switch_off("lecturer", f"a ScriptRunner without _session_state: {err}")
        return None


def on_current_page(runner, rerun_data):
    """A fragment's rerun asked for by a page the session has since left, moved to the page it is on now.

    The browser names its page in each rerun request. A fragment that also stands on the next page (presenter
    mode's width measure in the sidebar) can ask from the old page while the run that opens the next page is
    under way; its rerun is queued behind that run and then runs under the old page's name, and Streamlit's
    browser side, seeing a page change, empties the page and fails on the fragment's first element ("Bad delta
    path index"): a blank screen. The fragment is the same one on the page the session is on, so it reruns there.
    Without the `page_move` use the request is left as it came (and the width measure is off: `room.measure`).
    """
    if not works("page_move"):
        return rerun_data
    try:
        queue = rerun_data.fragment_id_queue
        now = runner._get_script_run_ctx().page_script_hash
        if queue and now and rerun_data.page_script_hash and rerun_data.page_script_hash != now:
            return dataclasses.replace(rerun_data, page_script_hash=now, page_name="")
    except Exception:  # an unexpected shape: leave the request as it came
        LOG.debug("fragment rerun not checked for its page", exc_info=True)
    return rerun_data


# --- which run this is (ui/frame.py, ui/guard.py, ui/room.py) -------------------------------------------------------

def run_fragments() -> frozenset[str]:
    """The ids of the fragments this run reruns; empty for a whole run of the page, outside a run, and without the
    `partial_runs` use (every run is then taken for a whole one: the callers turn partial runs off)."""
    if not works("partial_runs"):
        return frozenset()
    ctx = _ctx()
    ids = getattr(ctx, "fragment_ids_this_run", None) if ctx is not None else None
    return frozenset(ids or ())


def in_fragment_run() -> bool:
    """This run reruns fragments only (a T step, or a widget inside a fragment), not the whole page."""
    return bool(run_fragments())


def drawing_fragment() -> str | None:
    """The id of the fragment being drawn (or whose callback runs) on this thread; None outside one, or unknown."""
    if not works("partial_runs"):
        return None
    try:
        return _run_context_module().ThreadState.get().fragment_id
    except RuntimeError:  # not in a script run's thread
        return None


def page_callback() -> bool | None:
    """In a widget callback: True when its widget is the page's own (drawn outside every fragment), False when it is
    a fragment's, None outside a callback or when it cannot be told (without `partial_runs`)."""
    if not works("partial_runs"):
        return None
    m = _run_context_module()
    try:
        here = m.ThreadState.get()
    except RuntimeError:  # not in a script run's thread
        return None
    if here.run_location != m.RunLocation.CALLBACK:
        return None
    return here.fragment_id is None


def fragment_ids(keys) -> frozenset[str] | None:
    """The ids of the fragments of `keys` (`@st.fragment(key=…)` names) in this session; None when one is not known
    (the last whole run did not get to it), outside a run, or without the `partial_runs` use."""
    if not works("partial_runs"):
        return None
    ctx = _ctx()
    if ctx is None:
        return None
    from streamlit.errors import StreamlitAPIException
    try:
        return frozenset(ctx.fragment_storage.resolve_target(list(keys)))
    except StreamlitAPIException:
        return None


def current_page() -> str:
    """The page the current run is for (Streamlit's page script hash); "" outside a run or without `partial_runs`."""
    if not works("partial_runs"):
        return ""
    ctx = _ctx()
    return ctx.page_script_hash if ctx is not None else ""


def run_token() -> object | None:
    """An object that stands for the current script run (full or fragment), new on every run; None outside a run and
    without the `run_token` use (`Page.take` then counts rounds by the bodies that ran: frame.run_mark).

    Streamlit 1.67 makes a new `parallel_coordinator` for each run when it resets the run context, before any
    callback runs."""
    if not works("run_token"):
        return None
    ctx = _ctx()
    if ctx is None:
        return None
    token = getattr(ctx, "parallel_coordinator", None)
    if token is None:
        switch_off("run_token", "a run context without a parallel_coordinator")
    return token


# --- the browser's widget reports (ui/binding.py) -------------------------------------------------------------------

def browser_has(key: str) -> bool:
    """Whether the browser reported widget `key` (under the id it was last drawn with) in the widget states that came
    with the request behind this run, i.e. it has drawn that widget and holds a value of its own for it. True (as if
    reported) outside a run and without the `widget_reports` use: a written value is then written when it changes."""
    if not works("widget_reports"):
        return True
    ctx = _ctx()
    if ctx is None:
        return True
    try:
        inner, lock = _unwrapped(ctx.session_state)
        with lock:
            widget_id = inner._key_id_mapper.get_id_from_key(key)
            return widget_id is not None and widget_id in inner._new_widget_state.states
    except Exception as err:  # another shape at run time: off, as if reported
        switch_off("widget_reports", f"{type(err).__name__}: {err}")
        return True


# --- the components' JSON (ui/web.py) --------------------------------------------------------------------------------

def replace_component_json(bounded) -> bool:
    """Make Streamlit's components-v2 deserialiser parse with `bounded` (a `json` lookalike) instead of `json`, once
    per process; False without the `component_json` use (Streamlit's own parser then reads what browsers send)."""
    if not works("component_json"):
        return False
    serialization = _serialization()
    if not isinstance(serialization.json, type(bounded)):
        serialization.json = bounded
    return True


# --- the class Streamlit gives a keyed element ------------------------------------------------------------------------

def key_class(key: str) -> str:
    """The class Streamlit gives an element with widget key `key`: "st-key-" (documented) and the key with every
    character outside [a-zA-Z0-9_-] made "-" (undocumented; the browser checks it: ui/web/compat.js)."""
    return "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key.strip())
