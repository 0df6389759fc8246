"""Presenter mode on every page: a chart whose cells cannot hold numbers of a readable size says, right under it,
where its numbers are (hover), in the page's language; a chart that prints its numbers says nothing."""

from __future__ import annotations

import pytest

from attention_core.codec import encode_link
from attention_core.registry import PAGE_KEYS
from attention_core.scenario import Scenario, View
from tests.app.conftest import assert_clean, chart, chart_names, open_page, say, t_tables


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("key", PAGE_KEYS)
def test_left_out_numbers_are_said_under_their_chart(key, lang):
    at = open_page(key, query={"s": encode_link(Scenario(), View(lang=lang, presenter=True))})
    assert_clean(at)
    assert at.session_state["attention_state"].view.presenter
    left_out = [name for name in chart_names(at) if (chart(at, name).layout.meta or {}).get("numbers_left_out")]
    note = say("views.numbers_hover.presenter", lang)  # presenter mode: laid out for the measured screen
    assert sum(c.value == note for c in at.caption) == len(left_out), (key, left_out)


def test_the_score_page_laid_out_for_a_laptop_leaves_out_the_contribution_numbers_and_says_so():
    """No width measured (AppTest has no browser): presenter mode lays out for a 1280 px window, where the 8 × 8
    contributions cannot hold 18 px numbers (at 1920 px they can: the presenter walk of tests/e2e/test_axe.py)."""
    at = open_page("score", query={"s": encode_link(Scenario(), View(presenter=True))})
    assert_clean(at)
    assert any((chart(at, name).layout.meta or {}).get("numbers_left_out") for name in chart_names(at))
    assert say("views.numbers_hover.presenter") in [c.value for c in at.caption]


@pytest.mark.parametrize("key", ["gaze", "score", "temperature", "order"])
def test_presenter_mode_shows_tables_of_numbers_as_text_the_room_can_read(key):
    """The data grid draws on a canvas at its own small size; in presenter mode the page's tables are HTML tables,
    which the presenter style sheet sets at the room's size (tests/e2e/room_text.py, run by tests/e2e/test_axe.py,
    measures them). ②'s weight path is an HTML table in both modes (tables.weight_path_table)."""
    plain = open_page(key)
    grids, html_tables = len(plain.dataframe), len(t_tables(plain))
    assert grids + html_tables >= 1
    at = open_page(key, query={"s": encode_link(Scenario(), View(presenter=True))})
    assert_clean(at)
    assert not at.dataframe
    assert len(at.table) >= grids and len(t_tables(at)) == html_tables


def test_the_weight_path_table_in_presenter_mode_is_the_same_table():
    plain = t_tables(open_page("score"))
    at = open_page("score", query={"s": encode_link(Scenario(), View(presenter=True))})
    assert t_tables(at) == plain and len(plain) == 1
