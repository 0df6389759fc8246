"""The class's rules: join codes, host tokens, participant ids, limits, the frozen question and its right answers.

Plain Python and numpy (through `analysis`): nothing here draws, stores or imports Streamlit.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .. import analysis
from ..errors import InputError

# Codes a student types from the projector: no 0/O, no 1/I/L (and no lower case, so no l either).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CODE_PATTERN = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
PID_PATTERN = re.compile(r"[A-Za-z0-9_-]{16}")
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{16}")
MAX_INPUT_CHARS = 64  # a code or id longer than this is garbage, whatever it holds

MAX_PARTICIPANTS = 500  # per class
CLASS_TTL_SECONDS = 4 * 3600  # a class ends by itself this long after it was opened
MAX_CHOICES = 64  # a question's choices (the app's sentences have at most 64 words)
MAX_LABEL_CHARS = 40
MAX_QUESTION_BYTES = 20_000
# Rates. In the store (they hold across reconnects and replicas): a participant's answers, changes included, and the
# joins of one class (a 300-seat hall joins within a minute; a script joining in a loop is slowed to 5 a second).
# In the process, on top: join attempts, right or wrong codes, per browser session and per address (a whole room
# behind one school router shares an address, and behind a proxy every student has the proxy's: generous).
ANSWERS_PER_WINDOW, ANSWER_WINDOW_SECONDS = 8, 10.0
JOINS_PER_CLASS, JOIN_CLASS_WINDOW_SECONDS = 300, 60.0
JOINS_PER_WINDOW, JOIN_WINDOW_SECONDS = 10, 60.0  # per browser session
JOINS_PER_ADDRESS, JOIN_ADDRESS_WINDOW_SECONDS = 600, 600.0
ASK_AGAIN_SECONDS = 5.0  # the same question asked again this soon, still open, is the one already out (a double click)


class ClassError(InputError):
    """A refused class request; `key` names its message ("classroom.err_<key>"), nothing was written."""

    def __init__(self, key: str, message: str, **params: object) -> None:
        super().__init__(key, message, **params)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """The lecturer's secret (32 random bytes); only its hash is stored."""
    return secrets.token_urlsafe(32)


def new_id() -> str:
    """A class id or a participant id: 16 URL-safe characters (96 random bits)."""
    return secrets.token_urlsafe(12)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: object, stored_hash: str) -> bool:
    if not isinstance(token, str) or len(token) > 2 * MAX_INPUT_CHARS:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def normalise_code(raw: object) -> str:
    """A typed or linked code in its canonical form (upper case, spaces and dashes dropped), or ClassError."""
    if not isinstance(raw, str) or len(raw) > MAX_INPUT_CHARS:
        raise ClassError("code_format", "A class code has 6 letters and digits.", length=CODE_LENGTH)
    code = re.sub(r"[\s-]", "", raw).upper()
    if not CODE_PATTERN.fullmatch(code):
        raise ClassError("code_format", "A class code has 6 letters and digits.", length=CODE_LENGTH)
    return code


def valid_pid(pid: object) -> bool:
    return isinstance(pid, str) and PID_PATTERN.fullmatch(pid) is not None


def valid_class_id(cid: object) -> bool:
    return isinstance(cid, str) and ID_PATTERN.fullmatch(cid) is not None


@dataclass(frozen=True)
class Question:
    """A question put to the class, frozen when asked: in the chart `chart` of page `page`, for the word
    `asked` (row `row`), which of `choices` is largest? `values` is that row as the lecturer's screen had it
    (sentence, weights and T frozen with it); `right` every choice tied for the largest (`analysis.winners`)."""

    page: str
    chart: str
    kind: str  # "word": the choices are the sentence's words; "dim": the output's dimensions
    sentence: tuple[str, ...]
    row: int
    choices: tuple[str, ...]
    values: tuple[float, ...]
    temperature: float
    right: tuple[int, ...]

    @property
    def asked(self) -> str:
        return self.sentence[self.row]

    def to_json(self) -> str:
        return json.dumps({"page": self.page, "chart": self.chart, "kind": self.kind, "sentence": self.sentence,
                           "row": self.row, "choices": self.choices, "values": self.values,
                           "temperature": self.temperature, "right": self.right}, ensure_ascii=False)

    @staticmethod
    def from_json(text: str) -> Question:
        d = json.loads(text)
        return checked(Question(d["page"], d["chart"], d["kind"], tuple(d["sentence"]), int(d["row"]),
                                tuple(d["choices"]), tuple(float(v) for v in d["values"]),
                                float(d["temperature"]), tuple(int(j) for j in d["right"])))


def right_choices(values: Sequence[float]) -> tuple[int, ...]:
    """Every choice tied for the largest value: the single-person quiz's rule (`analysis.winners`) on one row."""
    return tuple(j for _, j in analysis.winners(np.asarray(values, dtype=float).reshape(1, -1)))


def question_from_matrix(page: str, chart: str, values, rows: Sequence[str], cols: Sequence[str], row: int,
                         temperature: float, kind: str = "word") -> Question:
    """The question "for the word in row `row`, which column is largest?" on a quiz's matrix, frozen now."""
    z = np.asarray(values, dtype=float)
    if z.ndim != 2 or z.shape != (len(rows), len(cols)) or not 0 <= row < len(rows):
        raise ClassError("question_invalid", "This chart cannot be asked as a question.")
    line = tuple(float(v) for v in z[row])
    return checked(Question(page, chart, kind, tuple(str(r) for r in rows), int(row), tuple(str(c) for c in cols),
                            line, float(temperature), right_choices(line)))


def checked(q: Question) -> Question:
    """`q` if it is well-formed and small; ClassError otherwise (nothing from outside is taken on trust)."""
    ok = (
        q.kind in ("word", "dim")
        and all(isinstance(s, str) and 0 < len(s) <= MAX_LABEL_CHARS for s in (*q.sentence, *q.choices, q.page,
                                                                             q.chart))
        and 0 < len(q.choices) <= MAX_CHOICES and 0 < len(q.sentence) <= MAX_CHOICES
        and 0 <= q.row < len(q.sentence) and len(q.values) == len(q.choices)
        and all(math.isfinite(v) for v in q.values) and math.isfinite(q.temperature) and q.temperature > 0
        and q.right == right_choices(q.values)
    )
    if not ok or len(q.to_json().encode()) > MAX_QUESTION_BYTES:
        raise ClassError("question_invalid", "This chart cannot be asked as a question.")
    return q


@dataclass(frozen=True)
class Tally:
    """What anyone may see of a question: counts only. `right` is empty until the reveal."""

    qid: int
    joined: int
    answered: int
    counts: tuple[int, ...]
    revealed: bool
    right: tuple[int, ...] = ()


def valid_choice(q: Question, choice: object) -> bool:
    return isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < len(q.choices)


class RateLimiter:
    """At most `limit` events per `window` seconds per key (a sliding window), thread-safe, bounded in keys."""

    def __init__(self, limit: int, window: float, max_keys: int = 50_000, clock=time.monotonic) -> None:
        self.limit, self.window, self.max_keys, self._clock = limit, window, max_keys, clock
        self._lock = threading.Lock()
        self._events: dict[str, deque[float]] = {}

    def allow(self, key: str) -> bool:
        with self._lock:
            now = self._clock()
            q = self._events.get(key)
            if q is None:
                if len(self._events) >= self.max_keys:
                    self._prune(now)
                q = self._events[key] = deque()
            while q and now - q[0] > self.window:
                q.popleft()
            if len(q) >= self.limit:
                return False
            q.append(now)
            return True

    def _prune(self, now: float) -> None:
        for key in [k for k, q in self._events.items() if not q or now - q[-1] > self.window]:
            del self._events[key]
        while len(self._events) >= self.max_keys:  # all busy: forget the oldest
            del self._events[next(iter(self._events))]
