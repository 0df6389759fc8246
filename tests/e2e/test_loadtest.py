"""The load test's simulated students against a real server: a T step sent as the T control's trigger (as a browser
with the control sends it) lands in the app's state and in what the control shows, and is a run of the page's T
parts as a browser's is, on two processes, with a lecturer's session reported apart. A short run: the figures
themselves are docs/reliability.md's."""

from __future__ import annotations

import asyncio
from argparse import Namespace
from concurrent.futures import ThreadPoolExecutor

from loadtest import run as loadtest
from tests.e2e.helpers import start_server


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
