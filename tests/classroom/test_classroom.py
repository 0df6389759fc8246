"""The class's rules on both stores (the `store` fixture is parametrised: SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import threading

import numpy as np
import pytest

from attention_core import analysis
from attention_core.classroom import model
from attention_core.classroom.model import ClassError, question_from_matrix
from attention_core.classroom.service import Classroom
from attention_core.scenario import Scenario

WORDS = ["슬픈", "영화였다", "아름다운", "장면이었다"]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def weights_question(row: int = 1, temperature: float = 0.3):
    s = Scenario().with_temperature(temperature)
    w = analysis.compute(s).trace.weights
    return question_from_matrix("temperature", "weights", w, list(s.labels), list(s.labels), row, temperature), w


@pytest.fixture
def room(store):
    return Classroom(store, clock=Clock())


def open_with_students(room: Classroom, n: int):
    hosted = room.open_class()
    pids = [room.join(hosted.code, f"client-{i}") for i in range(n)]
    return hosted, pids


def test_a_question_freezes_its_row_and_counts_ties_as_right():
    q, w = weights_question()
    assert q.values == tuple(float(v) for v in w[1])
    best = max(q.values)
    assert q.right == tuple(j for j, v in enumerate(q.values) if f"{v:.2f}" == f"{best:.2f}")
    tied = question_from_matrix("score", "scores", np.array([[1.0, 3.0, 3.0]]), ["a"], ["a", "b", "c"], 0, 1.0)
    assert tied.right == (1, 2)
    kept = json.loads(q.to_json())  # what the store keeps, compared as decoded data
    assert kept["values"] == list(q.values) and kept["right"] == list(q.right)
    assert model.Question.from_json(json.dumps(kept)) == q


def test_codes_come_from_the_unambiguous_alphabet():
    assert not set("0O1IL") & set(model.CODE_ALPHABET)
    codes = {model.new_code() for _ in range(200)}
    assert all(model.CODE_PATTERN.fullmatch(c) for c in codes)
    assert model.normalise_code(" abc-def ".replace("a", "A").lower()) == "ABCDEF"
    for bad in ["ABC", "ABCDE0", "x" * 1000, None, 123456, "ABCDEI"]:
        with pytest.raises(ClassError):
            model.normalise_code(bad)


def test_the_host_token_is_stored_hashed_and_checked(room, store):
    hosted = room.open_class()
    stored = store.read("SELECT host_hash FROM classes WHERE id = ?", (hosted.class_id,))[0][0]
    assert hosted.token not in stored and stored == model.token_hash(hosted.token)
    q, _ = weights_question()
    for token in ["", hosted.token[:-1] + ("A" if hosted.token[-1] != "A" else "B"), None, "x" * 10_000]:
        with pytest.raises(ClassError) as err:
            room.ask(hosted.class_id, token, q)
        assert err.value.key == "not_host"
    assert store.read("SELECT COUNT(*) FROM questions")[0][0] == 0
    assert room.ask(hosted.class_id, hosted.token, q) == 1


def test_answers_are_an_idempotent_upsert_and_a_change_moves_the_count(room, store):
    hosted, pids = open_with_students(room, 3)
    q, _ = weights_question()
    qid = room.ask(hosted.class_id, hosted.token, q)
    for _ in range(3):
        assert room.answer(hosted.code, pids[0], qid, 0) == 0
    room.answer(hosted.code, pids[1], qid, 0)
    tally = room.host_view(hosted.class_id, hosted.token).tally
    assert (tally.joined, tally.answered, tally.counts[0]) == (3, 2, 2)
    room.answer(hosted.code, pids[1], qid, 2)
    tally = room.host_view(hosted.class_id, hosted.token).tally
    assert tally.counts[0] == 1 and tally.counts[2] == 1 and tally.answered == 2
    assert not tally.revealed and tally.right == ()
    assert store.read("SELECT COUNT(*) FROM answers")[0][0] == 2


def test_a_late_answer_after_the_reveal_is_refused_and_changes_nothing(room):
    hosted, pids = open_with_students(room, 2)
    q, _ = weights_question()
    qid = room.ask(hosted.class_id, hosted.token, q)
    room.answer(hosted.code, pids[0], qid, q.right[0])
    final = room.reveal(hosted.class_id, hosted.token, qid)
    assert final.revealed and final.right == q.right
    for pid, choice in ((pids[0], 0), (pids[1], 1)):
        with pytest.raises(ClassError) as err:
            room.answer(hosted.code, pid, qid, choice)
        assert err.value.key == "late"
    assert room.host_view(hosted.class_id, hosted.token).tally == final
    view = room.student_view(hosted.code, pids[0])
    assert view.revealed and view.mine == q.right[0] and view.tally == final


def test_students_see_no_counts_before_the_reveal_and_follow_the_next_question(room):
    hosted, pids = open_with_students(room, 1)
    assert room.student_view(hosted.code, pids[0]).question is None
    q, _ = weights_question(row=0)
    qid = room.ask(hosted.class_id, hosted.token, q)
    room.answer(hosted.code, pids[0], qid, 1)
    view = room.student_view(hosted.code, pids[0])
    assert view.question == q and view.mine == 1 and view.tally is None and not view.revealed
    q2, _ = weights_question(row=2)
    qid2 = room.ask(hosted.class_id, hosted.token, q2)
    assert qid2 == qid + 1
    view = room.student_view(hosted.code, pids[0])
    assert view.qid == qid2 and view.question == q2 and view.mine is None
    with pytest.raises(ClassError) as err:  # the old question is no longer the open one
        room.answer(hosted.code, pids[0], qid, 1)
    assert err.value.key == "question_changed"


def test_the_same_question_asked_again_at_once_is_the_one_already_out(room, store):
    """A double click on "ask" (or one click that Streamlit's browser side sends twice) puts one question out:
    the answers given to it stay. Asked again later, or once revealed, or another question: a new one."""
    hosted, pids = open_with_students(room, 1)
    q, _ = weights_question(row=0)
    qid = room.ask(hosted.class_id, hosted.token, q)
    room.answer(hosted.code, pids[0], qid, 1)
    room.clock.now += model.ASK_AGAIN_SECONDS / 2
    assert room.ask(hosted.class_id, hosted.token, q) == qid  # the double click
    assert room.student_view(hosted.code, pids[0]).mine == 1  # its answer kept
    assert store.read("SELECT COUNT(*) FROM questions WHERE class_id = ?", (hosted.class_id,))[0][0] == 1
    other, _ = weights_question(row=2)
    assert room.ask(hosted.class_id, hosted.token, other) == qid + 1  # another question: at once
    assert room.ask(hosted.class_id, hosted.token, q) == qid + 2  # the first again: the open one differs
    room.clock.now += model.ASK_AGAIN_SECONDS
    assert room.ask(hosted.class_id, hosted.token, q) == qid + 3  # the same one, later: asked anew
    room.reveal(hosted.class_id, hosted.token, qid + 3)
    assert room.ask(hosted.class_id, hosted.token, q) == qid + 4  # once revealed: asked anew at once


@pytest.mark.parametrize("choice", [-1, 4, 10**9, True, "1", 1.0, None])
def test_invalid_choices_are_refused_and_write_nothing(room, store, choice):
    hosted, pids = open_with_students(room, 1)
    q, _ = weights_question()
    qid = room.ask(hosted.class_id, hosted.token, q)
    with pytest.raises(ClassError) as err:
        room.answer(hosted.code, pids[0], qid, choice)
    assert err.value.key == "choice_invalid"
    assert store.read("SELECT COUNT(*) FROM answers")[0][0] == 0


@pytest.mark.parametrize("code, pid, qid", [
    ("ZZZZZZ", None, 1),  # a wrong code
    (None, "tampered________", 1),  # an id that never joined
    (None, "short", 1),
    (None, "x" * 5000, 1),
    (None, None, "1"),
    (None, None, 99),
    ("<script>", None, 1),
])
def test_wrong_codes_tampered_ids_and_garbage_write_nothing(room, store, code, pid, qid):
    hosted, pids = open_with_students(room, 1)
    q, _ = weights_question()
    room.ask(hosted.class_id, hosted.token, q)
    code = code or hosted.code
    if code == "ZZZZZZ" and hosted.code == code:
        code = "YYYYYY"
    with pytest.raises(ClassError):
        room.answer(code, pid or pids[0], qid, 0)
    assert store.read("SELECT COUNT(*) FROM answers")[0][0] == 0


def test_join_attempts_are_limited_per_client(room):
    hosted = room.open_class()
    for _ in range(model.JOINS_PER_WINDOW):
        with pytest.raises(ClassError) as err:
            room.join("ZZZZZZ" if hosted.code != "ZZZZZZ" else "YYYYYY", "guesser")
        assert err.value.key == "code_unknown"
    with pytest.raises(ClassError) as err:
        room.join(hosted.code, "guesser")  # even the right code, once the attempts are used up
    assert err.value.key == "too_many_attempts"
    assert model.valid_pid(room.join(hosted.code, "someone-else"))


def test_the_answer_rate_is_bounded(room):
    hosted, pids = open_with_students(room, 1)
    q, _ = weights_question()
    qid = room.ask(hosted.class_id, hosted.token, q)
    for k in range(model.ANSWERS_PER_WINDOW):
        room.answer(hosted.code, pids[0], qid, k % 4)
    with pytest.raises(ClassError) as err:
        room.answer(hosted.code, pids[0], qid, 3)
    assert err.value.key == "too_fast"
    assert room.student_view(hosted.code, pids[0]).mine == (model.ANSWERS_PER_WINDOW - 1) % 4


def test_the_class_is_capped(store):
    room = Classroom(store, clock=Clock(), max_participants=5)
    hosted, _ = open_with_students(room, 5)
    with pytest.raises(ClassError) as err:
        room.join(hosted.code, "one-more")
    assert err.value.key == "class_full"
    assert store.read("SELECT COUNT(*) FROM participants")[0][0] == 5
    assert model.MAX_PARTICIPANTS == 500


def test_a_class_expires_and_a_closed_class_takes_nothing(store):
    clock = Clock()
    room = Classroom(store, clock=clock)
    hosted, pids = open_with_students(room, 1)
    q, _ = weights_question()
    qid = room.ask(hosted.class_id, hosted.token, q)
    clock.now += model.CLASS_TTL_SECONDS + 1
    with pytest.raises(ClassError) as err:
        room.answer(hosted.code, pids[0], qid, 0)
    assert err.value.key == "code_unknown"
    with pytest.raises(ClassError):
        room.host_view(hosted.class_id, hosted.token)
    other = room.open_class()  # opening a class clears the expired ones
    assert store.read("SELECT id FROM classes") == [(other.class_id,)]
    p = room.join(other.code, "c")
    room.close(other.class_id, other.token)
    with pytest.raises(ClassError) as err:
        room.student_view(other.code, p)
    assert err.value.key == "class_over"


def test_a_tampered_question_is_refused(room):
    hosted = room.open_class()
    q, _ = weights_question()
    from dataclasses import replace

    for bad in [replace(q, right=(0, 1, 2)), replace(q, values=(*q.values[:-1], float("nan"))),
                replace(q, choices=("x" * 500, *q.choices[1:])), replace(q, row=99)]:
        with pytest.raises(ClassError):
            room.ask(hosted.class_id, hosted.token, bad)
    assert room.host_view(hosted.class_id, hosted.token).qid == 0


def test_students_answering_at_once_are_all_counted(room):
    n = 40
    hosted, pids = open_with_students(room, n)
    q, _ = weights_question()
    qid = room.ask(hosted.class_id, hosted.token, q)
    choices = [i % len(q.choices) for i in range(n)]
    changed = [(i, (choices[i] + 1) % len(q.choices)) for i in range(0, n, 5)]  # a fifth change their answer
    errors: list[Exception] = []
    start = threading.Barrier(n)

    def student(i: int) -> None:
        try:
            start.wait()
            room.answer(hosted.code, pids[i], qid, choices[i])
            room.answer(hosted.code, pids[i], qid, choices[i])  # a resend
        except Exception as err:  # collected, asserted below
            errors.append(err)

    threads = [threading.Thread(target=student, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for i, c in changed:
        choices[i] = room.answer(hosted.code, pids[i], qid, c)
    tally = room.host_view(hosted.class_id, hosted.token).tally
    assert tally.answered == n and tally.joined == n
    assert list(tally.counts) == [choices.count(j) for j in range(len(q.choices))]


def test_reveal_and_answers_racing_never_count_a_late_answer(room):
    n = 30
    hosted, pids = open_with_students(room, n)
    q, _ = weights_question()
    qid = room.ask(hosted.class_id, hosted.token, q)
    accepted: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(n + 1)

    def student(i: int) -> None:
        start.wait()
        try:
            room.answer(hosted.code, pids[i], qid, 0)
        except ClassError as err:
            assert err.key == "late"
            return
        with lock:
            accepted.append(i)

    threads = [threading.Thread(target=student, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    start.wait()
    final = room.reveal(hosted.class_id, hosted.token, qid)
    for t in threads:
        t.join()
    assert room.host_view(hosted.class_id, hosted.token).tally.counts[0] == len(accepted) == final.counts[0]


def reopened(store):
    """A second store object on the same file or database: what a restarted server (or another replica) opens."""
    from attention_core.classroom.store import PostgresStore, SQLiteStore

    return SQLiteStore(store.folder) if isinstance(store, SQLiteStore) else PostgresStore(store.dsn)


def test_a_restarted_store_keeps_classes_and_answers(store):
    room = Classroom(store, clock=Clock())
    hosted, pids = open_with_students(room, 2)
    q, _ = weights_question()
    qid = room.ask(hosted.class_id, hosted.token, q)
    room.answer(hosted.code, pids[0], qid, 3)
    again = reopened(store)
    try:
        after = Classroom(again, clock=Clock())
        assert after.student_view(hosted.code, pids[0]).mine == 3
        assert after.host_view(hosted.class_id, hosted.token).tally.counts[3] == 1
        after.answer(hosted.code, pids[1], qid, 3)  # another process writes; the first one sees it
        assert room.host_view(hosted.class_id, hosted.token).tally.counts[3] == 2
    finally:
        again.close()


@pytest.mark.parametrize("code", ["", "ZZZZZ", "0O1IL0", "A" * 100, None, 7, "ABCDEF\x00"])
def test_garbage_join_codes_are_refused_and_write_nothing(room, store, code):
    room.open_class()
    with pytest.raises(ClassError) as err:
        room.join(code, "someone")
    assert err.value.key in ("code_format", "code_unknown")
    assert store.read("SELECT COUNT(*) FROM participants")[0][0] == 0


def test_only_counts_leave_the_store(room):
    hosted, pids = open_with_students(room, 3)
    q, _ = weights_question()
    qid = room.ask(hosted.class_id, hosted.token, q)
    room.answer(hosted.code, pids[0], qid, 1)
    room.reveal(hosted.class_id, hosted.token, qid)
    seen = repr(room.host_view(hosted.class_id, hosted.token)) + repr(room.student_view(hosted.code, pids[1]))
    assert not any(pid in seen for pid in pids)


def test_the_setting_chooses_the_store(tmp_path, monkeypatch, pg_server):
    from attention_core.classroom.store import PostgresStore, SQLiteStore, store_from_setting

    monkeypatch.setenv("ATTENTION_CLASS_DIR", str(tmp_path / "here"))
    monkeypatch.delenv("ATTENTION_CLASS_DB", raising=False)
    s = store_from_setting()
    assert isinstance(s, SQLiteStore) and s.path == tmp_path / "here" / "classes.sqlite3" and s.path.exists()
    assert s.read("PRAGMA journal_mode")[0][0] == "wal"
    s.close()
    monkeypatch.setenv("ATTENTION_CLASS_DB", pg_server)
    p = store_from_setting()
    assert isinstance(p, PostgresStore)
    p.close()


def test_joins_are_limited_per_class_in_the_store_across_replicas_and_reconnects(store, monkeypatch):
    monkeypatch.setattr(model, "JOINS_PER_CLASS", 6)
    clock = Clock()
    replicas = [Classroom(store, clock=clock) for _ in range(3)]  # three processes sharing one store
    hosted = replicas[0].open_class()
    for k in range(6):  # every join from a new browser session (a reconnect starts one), spread over the replicas
        replicas[k % 3].join(hosted.code, f"session-{k}")
    with pytest.raises(ClassError) as err:
        replicas[1].join(hosted.code, "session-new")
    assert err.value.key == "too_many_attempts"
    assert store.read("SELECT COUNT(*) FROM participants")[0][0] == 6  # the refused join wrote nothing
    clock.now += model.JOIN_CLASS_WINDOW_SECONDS  # the next window
    assert model.valid_pid(replicas[2].join(hosted.code, "session-later"))


def test_join_attempts_are_limited_per_address_too(room, monkeypatch):
    monkeypatch.setattr(model, "JOINS_PER_ADDRESS", 3)
    fresh = Classroom(room.store, clock=room.clock)
    hosted = fresh.open_class()
    for k in range(3):
        fresh.join(hosted.code, f"session-{k}", "203.0.113.7")
    with pytest.raises(ClassError) as err:
        fresh.join(hosted.code, "session-3", "203.0.113.7")
    assert err.value.key == "too_many_attempts"
    assert model.valid_pid(fresh.join(hosted.code, "session-4", "198.51.100.1"))


def test_the_answer_rate_holds_across_replicas(store):
    clock = Clock()
    a, b = Classroom(store, clock=clock), Classroom(store, clock=clock)
    hosted, pids = open_with_students(a, 1)
    q, _ = weights_question()
    qid = a.ask(hosted.class_id, hosted.token, q)
    for k in range(model.ANSWERS_PER_WINDOW):
        (a, b)[k % 2].answer(hosted.code, pids[0], qid, k % 4)
    with pytest.raises(ClassError) as err:
        b.answer(hosted.code, pids[0], qid, 3)
    assert err.value.key == "too_fast"
    clock.now += model.ANSWER_WINDOW_SECONDS
    assert a.answer(hosted.code, pids[0], qid, 2) == 2
