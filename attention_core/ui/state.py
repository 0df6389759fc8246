"""The one canonical state of a session: the lesson (scenario and view) and the tools' bookkeeping."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import streamlit as st

from .. import codec, learn, scenes, store
from ..codec import decode_link
from ..errors import InputError
from ..i18n import error_text, text
from ..scenario import Scenario, View
from .binding import Binding

_STATE = "attention_state"  # the one session-state entry this app owns; widget keys below are derived
OWNER_COOKIE = "attention_owner"  # this browser's owner secret (see initial_state)


@dataclass
class Quiz:
    """Predict, then reveal: is the result hidden, the class's guess, and whether it was revealed."""

    hidden: bool = False
    guess: tuple[int, int] = (0, 0)
    revealed: bool = False


@dataclass
class Training:
    """Screen ⑦: this session's training run and its controls (never shared between sessions)."""

    seed: int = 0
    lr: float = learn.LR
    temperature: float = 1.0
    per_press: int = 50
    run: learn.Run | None = None  # None: not started (the screen starts one from random weights)
    auto: bool = False  # auto-training on
    auto_since: tuple[float, int] | None = None  # (perf_counter, step) at the first tick since the page was drawn
    stopped_at: int | None = None  # the step auto-training was stopped at: told in the status line while it holds

    def current(self) -> learn.Run:
        """The run, started from random weights with the current controls when there is none."""
        if self.run is None:
            self.run = learn.start(learn.load_dataset(), seed=self.seed, lr=self.lr, temperature=self.temperature)
        return self.run


@dataclass
class AppState:
    """One session's lesson: the canonical scenario and view, and bookkeeping for the editors and tools."""

    scenario: Scenario
    view: View
    rev: int = 0  # bumps on every change made outside a matrix editor, so editors restart from it
    editor_rev: dict[str, int] = field(default_factory=dict)  # bumps when an editor held a bad cell
    notices: list[tuple[str, str]] = field(default_factory=list)  # (level, text) to show once
    snapshot: Scenario | None = None  # state A of the compare tool
    quizzes: dict[str, Quiz] = field(default_factory=dict)  # by "page:chart"
    uploads: dict[str, str] = field(default_factory=dict)  # kind → id of the last file read: one upload, once
    training: Training = field(default_factory=Training)  # screen ⑦
    scenes: list[scenes.Scene] = field(default_factory=list)  # the lesson being built or walked
    walk: int | None = None  # the scene on show while walking the lesson, else None
    walk_opened: int = 0  # how many times a scene was opened: each opening brings its focus into view once
    goto: str | None = None  # a page to open once, at the next run's start (a lesson link's first scene, a step)
    widgets: dict[str, Binding] = field(default_factory=dict)  # by widget key: see frame.Page.seed
    kept: dict[str, object] = field(default_factory=dict)  # by key: drawers left open or closed, their widgets' values
    reported: dict[str, str] = field(default_factory=dict)  # canonical field -> widget key, this run's callbacks
    round: object | None = None  # the run `reported` belongs to (compat.run_token, else run_mark)
    run_mark: object | None = None  # new at each page body and T part start (frame.new_run_mark)
    t_parts: tuple[str, ...] = ()  # the T parts (fragment keys) the last finished full run drew
    t_parts_script: str = ""  # the page that run was for (its page script hash)
    t_parts_next: list[str] = field(default_factory=list)  # the T parts this full run has drawn so far
    # the last finished full run drew, outside its T parts, something at T that the T control redraws in the
    # browser (tables.weight_path_table): a T step the browser did not draw redraws the whole page (Page.redraw_t)
    t_browser: bool = False
    t_browser_next: bool = False
    t_ids: frozenset[str] = frozenset()  # the fragment ids of the T parts the last T step asked to rerun
    t_started: float = 0.0  # when that T step's run started (perf_counter), for the timing log
    live_t_charts: bool = False  # the T control drew in this browser: T charts are drawn in place (Page.chart)
    # the T control's module runs in this browser (it has told the server a T): the Streamlit slider drawn beside
    # each control, hidden by it and there for a browser where it cannot run, is drawn no more. Hidden, it still
    # cost every run start and end on every page (its frontend measures its thumb: a forced layout of the page;
    # docs/performance.md)
    t_control_runs: bool = False
    editor_gen: dict[str, int] = field(default_factory=dict)  # bumps when an editor's matrix changed elsewhere
    sid: str = ""  # the id under which a reload finds this state (`?sid=` in the address)
    hosting: str = ""  # the class this session hosts, "class id:host token" (kept for a reload; never shown)
    owner: str = ""  # this browser's secret (its cookie, `owner_cookie`): what a reload's record is bound to
    owner_new: bool = False  # the browser had no such cookie: the page sets it (`ui.owner.keep`)
    compat_seen: bool = False  # the lecturer dismissed the notice of internals this server runs without (ui.compat)


# Encoded states behind `?sid=`, so a reload (F5) comes back to what was on screen. Module level on purpose:
# one store for every session of this process (locked, bounded, expiring; see attention_core.store).
STORE = store.StateStore()


def session_state() -> AppState:
    if _STATE not in st.session_state:
        st.session_state[_STATE] = initial_state()
    return st.session_state[_STATE]


def owner_cookie() -> str | None:
    """The owner secret this browser sent with the request that started the session (its cookie), if well-formed."""
    raw = (st.context.cookies or {}).get(OWNER_COOKIE)
    return raw if isinstance(raw, str) and store.valid_owner(raw) else None


def initial_state() -> AppState:
    """A new session's state: from a share link (`?s=`, first), a lesson link (`?lesson=`), the store (`?sid=`,
    a reload), else the default.

    An address is no capability: the record under `?sid=` is bound to the browser that wrote it (its owner cookie).
    That browser (F5, a new tab) gets it back whole, the class it hosts included, under the same id; any other
    browser gets a copy of the lesson's state (no class, no presenter mode) under an id of its own, so that it never
    writes the first one's record."""
    sid = st.query_params.get("sid")
    owner = owner_cookie()
    state = _initial_state(owner)
    state.owner, state.owner_new = (owner, False) if owner else (store.new_owner(), True)
    if not state.sid:
        state.sid = sid if store.valid_id(sid) and STORE.get(sid) is None else store.new_id()
    return state


def _initial_state(owner: str | None) -> AppState:
    token = st.query_params.get("s")
    if token:
        try:
            scenario, view = decode_link(token)
            return AppState(scenario, view)
        except InputError as err:
            state = AppState(Scenario(), View())
            state.notices.append(("error", both("msg.link_failed", err)))
            return state
    lesson_token = st.query_params.get("lesson")
    if lesson_token:
        try:
            lesson = scenes.decode_link(lesson_token)
        except InputError as err:
            state = AppState(Scenario(), View())
            state.notices.append(("error", both("lecture.lesson_link_failed", err)))
            return state
        first = lesson[0]
        return AppState(first.scenario, first.view, scenes=list(lesson), walk=0, goto=first.page)
    sid = st.query_params.get("sid")
    record = STORE.get(sid)
    if record is not None:
        mine = owner is not None and store.owner_matches(record.get("owner", ""), owner)
        try:
            state = _restored(record, mine)
        except InputError:  # written by this process, so not expected; start afresh rather than fail
            return AppState(Scenario(), View())
        state.sid = sid if mine else store.new_id()
        return state
    return AppState(Scenario(), View())


def _restored(record: dict[str, str], mine: bool) -> AppState:
    """The state a record keeps: whole for the browser that wrote it (`mine`), else a copy of the lesson's state."""
    scenario, view = decode_link(record["state"])
    lesson = list(scenes.decode_link(record["scenes"])) if record.get("scenes") else []
    walk = int(record["walk"]) if record.get("walk", "").isdigit() and lesson else None
    walk = walk if walk is not None and walk < len(lesson) else None
    if not mine:
        return AppState(scenario, replace(view, presenter=False), scenes=lesson, walk=walk)
    return AppState(scenario, view, scenes=lesson, walk=walk, hosting=record.get("class", ""))


def remember(state: AppState, page: str) -> None:
    """At the end of a run: keep the state under the session's id, and put that id (alone) in the address.

    The address changes once per session (one history entry); after that each run only updates the store.
    """
    record = {"state": codec.encode_link(state.scenario, state.view), "page": page,
              "owner": store.owner_hash(state.owner)}
    if state.scenes:
        record["scenes"] = scenes.encode_link(state.scenes)
        if state.walk is not None:
            record["walk"] = str(state.walk)
    if state.hosting:
        record["class"] = state.hosting
    STORE.put(state.sid, record)
    if st.query_params.to_dict() != {"sid": state.sid}:
        st.query_params.from_dict({"sid": state.sid})


def both(key: str, err: Exception) -> str:
    """A failure message in both languages (the session's language is not known yet)."""
    return (text("ko", key, reason=error_text("ko", err)) + "\n\n" + text("en", key, reason=error_text("en", err)))
