"""The load test's simulated students against a real server: a T step sent as the T control's trigger (as a browser
with the control sends it) lands in the app's state and in what the control shows, and is a run of the page's T
parts as a browser's is, on two processes, with a lecturer's session reported apart; and the lecture scenario (the
lecturer walks the built-in lesson, the class follows its share link) with a handful of students. Short runs: the
figures themselves are docs/reliability.md's."""

from __future__ import annotations

import asyncio
from argparse import Namespace
from concurrent.futures import ThreadPoolExecutor

from loadtest import lecture
from loadtest import run as loadtest
from tests.e2e.driver import start_server


def test_students_steps_through_the_control_reach_the_state_on_two_processes(tmp_path):
    args = Namespace(step=0.5, switch=2.0, timeout=60.0, single_duration=1.5, duration=4.0, via="control",
                     lecturer=True)
    logs = [tmp_path / "timing-0.jsonl", tmp_path / "timing-1.jsonl"]
    # the students' event loop in a thread of its own: this process may already run one (Playwright's, for the
    # browser tests)
    with start_server(env={"ATTENTION_TIMING_LOG": str(logs[0])}) as a, \
            start_server(env={"ATTENTION_TIMING_LOG": str(logs[1])}) as b, ThreadPoolExecutor(1) as pool:
        res = pool.submit(asyncio.run, loadtest.measure([a.url, b.url], 3, args, [a.proc.pid, b.proc.pid],
                                                        logs)).result()
    crowd = res["crowd"]
    assert crowd["errors"] == 0, crowd["error_examples"]
    assert crowd["lost"] == 0, crowd["lost_examples"]  # the control shows, and the share link holds, each one's T
    assert crowd["steps"]["count"] >= 3 and crowd["final_check_ok"] == 3
    # as in a browser, a T step is a run of the page's T parts, on ① after the switch too: a client that sent no
    # fragment id, or the widgets of a page it had left, made every such step a run of the whole page
    assert crowd["steps_whole"] == 0
    assert crowd["servers"] == 2 and crowd["script"]["runs"] > 0
    lecturer = crowd["lecturer"]
    assert lecturer["errors"] == 0 and lecturer["lost"] == 0 and lecturer["steps"]["count"] >= 1


def test_a_short_lecture_walks_the_lesson_and_the_class_follows_with_nothing_lost(tmp_path):
    """`python loadtest/run.py lecture` in small: the lecturer's PageDowns every 3 s for 20 s, five students joining
    by its share link, following its pages, stepping T and (some) typing; the report's shape, no error, nothing
    lost (the lecturer's state is each scene's, each student's its own). No timing is asserted."""
    args = Namespace(every=3.0, duration=20.0, at_end="loop", open="button", join=3.0, follow=0.8, react=(0.5, 1.5),
                     steps_per_min=12.0, typists=0.4, type_every=8.0, student_link="shown", late_student=1.0,
                     late_lecturer=0.3, seed=0, timeout=60.0)
    log = tmp_path / "timing.jsonl"
    with start_server(env={"ATTENTION_TIMING_LOG": str(log)}) as srv, ThreadPoolExecutor(1) as pool:
        res = pool.submit(asyncio.run, lecture.lecture_level([srv.url], 5, args, [srv.proc.pid], [log])).result()
    assert res["errors"] == 0, res["error_examples"]
    assert res["lost"] == 0, res["lost_examples"]
    assert res["joined"] == 5 and res["final_check_ok"] == 5
    assert (res["followers"], res["typists"]) == (4, 2)
    for kind in ("load", "follow", "step", "sentence"):
        assert set(res["students"][kind]) == {"count", "p50", "p95", "max", "late", "bytes_p50", "bytes_p95"}, kind
    # the clients keep and name cached messages as a browser does: a page switch gets the page's large scripts (the
    # T control's library, the accessibility script, the clicker) as references, not again
    assert 0 < res["students"]["follow"]["bytes_p50"] < res["students"]["load"]["bytes_p50"] - 50_000
    assert res["students"]["load"]["count"] == 5 and res["students"]["step"]["count"] >= 1
    assert res["students"]["follow"]["count"] >= 1 and res["students"]["sentence"]["count"] >= 1
    assert res["steps_whole"] == 0  # a T step is a run of the page's T parts, as a browser's
    lect = res["lecturer"]
    assert lect["errors"] == 0 and lect["lost"] == 0
    assert lect["pagedown"]["count"] >= 4 and lect["pagedown_alone"]["count"] == 8  # the lesson's 9 scenes, walked
    assert lect["scenes_shown"] >= 5 and res["follow_lag"]["count"] >= 1
    assert res["late_definition"] == {"student_s": 1.0, "lecturer_s": 0.3}
    for key in ("server_cpu_s", "server_rss_peak_mib", "rss_per_session_mib", "client_cpu_s",
                "other_processes_cores", "loadavg_1min_before", "loadavg_1min_after"):
        assert res[key] is not None, key
    assert res["script"]["runs"] > 0
