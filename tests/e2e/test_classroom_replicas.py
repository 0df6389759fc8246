"""The class across replicas: two app processes behind deploy/haproxy.cfg share one PostgreSQL (a throwaway
cluster). The lecturer sits on one replica, the students on the other; the students' replica is killed in the
middle of the question, and nothing is lost: their pages reconnect through the balancer to the surviving
replica, keep their answers, may still change them, and the lecturer's tally counts every one."""

from __future__ import annotations

import os
import signal
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

from tests.e2e.driver import by_key, poll_until, start_server
from tests.e2e.test_classroom import PHONE, WAIT, WORDS, answer, open_class_and_ask, received, wait_tally
from tests.e2e.test_replicas import COOKIE_SECRET, HAPROXY, Balancer, _ci, balancer_config, free_port, run_haproxy
from tests.pg_cluster import bindir, cluster

STUDENTS = 6


@pytest.fixture(scope="module")
def class_balancer():
    if not os.path.exists(HAPROXY) or bindir() is None:
        message = "haproxy or PostgreSQL missing (scripts/test.sh installs Debian's haproxy and postgresql)"
        if _ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    with cluster() as dsn:
        env = {"STREAMLIT_SERVER_COOKIE_SECRET": COOKIE_SECRET, "ATTENTION_CLASS_DB": dsn}
        with start_server(env=env) as app1, start_server(env=env) as app2:
            front, stats = free_port(), free_port()
            bal = Balancer(front, stats, {"app1": app1.port, "app2": app2.port})
            with run_haproxy(balancer_config(front, stats, [app1.port, app2.port]), bal):
                bal.apps = {"app1": app1, "app2": app2}
                yield bal


def pinned(new_page, balancer, server: str, **kwargs):
    """A browser whose SRV cookie sends it to replica `server` (as the balancer's own cookie would)."""
    page = new_page(**kwargs)
    page.context.add_cookies([{"name": "SRV", "value": server, "url": balancer.url}])
    return page


def test_a_replica_killed_mid_question_loses_no_answer(class_balancer, new_page):
    bal = class_balancer
    lecturer = pinned(new_page, bal, "app1", viewport=(1920, 1080))
    code, link = open_class_and_ask(lecturer, SimpleNamespace(page_url=lambda path: f"{bal.url}/{path}"))
    assert urlsplit(link).netloc == urlsplit(bal.url).netloc  # the front address, not a replica's
    students = []
    for _ in range(STUDENTS):
        page = pinned(new_page, bal, "app2", **PHONE)
        page.goto(link)
        by_key(page, "class:answer-0").wait_for(timeout=WAIT)
        students.append(page)
    choices = [s % len(WORDS) for s in range(STUDENTS)]
    for page, c in zip(students[:-1], choices[:-1]):
        answer(page, c)
    counts = [choices[:-1].count(j) for j in range(len(WORDS))]
    wait_tally(lecturer, counts)  # answers sent on app2, counted on app1

    live = bal.stats()
    assert int(live["app2"]["scur"]) >= STUDENTS and int(live["app1"]["scur"]) >= 1, live  # the websockets
    os.killpg(bal.apps["app2"].proc.pid, signal.SIGKILL)  # the students' replica dies mid-question
    bal.apps["app2"].proc.wait(timeout=30)
    poll_until(lambda: bal.stats()["app2"]["status"].startswith("DOWN"), 60,  # the balancer's health checks
               "haproxy did not mark the killed replica DOWN within 60 s")

    for page, c in zip(students[:-1], choices[:-1]):  # reconnected on app1: their answers are still theirs
        page.reload()
        received(page, WORDS[c])
    last = students[-1]  # the one who had not answered yet answers now, through the surviving replica
    last.reload()
    by_key(last, "class:answer-0").wait_for(timeout=WAIT)
    answer(last, choices[-1])
    counts[choices[-1]] += 1
    wait_tally(lecturer, counts)
    assert all({c["name"]: c["value"] for c in p.context.cookies()}.get("SRV") == "app1" for p in students)
    assert code in by_key(lecturer, "class:code").inner_text()
