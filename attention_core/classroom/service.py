"""The class's operations over a store: what the lecturer and the students may do, checked on the server.

Lecturer actions take the class id and the host token (only its hash is stored) and check it in the same
transaction that writes. Student requests name the class by its code and themselves by their participant id;
each is validated (format, size, membership, the open question, a valid choice, the rate) before anything is
written, and a refused one writes nothing. Only counts ever leave: who answered what stays in the store.
"""

from __future__ import annotations

import functools
import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from . import model, results
from .model import ClassError, Question, Tally
from .results import Answer, Summary
from .store import Store, store_from_setting


@dataclass(frozen=True)
class Hosted:
    """A class as its lecturer holds it: the id, the join code and the secret host token (never shown)."""

    class_id: str
    code: str
    token: str


@dataclass(frozen=True)
class HostView:
    code: str
    expires: float
    qid: int  # the current question (0: none asked yet)
    question: Question | None
    tally: Tally | None


@dataclass(frozen=True)
class StudentView:
    qid: int
    question: Question | None
    revealed: bool
    mine: int | None  # this participant's answer to the current question (a spread's: its first most-given word)
    tally: Tally | None  # only once revealed
    shares: tuple[int, ...] | None = None  # this participant's spread, when the question asks for one
    summary: Summary | None = None  # the room's answers added up (aggregates only), once revealed


def _over(message: str = "This class has ended.") -> ClassError:
    return ClassError("class_over", message)


class Classroom:
    """Every class of a store. Thread-safe: the store serialises what must be, the limiters lock themselves."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 max_participants: int = model.MAX_PARTICIPANTS, ttl: float = model.CLASS_TTL_SECONDS) -> None:
        self.store, self.clock, self.max_participants, self.ttl = store, clock, max_participants, ttl
        self.joins = model.RateLimiter(model.JOINS_PER_WINDOW, model.JOIN_WINDOW_SECONDS)
        self.addresses = model.RateLimiter(model.JOINS_PER_ADDRESS, model.JOIN_ADDRESS_WINDOW_SECONDS)

    def _spend(self, run, scope: str, key: str, limit: int, window: float) -> bool:
        """Count one more `scope` event for `key` in the store, in the current window of `window` s (fixed windows);
        False once more than `limit` were counted. In the caller's transaction: a refused request rolls it back."""
        slot = int(self.clock() // window)
        rows = run("INSERT INTO rates (scope, key, slot, n, until) VALUES (?, ?, ?, 1, ?) "
                   "ON CONFLICT (scope, key, slot) DO UPDATE SET n = rates.n + 1 RETURNING n",
                   (scope, key, slot, (slot + 1) * window))
        return int(rows[0][0]) <= limit

    # the lecturer

    def open_class(self) -> Hosted:
        now = self.clock()
        token, class_id = model.new_token(), model.new_id()
        with self.store.tx() as run:
            run("DELETE FROM classes WHERE expires <= ?", (now,))
            run("DELETE FROM rates WHERE until <= ?", (now,))
            code = model.new_code()
            while run("SELECT 1 FROM classes WHERE code = ?", (code,)):
                code = model.new_code()
            run("INSERT INTO classes (id, code, host_hash, created, expires, closed, current_qid) "
                "VALUES (?, ?, ?, ?, ?, 0, 0)", (class_id, code, model.token_hash(token), now, now + self.ttl))
        return Hosted(class_id, code, token)

    def _host(self, run, class_id: object, token: object, lock: bool = False) -> tuple:
        if not model.valid_class_id(class_id):
            raise ClassError("not_host", "Only the lecturer who opened this class can do this.")
        rows = run("SELECT code, host_hash, expires, closed, current_qid FROM classes WHERE id = ?"
                   + (self.store.lock_update if lock else ""), (class_id,))
        if not rows or not model.token_matches(token, rows[0][1]):
            raise ClassError("not_host", "Only the lecturer who opened this class can do this.")
        code, _, expires, closed, qid = rows[0]
        if closed or expires <= self.clock():
            raise _over()
        return code, expires, qid

    def ask(self, class_id: str, token: str, question: Question) -> int:
        """Put `question` to the class (the previous one, if still open, stays as it was); its number. The same
        question asked again within model.ASK_AGAIN_SECONDS while still open is the one already out (a double
        click, or a click Streamlit's browser side sent twice): its number, nothing written."""
        question = model.checked(question)
        body = question.to_json()
        with self.store.tx() as run:
            _, _, qid = self._host(run, class_id, token, lock=True)
            if qid:
                (same_body, revealed, asked), = run("SELECT body, revealed, asked FROM questions WHERE class_id = ? "
                                                    "AND qid = ?", (class_id, qid))
                if same_body == body and not revealed and self.clock() - asked < model.ASK_AGAIN_SECONDS:
                    return qid
            qid += 1
            run("DELETE FROM rates WHERE until <= ?", (self.clock(),))  # the last question's answer counts
            run("INSERT INTO questions (class_id, qid, body, revealed, asked) VALUES (?, ?, ?, 0, ?)",
                (class_id, qid, body, self.clock()))
            run("UPDATE classes SET current_qid = ? WHERE id = ?", (qid, class_id))
        return qid

    def reveal(self, class_id: str, token: str, qid: int) -> Tally:
        """Close question `qid` to answers and show its right answer; its final tally."""
        with self.store.tx() as run:
            self._host(run, class_id, token, lock=True)
            if not run("SELECT 1 FROM questions WHERE class_id = ? AND qid = ?" + self.store.lock_update,
                       (class_id, qid)):
                raise ClassError("no_question", "There is no question to answer right now.")
            run("UPDATE questions SET revealed = 1 WHERE class_id = ? AND qid = ?", (class_id, qid))
        return self.host_view(class_id, token).tally

    def close(self, class_id: str, token: str) -> None:
        with self.store.tx() as run:
            self._host(run, class_id, token, lock=True)
            run("UPDATE classes SET closed = 1 WHERE id = ?", (class_id,))

    def host_view(self, class_id: str, token: str) -> HostView:
        """The class as its lecturer sees it: code, the current question and its tally (counts only)."""
        code, expires, qid = self._host(self.store.read, class_id, token)
        question, tally = self._question(class_id, qid) if qid else (None, None)
        return HostView(code, expires, qid, question, tally)

    def _question(self, class_id: str, qid: int) -> tuple[Question, Tally]:
        rows = self.store.read("SELECT body, revealed FROM questions WHERE class_id = ? AND qid = ?", (class_id, qid))
        question = _parsed(rows[0][0])
        revealed = bool(rows[0][1])
        joined = self.store.read("SELECT COUNT(*) FROM participants WHERE class_id = ?", (class_id,))[0][0]
        counts = [0] * question.slots
        for choice, n in self.store.read("SELECT choice, COUNT(*) FROM answers WHERE class_id = ? AND qid = ? "
                                         "GROUP BY choice", (class_id, qid)):
            if 0 <= choice < len(counts):
                counts[choice] = int(n)
        tally = Tally(qid, int(joined), sum(counts), tuple(counts), revealed, question.right if revealed else ())
        return question, tally

    # the students

    def _class(self, run, code: str, lock: bool = False) -> tuple[str, int]:
        rows = run("SELECT id, expires, closed, current_qid FROM classes WHERE code = ?"
                   + (self.store.lock_update if lock else ""), (code,))
        if not rows or rows[0][1] <= self.clock():
            raise ClassError("code_unknown", "No class has this code (or it has ended).", code=code)
        if rows[0][2]:
            raise _over()
        return rows[0][0], rows[0][3]

    def join(self, code: object, client: str, address: str | None = None) -> str:
        """A new anonymous participant of the class with this code: their id. Attempts are limited per client (a
        browser session) and per `address` (the connection's, when known) in this process, and per class in the
        store."""
        too_many = ClassError("too_many_attempts", "Too many tries; wait a minute, then try again.")
        if not self.joins.allow(str(client)[: model.MAX_INPUT_CHARS]):
            raise too_many
        if address and not self.addresses.allow(str(address)[: model.MAX_INPUT_CHARS]):
            raise too_many
        code = model.normalise_code(code)
        pid = model.new_id()
        with self.store.tx() as run:
            class_id, _ = self._class(run, code, lock=True)
            if not self._spend(run, "join", class_id, model.JOINS_PER_CLASS, model.JOIN_CLASS_WINDOW_SECONDS):
                raise too_many
            joined = run("SELECT COUNT(*) FROM participants WHERE class_id = ?", (class_id,))[0][0]
            if joined >= self.max_participants:
                raise ClassError("class_full", "This class is full.", limit=self.max_participants)
            run("INSERT INTO participants (class_id, pid, joined) VALUES (?, ?, ?)", (class_id, pid, self.clock()))
        return pid

    def _member(self, run, code: object, pid: object) -> tuple[str, int]:
        code = model.normalise_code(code)
        if not model.valid_pid(pid):
            raise ClassError("pid_unknown", "This device is not in the class; join again.")
        class_id, qid = self._class(run, code)
        if not run("SELECT 1 FROM participants WHERE class_id = ? AND pid = ?", (class_id, pid)):
            raise ClassError("pid_unknown", "This device is not in the class; join again.")
        return class_id, qid

    def student_view(self, code: object, pid: object) -> StudentView:
        """What a participant sees: the current question, their own answer, and the counts once revealed (with the
        room's answers added up: aggregates, never another participant's answer)."""
        class_id, qid = self._member(self.store.read, code, pid)
        if not qid:
            return StudentView(0, None, False, None, None)
        question, tally = self._question(class_id, qid)
        mine = self.store.read("SELECT choice, shares FROM answers WHERE class_id = ? AND qid = ? AND pid = ?",
                               (class_id, qid, pid))
        summary = results.summarise(question, self._answers(class_id, qid)) if tally.revealed else None
        return StudentView(qid, question, tally.revealed, mine[0][0] if mine else None,
                           tally if tally.revealed else None, _shares(mine[0][1]) if mine else None, summary)

    def answers(self, class_id: str, token: str, qid: int) -> tuple[Question, tuple[Answer, ...]]:
        """Question `qid` and its answers, for its lecturer only: anonymous (participants numbered 1, 2, … by their
        random ids, never named), with each answer's time from the question being asked."""
        self._host(self.store.read, class_id, token)
        rows = self.store.read("SELECT body FROM questions WHERE class_id = ? AND qid = ?", (class_id, qid))
        if not rows:
            raise ClassError("no_question", "There is no question to answer right now.")
        return _parsed(rows[0][0]), self._answers(class_id, qid)

    def _answers(self, class_id: str, qid: int) -> tuple[Answer, ...]:
        index = {pid: k + 1 for k, pid in enumerate(sorted(
            row[0] for row in self.store.read("SELECT pid FROM participants WHERE class_id = ?", (class_id,))))}
        rows = self.store.read("SELECT a.pid, a.choice, a.shares, a.updated - q.asked FROM answers a JOIN questions q "
                               "ON q.class_id = a.class_id AND q.qid = a.qid WHERE a.class_id = ? AND a.qid = ?",
                               (class_id, qid))
        return tuple(sorted((Answer(index.get(pid, 0), int(choice), _shares(shares), max(0.0, float(seconds)))
                             for pid, choice, shares, seconds in rows), key=lambda a: a.participant))

    def answer(self, code: object, pid: object, qid: object, answer: object) -> int | tuple[int, ...]:
        """Record (or change) this participant's answer to the open question `qid`; the answer received.

        What an answer is depends on the question's kind (`model.checked_answer`): one whole number (a word, a cell
        row·n + column, a T option's index) or a spread (a whole number of points per word, adding up to 100). An
        idempotent upsert keyed by (class, question, participant): sending it again changes nothing, a new answer
        replaces the old one. Refused, writing nothing: a question that is not the open one, a revealed question
        (a late answer), an answer the question does not take, too many answers in a short time.
        """
        if not isinstance(qid, int) or isinstance(qid, bool) or not model.answer_shape_ok(answer):
            raise ClassError("choice_invalid", "That is not one of the answers.")
        with self.store.tx() as run:
            class_id, current = self._member(run, code, pid)
            if not self._spend(run, "answer", f"{class_id}:{pid}", model.ANSWERS_PER_WINDOW,
                               model.ANSWER_WINDOW_SECONDS):
                raise ClassError("too_fast", "Too many answers in a short time; wait a few seconds.")
            rows = run("SELECT body, revealed FROM questions WHERE class_id = ? AND qid = ?" + self.store.lock_share,
                       (class_id, qid))
            if not rows or qid != current:
                raise ClassError("question_changed", "This question is no longer asked.")
            if rows[0][1]:
                raise ClassError("late", "The answer has been revealed: answers are closed.")
            choice, shares = model.checked_answer(_parsed(rows[0][0]), answer)
            run("INSERT INTO answers (class_id, qid, pid, choice, updated, shares) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (class_id, qid, pid) DO UPDATE SET choice = excluded.choice, updated = excluded.updated, "
                "shares = excluded.shares",
                (class_id, qid, pid, choice, self.clock(), json.dumps(shares) if shares is not None else None))
        return shares if shares is not None else choice


def _shares(raw: str | None) -> tuple[int, ...] | None:
    """A stored spread (JSON written by `answer`), or None."""
    return None if raw is None else tuple(int(v) for v in json.loads(raw))


@functools.lru_cache(maxsize=256)
def _parsed(body: str) -> Question:
    return Question.from_json(body)


_OPEN: dict[tuple[str, str], Classroom] = {}
_OPEN_LOCK = threading.Lock()


def open_store(setting: str | None = None, folder: str | None = None) -> Classroom:
    """The process's one `Classroom` for this setting (made once): ATTENTION_CLASS_DB / ATTENTION_CLASS_DIR."""
    setting = setting if setting is not None else os.environ.get("ATTENTION_CLASS_DB", "")
    folder = folder if folder is not None else os.environ.get("ATTENTION_CLASS_DIR", "")
    with _OPEN_LOCK:
        room = _OPEN.get((setting, folder))
        if room is None:
            room = _OPEN[(setting, folder)] = Classroom(store_from_setting(setting, folder or None))
        return room
