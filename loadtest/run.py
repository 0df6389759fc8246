"""A class at once: N students' sessions against one app server, spoken in Streamlit's own websocket protocol.

Run from the repository root (one command; it starts and stops its own server unless given --url):

    python loadtest/run.py                      # N=30, one T step every 2 s, a page switch every 10 s, 60 s
    python loadtest/run.py -n 30 60             # one level after the other, each on a fresh server
    python loadtest/run.py -n 60 --duration 30 --json /tmp/load.json
    python loadtest/run.py --url http://127.0.0.1:8501 --pid 1234   # a server already running (loopback only)
    python loadtest/run.py class -n 100          # the class scenario: see loadtest/classroom.py
    python loadtest/run.py lecture -n 150        # a lecture: the lecturer walks the lesson, see loadtest/lecture.py

What one simulated student does (no browser: the load falls on the server, not on a test browser):
opens /_stcore/stream, asks for the first run of Home the way the frontend does (a rerun_script BackMsg
carrying a ClientState), types its own sentence into the sidebar (widget "sb:sentence"), then every
--step seconds moves the T select slider (widget "sb:T") one option and every --switch seconds follows a
page link (a rerun_script with that page's page_script_hash). Widget ids are read from the ForwardMsg
deltas of the previous run, as the frontend does, and so is the fragment each was drawn in: a change of a
widget drawn in a fragment asks for that fragment's run (ClientState.fragment_id), as the frontend's does, and
the widgets a whole run did not draw (another page's, after a switch) are forgotten, as the frontend forgets them.
Like the frontend, the client keeps every cacheable message (at least global.minCachedMessageSize) by its hash
while it is used within the last maxCachedMessageAge runs, names them in each request (cached_message_hashes),
and reads a reference (ref_hash) as the message it holds: the server sends a large element the browser already
has as a reference, as it does to a browser. Bytes per run are reported per kind.
Latency is the time from sending the BackMsg to the script_finished ForwardMsg of the run it started:
FINISHED_SUCCESSFULLY, or for a T step, which reruns only the page's T parts, FINISHED_FRAGMENT_RUN_SUCCESSFULLY
(what that run did not redraw stays as shown before).
A student who falls behind goes on at once (no burst).

Reported: errors (exception elements, timeouts, closed sockets, page-not-found), "lost" (after a run the
slider or the sentence box as this client's browser would show them, or the app's own state as its share
link encodes it, are not this session's own T and sentence; the client models the frontend: a widget keeps
the value it holds unless the server writes one, so it sends only the widgets it changed, as a browser
that never touched the others would), p50/p95 latency for
one session measured alone first and for N at once, the server's RSS from /proc before the N connect and
at the end while all N are still connected (per session = growth / N), the server's CPU, this client's
own CPU and what every other process used meanwhile (the machine may be shared), and, on its own server,
the app's per-run script time (ATTENTION_TIMING_LOG).
"Nothing lost" is checked on every run and once more by a final check rerun of every session.
Exit code 0 when every level had no error and nothing lost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
from attention_core.codec import decode_link  # noqa: E402
from attention_core.errors import InputError  # noqa: E402
from attention_core.registry import T_OPTIONS  # noqa: E402

FINISHED_OK = ForwardMsg.FINISHED_SUCCESSFULLY
FINISHED_FRAGMENTS_OK = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY  # a T step reruns the T parts only
FINISHED_COMPILE_ERROR = ForwardMsg.FINISHED_WITH_COMPILE_ERROR
WIDGET_ID = re.compile(r"^\$\$ID-[0-9a-f]+-(?P<key>.+)$")
T_KEY, SENTENCE_KEY, PRESENTER_KEY = "sb:T", "sb:sentence", "sb:presenter"
CACHE_AGE = 30  # runs a cached message is kept unused: .streamlit/config.toml's global.maxCachedMessageAge
# The sidebar's T control (attention_core/ui/tcontrol): a components-v2 element whose script previews every step in
# the browser and tells the server the final T once, as a trigger ("t") of the element's event aggregator widget.
CONTROL_KEY, CONTROL_SHOWN = "tc:" + T_KEY, "control:T"
TRIGGER_ID = "$$STREAMLIT_INTERNAL_KEY_{id}__events"  # streamlit.components.v2.bidi_component.main._make_trigger_id
STATE_T, STATE_SENTENCE = "state:T", "state:sentence"  # the app's own state, read from its share link
STATE_LINK = "state:link"  # the share link's whole token (the lecture scenario compares the whole state)
STATE_KEYS = {T_KEY: STATE_T, SENTENCE_KEY: STATE_SENTENCE}
# The app's T options, written as the slider's format_func writes them ({:g}).
T_VALUES = tuple(f"{t:g}" for t in T_OPTIONS)


# --- one session -------------------------------------------------------------------------------------------
@dataclass
class RunResult:
    kind: str  # "load", "sentence", "presenter", "step", "switch", "check"
    seconds: float
    errors: list[str] = field(default_factory=list)
    whole: bool = False  # answered by a run of the whole page (a T step should be a run of the T parts only)
    nbytes: int = 0  # what the server sent from the request to the run's end (websocket message payloads)


class StudentSession:
    """One browser tab's worth of protocol: a websocket, the widgets of the last run, the pages of the app."""

    def __init__(self, base_url: str, index: int, timeout: float, query: str = "", address: bool = False,
                 path: str = "") -> None:
        """`query` and `path`: the address the session is opened with (a link: `s=…` on a page's path, "" for
        Home); with `address` every later run sends the query string the app last wrote into the address
        (`page_info_changed`), as a browser's address bar does (the stress model sends none)."""
        self.base_url = base_url.rstrip("/")
        self.path = path
        self.query = query
        self.address = address
        self.index = index
        self.timeout = timeout
        self.ws = None
        self.widget_ids: dict[str, str] = {}  # user key -> element id, from the last run's deltas
        self.fragments: dict[str, str] = {}  # element id -> the fragment it was drawn in ("" outside any)
        self.drawn: set[str] = set()  # the widget ids the current run has drawn
        self.echo: dict[str, str] = {}  # user key -> value the server drew the widget with in the last run
        self.pages: list[tuple[str, str]] = []  # (page_script_hash, url_pathname), navigation order
        self.page = 0
        self.widget_states: dict[str, WidgetState] = {}  # what this "browser" holds for the widgets it set
        self.held: dict[str, str] = {}  # widget id -> the value this "browser" shows (T slider, sentence box)
        self.expected: dict[str, str] = {}  # what this session's own state must show
        self._run_errors: list[str] = []
        # the browser's message cache: a message of at least global.minCachedMessageSize (cacheable) is kept by its
        # hash, and every rerun request names what is kept; the server then sends a reference to such a message
        # instead of the message again. Kept while used within CACHE_AGE runs (global.maxCachedMessageAge).
        self.cache: dict[str, tuple[ForwardMsg, int]] = {}
        self.runs = 0
        self.received = 0  # bytes of every message received
        self._finished: asyncio.Queue[int] = asyncio.Queue()
        self._reader: asyncio.Task | None = None
        self.closed_reason = ""

    # connection

    async def connect(self) -> None:
        ws_url = self.base_url.replace("http://", "ws://", 1) + "/_stcore/stream"
        self.ws = await websockets.connect(ws_url, subprotocols=["streamlit"], max_size=None,
                                           open_timeout=self.timeout, ping_interval=None)
        self._reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self.received += len(raw)
                msg = ForwardMsg()
                msg.ParseFromString(raw)
                if msg.WhichOneof("type") == "ref_hash":  # a message this "browser" holds, named by its hash
                    kept = self.cache.get(msg.ref_hash)
                    if kept is None:
                        self._run_errors.append(f"a reference to a message not held: {msg.ref_hash}")
                        continue
                    msg = kept[0]
                elif msg.metadata.cacheable and msg.hash:
                    self.cache[msg.hash] = (msg, self.runs)
                if msg.hash in self.cache:
                    self.cache[msg.hash] = (msg, self.runs)
                self._on_message(msg)
        except websockets.ConnectionClosed as err:
            self.closed_reason = f"websocket closed: {err}"
        finally:
            if not self.closed_reason:
                self.closed_reason = "websocket closed by the server"
            self._finished.put_nowait(-1)

    def _on_message(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "navigation":
            self.pages = [(p.page_script_hash, p.url_pathname) for p in msg.navigation.app_pages]
            # the page this run is on, as the frontend takes it: the one asked for, or the one the app switched to
            # (st.switch_page: a lesson's step to a scene on another page); the next request names it
            shown = [i for i, (h, _) in enumerate(self.pages) if h == msg.navigation.page_script_hash]
            if shown:
                self.page = shown[0]
        elif kind == "page_info_changed" and self.address:
            self.query = msg.page_info_changed.query_string
        elif kind == "page_not_found":
            self._run_errors.append(f"page not found: {msg.page_not_found.page_name!r}")
        elif kind == "script_finished":
            self._finished.put_nowait(msg.script_finished)
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            self._on_element(msg.delta.new_element, msg.delta.fragment_id)

    def _on_element(self, element, fragment_id: str = "") -> None:
        kind = element.WhichOneof("type")
        if kind == "exception":
            self._run_errors.append(f"exception: {element.exception.type}: {element.exception.message[:200]}")
            return
        proto = getattr(element, kind)
        if kind == "code" and "?s=" in proto.code_text:
            self._on_share_link(proto.code_text)
            return
        match = WIDGET_ID.match(getattr(proto, "id", "") or "")
        if not match:
            return
        key = match["key"]
        self.widget_ids[key] = proto.id
        self.drawn.add(proto.id)
        self.fragments[proto.id] = fragment_id
        if kind == "bidi_component":  # its events come as a trigger of its own id
            self.fragments[TRIGGER_ID.format(id=proto.id)] = fragment_id
        if kind == "bidi_component" and key == CONTROL_KEY:  # the T the control shows: the one in its data
            try:
                self.echo[CONTROL_SHOWN] = f"{float(json.loads(proto.json)['t']):g}"
            except (ValueError, KeyError, TypeError) as err:
                self._run_errors.append(f"the T control's data has no T: {err}")
            return
        # What the browser shows, as the frontend decides it: a value the server writes (set_value) replaces
        # the widget's value; otherwise a widget the browser already holds keeps its own value, and a new one
        # starts at its default.
        if kind == "slider" and key == T_KEY:
            if proto.set_value and proto.raw_value:
                self.held[proto.id] = proto.raw_value[0]
            elif proto.id not in self.held and proto.default:
                self.held[proto.id] = proto.options[int(proto.default[0])]
            self.echo[key] = self.held.get(proto.id)
        elif kind == "text_input" and key == SENTENCE_KEY:
            if proto.set_value:
                self.held[proto.id] = proto.value
            elif proto.id not in self.held:
                self.held[proto.id] = proto.default
            self.echo[key] = self.held.get(proto.id)

    def _on_share_link(self, text: str) -> None:
        """The app's own state, from the share link it writes (`?s=` token) on every page."""
        token = parse_qs(urlparse(text.strip()).query).get("s", [""])[0]
        if not token:
            return
        try:
            scenario, _ = decode_link(token)
        except InputError as err:
            self._run_errors.append(f"share link does not decode: {err}")
            return
        self.echo[STATE_T] = f"{scenario.temperature:g}"
        self.echo[STATE_SENTENCE] = scenario.sentence
        self.echo[STATE_LINK] = token

    # runs

    async def rerun(self, kind: str, changed: WidgetState | None = None, page: int | None = None) -> RunResult:
        """Send one rerun_script the way the frontend does and wait for the run to finish."""
        if page is not None:
            self.page = page
        # a trigger (a button's press, a component's event) is sent with this run only, as the frontend does
        trigger = changed is not None and changed.WhichOneof("value") in ("json_trigger_value", "trigger_value")
        if changed is not None and not trigger:
            self.widget_states[changed.id] = changed
            which = changed.WhichOneof("value")
            self.held[changed.id] = (changed.string_array_value.data[0] if which == "string_array_value"
                                     else getattr(changed, which))
        page_hash, pathname = self.pages[self.page] if self.pages else ("", self.path)
        back = BackMsg()
        state = back.rerun_script
        state.query_string = self.query
        state.page_script_hash = page_hash
        if not page_hash:  # the first run: the server finds the page by the address's path, as for a browser
            state.page_name = pathname
        state.context_info.url = f"{self.base_url}/{pathname}"
        state.context_info.timezone = "Asia/Seoul"
        state.context_info.locale = "ko-KR"
        state.widget_states.widgets.extend(self.widget_states.values())
        self.runs += 1
        self.cache = {h: kept for h, kept in self.cache.items() if kept[1] >= self.runs - CACHE_AGE}
        state.cached_message_hashes.extend(self.cache)
        if trigger:
            state.widget_states.widgets.append(changed)
        if changed is not None:  # a widget drawn in a fragment asks for that fragment's run, as the frontend does
            state.fragment_id = self.fragments.get(changed.id, "")
        while not self._finished.empty():  # nothing may be left from an earlier run
            self._finished.get_nowait()
        self._run_errors = []
        self.drawn = set()
        shown, self.echo = self.echo, {}
        started, received = time.perf_counter(), self.received
        errors: list[str] = []
        whole = False
        try:
            await self.ws.send(back.SerializeToString())
            deadline = started + self.timeout
            while True:
                status = await asyncio.wait_for(self._finished.get(), timeout=max(0.01, deadline - time.perf_counter()))
                if status == -1:
                    errors.append(self.closed_reason)
                    break
                if status == FINISHED_COMPILE_ERROR:
                    errors.append("script compile error")
                    break
                if status == FINISHED_OK:
                    # the frontend forgets the widgets a whole run did not draw (another page's, after a switch):
                    # sent again, a widget of a page left behind had its callback called, and the run escalated
                    self.widget_states = {i: w for i, w in self.widget_states.items() if i in self.drawn}
                    whole = True
                    break  # FINISHED_EARLY_FOR_RERUN (a callback's or st.rerun's second run) goes on waiting
                if status == FINISHED_FRAGMENTS_OK:  # the rest of the page stays as the browser shows it
                    self.echo = {**shown, **self.echo}
                    break
        except TimeoutError:
            errors.append(f"no script_finished within {self.timeout:.0f}s ({kind})")
        except websockets.ConnectionClosed as err:
            errors.append(f"websocket closed: {err}")
        seconds = time.perf_counter() - started
        return RunResult(kind, seconds, errors + self._run_errors, whole, self.received - received)

    def lost(self) -> list[str]:
        """Differences between what the server drew in the last run and this session's own state."""
        wanted = {**self.expected, **{STATE_KEYS[k]: v for k, v in self.expected.items() if k in STATE_KEYS}}
        return [f"session {self.index}: {key} shows {self.echo.get(key)!r}, expected {want!r}"
                for key, want in wanted.items() if self.echo.get(key) != want]

    def control_step(self, value: str) -> WidgetState:
        """The T control telling the server the T the hand stopped at (one message per release)."""
        if CONTROL_KEY not in self.widget_ids:
            raise LookupError(f"the T control {CONTROL_KEY} not seen in the last run")
        return WidgetState(id=TRIGGER_ID.format(id=self.widget_ids[CONTROL_KEY]),
                           json_trigger_value=json.dumps([{"event": "t", "value": float(value)}]))

    def widget(self, key: str, **value) -> WidgetState:
        if key not in self.widget_ids:
            raise LookupError(f"widget {key} not seen in the last run")
        state = WidgetState(id=self.widget_ids[key])
        if "text" in value:
            state.string_value = value["text"]
        elif "press" in value:  # a button: a trigger, sent with one run only
            state.trigger_value = True
        elif "json" in value:  # a component's state (its setStateValue calls), as JSON
            state.json_value = json.dumps(value["json"])
        elif "flag" in value:
            state.bool_value = value["flag"]
        else:
            state.string_array_value.data.append(value["choice"])
        return state


# --- one student's script ----------------------------------------------------------------------------------
@dataclass
class SessionReport:
    index: int
    results: list[RunResult] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    late: int = 0
    errors: list[str] = field(default_factory=list)
    final_ok: bool = False  # the final check rerun finished cleanly and showed this session's own state


def sentence_for(index: int) -> str:
    """A sentence of this student's own: its words name the session, so any mix-up shows."""
    return f"학생{index} 은 슬픈 영화를 보았다 s{index}"


async def student(base_url: str, index: int, n: int, args, until: float,
                  sessions: list[StudentSession], lecturer: bool = False) -> SessionReport:
    """One student's minute; the session stays open (in `sessions`) so memory is measured with all connected.
    The lecturer does the same in presenter mode (turned on after the sentence), as at the front of a class."""
    report = SessionReport(index)
    session = StudentSession(base_url, index, args.timeout)
    sessions.append(session)

    def record(result: RunResult) -> None:
        report.results.append(result)
        report.errors.extend(result.errors)
        if not result.errors:
            report.lost.extend(session.lost())

    try:
        await session.connect()
        session.expected = {T_KEY: "1"}
        record(await session.rerun("load"))
        if report.errors:
            return report
        sentence = sentence_for(index)
        session.expected[SENTENCE_KEY] = sentence
        record(await session.rerun("sentence", session.widget(SENTENCE_KEY, text=sentence)))
        if lecturer and not report.errors:
            record(await session.rerun("presenter", session.widget(PRESENTER_KEY, flag=True)))
            if "pr:next" not in session.widget_ids:  # the presenter bar's step buttons: presenter mode is on
                report.errors.append(f"session {index}: presenter mode did not turn on")
        t_pos = T_VALUES.index("1") + index % 5  # different students hold different T
        step = 0
        phase = args.step * index / max(n, 1)  # students act at different moments, as a class does
        next_at = time.monotonic() + phase
        next_switch = next_at + args.switch - args.step / 2  # by the clock, so an overloaded server still sees them
        while report.errors == [] and next_at + 0.001 < until:
            delay = next_at - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                report.late += 1
            step += 1
            t_pos = (t_pos + (1 if (step // 8) % 2 == 0 else -1)) % len(T_VALUES)
            if args.via == "control":  # as a browser with the control does: the final T of a drag, once
                # the control shows it and the share link holds it; the app draws the fallback slider no more
                session.expected.pop(T_KEY, None)  # once the control has told it a T (AppState.t_control_runs)
                session.expected[CONTROL_SHOWN] = session.expected[STATE_T] = T_VALUES[t_pos]
                record(await session.rerun("step", session.control_step(T_VALUES[t_pos])))
            else:
                session.expected[T_KEY] = T_VALUES[t_pos]
                record(await session.rerun("step", session.widget(T_KEY, choice=T_VALUES[t_pos])))
            if time.monotonic() >= next_switch and not report.errors:
                target = (session.page + 1) % max(1, len(session.pages))
                record(await session.rerun("switch", page=target))
                next_switch = max(next_switch + args.switch, time.monotonic())
            next_at = max(next_at + args.step, time.monotonic())
        if not report.errors:
            lost_before = len(report.lost)
            record(await session.rerun("check", page=0))  # final check: Home, no change, state must be there
            report.final_ok = not report.results[-1].errors and len(report.lost) == lost_before
    except (OSError, LookupError, websockets.WebSocketException, TimeoutError) as err:
        report.errors.append(f"session {index}: {type(err).__name__}: {err}")
    return report


# --- server figures ----------------------------------------------------------------------------------------
def rss_bytes(pid: int) -> int:
    """Resident set size of a process, from /proc/PID/status (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU seconds every process on the machine has used (all cores), from /proc/stat."""
    fields = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def listening_pid(port: int) -> int | None:
    """The process holding a listening TCP socket on this port (read from /proc, same user only)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                parts = line.split()
                if parts[3] == "0A" and int(parts[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(parts[9])
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            for fd in (proc / "fd").iterdir():
                link = os.readlink(fd)
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    return int(proc.name)
    return None


def loadavg() -> float:
    """The machine's 1-minute load average (the machine may be shared with other work)."""
    return float(Path("/proc/loadavg").read_text().split()[0])


class Meter:
    """The figures of one phase besides the runs' own: the server processes' CPU and RSS (before, peak sampled by
    `sample()`, and at the end while every session is still connected), this client's own CPU, what every other
    process on the machine used meanwhile, the load average before and after, and the app's per-run script time
    (ATTENTION_TIMING_LOG). `pids`: the app's processes; `extra_pids`: others whose CPU is the class's cost too
    (the balancer), reported apart."""

    def __init__(self, pids: list[int], logs: list[Path] = (), extra_pids: list[int] = ()) -> None:
        self.pids, self.logs, self.extra_pids = list(pids), list(logs), list(extra_pids)
        self.loadavg0 = loadavg()
        self.wall0 = time.time()
        self.start = time.monotonic()
        self.proc_cpu0 = time.process_time()
        self.busy0 = machine_busy_seconds()
        self.srv_cpu0 = sum(cpu_seconds(pid) for pid in self.pids)
        self.extra_cpu0 = sum(cpu_seconds(pid) for pid in self.extra_pids)
        self.rss0 = self.rss() if self.pids else None
        self.peak = self.rss0 or 0
        self.rss1: int | None = None
        self.wall = 0.0

    def rss(self) -> int:
        return sum(rss_bytes(pid) for pid in self.pids)

    def sample(self) -> None:
        if self.pids:
            with contextlib.suppress(OSError):
                self.peak = max(self.peak, self.rss())

    def connected(self) -> None:
        """The end of the phase, every session still connected: the RSS they hold."""
        self.wall = time.monotonic() - self.start
        self.rss1 = self.rss() if self.pids else None
        self.peak = max(self.peak, self.rss1 or 0)

    def figures(self, n: int) -> dict:
        """After the sessions closed: the phase's figures (`n` sessions for the RSS per session)."""
        client_cpu = time.process_time() - self.proc_cpu0
        server_cpu = sum(cpu_seconds(pid) for pid in self.pids) - self.srv_cpu0
        extra_cpu = sum(cpu_seconds(pid) for pid in self.extra_pids) - self.extra_cpu0 if self.extra_pids else 0.0
        busy = machine_busy_seconds() - self.busy0
        wall = self.wall or (time.monotonic() - self.start)
        rss0, rss1, peak = self.rss0, self.rss1, self.peak
        out = {
            "wall_s": round(wall, 1),
            "client_cpu_s": round(client_cpu, 1),
            "server_cpu_s": round(server_cpu, 1) if self.pids else None,
            # the machine is shared: how many cores everything else used meanwhile (other tests, browsers)
            "other_processes_cores": round(max(0.0, busy - client_cpu - server_cpu - extra_cpu) / wall, 2),
            "loadavg_1min_before": self.loadavg0,
            "loadavg_1min_after": loadavg(),
            "script": script_times(self.logs, self.wall0, time.time()),
            "server_rss_before_mib": round(rss0 / 2**20, 1) if rss0 else None,
            "server_rss_after_mib": round(rss1 / 2**20, 1) if rss1 else None,  # all N sessions still connected
            "server_rss_peak_mib": round(peak / 2**20, 1) if self.pids else None,
            "rss_per_session_mib": round((rss1 - rss0) / n / 2**20, 2) if self.pids and rss1 else None,
        }
        if self.extra_pids:
            out["balancer_cpu_s"] = round(extra_cpu, 1)
        return out


def machine() -> dict:
    model = ""
    with contextlib.suppress(OSError):
        model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                      if line.startswith("model name")), "")
    mem = 0
    with contextlib.suppress(OSError):
        mem = int(Path("/proc/meminfo").read_text().split()[1]) * 1024
    import streamlit

    return {"cpus": os.cpu_count(), "cpu_model": model, "memory_gib": round(mem / 2**30, 1),
            "kernel": platform.release(), "python": platform.python_version(), "streamlit": streamlit.__version__}


# --- servers ---------------------------------------------------------------------------------------------
@dataclass
class Servers:
    """The app processes of one level: the addresses the students use (the replicas', or the balancer's alone),
    each replica's own address, their pids and timing logs, and the balancer's pid (its CPU is reported apart)."""

    urls: list[str]
    direct: list[str]
    pids: list[int]
    logs: list[Path]
    balancer_pids: list[int] = field(default_factory=list)


def balancer_config(front_port: int, stats_port: int, backend_ports: list[int]) -> str:
    """deploy/haproxy.cfg for K replicas on loopback: a `server` line per replica, as deploy/README.md says to scale
    out, then its bind and server addresses moved to loopback ports (tests/e2e/test_replicas.py's way)."""
    cfg = (REPO_ROOT / "deploy" / "haproxy.cfg").read_text()
    lines = [f"    server app{k} 127.0.0.1:{port} cookie app{k}" for k, port in enumerate(backend_ports, 1)]
    cfg, n_servers = re.subn(r"(?:^\s*server\s+\S+\s+\S+.*\n)+", "\n".join(lines) + "\n", cfg, count=1, flags=re.M)
    binds = iter((front_port, stats_port))
    cfg, n_binds = re.subn(r"^(\s*bind\s+)\S+", lambda m: f"{m[1]}127.0.0.1:{next(binds)}", cfg, flags=re.M)
    if (n_servers, n_binds) != (1, 2):
        raise RuntimeError("deploy/haproxy.cfg: expected 2 binds and one block of server lines")
    return cfg


@contextlib.contextmanager
def start_servers(replicas: int, tmp: Path, balancer: bool = False, env: dict | None = None):
    """K fresh app processes, each with its timing log, and with `balancer` deploy/haproxy.cfg in front of them
    (Debian's haproxy; the students then all connect to its one address and it spreads them, round robin)."""
    from tests.e2e.driver import free_port, start_server

    with contextlib.ExitStack() as stack:
        logs = [Path(tmp) / f"timing-{k}.jsonl" for k in range(replicas)]
        procs = [stack.enter_context(start_server(timeout=90, env={**(env or {}), "ATTENTION_TIMING_LOG": str(log)}))
                 for log in logs]
        direct = [srv.url for srv in procs]
        if not balancer:
            yield Servers(direct, direct, [srv.proc.pid for srv in procs], logs)
            return
        from tests.e2e.test_replicas import Balancer, run_haproxy

        front, stats = free_port(), free_port()
        bal = Balancer(front, stats, {f"app{k}": srv.port for k, srv in enumerate(procs, 1)})
        stack.enter_context(run_haproxy(balancer_config(front, stats, [srv.port for srv in procs]), bal))
        pid = listening_pid(front)
        yield Servers([bal.url], direct, [srv.proc.pid for srv in procs], logs, [pid] if pid else [])


# --- phases ------------------------------------------------------------------------------------------------
def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q) - 1]


def summarize(reports: list[SessionReport]) -> dict:
    results = [r for rep in reports for r in rep.results]

    def lat(kinds: tuple[str, ...]) -> dict:
        xs = [r.seconds for r in results if r.kind in kinds and not r.errors]
        sent = [r.nbytes for r in results if r.kind in kinds and not r.errors]
        return {"count": len(xs), "p50": percentile(xs, 50), "p95": percentile(xs, 95),
                "max": max(xs) if xs else None, "bytes_p50": percentile(sent, 50)}

    errors = [e for rep in reports for e in rep.errors]
    lost = [x for rep in reports for x in rep.lost]
    return {
        "sessions": len(reports), "runs": len(results),
        "errors": len(errors), "error_examples": sorted(set(errors))[:5],
        "lost": len(lost), "lost_examples": lost[:5],
        "late_actions": sum(rep.late for rep in reports),
        "actions": lat(("step", "switch")), "steps": lat(("step",)), "switches": lat(("switch",)),
        "first_load": lat(("load",)),
        "steps_whole": sum(r.kind == "step" and r.whole for r in results),
        "final_check_ok": sum(rep.final_ok for rep in reports),
    }


def script_times(logs: list[Path], since: float, until: float) -> dict:
    """The app's own per-run script time (ATTENTION_TIMING_LOG, written by attention_core.ui) in a time window,
    over every server's log."""
    ms = [r["ms"] for log in logs if log.exists()
          for r in map(json.loads, log.read_text().splitlines()) if since <= r["t"] <= until]
    if not ms:
        return {}
    return {"runs": len(ms), "p50_ms": percentile(ms, 50), "p95_ms": percentile(ms, 95),
            "busy_s": round(sum(ms) / 1000, 1)}


async def run_phase(urls: list[str], n: int, args, duration: float, pids: list[int], logs: list[Path],
                    lecturer: bool = False, extra_pids: list[int] = ()) -> dict:
    """N students at once, student i on server i mod len(urls) (as a sticky balancer spreads a class), and with
    `lecturer` one more session on the first server doing what a student does, reported apart."""
    meter = Meter(pids, logs, extra_pids)
    until = meter.start + duration
    sessions: list[StudentSession] = []
    tasks = [asyncio.create_task(student(urls[i % len(urls)], i, n, args, until, sessions)) for i in range(n)]
    lecturer_task = (asyncio.create_task(student(urls[0], n, n, args, until, sessions, lecturer=True))
                     if lecturer else None)
    while not all(t.done() for t in tasks + ([lecturer_task] if lecturer_task else [])):
        await asyncio.sleep(1.0)
        meter.sample()
    reports = [t.result() for t in tasks]
    meter.connected()  # every session still connected
    await asyncio.gather(*(s.close() for s in sessions))
    out = summarize(reports)
    out["servers"] = len(urls)
    if lecturer_task is not None:
        out["lecturer"] = summarize([lecturer_task.result()])
    out.update({"n": n, "duration_s": duration})
    out.update(meter.figures(n))
    return out


async def warm_up(urls: list[str], timeout: float) -> None:
    """The first run of every page imports and compiles: once per server process, before anything is measured."""
    for url in urls:
        warm = StudentSession(url, -1, timeout)
        await warm.connect()
        await warm.rerun("load")
        for page in range(1, len(warm.pages)):
            await warm.rerun("switch", page=page)
        await warm.close()


async def measure(urls: list[str], n: int, args, pids: list[int], logs: list[Path] = (),
                  servers: Servers | None = None) -> dict:
    """First one session alone, then N at once, on the same server(s) (`servers`: behind a balancer, whose one
    address reaches a replica the measure cannot choose: the alone phase then counts every replica's figures)."""
    behind = servers is not None and bool(servers.balancer_pids)
    extra = servers.balancer_pids if behind else []
    await warm_up(servers.direct if behind else urls, args.timeout)  # each replica directly, not through the front
    first = (pids, list(logs)) if behind else (pids[:1], list(logs)[:1])
    single = await run_phase(urls[:1], 1, args, args.single_duration, *first, extra_pids=extra)
    await asyncio.sleep(1.0)
    crowd = await run_phase(urls, n, args, args.duration, pids, list(logs), lecturer=args.lecturer, extra_pids=extra)
    if behind:  # the students' one address is the balancer's: the processes are the replicas behind it
        crowd["balancer"] = "haproxy"
        crowd["servers"] = len(servers.direct)
    return {"single": single, "crowd": crowd}


def fmt_s(x: float | None) -> str:
    return "—" if x is None else f"{x:.2f} s"


def sent_kb(d: dict) -> str:
    return f"; sent p50 {d['bytes_p50'] / 1000:.1f} kB" if d.get("bytes_p50") is not None else ""


def print_level(res: dict) -> None:
    s, c = res["single"], res["crowd"]
    servers = c.get("servers", 1)
    print(f"\n== N = {c['n']} sessions on {servers} server process{'es' if servers > 1 else ''}, "
          f"{c['duration_s']:.0f} s (wall {c['wall_s']} s) ==")
    print(f"  runs {c['runs']}, errors {c['errors']}, lost {c['lost']}, late actions {c['late_actions']}, "
          f"final check ok {c['final_check_ok']}/{c['n']}")
    for ex in c["error_examples"] + c["lost_examples"]:
        print("   ", ex)
    print(f"  T steps answered by a run of the whole page: {c.get('steps_whole', 0)} (a browser's are T-part runs)")
    for name in ("actions", "steps", "switches", "first_load"):
        print(f"  {name:10s} single p50 {fmt_s(s[name]['p50'])} p95 {fmt_s(s[name]['p95'])}  |  "
              f"N p50 {fmt_s(c[name]['p50'])} p95 {fmt_s(c[name]['p95'])} max {fmt_s(c[name]['max'])} "
              f"({c[name]['count']} runs{sent_kb(c[name])})")
    if "lecturer" in c:
        lect = c["lecturer"]
        print(f"  lecturer   errors {lect['errors']}, lost {lect['lost']}: T steps p50 {fmt_s(lect['steps']['p50'])} "
              f"p95 {fmt_s(lect['steps']['p95'])}, page switches p50 {fmt_s(lect['switches']['p50'])} "
              f"p95 {fmt_s(lect['switches']['p95'])}, both p95 {fmt_s(lect['actions']['p95'])} "
              f"({lect['actions']['count']} runs)")
    if c["server_rss_before_mib"] is not None:
        print(f"  server RSS {c['server_rss_before_mib']} → {c['server_rss_after_mib']} MiB "
              f"(peak {c['server_rss_peak_mib']}), {c['rss_per_session_mib']} MiB per session; "
              f"server CPU {c['server_cpu_s']} s, load client CPU {c['client_cpu_s']} s")
    if c["script"]:
        print(f"  app script time per run: alone p50 {s['script']['p50_ms']:.0f} ms p95 {s['script']['p95_ms']:.0f} ms"
              f"  |  with N p50 {c['script']['p50_ms']:.0f} ms p95 {c['script']['p95_ms']:.0f} ms, "
              f"{c['script']['runs']} runs, {c['script']['busy_s']} s of script time in {c['wall_s']} s")
    if c.get("balancer_cpu_s") is not None:
        print(f"  the balancer (haproxy) CPU {c['balancer_cpu_s']} s")
    print(f"  other processes on the machine meanwhile: {c['other_processes_cores']} cores busy "
          f"(single phase: {s['other_processes_cores']}); load average (1 min) before {c['loadavg_1min_before']}, "
          f"after {c['loadavg_1min_after']}")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["class"]:  # students answering the lecturer's question together
        from loadtest import classroom

        return classroom.main(argv[1:])
    if argv[:1] == ["lecture"]:  # a lecture: the lecturer walks the lesson, the class follows
        from loadtest import lecture

        return lecture.main(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--sessions", type=int, nargs="+", default=[30], help="N; several values: one level each")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of load per level")
    ap.add_argument("--step", type=float, default=2.0, help="seconds between T slider steps")
    ap.add_argument("--switch", type=float, default=10.0, help="seconds between page switches")
    ap.add_argument("--via", choices=("control", "slider"), default="control",
                    help="how a T step reaches the server: the T control's one message per release (as a browser "
                         "sends it), or the fallback slider's")
    ap.add_argument("--single-duration", type=float, default=20.0, help="seconds of the one-session baseline")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds one run may take before it is an error")
    ap.add_argument("--url", help="a running app on 127.0.0.1 (default: start a fresh server per level)")
    ap.add_argument("--pid", type=int, help="the server's pid with --url (default: found from the port)")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--replicas", type=int, default=1,
                    help="server processes (each on its own port); student i uses process i mod K, as a balancer "
                         "with sticky sessions would spread them (the balancer's own cost is not included)")
    ap.add_argument("--balancer", action="store_true",
                    help="with --replicas: the students connect through deploy/haproxy.cfg (Debian's haproxy) on "
                         "loopback instead of to each process directly; its CPU is reported apart")
    ap.add_argument("--lecturer", action="store_true",
                    help="one more session on the first process doing what a student does in presenter mode, "
                         "reported apart")
    args = ap.parse_args(argv)
    if args.replicas < 1 or (args.url and (args.replicas != 1 or args.balancer)):
        ap.error("--replicas, --balancer: at least 1, and only for servers this tool starts (not with --url)")

    host = urlparse(args.url).hostname if args.url else "127.0.0.1"
    if host not in ("127.0.0.1", "localhost"):
        ap.error("this tool only targets a server on this machine (127.0.0.1)")
    info = {"machine": machine(), "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
            "levels": []}
    print("machine:", json.dumps(info["machine"], ensure_ascii=False))
    ok = True
    for n in args.sessions:
        if args.url:
            pid = args.pid or listening_pid(urlparse(args.url).port or 80)
            res = asyncio.run(measure([args.url], n, args, [pid] if pid else []))
        else:
            with tempfile.TemporaryDirectory(prefix="loadtest-") as tmp, \
                    start_servers(args.replicas, Path(tmp), args.balancer) as srv:
                res = asyncio.run(measure(srv.urls, n, args, srv.pids, srv.logs, srv))
        print_level(res)
        info["levels"].append(res)
        ok = ok and res["crowd"]["errors"] == 0 and res["crowd"]["lost"] == 0
    if args.json:
        args.json.write_text(json.dumps(info, indent=2, ensure_ascii=False))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
