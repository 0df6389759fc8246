"""The class scenario: N phone students answer one question at once, spoken in Streamlit's websocket protocol.

    python loadtest/classroom.py -n 100                          # one server, SQLite in a temporary folder
    python loadtest/classroom.py -n 300 --replicas 3 --postgres  # 3 servers on one throwaway PostgreSQL
    python loadtest/classroom.py -n 100 --kind spread            # each student spreads 100 points instead
    python loadtest/classroom.py -n 100 --json /tmp/class.json

The lecturer is a headless Chromium at 1920×1080 on the first replica: it opens the class, hides ③'s quiz and
asks the class, watches the live tally on its screen and reveals (`--store-lecturer`: through the class store
instead, no screen). The students are websocket clients of the student page (pages/9_class.py), spread over
the replicas. Each student opens the join link (`?c=CODE`: the page joins and
writes its participant id into the address), ticks the page's live fragment when the server asks for it (an
`auto_rerun` message, as the browser's timer does), answers within --within seconds of seeing the question by
pressing a word button (`class:answer-<i>`; with `--kind spread`: sending a spread of 100 points through the spread
control's "send" trigger, as its browser code does), a fifth change their answer a few seconds later, and all follow
the reveal. Measured:
  - lost answers: the final tally against the answers the clients had acknowledged (must be 0); for spreads, each
    student's stored spread against the last one the page acknowledged;
  - ack: from the button press sent to the end of that run showing "Received: <word>" (p50, p95);
  - tally delay: from the last acknowledged answer to the store's tally counting it, and to the lecturer's
    screen showing it (the Plotly bars' values read from the page);
  - memory per connected student: the servers' RSS growth / N, every student still connected.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
from attention_core import analysis  # noqa: E402
from attention_core.classroom import Classroom, question_from_matrix  # noqa: E402
from attention_core.classroom.asking import Ask, freeze  # noqa: E402
from attention_core.classroom.store import store_from_setting  # noqa: E402
from attention_core.i18n import text  # noqa: E402
from attention_core.scenario import Scenario  # noqa: E402
from attention_core.ui.classroom import LIVE_EVERY  # noqa: E402
from loadtest.run import WIDGET_ID, percentile, rss_bytes  # noqa: E402

FINISHED = (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)
SPREAD_KEY = "class:spread"
# what student i spreads over 슬픈 영화였다 아름다운 장면이었다 (i mod 8), and what a fifth of them change it to
SPREADS = ((60, 0, 40, 0), (70, 5, 20, 5), (50, 10, 30, 10), (40, 20, 30, 10), (25, 25, 25, 25), (80, 0, 20, 0),
           (34, 33, 33, 0), (55, 5, 35, 5))


def spread_of(index: int, changed: bool = False) -> tuple[int, ...]:
    return SPREADS[(index + (3 if changed else 0)) % len(SPREADS)]


def trigger_id(element_id: str, event: str = "events") -> str:
    from streamlit.components.v2.bidi_component.main import _make_trigger_id

    return _make_trigger_id(element_id, event)


@dataclass
class Student:
    base_url: str
    index: int
    code: str
    timeout: float
    ws: object = None
    query: str = ""
    pid: str = ""
    page_hash: str = ""
    fragment: str = ""  # the live fragment's id, from the server's auto_rerun message
    interval: float = LIVE_EVERY
    buttons: dict[str, str] = field(default_factory=dict)  # key -> widget id, from the last run
    texts: list[str] = field(default_factory=list)  # alert and Markdown texts of the last run
    revealed: bool = False
    acked: object = None  # the choice (or spread) the page confirmed last
    qid: int = 0  # the open question's number, as the spread control's data says
    ack_seconds: list[float] = field(default_factory=list)
    acked_at: float = 0.0
    errors: list[str] = field(default_factory=list)
    cache: dict[str, ForwardMsg] = field(default_factory=dict)
    finished: asyncio.Queue = field(default_factory=asyncio.Queue)

    async def connect(self) -> None:
        url = self.base_url.replace("http://", "ws://", 1) + "/_stcore/stream"
        self.ws = await websockets.connect(url, subprotocols=["streamlit"], max_size=None, ping_interval=None,
                                           open_timeout=self.timeout)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                msg = ForwardMsg()
                msg.ParseFromString(raw)
                if msg.hash:
                    self.cache[msg.hash] = msg
                if msg.WhichOneof("type") == "ref_hash":
                    msg = self.cache.get(msg.ref_hash, msg)
                self._on(msg)
        self.finished.put_nowait(-1)

    def _on(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "navigation":
            self.page_hash = next((p.page_script_hash for p in msg.navigation.app_pages
                                   if p.url_pathname == "class"), self.page_hash)
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
            self.pid = parse_qs(self.query).get("p", [""])[0]
        elif kind == "auto_rerun":
            self.fragment, self.interval = msg.auto_rerun.fragment_id, msg.auto_rerun.interval
        elif kind == "script_finished":
            self.finished.put_nowait(msg.script_finished)
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            el = msg.delta.new_element
            k = el.WhichOneof("type")
            if k == "exception":
                self.errors.append(f"exception: {el.exception.message[:200]}")
            elif k == "button":
                m = WIDGET_ID.match(el.button.id)
                if m:
                    self.buttons[m["key"]] = el.button.id
            elif k == "alert":
                self.texts.append(el.alert.body)
            elif k == "markdown":
                self.texts.append(el.markdown.body)
            elif k == "plotly_chart" and "class:student-tally" in el.plotly_chart.id:
                self.revealed = True
            elif k == "bidi_component":
                m = WIDGET_ID.match(el.bidi_component.id)
                if m:
                    self.buttons[m["key"]] = el.bidi_component.id
                    with contextlib.suppress(ValueError, TypeError):
                        self.qid = int(json.loads(el.bidi_component.json).get("qid", 0))

    async def run(self, fragment: bool = False, press: str | None = None, send: object = None) -> float:
        """One rerun (of the live fragment, or of the whole page) and its time to script_finished: `press` a button
        by its key, or `send` a spread through the spread control ({"qid", "shares"}, as its browser code sends)."""
        back = BackMsg()
        state = back.rerun_script
        state.query_string = self.query
        state.page_script_hash = self.page_hash
        state.page_name = "" if self.page_hash else "class"
        state.context_info.url = f"{self.base_url}/class"
        if fragment and self.fragment:
            state.fragment_id = self.fragment
            state.is_auto_rerun = press is None and send is None
        if press is not None:
            state.widget_states.widgets.append(WidgetState(id=self.buttons[press], trigger_value=True))
        if send is not None:
            state.is_auto_rerun = False
            state.widget_states.widgets.append(WidgetState(
                id=trigger_id(self.buttons[SPREAD_KEY]),
                json_trigger_value=json.dumps([{"event": "send", "value": send}])))
        while not self.finished.empty():
            self.finished.get_nowait()
        self.texts, self.buttons = [], {} if not fragment else self.buttons
        started = time.perf_counter()
        await self.ws.send(back.SerializeToString())
        deadline = started + self.timeout
        while True:
            status = await asyncio.wait_for(self.finished.get(), timeout=max(0.01, deadline - time.perf_counter()))
            if status == -1:
                raise ConnectionError("websocket closed")
            if status in FINISHED:
                return time.perf_counter() - started


async def one_student(s: Student, until_reveal: asyncio.Event, asked: asyncio.Event, args, rng: random.Random,
                      sent: dict) -> None:
    try:
        await s.connect()
        s.query = f"c={s.code}&lang=ko"
        await s.run()  # the first run (no page hash yet: the server resolves the address) joins
        if not s.pid:
            raise RuntimeError("the page did not join (no participant id in the address)")
        await asyncio.wait_for(asked.wait(), timeout=args.timeout * 4)
        answer_at = time.monotonic() + rng.uniform(0.5, args.within)
        change_at = answer_at + rng.uniform(1.0, 5.0) if s.index % 5 == 0 else None
        choice = s.index % 4
        spread = args.kind == "spread"
        while not s.revealed:
            now = time.monotonic()
            target = None
            if s.acked is None and now >= answer_at:
                target = spread_of(s.index) if spread else choice
            elif change_at is not None and now >= change_at and s.acked == (spread_of(s.index) if spread else choice):
                target = spread_of(s.index, changed=True) if spread else (choice + 1) % 4
            ready = SPREAD_KEY in s.buttons if spread else f"class:answer-{target}" in s.buttons
            if target is not None and ready and not until_reveal.is_set():
                if spread:
                    qid = s.qid
                    took = await s.run(fragment=True, send={"qid": qid, "shares": list(target)})
                    want = text("ko", "classroom.received_spread", spread=" · ".join(
                        f"{w} {v}" for w, v in zip(Scenario().labels, target, strict=True)))
                else:
                    took = await s.run(fragment=True, press=f"class:answer-{target}")
                    want = text("ko", "classroom.received", choice=Scenario().labels[target])
                if any(want in t for t in s.texts):
                    s.acked, s.acked_at = target, time.monotonic()
                    s.ack_seconds.append(took)
                    sent[s.index] = target
                else:
                    s.errors.append(f"student {s.index}: no confirmation for {target}: {s.texts[:3]}")
                continue
            await asyncio.sleep(s.interval)  # the browser's timer
            await s.run(fragment=True)
    except (OSError, RuntimeError, TimeoutError, ConnectionError, KeyError, websockets.WebSocketException) as err:
        s.errors.append(f"student {s.index}: {type(err).__name__}: {err}")


TALLY_JS = """() => {
  const gd = document.querySelector('.st-key-class-tally .js-plotly-plot');
  return gd && gd.data ? gd.data[0].y : null;
}"""


class StoreLecturer:
    """The lecturer through the class store itself (what the app's buttons call)."""

    def __init__(self, room: Classroom, kind: str = "pick") -> None:
        self.room, self.kind = room, kind

    async def open(self) -> str:
        self.hosted = self.room.open_class()
        return self.hosted.code

    async def ask(self) -> None:
        s0 = Scenario()
        if self.kind == "spread":
            q = freeze("temperature", Ask("spread"), s0)
        else:
            q = question_from_matrix("temperature", "weights", analysis.compute(s0).trace.weights, s0.labels,
                                     s0.labels, 0, s0.temperature)
        self.room.ask(self.hosted.class_id, self.hosted.token, q)

    async def shown(self) -> list[int] | None:
        return None  # no screen

    async def reveal(self) -> None:
        self.room.reveal(self.hosted.class_id, self.hosted.token, self.room.host_view(
            self.hosted.class_id, self.hosted.token).qid)

    async def close(self) -> None:
        return None


class BrowserLecturer:
    """The lecturer in headless Chromium at 1920×1080 on the first replica: opens the class, asks on ③ (the
    quiz hidden, the word in row 0), watches the live tally on the screen, reveals."""

    def __init__(self, url: str, timeout: float, kind: str = "pick") -> None:
        self.url, self.timeout, self.kind = url, timeout * 1000, kind

    async def open(self) -> str:
        from playwright.async_api import async_playwright

        from tests.e2e.driver import CHROMIUM_ARGS, CHROMIUM_PATH

        self.pw = await async_playwright().start()
        self.browser = await self.pw.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        self.page = await self.browser.new_page(viewport={"width": 1920, "height": 1080})
        self.page.set_default_timeout(self.timeout)
        await self.page.goto(f"{self.url}/temperature")
        await self.page.locator(".st-key-class-open button").first.click()
        await self.page.locator(".st-key-class-code").wait_for()
        return (await self.page.locator(".st-key-class-code").inner_text()).strip()

    async def ask(self) -> None:
        await self.page.locator(".st-key-quiz-temperature-weights-hidden label").first.click()
        if self.kind == "spread":  # the kind of question: the second of ③'s
            await self.page.locator(".st-key-class-kind button").nth(1).click()
            s0 = Scenario()  # the caption beside "Ask the class" says what it will ask
            await self.page.get_by_text(text("ko", "classroom.asks_spread", word=s0.labels[0],
                                             t=s0.temperature)).wait_for()
        await self.page.locator(".st-key-class-ask button").first.click()
        await self.page.locator(".st-key-class-tally .js-plotly-plot").wait_for()

    async def shown(self) -> list | None:
        y = await self.page.evaluate(TALLY_JS)
        if y is None:
            return None
        return [round(float(v), 6) for v in y] if self.kind == "spread" else [int(v) for v in y]

    async def reveal(self) -> None:
        await self.page.locator(".st-key-class-reveal button").first.click()

    async def close(self) -> None:
        await self.browser.close()
        await self.pw.stop()


def store_spreads(room: Classroom, code: str) -> dict[str, tuple[int, ...]]:
    """Every participant's stored spread for the current question, by participant id."""
    (class_id, qid), = room.store.read("SELECT id, current_qid FROM classes WHERE code = ?", (code,))
    return {pid: tuple(json.loads(shares)) for pid, shares in room.store.read(
        "SELECT pid, shares FROM answers WHERE class_id = ? AND qid = ?", (class_id, qid)) if shares is not None}


def mean_of(spreads) -> list[float]:
    rows = list(spreads)
    return [round(sum(r[j] for r in rows) / len(rows), 6) for j in range(len(rows[0]))] if rows else []


def store_counts(room: Classroom, code: str, choices: int) -> tuple[list[int], bool]:
    """The current question's counts and whether it is revealed, read from the store by the class's code."""
    (class_id, qid), = room.store.read("SELECT id, current_qid FROM classes WHERE code = ?", (code,))
    counts = [0] * choices
    for choice, k in room.store.read("SELECT choice, COUNT(*) FROM answers WHERE class_id = ? AND qid = ? "
                                     "GROUP BY choice", (class_id, qid)):
        counts[choice] = int(k)
    revealed = room.store.read("SELECT revealed FROM questions WHERE class_id = ? AND qid = ?", (class_id, qid))
    return counts, bool(revealed and revealed[0][0])


async def scenario(urls: list[str], room: Classroom, n: int, args, pids: list[int]) -> dict:
    spread = args.kind == "spread"
    lecturer = (StoreLecturer(room, args.kind) if args.store_lecturer
                else BrowserLecturer(urls[0], args.timeout, args.kind))
    code = await lecturer.open()
    choices = len(Scenario().labels)
    students = [Student(urls[i % len(urls)], i, code, args.timeout) for i in range(n)]
    asked, closing = asyncio.Event(), asyncio.Event()
    sent: dict[int, int] = {}
    rng = random.Random(0)
    for url in urls:  # the first run of the page imports what it needs: not a student's cost
        warm = Student(url, -1, code, args.timeout)
        await warm.connect()
        warm.query = "lang=ko"
        await warm.run()
        await warm.ws.close()
    await asyncio.sleep(1.0)
    rss0 = sum(rss_bytes(p) for p in pids)
    tasks = [asyncio.create_task(one_student(s, closing, asked, args, rng, sent)) for s in students]
    deadline = time.monotonic() + args.timeout * 4
    while sum(1 for s in students if s.pid or s.errors) < n and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    rss_joined = sum(rss_bytes(p) for p in pids)
    await lecturer.ask()
    asked.set()
    t_asked = time.monotonic()
    # wait until every student answered (and the fifth changed), or the time is up
    changers = {s.index for s in students if s.index % 5 == 0}
    while time.monotonic() < t_asked + args.within + 10 + args.timeout:
        first = (lambda s: spread_of(s.index)) if spread else (lambda s: s.index % 4)
        if all(s.errors or (s.acked is not None and (s.index not in changers or s.acked != first(s)))
               for s in students):
            break
        await asyncio.sleep(0.1)
    last_ack = max((s.acked_at for s in students if s.acked is not None), default=time.monotonic())
    if spread:
        expected = mean_of(sent.values())
        sent_by_pid = {s.pid: tuple(sent[s.index]) for s in students if s.index in sent}
    else:
        expected = [[*sent.values()].count(j) for j in range(choices)]
    store_seen = screen_seen = None
    while time.monotonic() < last_ack + 30 and (store_seen is None or (screen_seen is None
                                                                      and not args.store_lecturer)):
        now = time.monotonic()
        if store_seen is None and ((store_spreads(room, code) == sent_by_pid) if spread
                                   else store_counts(room, code, choices)[0] == expected):
            store_seen = now
        if screen_seen is None and await lecturer.shown() == expected:
            screen_seen = now
        await asyncio.sleep(0.05)
    closing.set()
    await lecturer.reveal()
    deadline = time.monotonic() + args.timeout
    while not store_counts(room, code, choices)[1] and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    final, revealed = store_counts(room, code, choices)
    stored = store_spreads(room, code) if spread else {}
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=args.timeout * 4)
    rss_end = sum(rss_bytes(p) for p in pids)
    await lecturer.close()
    for s in students:
        with contextlib.suppress(Exception):
            await s.ws.close()
    acks = [x for s in students for x in s.ack_seconds]
    errors = [e for s in students for e in s.errors]

    def delay(seen: float | None) -> float | None:
        return None if seen is None else round(max(0.0, seen - last_ack), 3)

    return {
        "n": n, "replicas": len(urls), "store": room.store.kind,
        "lecturer": "store" if args.store_lecturer else "browser",
        "answered": len(sent), "changed": sum(1 for s in students if s.index % 5 == 0 and s.acked is not None),
        "kind": args.kind,
        "final_tally": final, "sent": expected, "revealed": revealed,
        "lost": (sum(1 for pid, shares in sent_by_pid.items() if stored.get(pid) != shares)
                 + sum(1 for pid in stored if pid not in sent_by_pid)) if spread
        else sum(abs(a - b) for a, b in zip(final, expected, strict=True)),
        "ack_p50_s": percentile(acks, 50), "ack_p95_s": percentile(acks, 95), "ack_max_s": max(acks, default=None),
        "acks": len(acks),
        "tally_delay_store_s": delay(store_seen),
        "tally_delay_screen_s": delay(screen_seen),
        "screen_refresh_s": LIVE_EVERY,
        "revealed_followed": sum(1 for s in students if s.revealed),
        "rss_before_mib": round(rss0 / 2**20, 1), "rss_joined_mib": round(rss_joined / 2**20, 1),
        "rss_end_mib": round(rss_end / 2**20, 1),
        "rss_per_student_mib": round((rss_joined - rss0) / n / 2**20, 3),
        "errors": len(errors), "error_examples": sorted(set(errors))[:5],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--students", type=int, default=100)
    ap.add_argument("--replicas", type=int, default=1)
    ap.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL cluster instead of SQLite")
    ap.add_argument("--within", type=float, default=20.0, help="students answer within this many seconds")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--kind", choices=("pick", "spread"), default="pick",
                    help="the question: one tap on a word, or a spread of 100 points over the words")
    ap.add_argument("--store-lecturer", action="store_true",
                    help="the lecturer acts through the store instead of a browser (no screen delay measured)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    from tests.e2e.driver import start_server
    from tests.pg_cluster import cluster

    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="loadtest-class-"))
        if args.postgres:
            dsn = stack.enter_context(cluster())
            env, room = {"ATTENTION_CLASS_DB": dsn}, Classroom(store_from_setting(dsn))
        else:
            env, room = {"ATTENTION_CLASS_DIR": tmp, "ATTENTION_CLASS_DB": ""}, Classroom(store_from_setting("", tmp))
        servers = [stack.enter_context(start_server(timeout=90, env=env)) for _ in range(args.replicas)]
        res = asyncio.run(scenario([s.url for s in servers], room, args.students, args, [s.proc.pid for s in servers]))
    print(json.dumps(res, indent=2, ensure_ascii=False))
    if args.json:
        args.json.write_text(json.dumps(res, indent=2, ensure_ascii=False))
    return 0 if res["lost"] == 0 and res["errors"] == 0 and res["revealed"] else 1


if __name__ == "__main__":
    sys.exit(main())
