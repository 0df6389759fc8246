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
    note = say("views.numbers_hover.presenter", lang)  # presenter mode: laid out for the measured screen
    assert sum(c.value == note for c in at.caption) == len(left_out), (key, left_out)


def test_the_score_page_laid_out_for_a_laptop_leaves_out_the_contribution_numbers_and_says_so():
    """No width measured (AppTest has no browser): presenter mode lays out for a 1280 px window, where the 8 × 8
    contributions cannot hold 18 px numbers (at 1920 px they can: the presenter walk of tests/e2e/test_axe.py)."""
    at = open_page("score", query={"s": encode_link(Scenario(), View(presenter=True))})
    assert_clean(at)
    assert any((chart(at, name).layout.meta or {}).get("numbers_left_out") for name in chart_names(at))
    assert say("views.numbers_hover.presenter") in [c.value for c in at.caption]


def shown_table(table):
    """An st.table as the browser shows it: the Styler's formatted strings."""
    import pyarrow as pa

    return pa.ipc.open_stream(table.proto.arrow_data.styler.display_values).read_pandas()


@pytest.mark.parametrize("key", ["gaze", "score", "temperature", "order"])
def test_presenter_mode_shows_tables_of_numbers_as_text_the_room_can_read(key):
    """The data grid draws on a canvas at its own small size; in presenter mode the page's tables are HTML tables,
    which the presenter style sheet sets at the room's size (tests/e2e/room_text.py, run by tests/e2e/test_axe.py,
    measures them)."""
    plain = open_page(key)
    grids = len(plain.dataframe)
    assert grids >= 1
    at = open_page(key, query={"s": encode_link(Scenario(), View(presenter=True))})
    assert_clean(at)
    assert not at.dataframe
    assert len(at.table) >= grids


def test_the_weight_path_table_in_presenter_mode_has_the_grids_numbers():
    from attention_core import analysis

    plain = open_page("score")
    (grid,) = plain.dataframe
    at = open_page("score", query={"s": encode_link(Scenario(), View(presenter=True))})
    (table,) = [t for t in at.table if list(t.value.columns) == list(grid.value.columns)]
    shown = shown_table(table)
    i = at.session_state["attention_state"].view.cell[0]
    path = analysis.weight_path(analysis.compute(Scenario()).trace.scores[i], Scenario().temperature)
    weights = shown[say("score.col_weight")]
    assert list(weights) == [f"{w:.3f}" for w in path["weights"]]
    assert list(shown[say("score.col_score")]) == [f"{v:.3f}" for v in path["scores"]]
