"""A lecture: the lecturer walks the built-in lesson on the projector and the class follows on phones, spoken in
Streamlit's own websocket protocol (the client of loadtest/run.py, no browser).

Run from the repository root (it starts and stops its own server per level unless given --url):

    python loadtest/run.py lecture -n 150                       # one process, 150 students, one walk of the lesson
    python loadtest/run.py lecture -n 30 60 150 --json out.json # one level after the other, each on a fresh server
    python loadtest/run.py lecture -n 150 --replicas 2 --balancer   # two processes behind deploy/haproxy.cfg
    python loadtest/run.py lecture -n 60 --every 10 --at-end stop --duration 120

Today's stress model (`python loadtest/run.py`, every student stepping T every 2 s and switching page every 10 s)
is the hard case; this is the lesson as it is taught.

Before anything is measured, one session walks the whole lesson twice on each process (the first run of every
page imports and compiles); the second walk's PageDowns are the lecturer's "alone" figures.

The lecturer (one session, on the first process, or wherever the balancer puts it):
  - opens Home and presses its "open the built-in lesson" button (`home:lesson`; with `--open link`, opens the
    lesson link `?lesson=` of `scenes.encode_link(scenes.builtin())` instead): the lesson's first scene, and
    presenter mode on, as the built-in lesson turns it on; then tells the server the projector's width and height
    as presenter mode's measure does in a 1920×1080 Chromium (1792 × 1024 px, measured; a phone under 480 px tells
    nothing);
  - every --every seconds (20) presses PageDown: a click of the presenter bar's ▶ (`pr:next`), which the clicker
    sends for PageDown. After the last scene, with `--at-end loop` (the default) it follows the Home link and
    presses `home:lesson` again (both runs are "restart"), with `--at-end stop` it stays on the last scene;
  - after every run checks that its own state, decoded from the share link its sidebar draws, is the scene's state
    (the scene's sentence, weights, T, picks, with its language and presenter mode) on the scene's page ("lost"
    otherwise).

One simulated student (a phone):
  - joins at a moment drawn within the first --join seconds (30) by opening the lecturer's share link: the page of
    the scene on show with `?s=` of the lecturer's state, built with `codec.encode_link` from that scene as the
    lecturer's sidebar shows it (presenter mode left out, as `frame.share_url` writes it; `--student-link presenter`
    puts it in); the run that opens it is "load". From then on it sends the query string the app writes into the
    address, as a browser does;
  - follows the lecturer (--follow of the class, 0.9; the rest stay where they are): when the lecturer moves to a
    scene on another page, it follows that page's link after a delay drawn from --react (1–5 s, uniform), to the
    page on show at that moment ("follow"); a scene on the same page is no switch;
  - makes --steps-per-min T steps a minute (3), at moments drawn as a Poisson process, each a released drag of one
    or two options up or down: one message with the T control's trigger (`tc:sb:T`), as loadtest/run.py sends it
    ("step");
  - a quarter of the class (--typists) type a sentence of their own into the sidebar's sentence box (`sb:sentence`)
    5–30 s after joining and a new one every --type-every seconds on average (60; "sentence"), and keep it through
    the lecturer's pages;
  - after every run checks, as loadtest/run.py does, that the T control and the sentence box as its phone would
    show them and its own state, decoded from the share link the page draws, are its own T and sentence ("lost"
    otherwise), and at the end does one more check run ("check"), every student still connected.

One websocket per session, one run at a time: an action that falls due while the previous run is under way waits
for it. Latency: from the message sent to the `script_finished` of the run it started (FINISHED_SUCCESSFULLY; for a
T step, the T parts' FINISHED_FRAGMENT_RUN_SUCCESSFULLY). "Late": a student's run that took longer than
--late-student (1 s), the lecturer's longer than --late-lecturer (0.3 s). "Follow lag": from the lecturer's
PageDown shown (its run finished) to a follower's page shown (reaction delay included).

Reported per level: p50/p95/max per kind of run (load, follow, step, sentence; the lecturer's pagedown, alone and
under the class, and all its runs) and what such a run receives (p50/p95 bytes: the client keeps and names the
messages a browser's cache keeps, so a large element it holds comes as a reference, loadtest/run.py), the late and
lost runs, errors (exception elements, timeouts, closed sockets, page not found), the servers' CPU, their RSS before,
peak and at the end with everyone connected (per student = growth / N), this client's own CPU, what every other
process on the machine used meanwhile and the load average before and after (loadtest/run.py's `Meter`), and the app's
per-run script time (ATTENTION_TIMING_LOG).
Exit code 0 when every level had no error and nothing lost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import urlparse

import websockets

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
from attention_core import codec, scenes  # noqa: E402
from attention_core.errors import InputError  # noqa: E402
from attention_core.registry import PAGES  # noqa: E402
from loadtest.run import (  # noqa: E402
    CONTROL_SHOWN,
    SENTENCE_KEY,
    STATE_LINK,
    STATE_T,
    T_KEY,
    T_VALUES,
    Meter,
    RunResult,
    SessionReport,
    StudentSession,
    listening_pid,
    machine,
    percentile,
    sentence_for,
    start_servers,
)

LESSON_KEY, NEXT_KEY, ROOM_KEY = "home:lesson", "pr:next", "room:width"
PROJECTOR = {"width": 1792, "height": 1024}  # what ui/web/room.js tells from a 1920×1080 Chromium window
# a page's address path, as Streamlit's navigation names it: "" for Home (app.py), else the page file's name
PATHS = {spec.key: "" if spec.file == "app.py" else Path(spec.file).stem.split("_", 1)[1] for spec in PAGES}
STUDENT_KINDS = ("load", "follow", "step", "sentence")
LECTURER_KINDS = ("open", "pagedown", "restart")


def typed(index: int, k: int) -> str:
    """Student `index`'s k-th sentence of its own: its words name the session and the version, so a mix-up shows."""
    return sentence_for(index) + (f" v{k}" if k else "")


# --- what the room sees -----------------------------------------------------------------------------------
class Lecture:
    """The lecturer's current scene, shared with the students' tasks: the link they open and the page they follow."""

    def __init__(self, lesson: tuple[scenes.Scene, ...], presenter_link: bool) -> None:
        self.lesson = lesson
        self.presenter_link = presenter_link
        self.lang = lesson[0].view.lang
        self.scene = 0
        self.version = 0
        self.changed_at = 0.0
        self.changed = asyncio.Event()  # set, then replaced, at each change: every waiting student wakes
        self.ready = asyncio.Event()  # the lesson is open: students may join
        self.failed = False

    def show(self, index: int) -> None:
        self.scene, self.version, self.changed_at = index, self.version + 1, time.monotonic()
        self.changed.set()
        self.changed = asyncio.Event()

    @property
    def page(self) -> str:
        return self.lesson[self.scene].page

    def state(self, index: int | None = None) -> tuple:
        """Scene `index`'s state as the lecturer's session holds it: the scene's, in the lecturer's language and
        presenter mode (scenes.apply keeps both)."""
        scene = self.lesson[self.scene if index is None else index]
        return scene.scenario, replace(scene.view, lang=self.lang, presenter=True)

    def link(self) -> tuple[str, str]:
        """The share link of the scene on show, as the lecturer's sidebar draws it (`frame.share_url`): the page's
        path and `s=` of its state, presenter mode left out (with --student-link presenter: in, as a link written by
        hand would have it)."""
        scenario, view = self.state()
        view = replace(view, presenter=self.presenter_link)
        return PATHS[self.page], f"s={codec.encode_link(scenario, view)}"


@dataclass
class Plan:
    """What one student does, drawn once per student from the seed."""

    follows: bool
    types: bool
    join_s: float
    rng: random.Random


@dataclass
class LectureReport(SessionReport):
    follow_lags: list[float] = field(default_factory=list)
    followed: int = 0


def page_index(session: StudentSession, key: str) -> int:
    for i, (_, path) in enumerate(session.pages):
        if path == PATHS[key]:
            return i
    raise LookupError(f"page {key!r} ({PATHS[key]!r}) not in the app's navigation")


def page_key(session: StudentSession) -> str:
    path = session.pages[session.page][1] if session.pages else ""
    return next((k for k, p in PATHS.items() if p == path), path)


def recorder(session: StudentSession, report: SessionReport):
    def record(result: RunResult) -> RunResult:
        report.results.append(result)
        report.errors.extend(result.errors)
        if not result.errors:
            report.lost.extend(session.lost())
        return result

    return record


# --- the lecturer ------------------------------------------------------------------------------------------
async def open_lesson(session: StudentSession, record, how: str, timeout: float) -> None:
    """Home, the built-in lesson (its button, or its link), presenter mode's measure of the projector."""
    if how == "link":
        session.query = f"lesson={scenes.encode_link(scenes.builtin())}"
        record(await session.rerun("open"))
    else:
        record(await session.rerun("open"))
        if LESSON_KEY not in session.widget_ids:
            raise LookupError(f"Home has no {LESSON_KEY} button")
        record(await session.rerun("open", session.widget(LESSON_KEY, press=True)))
    if NEXT_KEY not in session.widget_ids:
        raise LookupError("the lesson did not open in presenter mode (no presenter bar)")
    if ROOM_KEY in session.widget_ids:  # the projector's browser tells its width once presenter mode is on
        record(await session.rerun("open", session.widget(ROOM_KEY, json=PROJECTOR)))


def lecturer_lost(session: StudentSession, lecture: Lecture, index: int) -> list[str]:
    """The lecturer's own state (its share link) and page against scene `index`'s. The share link leaves presenter
    mode out (`frame.share_url`: it is the lecturer's, not the lesson's)."""
    out = []
    token = session.echo.get(STATE_LINK)
    scenario, view = lecture.state(index)
    want = codec.link_payload(scenario, replace(view, presenter=False))
    try:
        shown = codec.link_payload(*codec.decode_link(token)) if token else None
    except InputError as err:
        shown = f"undecodable: {err}"
    if shown != want:
        out.append(f"lecturer: scene {index + 1} shows state {shown!r}, expected {want!r}")
    page = lecture.lesson[index].page
    if page_key(session) != page:
        out.append(f"lecturer: scene {index + 1} on page {page_key(session)!r}, expected {page!r}")
    return out


async def walk_alone(url: str, args) -> list[float]:
    """Warm-up: the whole lesson walked twice at once (every page's first run imports and compiles); the second
    walk's PageDown times."""
    session = StudentSession(url, -1, args.timeout, address=True)
    report = SessionReport(-1)
    record = recorder(session, report)
    times: list[float] = []
    try:
        await session.connect()
        await open_lesson(session, record, "button", args.timeout)
        lesson = scenes.builtin()
        for walk in range(2):
            if walk:
                record(await session.rerun("restart", page=page_index(session, "home")))
                record(await session.rerun("restart", session.widget(LESSON_KEY, press=True)))
            for _ in range(len(lesson) - 1):
                res = record(await session.rerun("pagedown", session.widget(NEXT_KEY, press=True)))
                if walk:
                    times.append(res.seconds)
    finally:
        await session.close()
    if report.errors:
        raise RuntimeError(f"the warm-up walk failed: {report.errors[:3]}")
    return times


async def lecturer(url: str, lecture: Lecture, args, until_of, sessions: list[StudentSession]) -> SessionReport:
    report = SessionReport(-1)
    session = StudentSession(url, -1, args.timeout, address=True)
    sessions.append(session)
    record = recorder(session, report)

    def check(index: int) -> None:
        if not report.errors:
            report.lost.extend(lecturer_lost(session, lecture, index))

    try:
        await session.connect()
        await open_lesson(session, record, args.open, args.timeout)
        if report.errors:
            raise RuntimeError("the lesson did not open")
        lecture.lang = codec.decode_link(session.echo[STATE_LINK])[1].lang
        check(0)
        lecture.show(0)
        lecture.ready.set()
        until = until_of()
        next_at = time.monotonic() + args.every
        last = len(lecture.lesson) - 1
        while next_at < until and not report.errors:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            if lecture.scene < last:
                record(await session.rerun("pagedown", session.widget(NEXT_KEY, press=True)))
                check(lecture.scene + 1)
                lecture.show(lecture.scene + 1)
            elif args.at_end == "loop":  # back to Home and the lesson again
                record(await session.rerun("restart", page=page_index(session, "home")))
                record(await session.rerun("restart", session.widget(LESSON_KEY, press=True)))
                check(0)
                lecture.show(0)
            report.final_ok = True
            next_at = max(next_at + args.every, time.monotonic())
    except (OSError, LookupError, RuntimeError, KeyError, InputError, websockets.WebSocketException,
            TimeoutError) as err:
        report.errors.append(f"lecturer: {type(err).__name__}: {err}")
    finally:
        if not lecture.ready.is_set():
            lecture.failed = True
            lecture.ready.set()
    return report


# --- one student -------------------------------------------------------------------------------------------
async def student(url: str, index: int, plan: Plan, lecture: Lecture, args, until_of,
                  sessions: list[StudentSession]) -> LectureReport:
    report = LectureReport(index)
    await lecture.ready.wait()
    if lecture.failed:
        return report
    until = until_of()
    await asyncio.sleep(plan.join_s)
    rng = plan.rng
    path, query = lecture.link()
    session = StudentSession(url, index, args.timeout, query=query, address=True, path=path)
    sessions.append(session)
    record = recorder(session, report)
    scenario, _ = lecture.state()
    t = f"{scenario.temperature:g}"
    try:
        await session.connect()
        session.expected = {T_KEY: t, CONTROL_SHOWN: t, SENTENCE_KEY: scenario.sentence}
        record(await session.rerun("load"))
        if report.errors:
            return report
        t_pos = T_VALUES.index(t)
        rate = args.steps_per_min / 60.0
        now = time.monotonic()
        next_step = now + rng.expovariate(rate) if rate > 0 else math.inf
        next_type = now + rng.uniform(5.0, 30.0) if plan.types else math.inf
        typed_n = 0
        seen = lecture.version
        follow_at: float | None = None
        while not report.errors:
            now = time.monotonic()
            if now >= until:
                break
            if plan.follows and lecture.version != seen:
                seen = lecture.version
                if follow_at is None and lecture.page != page_key(session):
                    follow_at = now + rng.uniform(*args.react)
            due = min(next_step, next_type, follow_at if follow_at is not None else math.inf, until)
            if due > now:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(lecture.changed.wait(), timeout=due - now)
                continue
            if follow_at is not None and now >= follow_at:
                follow_at = None
                target, shown_at = lecture.page, lecture.changed_at
                if target != page_key(session):
                    res = record(await session.rerun("follow", page=page_index(session, target)))
                    if not res.errors:
                        report.followed += 1
                        report.follow_lags.append(time.monotonic() - shown_at)
            elif now >= next_type:
                typed_n += 1
                sentence = typed(index, typed_n)
                session.expected[SENTENCE_KEY] = sentence
                record(await session.rerun("sentence", session.widget(SENTENCE_KEY, text=sentence)))
                next_type = time.monotonic() + rng.expovariate(1.0 / args.type_every)
            elif now >= next_step:
                by = rng.choice((-2, -1, 1, 2))  # a released drag: one or two options on
                # back from an end (a drag that moves nothing is no step: the browser's control tells nothing)
                t_pos = t_pos + by if 0 <= t_pos + by < len(T_VALUES) else t_pos - by
                session.expected.pop(T_KEY, None)  # once the control has told a T, the fallback slider is gone
                session.expected[CONTROL_SHOWN] = session.expected[STATE_T] = T_VALUES[t_pos]
                record(await session.rerun("step", session.control_step(T_VALUES[t_pos])))
                next_step = time.monotonic() + rng.expovariate(rate)
        if not report.errors:
            lost_before = len(report.lost)
            record(await session.rerun("check"))  # the page on show again, nothing changed: the state must be there
            report.final_ok = not report.results[-1].errors and len(report.lost) == lost_before
    except (OSError, LookupError, websockets.WebSocketException, TimeoutError) as err:
        report.errors.append(f"session {index}: {type(err).__name__}: {err}")
    return report


# --- one level ---------------------------------------------------------------------------------------------
def latencies(results: list[RunResult], kinds: tuple[str, ...], late_s: float | None = None) -> dict:
    xs = [r.seconds for r in results if r.kind in kinds and not r.errors]
    sent = [r.nbytes for r in results if r.kind in kinds and not r.errors]
    out = {"count": len(xs), "p50": percentile(xs, 50), "p95": percentile(xs, 95), "max": max(xs) if xs else None}
    if any(sent):  # (the lecturer's runs alone are timed, not counted)
        out.update(bytes_p50=percentile(sent, 50), bytes_p95=percentile(sent, 95))
    if late_s is not None:
        out["late"] = sum(x > late_s for x in xs)
    return out


def plans(n: int, args) -> list[Plan]:
    rng = random.Random(args.seed)
    typists = set(rng.sample(range(n), round(n * args.typists)))
    stay = set(rng.sample(range(n), round(n * (1.0 - args.follow))))
    return [Plan(follows=i not in stay, types=i in typists, join_s=rng.uniform(0.0, args.join),
                 rng=random.Random(args.seed * 100_003 + i)) for i in range(n)]


async def lecture_level(urls: list[str], n: int, args, pids: list[int], logs: list[Path],
                        extra_pids: list[int] = (), warm: list[str] | None = None) -> dict:
    """Warm every process (the lesson walked twice, the lecturer's "alone"), then the lecture with N students."""
    alone: list[float] = []
    for url in warm or urls:
        alone = await walk_alone(url, args)
    await asyncio.sleep(1.0)
    meter = Meter(pids, logs, extra_pids)
    lecture = Lecture(scenes.builtin(), presenter_link=args.student_link == "presenter")
    sessions: list[StudentSession] = []
    ends: list[float] = []

    def until_of() -> float:  # the lecture's end: --duration after the lesson opened
        if not ends:
            ends.append(time.monotonic() + args.duration)
        return ends[0]

    student_plans = plans(n, args)
    lect_task = asyncio.create_task(lecturer(urls[0], lecture, args, until_of, sessions))
    tasks = [asyncio.create_task(student(urls[i % len(urls)], i, plan, lecture, args, until_of, sessions))
             for i, plan in enumerate(student_plans)]
    everyone = [lect_task, *tasks]
    while not all(t.done() for t in everyone):
        await asyncio.sleep(1.0)
        meter.sample()
    meter.connected()  # every session still connected
    lect, reports = lect_task.result(), [t.result() for t in tasks]
    await asyncio.gather(*(s.close() for s in sessions))
    results = [r for rep in reports for r in rep.results]
    errors = [e for rep in [lect, *reports] for e in rep.errors]
    lost = [x for rep in [lect, *reports] for x in rep.lost]
    lags = [x for rep in reports for x in rep.follow_lags]
    out = {
        "n": n, "servers": len(warm or urls), "duration_s": args.duration, "every_s": args.every,
        "student_link": args.student_link, "open": args.open, "at_end": args.at_end,
        "followers": sum(p.follows for p in student_plans), "typists": sum(p.types for p in student_plans),
        "joined": sum(1 for rep in reports if any(r.kind == "load" and not r.errors for r in rep.results)),
        "runs": len(results) + len(lect.results),
        "errors": len(errors), "error_examples": sorted(set(errors))[:5],
        "lost": len(lost), "lost_examples": lost[:5],
        "final_check_ok": sum(rep.final_ok for rep in reports),
        "late_definition": {"student_s": args.late_student, "lecturer_s": args.late_lecturer},
        "students": {kind: latencies(results, (kind,), args.late_student) for kind in STUDENT_KINDS},
        "students_all": latencies(results, STUDENT_KINDS, args.late_student),
        "steps_whole": sum(r.kind == "step" and r.whole for r in results),
        "follow_lag": {"count": len(lags), "p50": percentile(lags, 50), "p95": percentile(lags, 95),
                       "max": max(lags, default=None)},
        "lecturer": {
            "pagedown": latencies(lect.results, ("pagedown",), args.late_lecturer),
            "all": latencies(lect.results, LECTURER_KINDS, args.late_lecturer),
            "pagedown_alone": latencies([RunResult("pagedown", x) for x in alone], ("pagedown",)),
            "scenes_shown": lecture.version, "errors": len(lect.errors), "lost": len(lect.lost),
        },
    }
    out.update(meter.figures(n))
    return out


def fmt(x: float | None) -> str:
    return "—" if x is None else f"{x:.2f} s"


def line(name: str, d: dict) -> str:
    late = f", late {d['late']}" if "late" in d else ""
    sent = (f"; sent p50 {d['bytes_p50'] / 1000:.1f} kB p95 {d['bytes_p95'] / 1000:.1f} kB"
            if d.get("bytes_p50") is not None else "")
    return (f"  {name:18s} p50 {fmt(d['p50'])}  p95 {fmt(d['p95'])}  max {fmt(d['max'])}  "
            f"({d['count']} runs{late}{sent})")


def print_level(res: dict) -> None:
    servers = res["servers"]
    print(f"\n== lecture: {res['n']} students on {servers} server process{'es' if servers > 1 else ''}"
          f"{' behind haproxy' if res.get('balancer_cpu_s') is not None else ''}, {res['duration_s']:.0f} s "
          f"(wall {res['wall_s']} s), PageDown every {res['every_s']:.0f} s ==")
    print(f"  joined {res['joined']}/{res['n']} ({res['followers']} follow, {res['typists']} type), runs "
          f"{res['runs']}, errors {res['errors']}, lost {res['lost']}, final check ok "
          f"{res['final_check_ok']}/{res['n']}")
    for ex in res["error_examples"] + res["lost_examples"]:
        print("   ", ex)
    late = res["late_definition"]
    print(f"  late = a student's run over {late['student_s']:g} s, the lecturer's over {late['lecturer_s']:g} s")
    for kind, d in res["students"].items():
        print(line(kind, d))
    print(line("all students' runs", res["students_all"]))
    lect = res["lecturer"]
    print(line("lecturer PageDown", lect["pagedown"]))
    print(line("  alone (warm-up)", lect["pagedown_alone"]))
    print(line("lecturer, all runs", lect["all"]))
    lag = res["follow_lag"]
    print(f"  follow lag (PageDown shown → a follower's page shown, reaction included): p50 {fmt(lag['p50'])} "
          f"p95 {fmt(lag['p95'])} max {fmt(lag['max'])}")
    print(f"  T steps answered by a run of the whole page: {res['steps_whole']} (a browser's are T-part runs)")
    if res["server_rss_before_mib"] is not None:
        print(f"  server RSS {res['server_rss_before_mib']} → {res['server_rss_after_mib']} MiB "
              f"(peak {res['server_rss_peak_mib']}), {res['rss_per_session_mib']} MiB per student; "
              f"server CPU {res['server_cpu_s']} s in {res['wall_s']} s; this client's CPU {res['client_cpu_s']} s")
    if res.get("balancer_cpu_s") is not None:
        print(f"  the balancer (haproxy) CPU {res['balancer_cpu_s']} s")
    if res["script"]:
        print(f"  app script time per run: p50 {res['script']['p50_ms']:.0f} ms p95 {res['script']['p95_ms']:.0f} ms,"
              f" {res['script']['runs']} runs, {res['script']['busy_s']} s of script time")
    print(f"  other processes on the machine meanwhile: {res['other_processes_cores']} cores busy; load average "
          f"(1 min) before {res['loadavg_1min_before']}, after {res['loadavg_1min_after']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--students", type=int, nargs="+", default=[30], help="N; several values: one level each")
    ap.add_argument("--every", type=float, default=20.0, help="seconds between the lecturer's PageDowns")
    ap.add_argument("--duration", type=float, help="seconds of lecture from the lesson's opening "
                                                   "(default: one walk of the lesson, scenes × --every)")
    ap.add_argument("--at-end", choices=("loop", "stop"), default="loop",
                    help="after the last scene: Home and the lesson again, or stay on it")
    ap.add_argument("--open", choices=("button", "link"), default="button",
                    help="the lecturer opens the lesson with Home's button or with the lesson link")
    ap.add_argument("--join", type=float, default=30.0, help="students join within this many seconds")
    ap.add_argument("--follow", type=float, default=0.9, help="the share of the class that follows the lecturer")
    ap.add_argument("--react", type=float, nargs=2, default=(1.0, 5.0), metavar=("MIN", "MAX"),
                    help="a follower switches page this many seconds after the lecturer (uniform)")
    ap.add_argument("--steps-per-min", type=float, default=3.0, help="T steps (released drags) per student a minute")
    ap.add_argument("--typists", type=float, default=0.25, help="the share of the class that types its own sentence")
    ap.add_argument("--type-every", type=float, default=60.0, help="a typist's mean seconds between sentences")
    ap.add_argument("--student-link", choices=("shown", "presenter"), default="shown",
                    help="the students open the share link as the lecturer's sidebar shows it (presenter mode left "
                         "out), or with presenter mode in, as a link written by hand may have it")
    ap.add_argument("--late-student", type=float, default=1.0, help="a student's run over this many s is late")
    ap.add_argument("--late-lecturer", type=float, default=0.3, help="the lecturer's run over this many s is late")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds one run may take before it is an error")
    ap.add_argument("--replicas", type=int, default=1,
                    help="server processes; without --balancer student i uses process i mod K directly (the "
                         "lecturer the first)")
    ap.add_argument("--balancer", action="store_true",
                    help="everyone connects through deploy/haproxy.cfg (Debian's haproxy) on loopback")
    ap.add_argument("--url", help="a running app on 127.0.0.1 (default: start a fresh server per level)")
    ap.add_argument("--pid", type=int, help="the server's pid with --url (default: found from the port)")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args(argv)
    if args.duration is None:
        args.duration = len(scenes.builtin()) * args.every
    if args.replicas < 1 or (args.url and (args.replicas != 1 or args.balancer)):
        ap.error("--replicas, --balancer: at least 1, and only for servers this tool starts (not with --url)")
    if not 0 <= args.follow <= 1 or not 0 <= args.typists <= 1 or args.react[0] > args.react[1]:
        ap.error("--follow and --typists are shares (0–1); --react MIN MAX with MIN ≤ MAX")
    if args.url and urlparse(args.url).hostname not in ("127.0.0.1", "localhost"):
        ap.error("this tool only targets a server on this machine (127.0.0.1)")
    info = {"scenario": "lecture", "machine": machine(),
            "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}, "levels": []}
    print("machine:", json.dumps(info["machine"], ensure_ascii=False))
    ok = True
    for n in args.students:
        if args.url:
            pid = args.pid or listening_pid(urlparse(args.url).port or 80)
            res = asyncio.run(lecture_level([args.url], n, args, [pid] if pid else [], []))
        else:
            with tempfile.TemporaryDirectory(prefix="loadtest-lecture-") as tmp, \
                    start_servers(args.replicas, Path(tmp), args.balancer) as srv:
                res = asyncio.run(lecture_level(srv.urls, n, args, srv.pids, srv.logs, srv.balancer_pids,
                                                warm=srv.direct))
        print_level(res)
        info["levels"].append(res)
        ok = ok and res["errors"] == 0 and res["lost"] == 0
        if args.json:  # after every level: a long series keeps what it measured
            args.json.write_text(json.dumps(info, indent=2, ensure_ascii=False))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
