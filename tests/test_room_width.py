"""Presenter mode's charts laid out for the page's measured width (ui/room.py): a heatmap laid out for a 1920 px
window's page prints the 18 px numbers that a 1280 px window's page has no room for, on the score page's own data."""

from __future__ import annotations

from attention_core import analysis, figures, theme
from attention_core.i18n import text
from attention_core.lexicon import AXES
from attention_core.scenario import Scenario


def contributions(room: float | None):
    """②'s axis-pair contributions of the default cell, as the page draws them in presenter mode."""
    s = Scenario()
    names = [text("ko", f"axis.{a.key}") for a in AXES]
    contrib = analysis.score_contributions(s.x, s.w_q, s.w_k, 1, 0)
    return figures.heatmap(contrib, figures.Axis(names, text("ko", "score.looker_axis")),
                           figures.Axis(names, text("ko", "score.looked_axis")),
                           title=text("ko", "score.contrib_chart", i="영화였다", j="슬픈", total=float(contrib.sum())),
                           presenter=True, room=room)


def room_for(window_px: int) -> float:
    """The scale ui.room gives a presenter page in a window this wide (3 rem of padding each side)."""
    from attention_core.ui import room

    page = (window_px - 96) // room.STEP_PX * room.STEP_PX
    return room.FIT * page / theme.FULL_WIDTH_PX


def test_a_projector_page_prints_the_numbers_a_laptop_page_leaves_out():
    laptop, projector = contributions(room_for(1280)), contributions(room_for(1920))
    assert figures.numbers_left_out(laptop) and not laptop.data[0].texttemplate
    assert not figures.numbers_left_out(projector) and projector.data[0].texttemplate
    assert projector.data[0].textfont.size >= theme.PRESENTER_MIN_PX


def test_without_a_measure_the_layout_is_a_laptops():
    assert contributions(None).to_dict() == contributions(theme.PRESENTER_WIDTH_SCALE).to_dict()
    assert room_for(1280) <= theme.PRESENTER_WIDTH_SCALE * 1.01  # the measured laptop page is no wider than assumed
