"""A word's meaning in one gesture: the drawer under the word notice (and always on ①), named the same in the
notice; "means like…" copies a known word's values; eight labelled sliders set them; the edit travels in links."""

from __future__ import annotations

import numpy as np
import pytest

from attention_core import codec, lexicon
from attention_core.lexicon import AXES
from attention_core.ui import words
from tests.app.conftest import assert_clean, open_drawer, open_page, say, state

POEM = "부끄럼이 많은 생애를 보내왔습니다 퀀텀얽힘체"


def poem_page(page: str = "score", lang: str = "ko"):
    at = open_page(page)
    if lang != "ko":
        at.segmented_control(key="sb:lang").set_value(lang).run()
    at.text_input(key="sb:sentence").input(POEM).run()
    assert_clean(at)
    return at


def type_into(at, key: str, typed: str) -> None:
    """Type `typed` into select box `key` as a new option and rerun, as a browser sends it (AppTest's own
    set_value takes only the options it shows)."""
    box = at.selectbox(key=key)
    states = at._tree.get_widget_states()
    state_ = next((ws for ws in states.widgets if ws.id == box.id), None) or states.widgets.add()
    state_.id = box.id
    state_.string_value = typed
    at._run(states)


def row_of(at, word: str) -> np.ndarray:
    s = state(at).scenario
    return s.x[s.tokens.index(word)]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_notice_names_the_drawer_right_under_it_and_it_is_one_click_away(lang):
    at = poem_page("score", lang)
    title = say("words.title", lang)
    assert len([w.value for w in at.warning if title in w.value]) == 1  # the notice names it
    drawers = [e for e in at.expander if e.key == words.DRAWER]
    assert len(drawers) == 1 and drawers[0].label == title  # by the same name
    open_drawer(at, words.DRAWER)
    assert_clean(at)
    assert at.selectbox(key=words.WORD).value == "퀀텀얽힘체"  # the made-up word first
    labels = [at.slider(key=f"words:axis:{a.key}").label for a in AXES]
    assert labels == [a.ko if lang == "ko" else a.en for a in AXES]  # the eight named axes


def test_means_like_copies_a_known_words_values_and_the_edit_travels_in_the_share_link():
    at = poem_page()
    open_drawer(at, words.DRAWER)
    at.selectbox(key=words.WORD).set_value("부끄럼이").run()
    at.selectbox(key=words.LIKE).set_value("슬픈").run()
    assert_clean(at)
    assert tuple(row_of(at, "부끄럼이")) == lexicon.embed("슬픈")
    assert any(say("words.like_done", word="부끄럼이", like="슬픈") in s.value for s in at.success)
    link = next(c.value for c in at.sidebar.code if "?s=" in c.value)
    scenario, _ = codec.decode_link(link.split("?s=", 1)[1])
    assert tuple(scenario.x[scenario.tokens.index("부끄럼이")]) == lexicon.embed("슬픈")
    for key in (f"words:axis:{a.key}" for a in AXES):  # the sliders show the copied values
        assert at.slider(key=key).value == lexicon.embed("슬픈")[AXES.index(next(a for a in AXES
                                                                               if key.endswith(a.key)))]


def test_a_typed_word_is_looked_up_and_a_word_the_app_cannot_read_changes_nothing():
    at = poem_page()
    open_drawer(at, words.DRAWER)
    before = row_of(at, "퀀텀얽힘체").copy()
    type_into(at, words.LIKE, "xqzvvq")  # nothing known of it
    assert_clean(at)
    assert np.array_equal(row_of(at, "퀀텀얽힘체"), before)
    assert any(say("words.like_unknown", word="xqzvvq") in w.value for w in at.warning)
    assert lexicon.lookup("delight").source not in ("table", "hash")
    type_into(at, words.LIKE, "delight")  # not a row of the table, read from VADER
    assert tuple(row_of(at, "퀀텀얽힘체")) == lexicon.lookup("delight").values
    assert row_of(at, "퀀텀얽힘체")[lexicon.AXIS_INDEX["valence"]] > 0


def test_a_slider_sets_one_axis_and_back_to_the_words_own_values_undoes_it():
    at = poem_page()
    open_drawer(at, words.DRAWER)
    at.selectbox(key=words.WORD).set_value("많은").run()
    own = row_of(at, "많은").copy()
    at.slider(key="words:axis:emotion").set_value(0.9).run()
    assert_clean(at)
    changed = row_of(at, "많은")
    assert changed[0] == 0.9 and np.array_equal(changed[1:], own[1:])
    assert ("많은", "edited") in [(w.word, w.source) for w in state(at).scenario.word_sources]
    at.button(key=words.RESET).click().run()
    assert np.array_equal(row_of(at, "많은"), own) and state(at).scenario.x_edits == ()


def test_the_drawer_is_always_on_the_gaze_screen_and_only_with_a_notice_elsewhere():
    at = open_page("gaze")  # the app's example: every word in the table, no notice
    assert [e.key for e in at.expander if e.key == words.DRAWER] == [words.DRAWER]
    at = open_page("score")
    assert words.DRAWER not in [e.key for e in at.expander]
