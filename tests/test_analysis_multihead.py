"""favourite_ties: each row's favourite, ties kept, a uniform row tied everywhere."""

import numpy as np

from attention_core import analysis
from attention_core.scenario import Scenario


def test_favourite_ties_keeps_every_word_tied_for_first():
    w = np.array([[0.1, 0.6, 0.3], [0.4, 0.2, 0.4], [1 / 3, 1 / 3, 1 / 3]])
    assert analysis.favourite_ties(w) == [(1,), (0, 2), (0, 1, 2)]


def test_favourite_ties_starts_with_the_argmax():
    s = Scenario().with_heads(4)
    for head in analysis.compute(s).multi.heads:
        ties = analysis.favourite_ties(head.weights)
        assert [t[0] for t in ties] == list(np.argmax(head.weights, axis=-1))
