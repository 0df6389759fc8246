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
from ..attention import softmax
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
MAX_QUESTION_BYTES = 40_000  # 64 words of 40 characters twice, two rows of numbers, the share link (≤ 8,000)
MAX_OPTIONS = 64  # a T guess's options (the app offers 26, and T itself when a link set it between them)
MAX_LINK_CHARS = 8_000  # the frozen state's share link token (codec.MAX_LINK_CHARS)
LINK_PATTERN = re.compile(r"[A-Za-z0-9_=-]*")
# The kinds of question (`Question.mode`): "pick" one word (or dimension) with one tap; "spread" 100 points over the
# words, as the asked word's attention; "tap" the cell of a word × word matrix; "temperature": which T made a row.
MODES = ("pick", "spread", "tap", "temperature")
SPREAD_POINTS = 100
MAX_TAP_WORDS = 8  # a tap grid on a phone's 350 px: 8 columns of 44 px targets beside the row words (it scrolls)
TAP_TARGETS = ("max", "pair")  # the largest cell, or the cell of the pair the lecturer names (row → column)
SOURCES = ("", "document")  # the chart's own row, or the source text's example z = [2.0, 1.0, 0.1] (on ③)
SHOWN_DECIMALS = 2  # rows are shown with two decimals: T options whose rows print the same are all right
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
    """A question put to the class, frozen when asked from the quiz of chart `chart` on page `page`, as the lecturer's
    screen had it (sentence, weights and T frozen with it). `mode` says what the students answer:

    - "pick": for the word `asked` (row `row`), which of `choices` is largest? `values` is that row.
    - "spread": where does the word `asked` put its attention at T = `temperature`? 100 points over `choices` (the
      words); `values` is the true row softmax(`scores` / T), `scores` the row's scores, `options` the app's T
      options (the reveal names the one whose row is closest to the room's mean).
    - "tap": which cell of the word × word matrix (rows `sentence`, columns `choices`, `values` row by row) is the
      largest (`target` "max"), or is the pair `asked` → `choices[col]` (`target` "pair")? A cell is row·n + column.
    - "temperature": `values` is the row of `asked` at a T the students do not see; which of `options` made it?

    `source` "document": the row is the source text's example z = [2.0, 1.0, 0.1] (`choices` its z's) instead of a
    word's. `right` holds every answer that counts as right (ties included); `link` is the frozen state's share link
    token (`?s=`). `kind` says what `choices` are: "word" the sentence's words, "dim" the output's dimensions."""

    page: str
    chart: str
    kind: str  # "word": the choices are the sentence's words; "dim": the output's dimensions
    sentence: tuple[str, ...]
    row: int
    choices: tuple[str, ...]
    values: tuple[float, ...]
    temperature: float
    right: tuple[int, ...]
    mode: str = "pick"
    scores: tuple[float, ...] = ()
    options: tuple[float, ...] = ()
    target: str = ""
    col: int = 0
    source: str = ""
    link: str = ""

    @property
    def asked(self) -> str:
        return self.sentence[self.row]

    @property
    def slots(self) -> int:
        """How many different answers there are (a tally's bars): a tap's cells, a T guess's options, else choices."""
        if self.mode == "tap":
            return len(self.sentence) * len(self.choices)
        if self.mode == "temperature":
            return len(self.options)
        return len(self.choices)

    def cell(self, index: int) -> tuple[int, int]:
        """A tap's answer as (row, column)."""
        return divmod(int(index), len(self.choices))

    def to_json(self) -> str:
        d = {"page": self.page, "chart": self.chart, "kind": self.kind, "sentence": self.sentence, "row": self.row,
             "choices": self.choices, "values": self.values, "temperature": self.temperature, "right": self.right}
        if self.mode != "pick":
            d.update(mode=self.mode, scores=self.scores, options=self.options, target=self.target, col=self.col,
                     source=self.source)
        if self.link:
            d["link"] = self.link
        return json.dumps(d, ensure_ascii=False)

    @staticmethod
    def from_json(text: str) -> Question:
        d = json.loads(text)
        return checked(Question(d["page"], d["chart"], d["kind"], tuple(d["sentence"]), int(d["row"]),
                                tuple(d["choices"]), tuple(float(v) for v in d["values"]),
                                float(d["temperature"]), tuple(int(j) for j in d["right"]),
                                str(d.get("mode", "pick")), tuple(float(v) for v in d.get("scores", ())),
                                tuple(float(v) for v in d.get("options", ())), str(d.get("target", "")),
                                int(d.get("col", 0)), str(d.get("source", "")), str(d.get("link", ""))))


def right_choices(values: Sequence[float]) -> tuple[int, ...]:
    """Every choice tied for the largest value: the single-person quiz's rule (`analysis.winners`) on one row."""
    return tuple(j for _, j in analysis.winners(np.asarray(values, dtype=float).reshape(1, -1)))


def right_cells(values: Sequence[float], n: int, target: str, row: int, col: int) -> tuple[int, ...]:
    """A tap's right cells (row·n + column): every cell tied for the largest (`analysis.winners`), or the pair's."""
    if target == "pair":
        return (row * n + col,)
    return tuple(i * n + j for i, j in analysis.winners(np.asarray(values, dtype=float).reshape(-1, n)))


def option_rows(scores: Sequence[float], options: Sequence[float]) -> np.ndarray:
    """softmax(scores / T) for every T of `options`, one row per option: (len(options), len(scores))."""
    z = np.asarray(scores, dtype=float)
    return np.stack([softmax(z, temperature=t) for t in options])


def right_temperatures(scores: Sequence[float], temperature: float, options: Sequence[float]) -> tuple[int, ...]:
    """The options whose row prints the same as the row at `temperature` (two decimals, as it is shown): a guess the
    screen cannot tell from the true T counts as right. The true T is always one of them."""
    shown = [f"{v:.{SHOWN_DECIMALS}f}" for v in softmax(np.asarray(scores, dtype=float), temperature=temperature)]
    rows = option_rows(scores, options)
    return tuple(k for k, r in enumerate(rows) if [f"{v:.{SHOWN_DECIMALS}f}" for v in r] == shown)


def question_from_matrix(page: str, chart: str, values, rows: Sequence[str], cols: Sequence[str], row: int,
                         temperature: float, kind: str = "word") -> Question:
    """The question "for the word in row `row`, which column is largest?" on a quiz's matrix, frozen now."""
    z = np.asarray(values, dtype=float)
    if z.ndim != 2 or z.shape != (len(rows), len(cols)) or not 0 <= row < len(rows):
        raise ClassError("question_invalid", "This chart cannot be asked as a question.")
    line = tuple(float(v) for v in z[row])
    return checked(Question(page, chart, kind, tuple(str(r) for r in rows), int(row), tuple(str(c) for c in cols),
                            line, float(temperature), right_choices(line)))


def _line(scores, rows: Sequence[str], cols: Sequence[str], row: int) -> tuple[float, ...]:
    z = np.asarray(scores, dtype=float)
    if z.ndim != 2 or z.shape != (len(rows), len(cols)) or not 0 <= row < len(rows):
        raise ClassError("question_invalid", "This chart cannot be asked as a question.")
    return tuple(float(v) for v in z[row])


def spread_question(page: str, chart: str, scores, rows: Sequence[str], cols: Sequence[str], row: int,
                    temperature: float, options: Sequence[float], link: str = "", source: str = "") -> Question:
    """"Where does the word in row `row` put its attention at T?": 100 points over `cols`; `scores` is the score
    matrix (or the source text's example as one row), the true row is softmax(scores[row] / T)."""
    line = _line(scores, rows, cols, row)
    values = tuple(float(v) for v in softmax(np.asarray(line), temperature=float(temperature)))
    return checked(Question(page, chart, "word", tuple(map(str, rows)), int(row), tuple(map(str, cols)), values,
                            float(temperature), right_choices(values), "spread", line,
                            tuple(float(t) for t in options), "", 0, source, link))


def temperature_question(page: str, chart: str, scores, rows: Sequence[str], cols: Sequence[str], row: int,
                         temperature: float, options: Sequence[float], link: str = "",
                         source: str = "") -> Question:
    """"Which T made this row?": the row softmax(scores[row] / T) is shown, the students pick T among `options`
    (which hold T)."""
    line = _line(scores, rows, cols, row)
    options = tuple(float(t) for t in options)
    values = tuple(float(v) for v in softmax(np.asarray(line), temperature=float(temperature)))
    return checked(Question(page, chart, "word", tuple(map(str, rows)), int(row), tuple(map(str, cols)), values,
                            float(temperature), right_temperatures(line, temperature, options), "temperature", line,
                            options, "", 0, source, link))


def tap_question(page: str, chart: str, values, words: Sequence[str], temperature: float, target: str = "max",
                 row: int = 0, col: int = 0, link: str = "") -> Question:
    """"Tap the largest cell" (`target` "max") or "tap the cell of `words[row]` → `words[col]`" (`target` "pair") on
    the word × word matrix `values`."""
    z = np.asarray(values, dtype=float)
    n = len(words)
    if z.shape != (n, n):
        raise ClassError("question_invalid", "This chart cannot be asked as a question.")
    if n > MAX_TAP_WORDS:
        raise ClassError("tap_too_big", "The class taps cells of matrices of at most 8 words.", limit=MAX_TAP_WORDS)
    flat = tuple(float(v) for v in z.ravel())
    words = tuple(map(str, words))
    return checked(Question(page, chart, "word", words, int(row), words, flat, float(temperature),
                            right_cells(flat, n, target, row, col), "tap", (), (), target, int(col), "", link))


def _finite(values: Sequence[float]) -> bool:
    return all(isinstance(v, float) and math.isfinite(v) for v in values)


def _mode_ok(q: Question) -> bool:
    """The fields of `q`'s mode are consistent, and its right answers are what its frozen numbers give."""
    n = len(q.choices)
    if q.mode == "pick":
        return (q.kind in ("word", "dim") and len(q.values) == n and not q.scores and not q.options and not q.target
                and not q.col and not q.source and q.right == right_choices(q.values))
    if q.kind != "word" or q.source not in SOURCES:
        return False
    if q.mode == "tap":
        return (len(q.sentence) == n <= MAX_TAP_WORDS and len(q.values) == n * n and q.target in TAP_TARGETS
                and 0 <= q.col < n and not q.scores and not q.options and not q.source
                and q.right == right_cells(q.values, n, q.target, q.row, q.col))
    if q.mode not in ("spread", "temperature") or q.target or q.col:
        return False
    if not (len(q.values) == len(q.scores) == n and _finite(q.scores) and 0 < len(q.options) <= MAX_OPTIONS
            and _finite(q.options) and all(t > 0 for t in q.options) and list(q.options) == sorted(set(q.options))
            and np.allclose(q.values, softmax(np.asarray(q.scores), temperature=q.temperature), rtol=0, atol=1e-9)):
        return False
    if q.mode == "spread":
        return q.right == right_choices(q.values)
    return (any(abs(t - q.temperature) <= 1e-12 * max(1.0, t) for t in q.options)
            and q.right == right_temperatures(q.scores, q.temperature, q.options))


def checked(q: Question) -> Question:
    """`q` if it is well-formed and small; ClassError otherwise (nothing from outside is taken on trust)."""
    try:
        ok = (
            q.mode in MODES
            and all(isinstance(s, str) and 0 < len(s) <= MAX_LABEL_CHARS for s in (*q.sentence, *q.choices, q.page,
                                                                                 q.chart))
            and 0 < len(q.choices) <= MAX_CHOICES and 0 < len(q.sentence) <= MAX_CHOICES
            and 0 <= q.row < len(q.sentence) and _finite(q.values)
            and isinstance(q.temperature, float) and math.isfinite(q.temperature) and q.temperature > 0
            and isinstance(q.link, str) and len(q.link) <= MAX_LINK_CHARS
            and LINK_PATTERN.fullmatch(q.link) is not None
            and _mode_ok(q)
        )
    except (TypeError, ValueError, InputError):  # a field of the wrong type or shape, or a softmax that cannot run
        ok = False
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
    return _whole(choice) and 0 <= choice < q.slots


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def answer_shape_ok(answer: object) -> bool:
    """Before anything is looked up: a whole number, or a short list of whole numbers from 0 to 100 (a spread)."""
    if isinstance(answer, (list, tuple)):
        return 0 < len(answer) <= MAX_CHOICES and all(_whole(v) and 0 <= v <= SPREAD_POINTS for v in answer)
    return _whole(answer)


_REFUSALS = {
    "pick": ("choice_invalid", "That is not one of the answers."),
    "spread": ("spread_invalid", "A spread gives every word a whole number of points from 0 to 100, and they add up "
                                 "to 100."),
    "tap": ("cell_invalid", "That is not a cell of the matrix."),
    "temperature": ("t_invalid", "That is not one of the T options."),
}


def refusal(q: Question | None) -> ClassError:
    """The refusal of an answer that does not fit question `q` (what its kind takes, in words)."""
    key, message = _REFUSALS[q.mode if q is not None else "pick"]
    return ClassError(key, message, n=len(q.choices) if q is not None else 0, points=SPREAD_POINTS)


def checked_answer(q: Question, answer: object) -> tuple[int, tuple[int, ...] | None]:
    """What is stored for `answer` to `q`: (the choice, the spread or None); ClassError (`refusal`) for anything else.

    A pick, a tap (row·n + column) or a T guess (the option's index) is one whole number in range; a spread is one
    whole number of points from 0 to 100 per word, adding up to 100 (its choice: the first word given the most)."""
    if q.mode == "spread":
        if (not isinstance(answer, (list, tuple)) or len(answer) != len(q.choices)
                or not all(_whole(v) and 0 <= v <= SPREAD_POINTS for v in answer) or sum(answer) != SPREAD_POINTS):
            raise refusal(q)
        shares = tuple(int(v) for v in answer)
        return shares.index(max(shares)), shares
    if not valid_choice(q, answer):
        raise refusal(q)
    return int(answer), None


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
