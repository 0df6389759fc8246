"""Presenter mode folds the sidebar away: no sentence on the page then points at the sidebar (or "on the left"
for the sidebar's controls); the page's own wording points at what is on screen. And Home's English summary is
made of sentences."""

from __future__ import annotations

import pytest

from attention_core.i18n import CATALOGUE
from attention_core.registry import PAGE_KEYS, page_spec
from tests.app.conftest import assert_clean, open_page, say

POINTERS = ("사이드바", "sidebar", "왼쪽에서 문장", "T on the left")


def main_text(at) -> str:
    """Every text element of the main area (not the sidebar): Markdown, captions, alerts, widget labels."""
    main = at.main
    parts = [e.value for kind in ("markdown", "caption", "info", "warning", "success", "error")
             for e in getattr(main, kind)]
    parts += [w.label for kind in ("toggle", "button", "selectbox", "select_slider", "slider", "text_input")
              for w in getattr(main, kind)]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_presenter_mode_never_points_at_the_sidebar(lang):
    at = open_page("home")
    at.segmented_control(key="sb:lang").set_value(lang).run()
    at.toggle(key="sb:presenter").set_value(True).run()
    assert_clean(at)
    for key in PAGE_KEYS:
        at.switch_page(page_spec(key).file).run()
        assert_clean(at)
        shown = main_text(at)
        assert shown, key
        found = [p for p in POINTERS if p.lower() in shown.lower()]
        assert not found, (key, found)


def test_the_sidebar_wordings_are_kept_outside_presenter_mode_and_each_has_an_on_screen_one():
    at = open_page("home")
    assert any(m.value == say("home.lead") for m in at.markdown)  # "왼쪽에서…": the sidebar is there
    for key in ("home.lead", "temperature.slider_hint", "learn.compare_caption", "learn.auto_running"):
        assert f"{key}.presenter" in CATALOGUE
        for lang in (0, 1):
            assert not any(p.lower() in CATALOGUE[f"{key}.presenter"][lang].lower() for p in POINTERS)
    at.toggle(key="sb:presenter").set_value(True).run()
    assert any(m.value == say("home.lead.presenter") for m in at.markdown)


def test_homes_english_summary_is_sentences():
    for i in range(1, 7):
        line = say(f"home.s{i}", "en")
        assert line[0].isupper() and line.endswith("."), line
