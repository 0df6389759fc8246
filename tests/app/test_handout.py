"""The handout's charts are the app's: for every scene of the built-in lesson, opened in the app through the share link
the handout links it to, and for every chart of the handout's catalogue on every screen at the default state, the
figure `attention_core.handout.charts` builds equals the one the screen draws (data and layout; the app's T control
inputs aside)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from attention_core import codec, handout, scenes
from attention_core.handout import charts
from attention_core.registry import PAGE_KEYS
from tests.app.conftest import assert_clean, chart, chart_names, open_page


def plain(fig) -> dict:
    out = handout.figure_json(fig)
    meta = out["layout"].get("meta")
    if isinstance(meta, dict):  # the live page's T control inputs (tcontrol.attach), which the handout keeps apart
        out["layout"]["meta"] = {k: v for k, v in meta.items() if k != "attention_t"}
    if not out["layout"].get("template", {}).get("layout"):  # what go.Figure adds on reading a figure back
        out["layout"].pop("template", None)
    return out


def assert_same_chart(at, page: str, name: str, scenario, view, lang: str) -> None:
    app = plain(chart(at, name))
    ours = plain(charts.build(page, name, scenario, view, lang))
    assert ours["data"] == app["data"], (page, name)
    assert ours["layout"] == app["layout"], (page, name)


@pytest.mark.parametrize("k", range(len(scenes.builtin())))
def test_each_builtin_scene_draws_the_chart_its_screen_draws(k):
    scene = scenes.builtin()[k]
    view = replace(scene.view, presenter=False)
    at = open_page(scene.page, query={"s": codec.encode_link(scene.scenario, view)})
    assert_clean(at)
    name = charts.chart_name(scene.page, scene.focus)
    assert name in chart_names(at)
    assert_same_chart(at, scene.page, name, scene.scenario, view, view.lang)


@pytest.mark.parametrize("page", PAGE_KEYS)
def test_every_catalogued_chart_is_the_screens_own(page):
    at = open_page(page)
    from tests.app.conftest import state

    s = state(at)
    drawn = set(chart_names(at))
    names = [n for n in charts.CHARTS[page]
             if not (page == "multihead" and n.startswith("weights-") and int(n.split("-")[1]) >= s.scenario.n_heads)]
    assert set(names) <= drawn, (page, sorted(set(names) - drawn))  # every chart the screen draws by default
    for name in names:
        assert_same_chart(at, page, name, s.scenario, s.view, s.view.lang)
