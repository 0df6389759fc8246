"""CSV and LaTeX exports carry every value and label, and read back exactly."""

import numpy as np

from attention_core.analysis import compute
from attention_core.export import lesson_matrices, parse_csv, to_csv, to_latex
from attention_core.scenario import Scenario


def test_every_matrix_of_the_lesson_is_exported_with_its_labels():
    s, _ = Scenario().with_sentence("슬픈 슬픈 영화였다")
    mats = lesson_matrices(compute(s))
    assert {"X", "W_Q", "W_K", "W_V", "Q", "K", "scores", "weights", "V", "attention", "Z", "LayerNorm",
            "head1_weights", "head2_weights", "multihead_output"} <= set(mats)
    for m in mats.values():
        assert m.values.shape == (len(m.rows), len(m.cols)), m.name
    assert mats["weights"].rows == ("슬픈¹", "슬픈²", "영화였다")


def test_csv_round_trips():
    m = lesson_matrices(compute(Scenario()))["weights"]
    rows, cols, values = parse_csv(to_csv(m, decimals=6))
    assert rows == list(m.rows) and cols == list(m.cols)
    np.testing.assert_allclose(values, m.values, atol=5e-7)


def test_latex_bmatrix():
    m = lesson_matrices(compute(Scenario()))["W_Q"]
    tex = to_latex(m)
    assert tex.count("\\begin{bmatrix}") == 1 and tex.rstrip().endswith("\\end{bmatrix}")
    body = tex.split("\\begin{bmatrix}\n")[1].split("\n\\end")[0]
    lines = body.split(" \\\\\n")
    assert len(lines) == 8 and all(line.count("&") == 3 for line in lines)
    assert "W\\_Q" in tex and "1.00" in tex and "-0.00" not in tex
