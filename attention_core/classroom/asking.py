"""What a lecturer (or a lesson scene) asks, and the question it freezes from a state (no Streamlit here).

An `Ask` names the kind of question and what it is about (the word's row, a named cell, the source text's example,
the T asked about); `freeze(page, ask, scenario, view)` computes the frozen `Question` from the state, with the
state's share link. Each kind is asked from the screen it belongs to (`KINDS`): its quiz's chart (`QUIZ_CHART`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from .. import analysis, codec
from ..registry import T_MAX, T_MIN, t_options
from ..scenario import Scenario, View
from .model import (
    MAX_TAP_WORDS,
    MODES,
    SOURCES,
    TAP_TARGETS,
    ClassError,
    Question,
    question_from_matrix,
    spread_question,
    tap_question,
    temperature_question,
)

QUIZ_CHART = {"score": "scores", "temperature": "weights", "value": "output"}  # the quiz a question hangs under
KINDS = {  # the kinds of question each screen asks (② ③ ④)
    "score": ("pick", "spread", "tap"),
    "temperature": ("pick", "spread", "tap", "temperature"),
    "value": ("pick", "spread"),
}
DOCUMENT_PAGE = "temperature"  # the source text's example z = [2.0, 1.0, 0.1] is asked on ③
DOCUMENT_KINDS = ("spread", "temperature")


def document_labels() -> tuple[str, ...]:
    """The source text's example's z's as ③ labels them: z₁ = 2.0, z₂ = 1.0, z₃ = 0.1."""
    return tuple(f"z{'₁₂₃'[k]} = {z:.1f}" for k, z in enumerate(analysis.DOCUMENT_Z))


@dataclass(frozen=True)
class Ask:
    """A question to put: its kind (`model.MODES`), the word's row (or the named cell's row and `col`), a tap's
    `target` ("max" or "pair"), the `source` ("document": the source text's example), and the T it is about
    (`t`; None: the state's own T)."""

    kind: str
    row: int = 0
    col: int = 0
    target: str = "max"
    source: str = ""
    t: float | None = None


def problem(page: str, ask: Ask, n: int) -> str:
    """"" when `ask` can be asked on `page` of a state of `n` words; else what is wrong (a field's name)."""
    if page not in KINDS or ask.kind not in MODES or ask.kind not in KINDS[page]:
        return "kind"
    if ask.source not in SOURCES or (ask.source and (page != DOCUMENT_PAGE or ask.kind not in DOCUMENT_KINDS)):
        return "source"
    if ask.target not in TAP_TARGETS:
        return "target"
    if not 0 <= ask.row < (1 if ask.source else n) or not 0 <= ask.col < n:
        return "row"
    if ask.kind == "tap" and n > MAX_TAP_WORDS:
        return "words"
    if ask.t is not None and not (isinstance(ask.t, float) and math.isfinite(ask.t) and T_MIN <= ask.t <= T_MAX):
        return "t"
    return ""


def freeze(page: str, ask: Ask, scenario: Scenario, view: View | None = None) -> Question:
    """The question `ask` on `page`, frozen from `scenario` (at T = `ask.t` when given), with the share link of that
    state; ClassError when it cannot be asked there."""
    why = problem(page, ask, scenario.n)
    if why == "words":
        raise ClassError("tap_too_big", "The class taps cells of matrices of at most 8 words.", limit=MAX_TAP_WORDS)
    if why:
        raise ClassError("question_invalid", "This chart cannot be asked as a question.")
    s = scenario if ask.t is None else scenario.with_temperature(ask.t)
    t = float(s.temperature)
    link = codec.encode_link(s, replace(view or View(), presenter=False))  # the page is the link's path
    tr = analysis.compute(s).trace
    words = tuple(s.labels)
    chart = QUIZ_CHART[page]
    options = t_options(t)
    if ask.source == "document":
        z = np.asarray([analysis.DOCUMENT_Z], dtype=float)
        maker = spread_question if ask.kind == "spread" else temperature_question
        return maker(page, chart, z, ("z",), document_labels(), 0, t, options, link=link, source="document")
    if ask.kind == "spread":
        return spread_question(page, chart, tr.scores, words, words, ask.row, t, options, link=link)
    if ask.kind == "temperature":
        return temperature_question(page, chart, tr.scores, words, words, ask.row, t, options, link=link)
    if ask.kind == "tap":
        matrix = tr.scores if page == "score" else tr.weights
        return tap_question(page, chart, matrix, words, t, ask.target, ask.row, ask.col, link=link)
    if page == "value":
        dims = tuple(f"v{c + 1}" for c in range(tr.output.shape[1]))
        q = question_from_matrix(page, chart, tr.output, words, dims, ask.row, t, "dim")
    else:
        q = question_from_matrix(page, chart, tr.scores if page == "score" else tr.weights, words, words, ask.row, t)
    return replace(q, link=link)
