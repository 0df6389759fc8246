"""Presenter mode on every page: a chart whose cells cannot hold numbers of a readable size says, right under it,
where its numbers are (hover), in the page's language; a chart that prints its numbers says nothing."""

from __future__ import annotations

import pytest

from attention_core.codec import encode_link
from attention_core.registry import PAGE_KEYS
from attention_core.scenario import Scenario, View
from tests.app.conftest import assert_clean, chart, chart_names, open_page, say


@pytest.mark.parametrize("lang", ["ko", "en"])
@pytest.mark.parametrize("key", PAGE_KEYS)
def test_left_out_numbers_are_said_under_their_chart(key, lang):
    at = open_page(key, query={"s": encode_link(Scenario(), View(lang=lang, presenter=True))})
    assert_clean(at)
    assert at.session_state["attention_state"].view.presenter
    left_out = [name for name in chart_names(at) if (chart(at, name).layout.meta or {}).get("numbers_left_out")]
    note = say("views.numbers_hover", lang)
    assert sum(c.value == note for c in at.caption) == len(left_out), (key, left_out)


def test_the_score_page_in_presenter_mode_leaves_out_the_contribution_numbers_and_says_so():
    at = open_page("score", query={"s": encode_link(Scenario(), View(presenter=True))})
    assert_clean(at)
    assert any((chart(at, name).layout.meta or {}).get("numbers_left_out") for name in chart_names(at))
    assert say("views.numbers_hover") in [c.value for c in at.caption]
