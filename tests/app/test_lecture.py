"""Lecture tools under AppTest: presenter mode, predict-then-reveal, compare, JSON import/export."""

import json

import numpy as np
import pytest

from attention_core import codec
from attention_core.i18n import text
from attention_core.scenario import Scenario, View
from attention_core.ui import PAGES
from tests.app.conftest import assert_clean, chart, chart_names, open_drawer, open_page, say, state, t_tables, visible

GUESS, WINNER = say("lecture.guess"), say("lecture.winner")  # the legend names of the reveal's marks


def test_presenter_mode_walks_the_steps_in_order():
    at = open_page("home")
    at.toggle(key="sb:presenter").set_value(True).run()
    assert_clean(at)
    assert state(at).view.presenter
    assert at.text_input(key="pr:sentence").value == state(at).scenario.sentence  # sentence on the page
    assert at.select_slider(key="pr:T").value == 1.0  # and T
    seen = []
    for _ in range(len(PAGES) - 1):
        at.button(key="pr:next").click().run()
        assert_clean(at)
        seen.append(at.title[0].value)
    assert [t[0] for t in seen] == [text("ko", f"page.{spec.key}")[0] for spec in PAGES[1:]]
    assert [t[0] for t in seen[:6]] == ["①", "②", "③", "④", "⑤", "⑥"] and seen[-1].startswith("⑧")
    assert at.button(key="pr:next").disabled
    at.button(key="pr:prev").click().run()
    assert at.title[0].value == text("ko", f"page.{PAGES[-2].key}")
    assert state(at).view.presenter  # kept across the steps


def test_presenter_t_slider_drives_the_shared_t():
    at = open_page("score")
    at.toggle(key="sb:presenter").set_value(True).run()
    at.select_slider(key="pr:T").set_value(0.3).run()
    assert_clean(at)
    assert state(at).scenario.temperature == 0.3
    assert at.select_slider(key="sb:T").value == 0.3


@pytest.mark.parametrize("page,name", [("score", "scores"), ("temperature", "weights"), ("value", "output")])
def test_predict_then_reveal_hides_until_revealed(page, name):
    at = open_page(page)
    assert name in chart_names(at)
    at.toggle(key=f"quiz:{page}:{name}:hidden").set_value(True).run()
    assert_clean(at)
    assert name not in chart_names(at)
    at.selectbox(key=f"quiz:{page}:{name}:row").set_value(1).run()
    at.selectbox(key=f"quiz:{page}:{name}:col").set_value(0).run()
    assert name not in chart_names(at)  # still hidden while guessing
    at.button(key=f"quiz:{page}:{name}:reveal").click().run()
    assert_clean(at)
    fig = chart(at, name)
    marks: dict[str, list[tuple[int, int]]] = {}
    for ring in rings(fig):  # each mark is a ring shape on its cell (row, column as category numbers)
        marks.setdefault(ring.name, []).append((int(ring.yanchor), int(ring.xanchor)))
    values = np.array(fig.data[0].z)
    assert marks[GUESS] == [(1, 0)]
    best = np.unravel_index(np.argmax(values), values.shape)
    assert (int(best[0]), int(best[1])) in marks[WINNER]
    assert all(f"{values[c]:.2f}" == f"{values.max():.2f}" for c in marks[WINNER])
    assert at.warning or at.success


def rings(fig) -> list:
    """The marks drawn on a heatmap: rectangles named by their legend entry, one per marked cell."""
    return [s for s in fig.layout.shapes if s.name]


def _reveal(at, page, name, row, col):
    at.toggle(key=f"quiz:{page}:{name}:hidden").set_value(True).run()
    at.selectbox(key=f"quiz:{page}:{name}:row").set_value(row).run()
    at.selectbox(key=f"quiz:{page}:{name}:col").set_value(col).run()
    at.button(key=f"quiz:{page}:{name}:reveal").click().run()
    assert_clean(at)
    return at


@pytest.mark.parametrize("row", [1, 3])
def test_score_reveal_counts_either_tied_cell_as_right_and_names_both(row):
    # default sentence: 영화였다 → 슬픈 and 장면이었다 → 슬픈 are both 3.51
    at = _reveal(open_page("score"), "score", "scores", row, 0)
    assert not at.warning
    (ok,) = at.success
    assert ok.value.startswith("정답입니다!")
    assert "영화였다 → 슬픈" in visible(ok.value) and "장면이었다 → 슬픈" in visible(ok.value) and "3.51" in ok.value
    fig = chart(at, "scores")
    rows, cols = list(fig.data[0].y), list(fig.data[0].x)
    cell = {id(r): (rows[int(r.yanchor)], cols[int(r.xanchor)]) for r in rings(fig)}
    winners = [r for r in rings(fig) if r.name == WINNER]
    assert sorted(cell[id(r)] for r in winners) == [("영화였다", "슬픈"), ("장면이었다", "슬픈")]
    (guess,) = [r for r in rings(fig) if r.name == GUESS]
    (on_guess,) = [r for r in winners if cell[id(r)] == cell[id(guess)]]
    (apart,) = [r for r in winners if r is not on_guess]
    assert on_guess.x1 < guess.x1 and on_guess.y1 < guess.y1  # the guess frames the winner: both visible
    assert (apart.x1, apart.y1) == (guess.x1, guess.y1)  # a ring alone on its cell lies at the cell's edge


def test_score_reveal_miss_in_english_lists_the_ties_and_the_guess():
    at = open_page("score")
    at.segmented_control(key="sb:lang").set_value("en").run()
    _reveal(at, "score", "scores", 0, 1)
    assert not at.success
    (miss,) = at.warning
    assert visible(miss.value) == ("2 cells tie for the largest (each 3.51): 영화였다 → 슬픈, 장면이었다 → 슬픈. "
                          "The guessed cell holds 0.49.")


def test_korean_miss_has_the_particle_of_the_number():
    at = _reveal(open_page("score"), "score", "scores", 0, 1)
    (miss,) = at.warning
    assert miss.value.endswith("예측한 칸은 0.49였습니다.")  # 0.49 → 구: no final consonant
    assert "(모두 3.51):" in miss.value


def _texts(at) -> str:
    return " ".join([m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info])


def test_hidden_score_shows_nothing_that_gives_the_answer_away():
    at = open_page("score")
    assert t_tables(at) and any("점수" in m.value and "3.51" in m.value for m in at.markdown)
    at.toggle(key="quiz:score:scores:hidden").set_value(True).run()
    assert_clean(at)
    assert not t_tables(at)  # the weight path of a row
    assert "3.51" not in _texts(at) and "3.12" not in _texts(at)  # the asymmetry text named the top scores
    assert "contributions" not in chart_names(at)  # its sum is a score
    assert not any(t.key == "score:shuffle" for t in at.toggle)
    at.button(key="quiz:score:scores:reveal").click().run()
    assert t_tables(at) and any(t.key == "score:shuffle" for t in at.toggle)


def test_hidden_temperature_hides_the_most_looked_at_column_and_the_row_sweep():
    at = open_page("temperature")
    (stats,) = [d for d in at.dataframe if "가장 많이 보는 단어" in d.value.columns]
    assert list(stats.value["가장 많이 보는 단어"]) == ["슬픈"] * 4
    assert "row-sweep" in chart_names(at)
    at.toggle(key="quiz:temperature:weights:hidden").set_value(True).run()
    assert_clean(at)
    assert all("가장 많이 보는 단어" not in d.value.columns for d in at.dataframe)
    assert "row-sweep" not in chart_names(at)


def test_hidden_value_hides_the_stacked_shares_of_the_output():
    at = open_page("value")
    assert "contributions" in chart_names(at)
    at.toggle(key="quiz:value:output:hidden").set_value(True).run()
    assert_clean(at)
    assert "contributions" not in chart_names(at)
    assert any("가장 많이 보는 단어는 ‘슬픈’" in c.value for c in at.caption)


def test_compare_names_the_largest_change_after_editing_a_weight():
    at = open_drawer(open_page("score"), "tl:box")
    at.button(key="tl:snapshot").click().run()
    assert state(at).snapshot is not None
    at.select_slider(key="sb:T").set_value(0.5).run()
    assert_clean(at)
    assert {"diff-scores", "diff-weights", "diff-output"} <= set(chart_names(at))
    assert np.allclose(chart(at, "diff-scores").data[0].z, 0)  # T does not enter the scores
    assert not np.allclose(chart(at, "diff-weights").data[0].z, 0)
    text = " ".join(m.value for m in at.markdown)
    assert "→" in text and "+0." in text


def test_json_upload_round_trip_and_a_bad_file_changes_nothing():
    s, _ = Scenario().with_sentence("고양이가 매트 위에 앉았다")
    s = s.with_temperature(0.7)
    doc = codec.to_json(s, View(lang="en", focus=2))
    at = open_drawer(open_page("home"), "tl:box")
    at.file_uploader(key="tl:upload").upload("lesson.json", doc.encode(), "application/json").run()
    assert_clean(at)
    got = state(at)
    assert got.scenario.sentence == s.sentence and got.scenario.temperature == 0.7 and got.view.focus == 2
    assert got.view.lang == "en"
    at.file_uploader(key="tl:upload").upload("bad.json", b'{"format": "attention-lesson", "version": 1, "sentence": 5}',
                                             "application/json").run()
    assert_clean(at)
    assert state(at).scenario.sentence == s.sentence
    assert any("could not be loaded" in e.value for e in at.error)
    assert json.loads(codec.to_json(state(at).scenario, state(at).view))["temperature"] == 0.7


def test_presenter_mode_shows_one_t_slider_on_every_screen():
    at = open_page("home")
    at.toggle(key="sb:presenter").set_value(True).run()
    for spec in PAGES:
        key = spec.key
        at.switch_page(spec.file).run()
        assert_clean(at)
        main_t = [s for s in at.main.select_slider if s.label == "Temperature T"]  # the shared T (not ⑦'s own)
        heads_own_t = key == "multihead" and state(at).scenario.head_temperature == "sqrt_dk"
        assert len(main_t) == (0 if heads_own_t else 1), (key, [s.key for s in main_t])


def counter(at) -> str:
    """The presenter bar's step counter (the bold line next to the step buttons)."""
    found = [m.value.strip("*") for m in at.main.markdown if m.value.startswith("**") and "단계" in m.value]
    assert len(found) == 1, [m.value for m in at.main.markdown]
    return found[0]


def test_presenter_step_counter_agrees_with_the_circled_screen_numbers():
    at = open_page("home")
    at.toggle(key="sb:presenter").set_value(True).run()
    n = len(PAGES) - 1
    assert counter(at) == text("ko", "lecture.step_home", n=n)
    for spec in PAGES[1:]:
        at.button(key="pr:next").click().run()
        assert_clean(at)
        circled = "①②③④⑤⑥⑦⑧⑨"
        number = circled.index(at.title[0].value[0]) + 1  # the screen's own number, in its title
        assert counter(at) == text("ko", "lecture.step_of", k=number, n=n), spec.key
        assert str(n) == str(circled.index(text("ko", f"page.{PAGES[-1].key}")[0]) + 1)  # n = the last screen's


def test_presenter_bar_on_multi_head_shows_the_t_its_heads_use():
    at = open_page("multihead")
    at.toggle(key="sb:presenter").set_value(True).run()
    assert_clean(at)
    s = state(at).scenario
    assert s.head_temperature == "sqrt_dk" and s.temperature == 1.0
    heads_t = s.mh_temperature  # √d_h, the T in every number of the page
    assert heads_t == 2.0
    assert not [x for x in at.main.select_slider if x.key == "pr:T"]  # no slider showing the sidebar's T = 1
    shown = [m.value for m in at.main.markdown if m.value.startswith(text("ko", "sb.temperature"))]
    assert shown == [text("ko", "lecture.heads_t", d_h=s.head_dim, t=heads_t)] and f"= {heads_t:g}**" in shown[0]
    at.toggle(key="mh:sidebar_t").set_value(True).run()  # the heads follow the slider's T: the slider is shown
    assert_clean(at)
    assert at.select_slider(key="pr:T").value == state(at).scenario.mh_temperature == 1.0


@pytest.mark.parametrize("lang,expected", [
    ("ko", "꼭 있어야 할 ‘temperature’ 항목이 없습니다"),
    ("en", "the entry ‘temperature’ is missing"),
])
def test_a_state_file_with_a_missing_entry_is_refused_in_plain_words(lang, expected):
    doc = json.loads(codec.to_json(Scenario(), View()))
    del doc["temperature"]
    at = open_page("home")
    if lang == "en":
        at.segmented_control(key="sb:lang").set_value("en").run()
    open_drawer(at, "tl:box")
    at.file_uploader(key="tl:upload").upload("lesson.json", json.dumps(doc).encode(), "application/json").run()
    assert_clean(at)
    (err,) = at.error
    assert expected in err.value and "KeyError" not in err.value


def test_export_picker_names_the_matrices_in_the_language_shown():
    at = open_drawer(open_page("home"), "tl:box")
    picker = at.selectbox(key="tl:matrix")
    assert "점수 QKᵀ" in picker.options and "헤드 1의 가중치" in picker.options
    at.segmented_control(key="sb:lang").set_value("en").run()
    open_drawer(at, "tl:box")  # its title is in the language shown: a new drawer, closed
    assert "scores QKᵀ" in at.selectbox(key="tl:matrix").options
