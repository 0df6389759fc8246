"""Safe by construction, in a real browser: the lecturer's projected address gives another browser a copy of the
lesson and no class control, while the lecturer's own F5 and new tab keep it; hostile links are refused with the
app's message while another student's page keeps loading.

Every wait is for a condition, with a bound (docs/security.md lists what each test guards).
"""

from __future__ import annotations

import base64
import json
import zlib
from urllib.parse import parse_qs, urlsplit

import pytest

from attention_core import scenes
from attention_core.i18n import text
from tests.e2e.driver import assert_no_exception, by_key, settle
from tests.e2e.test_classroom import open_class_and_ask

WAIT = 90_000  # ms: a bound for a busy machine, never a sleep
LECTURER_CONTROLS = ("class:card", "class:close", "class:reveal", "class:ask", "class:tally")


def sid(page) -> str:
    return parse_qs(urlsplit(page.url).query).get("sid", [""])[0]


def wait_sid(page) -> str:
    page.wait_for_function("() => new URLSearchParams(location.search).get('sid')", timeout=WAIT, polling=100)
    return sid(page)


def controls(page) -> list[str]:
    return [key for key in LECTURER_CONTROLS if by_key(page, key).count()]


def test_the_lecturers_address_in_another_browser_gives_no_class_control_and_the_lecturers_reload_keeps_it(
        class_server, new_page):
    lecturer = new_page(viewport=(1920, 1080))
    code, _ = open_class_and_ask(lecturer, class_server)
    address = lecturer.url
    own = wait_sid(lecturer)
    assert own and code
    assert set(controls(lecturer)) >= {"class:card", "class:tally", "class:reveal"}

    student = new_page(viewport=(1280, 720))  # another browser (a context of its own: no cookie of the lecturer's)
    student.goto(address)  # the address as the projector shows it
    settle(student)
    theirs = wait_sid(student)
    assert theirs != own  # forked to an id of its own
    assert controls(student) == [], controls(student)
    assert code not in student.inner_text("body")  # not even the join card
    assert student.locator('[data-testid="stMain"] h1').count() == 1  # a copy of the lesson: the page itself

    lecturer.reload()  # F5
    settle(lecturer)
    assert wait_sid(lecturer) == own
    by_key(lecturer, "class:card").wait_for(timeout=WAIT)
    by_key(lecturer, "class:reveal").wait_for(timeout=WAIT)
    second_tab = lecturer.context.new_page()  # a new tab of the same browser, on the same address
    try:
        second_tab.goto(address)
        settle(second_tab)
        by_key(second_tab, "class:card").wait_for(timeout=WAIT)
        assert wait_sid(second_tab) == own
    finally:
        second_tab.close()

    student.reload()  # the student's own F5 keeps their copy, still with no control
    settle(student)
    assert wait_sid(student) == theirs and controls(student) == []


def token(raw: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode("ascii").rstrip("=")


def hostile_lesson() -> str:
    doc = scenes.document(scenes.builtin()[:2])
    doc["scenes"][0]["caption"]["en"] = "{T:>999999999}" * 8
    return token(json.dumps(doc).encode())


HOSTILE = {
    "share link (deep nesting)": ("s", token(b"[" * 5000), "msg.link_failed"),
    "lesson link (deep nesting)": ("lesson", token(b"[" * 5000), "lecture.lesson_link_failed"),
    "lesson link (a caption with widths)": ("lesson", hostile_lesson(), "lecture.lesson_link_failed"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_link_shows_the_apps_message_while_another_students_page_loads(class_server, new_page, case):
    param, value, key = HOSTILE[case]
    hostile = new_page()
    bystander = new_page()
    hostile.goto(f"{class_server.url}/?{param}={value}")
    bystander.goto(class_server.page_url("score"))  # meanwhile, a student opens a page
    settle(bystander, timeout=30_000)  # a hang detector: a stalled server would not draw it for a minute
    settle(hostile)
    assert_no_exception(hostile)
    errors = hostile.locator('[data-testid="stAlertContentError"]').all_inner_texts()
    lead = text("en", key, reason="").strip()
    assert any(lead in e for e in errors), (lead, errors)
    assert hostile.locator('[data-testid="stMain"] h1').count() == 1  # the default lesson, usable
