"""What a question's answers add up to: the numbers the reveal shows, the CSV and the summary line (numpy only).

A spread is compared with the model's row in points out of 100: the total variation distance
TV(p, q) = ½ Σ_j |p_j − q_j| is how many of the 100 points sit on the wrong words (0: the same spread, 100: no
overlap). The room's spread is the mean of the students' (`mean_spread`); "the room thinks like T = …" names the T
options whose row softmax(scores / T) is closest to that mean by the same TV distance (`best_fit`). Ties count as
ties everywhere: distances that print the same (one decimal) are tied, and every tied option is named.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .model import SPREAD_POINTS, Question, option_rows

DISTANCE_DECIMALS = 1  # distances in points are shown with one decimal: those that print the same are tied


@dataclass(frozen=True)
class Answer:
    """One participant's answer to a question, as the lecturer's results hold it: no id, an index (1, 2, … in an
    order that says nothing about who: the participants' random ids sorted), the answer and when it came."""

    participant: int
    choice: int
    shares: tuple[int, ...] | None  # a spread's points, word by word
    seconds: float  # from the question being asked to the answer's last change


@dataclass(frozen=True)
class Summary:
    """A question's answers added up (aggregates only: nothing here is one student's).

    Every kind: `answered`, `counts` (how many gave each answer: a word, a cell row·n + column, a T option), `right`
    (the right answers) and `right_count` (how many gave one of them). A spread: `model` (the true row in points),
    `mean` (the room's mean spread, points), `tv` (TV distance from `mean` to `model`, points), `fit` (the T options
    tied for closest to the mean), `fit_tv` (each option's TV distance to the mean). A tap: `confused` (taps on the
    transposed cell of a right cell that is not right itself: row and column swapped) and `transposed` (those cells).
    """

    mode: str
    answered: int
    counts: tuple[int, ...]
    right: tuple[int, ...]
    right_count: int
    model: tuple[float, ...] = ()
    mean: tuple[float, ...] = ()
    tv: float = math.nan
    fit: tuple[int, ...] = ()
    fit_tv: tuple[float, ...] = ()
    confused: int = 0
    transposed: tuple[int, ...] = ()


def tv_points(p: Sequence[float], q: Sequence[float]) -> float:
    """Total variation distance between two spreads given in points out of 100: ½ Σ |p_j − q_j|."""
    return 0.5 * float(np.abs(np.asarray(p, dtype=float) - np.asarray(q, dtype=float)).sum())


def model_points(q: Question) -> np.ndarray:
    """The question's true row in points out of 100."""
    return SPREAD_POINTS * np.asarray(q.values, dtype=float)


def mean_spread(spreads: Sequence[Sequence[int]]) -> np.ndarray:
    """The room's spread: the mean of the students' spreads, word by word (points; it adds up to 100)."""
    return np.asarray(spreads, dtype=float).reshape(len(spreads), -1).mean(axis=0)


def tied_smallest(values: Sequence[float], decimals: int = DISTANCE_DECIMALS, tol: float = 1e-9) -> tuple[int, ...]:
    """Every index whose value prints the same as the smallest at `decimals` places, or lies within `tol` of it."""
    v = np.asarray(values, dtype=float)
    low = float(v.min())
    shown = f"{low:.{decimals}f}"
    return tuple(int(k) for k in range(v.size) if v[k] - low <= tol * max(1.0, abs(low))
                 or f"{v[k]:.{decimals}f}" == shown)


def best_fit(mean: Sequence[float], scores: Sequence[float], options: Sequence[float]) -> tuple[np.ndarray, tuple]:
    """Each T option's TV distance (points) from its row softmax(scores / T) to the room's `mean`, and the options
    tied for the closest."""
    rows = SPREAD_POINTS * option_rows(scores, options)  # (k, n)
    distances = 0.5 * np.abs(rows - np.asarray(mean, dtype=float)).sum(axis=1)
    return distances, tied_smallest(distances)


def off_most(shares: Sequence[int], model: Sequence[float]) -> tuple[tuple[int, ...], float, tuple[int, ...], float]:
    """Where one spread differs most from the model: the words given the most too many points (tied ones all) and by
    how much, then the words given the most too few and by how much (points, ≥ 0 both). No word is over (or under)
    when the spread is the model's to the point: then that side is empty and 0."""
    d = np.asarray(shares, dtype=float) - np.asarray(model, dtype=float)
    over = tuple(int(k) for k in tied_smallest(-d)) if d.max() > 0 else ()
    under = tuple(int(k) for k in tied_smallest(d)) if d.min() < 0 else ()
    return over, max(0.0, float(d.max())), under, max(0.0, float(-d.min()))


def transposed_cells(right: Sequence[int], n: int) -> tuple[int, ...]:
    """The cells a student who swapped row and column would tap: each right cell's transpose, when not right too."""
    right = set(right)
    out = []
    for c in sorted(right):
        i, j = divmod(c, n)
        t = j * n + i
        if t not in right and t not in out:
            out.append(t)
    return tuple(out)


def summarise(q: Question, answers: Sequence[Answer]) -> Summary:
    """The question's answers added up (see `Summary`)."""
    counts = np.zeros(q.slots, dtype=int)
    for a in answers:
        if 0 <= a.choice < q.slots:
            counts[a.choice] += 1
    right = tuple(q.right)
    base = {"mode": q.mode, "answered": len(answers), "counts": tuple(int(c) for c in counts), "right": right,
            "right_count": int(sum(counts[j] for j in right))}
    if q.mode == "spread":
        model = model_points(q)
        spreads = [a.shares for a in answers if a.shares is not None]
        if not spreads:
            return Summary(**base, model=tuple(float(v) for v in model))
        mean = mean_spread(spreads)
        distances, fit = best_fit(mean, q.scores, q.options)
        return Summary(**base, model=tuple(float(v) for v in model), mean=tuple(float(v) for v in mean),
                       tv=tv_points(mean, model), fit=fit, fit_tv=tuple(float(d) for d in distances))
    if q.mode == "tap":
        transposed = transposed_cells(right, len(q.choices))
        return Summary(**base, confused=int(sum(counts[c] for c in transposed)), transposed=transposed)
    return Summary(**base)


def distance(q: Question, a: Answer) -> tuple[float, str]:
    """How far one answer is from right, and in what unit: a spread's TV distance to the model ("points"); a pick's or
    a "largest cell" tap's gap below the largest value ("below"; 0 when right); a named pair's cells away
    ("cells"); a T guess's doublings from the true T, |log₂(guess / T)| ("doublings"; 0 when right)."""
    if q.mode == "spread":
        return (tv_points(a.shares, model_points(q)) if a.shares is not None else math.nan), "points"
    if q.mode == "temperature":
        guess = q.options[a.choice]
        return (0.0 if a.choice in q.right else abs(math.log2(guess / q.temperature))), "doublings"
    if q.mode == "tap" and q.target == "pair":
        (i, j), (r, c) = q.cell(a.choice), q.cell(q.right[0])
        return float(abs(i - r) + abs(j - c)), "cells"
    values = np.asarray(q.values, dtype=float)
    return (0.0 if a.choice in q.right else float(values.max() - values[a.choice])), "below"


def answer_text(q: Question, a: Answer) -> str:
    """An answer as the CSV writes it: a spread's points word by word (space-separated, in the words' order), a cell
    as "row word → column word", a T as the number, a word as itself."""
    if q.mode == "spread":
        return " ".join(str(v) for v in a.shares or ())
    if q.mode == "tap":
        i, j = q.cell(a.choice)
        return f"{q.sentence[i]} → {q.choices[j]}"
    if q.mode == "temperature":
        return f"{q.options[a.choice]:g}"
    return q.choices[a.choice]


CSV_COLUMNS = ("question", "kind", "state_link", "participant", "answer", "distance", "distance_unit",
               "seconds_from_ask")


def _cell(value: str) -> str:
    """A CSV cell that a spreadsheet reads as text, never as a formula (a word may start with = + - @)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def results_csv(qid: int, q: Question, answers: Sequence[Answer], state_link: str, summary_line: str) -> str:
    """One question's results: a header, one row per answer (anonymous participant index, the answer, its distance,
    seconds from the question being asked), then one row "summary" with the lecturer's summary line as its answer."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for a in sorted(answers, key=lambda a: a.participant):
        d, unit = distance(q, a)
        w.writerow([qid, q.mode, state_link, a.participant, _cell(answer_text(q, a)),
                    "" if math.isnan(d) else f"{d:.{DISTANCE_DECIMALS + 1}f}", unit, f"{a.seconds:.1f}"])
    w.writerow([qid, q.mode, state_link, "summary", _cell(summary_line), "", "", ""])
    return out.getvalue()
