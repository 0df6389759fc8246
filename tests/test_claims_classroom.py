"""What the class's screens say is true: the question's right answers are the words the asked word attends to
most at the frozen T (ties, as the screen prints them, count as right), in every preset and at every T."""

from __future__ import annotations

import numpy as np
import pytest

from attention_core import presets, self_attention
from attention_core.classroom.model import question_from_matrix
from attention_core.registry import T_OPTIONS
from attention_core.scenario import Scenario


@pytest.mark.parametrize("preset", presets.SINGLE_HEAD_PRESETS)
def test_the_right_answer_is_what_the_asked_word_attends_to_most(preset):
    base = Scenario().with_preset(preset)
    for t in T_OPTIONS:
        s = base.with_temperature(t)
        w = self_attention(s.x, s.w_q, s.w_k, s.w_v, temperature=t).weights  # the math, not the app's lesson
        for row in range(s.n):
            q = question_from_matrix("temperature", "weights", w, s.labels, s.labels, row, t)
            top = float(np.max(w[row]))
            expected = tuple(j for j in range(s.n) if f"{w[row, j]:.2f}" == f"{top:.2f}" or top - w[row, j] <= 1e-9)
            assert q.right == expected, (preset, t, row)
            assert q.asked == s.labels[row] and q.temperature == t
