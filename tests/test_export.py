"""CSV and LaTeX exports carry every value and label, read back exactly, open in Excel, and are named in both
languages."""

import csv
import io
import re

import numpy as np

from attention_core.analysis import compute
from attention_core.export import CSV_BOM, Matrix, lesson_matrices, to_csv, to_latex
from attention_core.i18n import CATALOGUE, text
from attention_core.scenario import Scenario


def parse_csv(data: str) -> tuple[list[str], list[str], np.ndarray]:
    """Read back what `to_csv` wrote (the byte-order mark dropped): (row labels, column labels, values)."""
    rows = list(csv.reader(io.StringIO(data.removeprefix(CSV_BOM))))
    return [r[0] for r in rows[1:]], rows[0][1:], np.array([[float(v) for v in r[1:]] for r in rows[1:]])


def test_every_matrix_of_the_lesson_is_exported_with_its_labels():
    s, _ = Scenario().with_sentence("슬픈 슬픈 영화였다")
    mats = lesson_matrices(compute(s))
    assert {"X", "W_Q", "W_K", "W_V", "Q", "K", "scores", "weights", "V", "attention", "Z", "LayerNorm",
            "head1_weights", "head2_weights", "multihead_output"} <= set(mats)
    for m in mats.values():
        assert m.values.shape == (len(m.rows), len(m.cols)), m.name
    assert mats["weights"].rows == ("슬픈¹", "슬픈²", "영화였다")


def test_every_matrix_has_a_title_in_both_languages_and_an_ascii_file_name():
    mats = lesson_matrices(compute(Scenario()))
    titles = {lang: [text(lang, f"lecture.mx.{m.key}", **dict(m.params)) for m in mats.values()]
              for lang in ("ko", "en")}
    for m in mats.values():
        assert f"lecture.mx.{m.key}" in CATALOGUE, m.name
        assert re.fullmatch(r"[A-Za-z0-9_]+", m.name), m.name  # attention-<name>.csv is safe everywhere
    assert "헤드 1의 가중치" in titles["ko"] and "head 2 weights" in titles["en"] and "점수 QKᵀ" in titles["ko"]
    assert len(set(titles["ko"])) == len(set(titles["en"])) == len(mats)


def test_axes_are_labelled_in_the_language_asked_for():
    axes = tuple(text("ko", f"axis.{k}") for k in ("emotion", "valence", "entity", "predicate", "modifier",
                                                    "visual", "tense", "person"))
    m = lesson_matrices(compute(Scenario()), axes)["X"]
    assert m.cols[:3] == ("감정", "긍정·부정", "명사성")
    assert to_csv(m).splitlines()[0] == CSV_BOM + "," + ",".join(axes)


def test_csv_starts_with_a_bom_for_excel_and_round_trips():
    m = lesson_matrices(compute(Scenario()))["weights"]
    data = to_csv(m, decimals=6)
    assert data.startswith("\ufeff") and data.encode("utf-8")[:3] == b"\xef\xbb\xbf"
    assert not to_csv(m, bom=False).startswith("\ufeff")
    rows, cols, values = parse_csv(data)
    assert rows == list(m.rows) and cols == list(m.cols)
    np.testing.assert_allclose(values, m.values, atol=5e-7)


def test_latex_bmatrix_has_one_number_format():
    m = lesson_matrices(compute(Scenario()))["W_Q"]
    tex = to_latex(m)
    assert tex.count("\\begin{bmatrix}") == 1 and tex.rstrip().endswith("\\end{bmatrix}")
    body = tex.split("\\begin{bmatrix}\n")[1].split("\n\\end")[0]
    lines = body.split(" \\\\\n")
    assert len(lines) == 8 and all(line.count("&") == 3 for line in lines)
    assert "W\\_Q" in tex and "1.00" in tex and "-0.00" not in tex
    cells = [c.strip() for line in lines for c in line.split("&")]
    assert all(re.fullmatch(r"-?\d+\.\d\d", c) for c in cells), cells  # 0 is 0.00, like 0.50
    assert "0.00" in cells and "0" not in cells
    tiny = Matrix("tiny", np.array([[-1e-4, -0.0, 0.004, -0.5]]), ("a",), ("b", "c", "d", "e"))
    assert to_latex(tiny, labels=False).splitlines()[1] == "  0.00 & 0.00 & 0.00 & -0.50"
    assert to_csv(tiny, bom=False).splitlines()[1] == "a,-0.0001,0.0000,0.0040,-0.5000"
