"""Home under AppTest: the pipeline renders, and editing the sentence changes what it shows."""

from tests.app.conftest import assert_clean, chart_names, chart_words, open_page, state


def test_home_shows_the_pipeline_and_follows_the_sentence():
    at = open_page("home")
    assert chart_names(at) == ["pipeline"]
    assert "아름다운" in chart_words(at, "pipeline")
    assert len(at.get("page_link")) >= 2 * 7 - 1  # sidebar steps + links in the body
    at.text_input(key="sb:sentence").input("고양이가 매트 위에 앉았다").run()
    assert_clean(at)
    words = chart_words(at, "pipeline")
    assert "고양이가" in words and "아름다운" not in words
    assert state(at).scenario.n == 4


def test_language_switch_translates_the_page():
    at = open_page("home")
    assert at.title[0].value.startswith("처음")
    at.segmented_control(key="sb:lang").set_value("en").run()
    assert_clean(at)
    assert at.title[0].value.startswith("Home")
    assert "emotion" in chart_words(at, "pipeline")


def test_bad_link_starts_from_the_default_with_a_message():
    at = open_page("home", query={"s": "garbage!!"})
    assert any("link" in e.value.lower() or "링크" in e.value for e in at.error)
    assert state(at).scenario.sentence == "슬픈 영화였다 아름다운 장면이었다"
