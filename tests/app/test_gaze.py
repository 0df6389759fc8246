"""Q/K gaze under AppTest: charts render, picking a word and editing matrices change them."""

import numpy as np

from attention_core import analysis, self_attention
from tests.app.conftest import assert_clean, chart, chart_names, edit_matrix, open_editors, open_page, say, state, title


def test_gaze_page_renders_q_k_and_the_gaze():
    at = open_page("gaze")
    assert chart_names(at) == ["q", "k", "dots", "terms", "arrows"]
    assert len(at.data_editor) == 0  # the editors are built when their expander opens
    assert len(open_editors(at).data_editor) == 3  # X, W_Q, W_K
    dots = chart(at, "dots")
    s = state(at).scenario
    expected = self_attention(s.x, s.w_q, s.w_k, s.w_v, s.temperature).scores[0]
    np.testing.assert_allclose(dots.data[0].y, expected)


def test_picking_a_word_changes_its_gaze():
    at = open_page("gaze")
    before = chart(at, "dots").data[0].y
    at.selectbox(key="pick:focus:gaze").set_value(1).run()
    assert_clean(at)
    assert state(at).view.focus == 1
    after = chart(at, "dots").data[0].y
    assert not np.allclose(after, before)
    assert title(at, "dots") == say("gaze.dots_chart", word="영화였다")


def test_editing_w_q_changes_q_and_the_scores():
    at = open_page("gaze")
    q_before = np.array(chart(at, "q").data[0].z)
    edit_matrix(at, "w_q", {1: {"q1": 5.0}})  # valence row, first Q dimension
    assert_clean(at)
    assert state(at).scenario.w_q[1, 0] == 5.0
    assert not np.allclose(chart(at, "q").data[0].z, q_before)


def test_editing_x_changes_every_occurrence_and_junk_is_refused():
    at = open_page("gaze")
    edit_matrix(at, "x", {0: {"감정": 0.05}})
    assert state(at).scenario.x[0, 0] == 0.05
    edit_matrix(at, "x", {0: {"감정": None}})
    assert_clean(at)
    assert state(at).scenario.x[0, 0] == 0.05
    assert any("숫자가 아닙니다" in e.value for e in at.error)


def test_dimension_pickers_move_the_arrows_and_english_works():
    at = open_page("gaze")
    at.selectbox(key="pick:dim1:gaze").set_value(2).run()
    assert_clean(at)
    assert state(at).view.dims == (0, 2)
    assert "1, 3" in title(at, "arrows")
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert title(at, "q") == say("gaze.q_chart", "en")


def test_t_changes_nothing_on_the_gaze_page():
    """Nothing on Q/K gaze depends on T: a T step leaves every element of the page as it was (the benchmark
    holds this page to the floor for a T step)."""
    at = open_page("gaze")

    def main_area() -> list[bytes]:
        return [n.proto.SerializeToString(deterministic=True) for n in at.main if getattr(n, "proto", None) is not None]

    at.run()  # the first run on a page writes every widget's value; compare two ordinary runs
    before = main_area()
    assert len(before) > 20
    at.select_slider(key="sb:T").set_value(0.2).run()
    assert_clean(at)
    assert state(at).scenario.temperature == 0.2
    assert main_area() == before


def test_the_partial_score_caption_says_what_the_table_shows():
    """Where the dimensions not drawn add nothing, the caption says the two scores are equal; where they add
    something, that the difference comes from them (the caption used to say the latter always)."""
    at = open_page("gaze")
    said = set()
    for d0, d1 in ((0, 1), (0, 2), (1, 3), (2, 3)):
        at.selectbox(key="pick:dim0:gaze").set_value(d0).run()
        at.selectbox(key="pick:dim1:gaze").set_value(d1).run()
        assert_clean(at)
        s, view = state(at).scenario, state(at).view
        trace = analysis.compute(s).trace
        i = view.focus
        a, b = view.dims
        same = np.allclose(analysis.partial_dot(trace.q, trace.k, i, (a, b)), trace.scores[i], rtol=1e-9,
                           atol=1e-12)
        key = "gaze.partial_same" if same else "gaze.partial_caption"
        captions = [c.value for c in at.caption]
        assert say(key) in captions, (a, b)
        other = "gaze.partial_caption" if same else "gaze.partial_same"
        assert say(other) not in captions
        said.add(key)
    assert said == {"gaze.partial_same", "gaze.partial_caption"}  # both cases met by these dimension pairs
