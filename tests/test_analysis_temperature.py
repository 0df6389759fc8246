"""The document's temperature table: computed values, rounded row sums and the differences from the print."""

import math

import numpy as np

from attention_core import analysis as an


def _softmax(z, t):
    e = [math.exp(v / t) for v in z]
    return [v / sum(e) for v in e]


def test_document_comparison_matches_an_independent_softmax_and_the_printed_table():
    cmp = an.document_comparison()
    assert list(cmp["temps"]) == [0.5, 1.0, 2.0]
    for row, t in enumerate(cmp["temps"]):
        assert np.allclose(cmp["exact"][row], _softmax(an.DOCUMENT_Z, t), rtol=1e-12)
        assert np.isclose(cmp["exact"][row].sum(), 1.0)
    assert np.allclose(cmp["computed"], [[0.86, 0.12, 0.02], [0.66, 0.24, 0.10], [0.50, 0.30, 0.19]])
    assert np.allclose(cmp["printed"], [an.DOCUMENT_TABLE[t] for t in (0.5, 1.0, 2.0)])
    assert np.allclose(cmp["computed_sum"], [1.00, 1.00, 0.99])  # a rounded row need not sum to 1
    assert np.allclose(cmp["printed_sum"], 1.0)
    assert cmp["differs"].tolist() == [[True, False, True], [False, False, False], [True, True, True]]


def test_document_comparison_at_more_decimals_differs_everywhere_the_print_is_approximate():
    cmp = an.document_comparison(decimals=3)
    assert np.allclose(cmp["computed"][1], [0.659, 0.242, 0.099])
    assert cmp["differs"].all()
