"""A crash once seen in a real browser: on ②, a sentence whose second word changes, then a row picked. The
browser reported the column picker's old label along with the pick, which ended the page in a TypeError."""

from __future__ import annotations

import pytest

from tests.e2e.driver import by_key, exception_texts, go_to, set_sentence, settle


@pytest.mark.parametrize("sentence,word", [("the dog sat on the mat", "sat"), ("고요한 밤 별이 빛났다", "별이")])
def test_picking_a_row_after_the_sentence_changed_keeps_the_page(app_server, new_page, sentence, word):
    page = new_page()
    page.goto(app_server.url)
    settle(page)
    go_to(page, "score")
    set_sentence(page, sentence)
    by_key(page, "pick:row:score").locator("input").first.click()
    page.locator('[role="option"]', has_text=word).first.click()
    settle(page, n_min=2)
    assert exception_texts(page) == []
    shown = by_key(page, "pick:row:score").locator("input").first
    assert word in (shown.input_value() or shown.get_attribute("placeholder") or "")
    col = by_key(page, "pick:col:score").locator("input").first
    # the column picker shows the current second word, not the old one
    assert sentence.split()[1] in (col.input_value() or col.get_attribute("placeholder") or "")
    assert page.js_errors == []
