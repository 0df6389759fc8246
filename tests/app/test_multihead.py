"""Multi-head under AppTest: heads, recipes and the T switch change what the charts show, never screens ①–⑤."""

import numpy as np

from attention_core import analysis
from tests.app.conftest import assert_clean, chart, chart_names, open_editors, open_page, say, state, title


def head_weights(at, h: int) -> np.ndarray:
    """Head h's weights (0-based), from its chart "weights-<h>"."""
    return np.array(chart(at, f"weights-{h}").data[0].z)


def bilinear_grid(at):
    """The grid of each head's W_Qʰ W_Kʰᵀ."""
    return chart(at, "bilinears")


def weight_titles(at) -> list[str]:
    """The titles of the heads' weight charts, in page order."""
    return [title(at, name) for name in chart_names(at) if name.startswith("weights-")]


def head_title(h: int, recipe: str, lang: str = "ko", partly: bool = False, t: float = 2.0) -> str:
    """What the weight chart of head h (1-based) with this recipe is called (`t`: the heads' T, √d_h = 2 by
    default)."""
    name = say(f"multihead.short.{recipe}", lang)
    name = say("views.partial_short", lang, name=name) if partly else name
    return say("multihead.weights_chart", lang, h=h, name=name, t=t)


def test_page_shows_each_head_the_split_concat_and_output():
    at = open_page("multihead")
    s = state(at).scenario
    lesson = analysis.compute(s)
    assert chart_names(at)[:2] == ["weights-0", "weights-1"]
    assert weight_titles(at) == [head_title(1, "emotion"), head_title(2, "grammar")]
    for h in range(2):
        assert np.allclose(head_weights(at, h), lesson.multi.heads[h].weights)
    grid = bilinear_grid(at)
    assert len(grid.data) == 2
    assert np.allclose(np.array(grid.data[1].z), analysis.head_bilinears(s)[1])
    assert np.allclose(np.array(chart(at, "concat").data[0].z), lesson.multi.concat)
    assert np.allclose(np.array(chart(at, "output").data[0].z), lesson.multi.output)
    assert np.allclose(np.array(chart(at, "w_o").data[0].z), np.eye(8))
    assert any("Concat" in e.value for e in at.latex)
    table = at.table[0].value
    assert list(table.columns) == ["헤드 1 (감정)", "헤드 2 (문법)"]
    assert table.iloc[0, 0].startswith("슬픈") and "장면이었다" in table.iloc[0, 1]  # the heads look elsewhere
    assert any("√4 = 2.00" in i.value for i in at.caption)


def test_four_heads_give_four_panels_and_leave_the_single_head_weights_alone():
    at = open_page("multihead")
    before = state(at).scenario
    at.segmented_control(key="mh:heads").set_value(4).run()
    assert_clean(at)
    s = state(at).scenario
    assert s.n_heads == 4
    assert len(weight_titles(at)) == 4
    assert len(bilinear_grid(at).data) == 4
    assert list(at.table[0].value.columns)[3] == "헤드 4 (행위자)"
    assert any("√2 = 1.41" in i.value for i in at.caption)
    for name in ("w_q", "w_k", "w_v"):
        assert np.array_equal(getattr(s, name), getattr(before, name))


def test_a_head_recipe_changes_that_head_only_and_never_w_q():
    at = open_page("multihead")
    w_q, single = state(at).scenario.w_q, analysis.compute(state(at).scenario).trace.weights
    head1, head2 = head_weights(at, 0), head_weights(at, 1)
    at.selectbox(key="mh:recipe:1").set_value("tense").run()
    assert_clean(at)
    s = state(at).scenario
    assert s.head_recipes == ("emotion", "tense")
    assert head_title(2, "tense") in weight_titles(at)
    assert not np.allclose(head_weights(at, 1), head2)
    assert np.allclose(head_weights(at, 0), head1)
    assert np.array_equal(s.w_q, w_q)
    assert np.allclose(analysis.compute(s).trace.weights, single)  # screens ①–⑤ see the same attention


def test_the_t_switch_uses_the_sidebar_t():
    at = open_page("multihead")
    at.select_slider(key="sb:T").set_value(0.5).run()
    default = head_weights(at, 0)  # the switch is off: T = √4 whatever the sidebar says
    assert np.allclose(default, analysis.compute(state(at).scenario.with_temperature(3.0)).multi.heads[0].weights)
    at.toggle(key="mh:sidebar_t").set_value(True).run()
    assert_clean(at)
    assert state(at).scenario.head_temperature == "shared"
    sharp = head_weights(at, 0)
    assert sharp.max() > default.max()
    assert any("①–⑤의 T = 0.5" in i.value for i in at.caption)
    at.select_slider(key="sb:T").set_value(2.0).run()
    assert np.allclose(head_weights(at, 0), default)  # sidebar T = 2 = √4


def test_english_and_a_cleared_head_control_keeps_the_heads():
    at = open_page("multihead")
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert weight_titles(at) == [head_title(1, "emotion", "en"), head_title(2, "grammar", "en")]
    assert any("T in use = √d_h" in i.value for i in at.caption)
    at.segmented_control(key="mh:heads").set_value(8).run()
    assert len(weight_titles(at)) == 8 and state(at).scenario.n_heads == 8
    at.segmented_control(key="mh:heads").set_value(None).run()
    assert_clean(at)
    assert state(at).scenario.n_heads == 8
    assert at.segmented_control(key="mh:heads").value == 8


def test_the_separate_weights_are_said_up_front():
    at = open_page("multihead")
    assert "따로" in at.info[0].value and "①–⑤" in at.info[0].value  # the first message on the page, not folded
    at.toggle(key="mh:shared").set_value(True).run()
    assert not any("따로" in i.value for i in at.info)  # with the same weights there is nothing separate to say


def test_one_head_with_the_same_weights_and_the_sidebar_t_is_screen_3():
    at = open_page("multihead")
    at.select_slider(key="sb:T").set_value(0.5).run()
    at.segmented_control(key="mh:heads").set_value(1).run()
    at.toggle(key="mh:shared").set_value(True).run()
    assert_clean(at)
    s = state(at).scenario
    assert s.head_weights == "shared" and s.n_heads == 1
    single = analysis.compute(s).trace.weights  # what ③ shows at the sidebar T
    assert not np.allclose(head_weights(at, 0), single)  # T = √d_h = 2 is not the sidebar's 0.5 ...
    assert any("‘①–⑤의 T 쓰기’" in c.value for c in at.caption)  # ... and the page says why
    at.toggle(key="mh:sidebar_t").set_value(True).run()
    assert_clean(at)
    shown = head_weights(at, 0)
    np.testing.assert_allclose(shown, single, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(analysis.compute(state(at).scenario).multi.heads[0].weights, single)
    assert any("③ 화면의 가중치와 같습니다" in c.value for c in at.caption)
    # editing W_Q now changes this screen too, exactly as it changes ③
    open_editors(at.switch_page("pages/1_gaze.py").run())
    key = next(e.key for e in at.data_editor if str(e.key).startswith("edit:w_q:"))
    at.session_state[key] = {"edited_rows": {0: {"q1": 0.0}}, "added_rows": [], "deleted_rows": []}
    at.run()
    at.switch_page("pages/6_multihead.py").run()
    assert_clean(at)
    s = state(at).scenario
    np.testing.assert_allclose(head_weights(at, 0), analysis.compute(s).trace.weights, rtol=1e-12)


def test_same_weights_offer_only_head_numbers_that_split_d_k_and_keep_links():
    at = open_page("multihead")
    at.segmented_control(key="mh:heads").set_value(8).run()
    at.toggle(key="mh:shared").set_value(True).run()
    assert_clean(at)
    s = state(at).scenario
    assert s.d_k == 4 and s.n_heads == 4 and s.head_options() == (1, 2, 4)  # 8 heads cannot split d_k = 4
    assert len(weight_titles(at)) == 4
    from attention_core import codec

    back, _ = codec.decode_link(codec.encode_link(s, state(at).view))
    assert back.head_weights == "shared" and back.n_heads == 4


def test_eight_heads_are_eight_different_recipes_and_a_partial_one_says_so():
    at = open_page("multihead")
    at.segmented_control(key="mh:heads").set_value(8).run()
    assert_clean(at)
    s = state(at).scenario
    assert len(set(s.head_recipes)) == 8  # no silent repeats
    titles = weight_titles(at)
    assert len(titles) == 8 and len(set(titles)) == 8
    # d_h = 1 holds only the grammar head's first column; the heads' T is √d_h = 1
    assert titles[1] == head_title(2, "grammar", partly=True, t=1.0)
    assert sum(t != head_title(h + 1, r, t=1.0)
               for h, (t, r) in enumerate(zip(titles, s.head_recipes, strict=True))) == 1
    assert any("수식어→명사" in w.value and "d_h = 1" in w.value for w in at.warning)
    at.segmented_control(key="mh:heads").set_value(4).run()
    recipes = state(at).scenario.head_recipes
    # d_h = 2: every recipe fits, at T = √2
    assert weight_titles(at) == [head_title(h + 1, r, t=2 ** 0.5) for h, r in enumerate(recipes)]


def test_the_most_looked_at_table_is_split_so_it_fits():
    at = open_page("multihead")
    at.segmented_control(key="mh:heads").set_value(8).run()
    assert [len(t.value.columns) for t in at.table] == [4, 4]
    assert not at.dataframe  # static tables wrap their cells instead of scrolling off to the right
