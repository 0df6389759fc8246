"""Beyond one process: two app replicas behind HAProxy with sticky sessions, as deploy/ sets them up.

Docker does not run here, so the test runs deploy/haproxy.cfg itself on loopback: the `bind` and
`server` addresses are swapped for free loopback ports, nothing else changes. Two Streamlit processes
share one STREAMLIT_SERVER_COOKIE_SECRET, as the compose file gives them. Debian's haproxy must be
installed (scripts/test.sh installs it); without it the test is skipped, or fails when CI is set.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import signal
import subprocess
import tempfile
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from attention_core import codec
from attention_core.scenario import Scenario, View
from tests.e2e.driver import (
    REPO_ROOT,
    free_port,
    go_to,
    poll_until,
    set_sentence,
    settle,
    share_link,
    start_server,
    tick_texts,
    upload_state,
)

HAPROXY = os.environ.get("HAPROXY_PATH", "/usr/sbin/haproxy")
TEMPLATE = REPO_ROOT / "deploy" / "haproxy.cfg"
COOKIE_SECRET = "test-replicas-shared-cookie-secret-0123456789abcdef"
SENTENCE_A = "고양이가 매트 위에 앉았다"
SENTENCE_B = "강아지는 공원에서 즐겁게 뛰었다"
SENTENCE_BOX = '[data-testid="stSidebar"] [data-testid="stTextInput"] input'


def _ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def balancer_config(front_port: int, stats_port: int, backend_ports: list[int]) -> str:
    """deploy/haproxy.cfg with its bind addresses and server addresses (in order) moved to loopback."""
    cfg = TEMPLATE.read_text()
    binds = iter((front_port, stats_port))
    cfg, n_binds = re.subn(r"^(\s*bind\s+)\S+", lambda m: f"{m[1]}127.0.0.1:{next(binds)}", cfg, flags=re.M)
    ports = iter(backend_ports)
    cfg, n_servers = re.subn(r"^(\s*server\s+\S+\s+)\S+", lambda m: f"{m[1]}127.0.0.1:{next(ports)}", cfg,
                             flags=re.M)
    assert (n_binds, n_servers) == (2, len(backend_ports)), "deploy/haproxy.cfg: 2 binds, 1 server per replica"
    return cfg


@dataclass
class Balancer:
    port: int
    stats_port: int
    servers: dict[str, int]  # haproxy server name -> the replica's loopback port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stats(self) -> dict[str, dict[str, str]]:
        """HAProxy's own counters for each replica (status, scur = live connections, stot = all so far)."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.stats_port}/stats;csv", timeout=5) as r:
            text = r.read().decode().lstrip("# ")
        return {row["svname"]: row for row in csv.DictReader(io.StringIO(text))
                if row["pxname"] == "streamlit" and row["svname"] in self.servers}


@contextlib.contextmanager
def run_haproxy(cfg: str, balancer: Balancer) -> Iterator[None]:
    with tempfile.TemporaryDirectory(prefix="haproxy-test-") as tmp:
        path = Path(tmp) / "haproxy.cfg"
        path.write_text(cfg)
        check = subprocess.run([HAPROXY, "-c", "-q", "-f", str(path)], capture_output=True, text=True, timeout=30)
        assert check.returncode == 0, check.stdout + check.stderr
        log = (Path(tmp) / "haproxy.log").open("w")
        proc = subprocess.Popen([HAPROXY, "-db", "-f", str(path)], stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            def ready() -> bool:  # both replicas passed their health checks (no request through the front)
                assert proc.poll() is None, (Path(tmp) / "haproxy.log").read_text()
                with contextlib.suppress(OSError):
                    stats = balancer.stats()
                    return len(stats) == len(balancer.servers) and all(s["status"] == "UP" for s in stats.values())
                return False

            poll_until(ready, 30, "haproxy did not see both replicas UP within 30 s")
            yield
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(timeout=10)
            log.close()


@pytest.fixture(scope="module")
def balancer() -> Iterator[Balancer]:
    if not os.path.exists(HAPROXY):
        message = f"{HAPROXY} not found (scripts/test.sh installs Debian's haproxy)"
        if _ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    env = {"STREAMLIT_SERVER_COOKIE_SECRET": COOKIE_SECRET}
    with start_server(env=env) as app1, start_server(env=env) as app2:
        front, stats = free_port(), free_port()
        bal = Balancer(front, stats, {"app1": app1.port, "app2": app2.port})
        with run_haproxy(balancer_config(front, stats, [app1.port, app2.port]), bal):
            yield bal


def replica(page) -> str:
    """The replica the balancer pinned this browser to: its SRV cookie."""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert "SRV" in cookies, cookies
    return cookies["SRV"]


def assert_lesson(page, sentence: str, other: str, where: str) -> None:
    box = page.locator(SENTENCE_BOX).first
    with contextlib.suppress(PlaywrightTimeout):  # the box may be filled a moment after the run settles
        expect(box).to_have_value(sentence, timeout=10_000)
    assert box.input_value() == sentence, where
    ticks = set(tick_texts(page))
    assert set(sentence.split()) <= ticks, (where, sorted(ticks)[:20])
    assert not ticks & set(other.split()), where


def test_balancer_config_is_the_deploy_config_on_loopback():
    cfg = balancer_config(8001, 8002, [9001, 9002])
    assert "cookie SRV insert indirect nocache" in cfg and "timeout tunnel 1h" in cfg and "balance roundrobin" in cfg
    assert re.findall(r"^\s*server\s+(\S+)\s+(\S+)", cfg, flags=re.M) == [("app1", "127.0.0.1:9001"),
                                                                         ("app2", "127.0.0.1:9002")]
    assert re.findall(r"^\s*bind\s+(\S+)", cfg, flags=re.M) == ["127.0.0.1:8001", "127.0.0.1:8002"]


def test_two_browsers_on_different_replicas_keep_their_own_state(balancer, new_page):
    a = new_page()
    a.goto(balancer.url)
    settle(a)
    b = new_page()
    b.goto(balancer.url)
    settle(b)
    srv_a, srv_b = replica(a), replica(b)
    assert {srv_a, srv_b} == set(balancer.servers), "round robin should give the two browsers different replicas"
    live = balancer.stats()
    assert all(int(live[name]["scur"]) >= 1 for name in balancer.servers), live  # each holds a websocket

    set_sentence(a, SENTENCE_A)
    set_sentence(b, SENTENCE_B)
    for key in ("score", "temperature", "gaze", "home"):
        go_to(a, key)
        go_to(b, key)
        assert_lesson(a, SENTENCE_A, SENTENCE_B, f"A on {key}")
        assert_lesson(b, SENTENCE_B, SENTENCE_A, f"B on {key}")

    # Reloads through the balancer. A reload opens a new Streamlit session (on any deployment); the page's
    # share link carries the state, and the SRV cookie must bring every request back to the same replica.
    before = balancer.stats()
    link = share_link(a)
    assert re.match(rf"^{re.escape(balancer.url)}/?[a-z]*\?s=", link), link  # the front address, not a replica
    a.goto(link)
    settle(a)
    assert_lesson(a, SENTENCE_A, SENTENCE_B, "A after opening its link")
    a.reload()
    settle(a)
    assert_lesson(a, SENTENCE_A, SENTENCE_B, "A after a reload")
    go_to(a, "value")
    assert_lesson(a, SENTENCE_A, SENTENCE_B, "A on a page after the reload")
    after = balancer.stats()
    assert replica(a) == srv_a
    assert int(after[srv_a]["stot"]) > int(before[srv_a]["stot"]), (before[srv_a]["stot"], after[srv_a]["stot"])
    assert after[srv_b]["stot"] == before[srv_b]["stot"], "a request of A's reached B's replica"

    b.reload()  # B, reloaded at its plain address, stays on its replica too (a fresh session there)
    settle(b)
    assert replica(b) == srv_b
    assert int(balancer.stats()[srv_b]["stot"]) > int(after[srv_b]["stot"])
    assert a.js_errors == [] and b.js_errors == []


def test_a_json_upload_through_the_balancer_reaches_the_sessions_replica(balancer, new_page, tmp_path):
    """Uploads go to /_stcore/upload_file and must reach the replica that holds the session."""
    lessons = {
        "A": Scenario().with_sentence(SENTENCE_A)[0].with_temperature(0.4),
        "B": Scenario().with_sentence(SENTENCE_B)[0].with_preset("identity"),
    }
    browsers = {}
    for name, scenario in lessons.items():
        path = tmp_path / f"{name}.json"
        path.write_text(codec.to_json(scenario, View()), encoding="utf-8")
        page = new_page()
        page.goto(balancer.url)
        settle(page)
        before = balancer.stats()
        upload_state(page, path)
        after = balancer.stats()
        srv, other = replica(page), next(n for n in balancer.servers if n != replica(page))
        assert page.get_by_text("파일의 상태를 불러왔습니다.").count() == 1, name
        assert after[other]["stot"] == before[other]["stot"], f"{name}'s upload reached the other replica"
        browsers[name] = (page, scenario, srv)
    for name, (page, scenario, _) in browsers.items():
        other = next(s for n, (_, s, _) in browsers.items() if n != name)
        go_to(page, "score")
        assert_lesson(page, scenario.sentence, other.sentence, f"{name} after its upload")
