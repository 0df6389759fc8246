"""Sessions on one lesson state share what depends only on it (attention_core/shared.py), and nothing of one
session's own (its picks, its language) reaches another's page."""

from __future__ import annotations

import pytest

from attention_core import codec, shared
from attention_core.scenario import Scenario, View
from attention_core.ui import a11y
from tests.app.conftest import charts, figure_json, open_page

PAGES = ("gaze", "value", "residual")  # a word picker, T charts with the browser's inputs, grids


@pytest.fixture
def drawn(monkeypatch):
    """{chart name: the figure object the page handed to the chart}, of the last page run."""
    seen: dict[str, object] = {}
    original = a11y.chart

    def recording(p, fig, name, *args, **kwargs):
        seen[name] = fig
        return original(p, fig, name, *args, **kwargs)

    monkeypatch.setattr(a11y, "chart", recording)
    return seen


def link(**view) -> dict[str, str]:
    return {"s": codec.encode_link(Scenario().with_temperature(0.5), View(**view))}


def sent(at) -> list[dict]:
    return [figure_json(c) for c in charts(at)]


@pytest.mark.parametrize("key", PAGES)
def test_two_sessions_on_one_state_get_the_same_figure_objects(key, drawn, browser):
    open_page(key, link())
    first = dict(drawn)
    browser.switch()  # another student's phone
    drawn.clear()
    open_page(key, link())
    assert first and drawn.keys() == first.keys()
    assert [name for name in first if drawn[name] is not first[name]] == []


@pytest.mark.parametrize("key", PAGES)
def test_one_session_s_picks_and_language_never_reach_another_s_page(key, browser):
    shared.STORE.clear()
    alone = sent(open_page(key, link(lang="en", focus=2, cell=(2, 3))))  # what this student sees, built for it alone
    shared.STORE.clear()
    browser.switch()
    lecturer = sent(open_page(key, link(lang="ko", focus=0, cell=(0, 1))))
    browser.switch()
    student = sent(open_page(key, link(lang="en", focus=2, cell=(2, 3))))  # built on what the lecturer's run left
    assert student == alone
    assert lecturer != student
