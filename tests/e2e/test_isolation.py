"""Sessions kept apart: two students edit at the same time on one server and never see each other's lesson.

Two browser contexts (no shared cookies) act at once, each firing its change before either waits, so
the server runs both sessions' scripts concurrently: different sentences, different T, different
languages; then both walk through the pages side by side. Each must see only its own words (chart
tick labels), its own T (sidebar slider and the Temperature page) and its own language.
"""

from __future__ import annotations

from attention_core.i18n import text
from tests.e2e.driver import (
    PAGE_KEYS,
    SIDEBAR,
    SIDEBAR_LINKS,
    chart_title,
    key_class,
    settle,
    step_t,
    switch_language,
    t_shown,
    tick_texts,
)

SENTENCE_A = "고양이가 매트 위에 앉았다"
SENTENCE_B = "강아지는 공원에서 즐겁게 뛰었다 어제"
DEFAULT_WORDS = ("슬픈", "영화였다", "아름다운", "장면이었다")
T_A, T_B = "0.5", "2"  # five steps left and five steps right of the default T = 1
SENTENCE_BOX = f'{SIDEBAR} .{key_class("sb:sentence")} input'


def at_once(*pages) -> None:
    """Wait until every page's run has finished (their changes were all sent before this)."""
    for page in pages:
        settle(page)


def type_sentence(page, sentence: str) -> None:
    box = page.locator(SENTENCE_BOX).first
    box.fill(sentence)
    box.press("Enter")


def click_link(page, key: str) -> None:
    page.locator(SIDEBAR_LINKS).nth(PAGE_KEYS.index(key)).click()


def arrive(page, key: str) -> None:
    page.wait_for_url(f"**/{'' if key == 'home' else key}*")
    settle(page)


def sidebar(page) -> tuple[str, str, str]:
    """(sentence in the box, T on the slider, label of the first page link) as this student sees them."""
    return (page.locator(SENTENCE_BOX).first.input_value(), f"{t_shown(page):g}",
            page.locator(SIDEBAR_LINKS).first.inner_text().strip())


def words(sentence: str) -> set[str]:
    return set(sentence.split())


def assert_own_lesson(page, mine: str, theirs: str, t: str, korean: bool, where: str) -> None:
    ticks = set(tick_texts(page))
    assert words(mine) <= ticks, (where, sorted(ticks)[:30])
    assert not ticks & (words(theirs) | set(DEFAULT_WORDS)), (where, sorted(ticks & words(theirs)))
    box, thumb, first_link = sidebar(page)
    assert (box, thumb) == (mine, t), where
    assert first_link.startswith("처음") == korean, (where, first_link)


def test_two_students_editing_at_once_never_see_each_other(app_server, new_page):
    a, b = new_page(), new_page()
    a.goto(app_server.url)
    b.goto(app_server.url)
    at_once(a, b)

    type_sentence(a, SENTENCE_A)
    type_sentence(b, SENTENCE_B)
    at_once(a, b)
    step_t(a, "ArrowLeft", 5, each_answered=True)
    step_t(b, "ArrowRight", 5, each_answered=True)
    at_once(a, b)
    switch_language(b, "en")
    at_once(a, b)
    assert sidebar(a)[:2] == (SENTENCE_A, T_A) and sidebar(b)[:2] == (SENTENCE_B, T_B)

    for key in ("temperature", "score", "gaze", "value", "residual", "multihead", "home"):
        click_link(a, key)
        click_link(b, key)
        arrive(a, key)
        arrive(b, key)
        assert_own_lesson(a, SENTENCE_A, SENTENCE_B, T_A, korean=True, where=f"A on {key}")
        assert_own_lesson(b, SENTENCE_B, SENTENCE_A, T_B, korean=False, where=f"B on {key}")
        if key == "temperature":
            assert chart_title(a, "weights") == text("ko", "temperature.matrix_chart", t=float(T_A))
            assert chart_title(b, "weights") == text("en", "temperature.matrix_chart", t=float(T_B))

    # one more change on one side only: the other side, rerun by its own page switch, is untouched
    step_t(a, "ArrowLeft")
    click_link(b, "score")
    settle(a)
    arrive(b, "score")
    assert sidebar(a)[1] == "0.4"
    assert_own_lesson(b, SENTENCE_B, SENTENCE_A, T_B, korean=False, where="B after A's change")
    assert a.js_errors == [] and b.js_errors == []
