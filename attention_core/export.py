"""Matrices out of the app: CSV for spreadsheets and LaTeX `bmatrix` for slides and exams."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

import numpy as np

from .analysis import Lesson
from .lexicon import AXIS_KEYS
from .scenario import WEIGHTS, weight_columns


@dataclass(frozen=True)
class Matrix:
    """A named matrix with its row and column labels; `name` is ASCII (file names), `key` and `params` its
    translated title ("mx.<key>" in attention_core.i18n)."""

    name: str
    values: np.ndarray
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    key: str = ""
    params: tuple[tuple[str, object], ...] = ()


def lesson_matrices(lesson: Lesson, axes: tuple[str, ...] = AXIS_KEYS) -> dict[str, Matrix]:
    """Every matrix of the lesson, by a short ASCII name safe in any file name, in the order of the steps.

    `axes` labels the named axes (e.g. translated); words label the rows of per-word matrices."""
    s, tr, mh = lesson.scenario, lesson.trace, lesson.multi
    words = s.labels
    axes = tuple(axes)
    q_dims, k_dims = weight_columns("w_q", s.d_k), weight_columns("w_k", s.d_k)
    v_dims = weight_columns("w_v", s.w_v.shape[1])
    out = [
        Matrix("X", s.x, words, axes),
        *(Matrix(WEIGHTS[name][0], getattr(s, name), axes, weight_columns(name, getattr(s, name).shape[1]))
          for name in WEIGHTS),
        Matrix("Q", tr.q, words, q_dims),
        Matrix("K", tr.k, words, k_dims),
        Matrix("scores", tr.scores, words, words),
        Matrix("weights", tr.weights, words, words),
        Matrix("V", tr.v, words, v_dims),
        Matrix("attention", tr.output, words, v_dims),
        Matrix("Z", lesson.residual, words, axes),
        Matrix("LayerNorm", lesson.normalized, words, axes),
    ]
    out = [Matrix(m.name, m.values, m.rows, m.cols, m.name) for m in out]
    for h, head in enumerate(mh.heads):
        out.append(Matrix(f"head{h + 1}_weights", head.weights, words, words, "head_weights", (("h", h + 1),)))
    out.append(Matrix("multihead_output", mh.output, words, axes, "multihead_output"))
    return {m.name: m for m in out}


CSV_BOM = "\ufeff"  # lets Excel (Korean Windows too) read the file as UTF-8


def to_csv(m: Matrix, decimals: int = 4, bom: bool = True) -> str:
    """The matrix as CSV with a header row of column labels and a first column of row labels; starts with a
    UTF-8 byte-order mark unless `bom` is False, so spreadsheets read the Hangul labels right."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(["", *m.cols])
    for label, row in zip(m.rows, m.values, strict=True):
        w.writerow([label, *(_number(v, decimals) for v in row)])
    return (CSV_BOM if bom else "") + buf.getvalue()


_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
                  "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(c, c) for c in text)


def to_latex(m: Matrix, decimals: int = 2, labels: bool = True) -> str:
    """The matrix as an amsmath `bmatrix`, optionally preceded by a comment naming rows and columns."""
    body = " \\\\\n".join("  " + " & ".join(_number(v, decimals) for v in row) for row in m.values)
    head = ""
    if labels:
        head = (f"% {latex_escape(m.name)}: rows = {', '.join(map(latex_escape, m.rows))}\n"
                f"% columns = {', '.join(map(latex_escape, m.cols))}\n")
    return f"{head}\\begin{{bmatrix}}\n{body}\n\\end{{bmatrix}}\n"


def _number(v: float, decimals: int) -> str:
    """Every number with exactly `decimals` places (0 as 0.00, never −0.00)."""
    text = f"{v:.{decimals}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text
