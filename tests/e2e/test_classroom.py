"""The class in a real browser: a lecturer at 1920×1080 and 6 students (five phones at 390×844, one laptop) answer a
question on ③. The six-student walk is also the class's accessibility audit (tests/e2e/test_axe.py, `Audits`): the
lecturer in presenter mode in English, the students who type the code in Korean, those who open the link in English.

One server for the module, its class store (SQLite) in a temporary folder. Every wait is for a condition, with
a bound. The last test restarts the server on the same folder: the class and its answers are still there.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from attention_core import analysis
from attention_core.codec import encode_link
from attention_core.i18n import text
from attention_core.scenario import Scenario, View
from tests.e2e.driver import assert_no_exception, by_key, key_class, settle, start_server, wait_for_app
from tests.e2e.page_checks import (
    PHONE,  # 390×844, touch, a phone's user agent
    probes_beside,
)
from tests.e2e.test_axe import NAMED_JS, OPEN_SIDEBAR, Audits

JS = probes_beside(__file__)  # the JavaScript this module evaluates in a page

STUDENTS = 6
WAIT = 90_000  # ms: a bound for a busy machine, never a sleep
WORDS = list(Scenario().labels)

TALLY_JS = JS["TALLY_JS"]


def tally(page) -> dict | None:
    return page.evaluate(TALLY_JS)


def wait_tally(page, counts: list[int]) -> None:
    page.wait_for_function(f"() => {{ const t = ({TALLY_JS})(); return t && JSON.stringify(t.y) === "
                           f"'{counts}'.replace(/ /g, ''); }}", timeout=WAIT, polling=200)


def open_class_and_ask(lecturer, server, query: str = "", opened=None) -> tuple[str, str]:
    """On ③ (`query`: a share link's "?s=…"), the lecturer opens a class, hides the weights' result and asks the
    class; `opened(lecturer)` runs once the class is open, before the question. Returns the code and the link."""
    lecturer.goto(server.page_url("temperature") + query)
    settle(lecturer)
    by_key(lecturer, "class:open").locator("button").first.click()
    by_key(lecturer, "class:code").wait_for(timeout=WAIT)
    settle(lecturer)
    code = by_key(lecturer, "class:code").inner_text().strip()
    link = by_key(lecturer, "class:link").inner_text().strip()
    if opened is not None:
        opened(lecturer)
    by_key(lecturer, "quiz:temperature:weights:hidden").locator("label").first.click()
    by_key(lecturer, "class:ask").wait_for(timeout=WAIT)
    settle(lecturer)
    by_key(lecturer, "class:ask").locator("button").first.click()
    by_key(lecturer, "class:tally").wait_for(timeout=WAIT)
    settle(lecturer)
    return code, link


def received(page, word: str, lang: str = "ko") -> None:
    page.wait_for_function(
        "w => { const el = document.querySelector('.st-key-class-received'); return el && el.innerText.includes(w); }",
        arg=text(lang, "classroom.received", choice=word), timeout=WAIT, polling=200)


def answer(page, i: int, lang: str = "ko") -> None:
    by_key(page, f"class:answer-{i}").locator("button").first.click()
    received(page, WORDS[i], lang)


def test_six_students_answer_a_question_on_temperature(class_server, new_page):
    audits = Audits()
    lecturer = new_page(viewport=(1920, 1080))

    def opened(page) -> None:
        assert by_key(page, "pr:next").count() == 1  # presenter mode
        assert by_key(page, "class:card").locator("img").first.get_attribute("alt")  # the QR code says what it is
        audits.check("lecturer: class open", page, "en", presenter=True)

    query = f"?s={encode_link(Scenario(), View(lang='en', presenter=True))}"
    code, link = open_class_and_ask(lecturer, class_server, query, opened)
    assert re.fullmatch(r"[A-HJKMNP-Z2-9]{6}", code)
    assert parse_qs(urlsplit(link).query) == {"c": [code], "lang": ["en"]}  # nothing secret in the join link
    lecturer.wait_for_function(NAMED_JS, arg=".st-key-class-tally", timeout=WAIT)
    audits.check("lecturer: question out", lecturer, "en", presenter=True)
    weights = analysis.compute(Scenario()).trace.weights
    right = [j for _, j in analysis.winners(weights[0:1])]  # the word asked about: row 0, the guess row

    students, langs = [], []
    laptop = STUDENTS - 1  # the last student is on a laptop
    for s in range(STUDENTS):
        page = new_page(**(PHONE if s != laptop else {"viewport": (1280, 720)}))
        lang = "en" if s % 2 else "ko"
        if s % 2:  # half open the join link (in the lecturer's language), half type the code (in Korean)
            page.goto(link)
        else:
            page.goto(class_server.page_url("class"))
            wait_for_app(page, timeout=WAIT)
            by_key(page, "class:type-code").wait_for(timeout=WAIT)
            if s == 0:
                assert page.locator(OPEN_SIDEBAR).count() == 0  # no sidebar to open on the student page
                audits.check("student: join form (phone)", page, lang)
            by_key(page, "class:type-code").locator("input").fill(code.lower())
            by_key(page, "class:join").locator("button").first.click()
        by_key(page, "class:answer-0").wait_for(timeout=WAIT)
        if s in (0, 1, laptop):
            wait_for_app(page, timeout=WAIT)
            audits.check(f"student {s}: question", page, lang)
        students.append(page)
        langs.append(lang)
    box = by_key(students[0], "class:answer-0").locator("button").first.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44

    choices = [s % len(WORDS) for s in range(STUDENTS)]
    for s, (page, c) in enumerate(zip(students, choices)):
        answer(page, c, langs[s])
        if s in (0, laptop):
            audits.check(f"student {s}: answered", page, langs[s])
    counts = [choices.count(j) for j in range(len(WORDS))]
    wait_tally(lecturer, counts)
    assert not any("✓" in t for t in tally(lecturer)["ticks"])  # nothing revealed yet

    changed = (choices[0] + 1) % len(WORDS)  # one student changes their answer: the count moves
    answer(students[0], changed, langs[0])
    counts[choices[0]] -= 1
    counts[changed] += 1
    choices[0] = changed
    wait_tally(lecturer, counts)

    by_key(lecturer, "class:reveal").locator("button").first.click()
    lecturer.wait_for_function(
        f"() => {{ const t = ({TALLY_JS})(); "
        f"return t && t.ticks.filter(x => x.includes('✓')).length === {len(right)}; }}",
        timeout=WAIT, polling=200)
    assert tally(lecturer)["y"] == counts
    assert [i for i, t in enumerate(tally(lecturer)["ticks"]) if "✓" in t] == right
    settle(lecturer)
    lecturer.wait_for_function(NAMED_JS, arg=".st-key-class-tally", timeout=WAIT)
    audits.check("lecturer: revealed", lecturer, "en", presenter=True)
    for s in (0, laptop):  # each student's result and the class's charts
        for chart in (".st-key-class-student-tally", ".st-key-class-row"):
            students[s].wait_for_function(NAMED_JS, arg=chart, timeout=WAIT, polling=200)
        wait_for_app(students[s], timeout=WAIT)
        audits.check(f"student {s}: revealed", students[s], langs[s])

    late = students[1]  # a late answer after the reveal is refused, and changes nothing
    by_key(late, "class:answer-0").wait_for(timeout=WAIT)
    late.wait_for_function("() => document.querySelector('.st-key-class-student-tally') !== null", timeout=WAIT)
    by_key(late, f"class:answer-{(choices[1] + 1) % len(WORDS)}").locator("button").first.click()
    late.get_by_text(text(langs[1], "classroom.err_late")).wait_for(timeout=WAIT)
    received(late, WORDS[choices[1]], langs[1])
    wait_tally(lecturer, counts)
    assert_no_exception(late)

    late.reload()  # a student's F5 keeps their answer
    received(late, WORDS[choices[1]], langs[1])
    lecturer.reload()  # the lecturer's F5 gets the class back with its counts
    code_box = by_key(lecturer, "class:code")
    code_box.wait_for(timeout=WAIT)
    # the box is on the page before its text is drawn: wait (bounded) for the text, then compare
    lecturer.wait_for_function("sel => [...document.querySelectorAll(sel)].some(el => el.innerText.trim() !== '')",
                               arg=f".{key_class('class:code')}", timeout=WAIT)
    assert code_box.inner_text().strip() == code
    wait_tally(lecturer, counts)
    assert_no_exception(lecturer)
    for page in students:
        assert page.js_errors == []
    assert not audits.failures, audits.failures


def test_a_restarted_server_keeps_the_class_and_its_answers(new_page, tmp_path):
    with start_server(env={"ATTENTION_CLASS_DIR": str(tmp_path)}) as first:
        lecturer = new_page(viewport=(1920, 1080))
        _, link = open_class_and_ask(lecturer, first)
        student = new_page(**PHONE)
        student.goto(link)
        by_key(student, "class:answer-2").wait_for(timeout=WAIT)
        answer(student, 2)
        query = urlsplit(student.url).query
    with start_server(env={"ATTENTION_CLASS_DIR": str(tmp_path)}) as second:  # the same folder, a new process
        student.goto(f"{second.url}/class?{query}")
        received(student, WORDS[2])
        answer(student, 3)  # the question is still open
        assert_no_exception(student)


JOINED_JS = JS["JOINED_JS"]


def test_the_join_link_opened_again_is_the_same_student_and_an_ended_class_leaves_the_screen(class_server,
                                                                                                new_page):
    """A QR code scanned twice (a second tab of the same phone) does not count the student twice: the browser
    keeps its place in the class (a cookie). A class that ends while the lecturer's page is open (its time ran
    out) takes its join card off the screen by itself."""
    import sqlite3

    lecturer = new_page(viewport=(1920, 1080))
    code, link = open_class_and_ask(lecturer, class_server)
    phone = new_page(**PHONE)
    phone.goto(link)
    by_key(phone, "class:answer-0").wait_for(timeout=WAIT)
    first = parse_qs(urlsplit(phone.url).query)["p"]
    joined = text("ko", "classroom.joined", n=1)
    lecturer.wait_for_function(f"() => ({JOINED_JS})()?.includes({joined!r})", timeout=WAIT, polling=200)

    again = phone.context.new_page()  # the same phone scans the code again
    again.goto(link)
    by_key(again, "class:answer-0").wait_for(timeout=WAIT)
    again.wait_for_function("() => new URLSearchParams(location.search).get('p')", timeout=WAIT)
    assert parse_qs(urlsplit(again.url).query)["p"] == first
    settle(lecturer)
    assert joined in lecturer.evaluate(JOINED_JS)  # still one
    assert text("ko", "classroom.joined", n=2) not in lecturer.evaluate(JOINED_JS)

    with sqlite3.connect(class_server.class_dir / "classes.sqlite3") as db:  # its time runs out
        db.execute("UPDATE classes SET expires = 0 WHERE code = ?", (code,))
    lecturer.get_by_text(text("ko", "classroom.ended")).wait_for(timeout=WAIT)
    lecturer.wait_for_function(f"() => ({JOINED_JS})() === null", timeout=WAIT, polling=200)
    assert_no_exception(lecturer)
    again.close()
