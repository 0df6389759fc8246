"""A word picker after the sentence changed: the browser may still send the label it showed for the old words.

Streamlit's select box reports its choice by label. When the sentence changes, a picker the app did not write
into keeps, in the browser, the label of the old word at its place; the next pick anywhere on the page sends
that label along, which is no longer one of the options, so Streamlit hands the callback the label string
instead of an index. It used to reach View.fitted as a str and end the page in a TypeError.
"""

from __future__ import annotations

import pytest

from tests.app.conftest import assert_clean, open_page, state


def browser_still_shows(at, key: str, old_options: list[str], label: str) -> None:
    """Make the select box `key` report `label` from `old_options`, as a browser holding the old words does."""
    box = at.selectbox(key=key)
    box.options = list(old_options)
    box.set_value(label)


@pytest.mark.parametrize("sentence", ["the dog sat on the mat", "고요한 밤 별이 빛났다", "a b c d e"])
def test_picking_a_row_after_the_second_word_changed_keeps_the_page(sentence):
    at = open_page("score")
    old = list(at.selectbox(key="pick:col:score").options)
    stale = old[state(at).view.cell[1]]
    at.text_input(key="sb:sentence").input(sentence).run()
    assert_clean(at)
    assert stale not in at.selectbox(key="pick:col:score").options
    browser_still_shows(at, "pick:col:score", old, stale)
    at.selectbox(key="pick:row:score").set_value(2)
    at.run()
    assert_clean(at)
    view = state(at).view
    assert view.cell == (2, 1)  # the row pick is taken; the stale label leaves the column where it was
    assert all(type(k) is int for k in (view.focus, *view.cell, *view.dims))
    # the picker shows the current word again
    assert at.selectbox(key="pick:col:score").value == 1


def test_a_stale_label_that_names_a_current_word_picks_that_word():
    at = open_page("gaze")
    at.text_input(key="sb:sentence").input("영화는 장면이었다 슬픈").run()
    assert_clean(at)
    labels = list(at.selectbox(key="pick:focus:gaze").options)
    browser_still_shows(at, "pick:focus:gaze", ["슬픈", "영화는"], "슬픈")
    at.run()
    assert_clean(at)
    assert state(at).view.focus == labels.index("슬픈")
