"""The catalogue of bad input, through the pages: each shown correctly, or answered by a clear translated
message while the last good state stays. (The core's validators are tested cell by cell in tests/test_*.py.)"""

from __future__ import annotations

import base64
import json
import unicodedata
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from attention_core import codec
from attention_core.registry import PAGE_KEYS, PAGES, page_spec
from attention_core.scenario import MAX_WORDS, Scenario, View
from tests.app.conftest import (
    assert_clean,
    chart,
    chart_names,
    edit_matrix,
    open_drawer,
    open_editors,
    open_page,
    state,
)

DEFAULT = Scenario().sentence
EVERY_PAGE = list(PAGE_KEYS)


def words_in_charts(at) -> set[str]:
    out: set[str] = set()
    for fig in (chart(at, name) for name in chart_names(at)):
        for axis in (fig.layout[k] for k in fig.layout if k.startswith(("xaxis", "yaxis"))):
            out.update(axis.ticktext or ())
    return out


@pytest.mark.parametrize("sentence,expected", [
    ("슬픈", ["슬픈"]),
    ("😀 행복한 🎉", ["😀", "행복한", "🎉"]),
    ("שלום عالم hello", ["שלום", "عالم", "hello"]),
    ("<script>alert(1)</script> <b>굵게</b>", ["&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;b&gt;굵게&lt;/b&gt;"]),
    ("슬픈 슬픈 슬픈", ["슬픈¹", "슬픈²", "슬픈³"]),
    ("**굵게** $x$ [링크](javascript:alert)", ["**굵게**", "$x$", "[링크](javascript:alert)"]),
])
@pytest.mark.parametrize("page", ["home", "score", "value"])
def test_strange_but_valid_sentences_are_shown_as_typed(page, sentence, expected):
    at = open_page(page)
    at.text_input(key="sb:sentence").input(sentence).run()
    assert_clean(at)
    assert not at.error
    assert set(expected) <= words_in_charts(at)
    assert state(at).scenario.tokens == tuple(sentence.split())


@pytest.mark.parametrize("sentence,fragment", [
    ("", "문장을 입력하세요"),
    ("    \t  ", "문장을 입력하세요"),
    ("가" * 10_000, "최대 5000자"),
    ("a " + "b" * 31, "한 단어는 최대 30자"),
])
def test_refused_sentences_keep_the_last_good_one(sentence, fragment):
    at = open_page("score")
    at.text_input(key="sb:sentence").input(sentence).run()
    assert_clean(at)
    assert any(fragment in e.value for e in at.error), [e.value for e in at.error]
    assert state(at).scenario.sentence == DEFAULT
    assert at.text_input(key="sb:sentence").value == DEFAULT  # the box shows the last good sentence again


def test_500_words_are_cut_to_64_with_a_message():
    at = open_page("score")
    at.text_input(key="sb:sentence").input(" ".join(f"w{i}" for i in range(500))).run()
    assert_clean(at)
    assert state(at).scenario.n == MAX_WORDS
    assert any("500" in w.value and "64" in w.value for w in at.warning)


def test_messages_are_translated():
    at = open_page("score")
    at.segmented_control(key="sb:lang").set_value("en").run()
    at.text_input(key="sb:sentence").input("   ").run()
    assert any("Type a sentence" in e.value for e in at.error)


@pytest.mark.parametrize("cell", ["abc", None, float("nan"), float("inf"), -float("inf"), 1e308, 100.01, "1e999"])
def test_a_junk_cell_through_the_page_keeps_the_last_good_value(cell):
    at = open_page("gaze")
    before = state(at).scenario.w_q.copy()
    edit_matrix(at, "w_q", {0: {"q1": cell}})
    assert_clean(at)
    assert at.error
    assert (state(at).scenario.w_q == before).all()


def test_an_added_row_is_refused():
    at = open_editors(open_page("gaze"))
    key = next(e.key for e in at.data_editor if str(e.key).startswith("edit:w_k:"))
    at.session_state[key] = {"edited_rows": {}, "added_rows": [{"k1": 1.0}], "deleted_rows": []}
    at.run()
    assert_clean(at)
    assert state(at).scenario.w_k.shape == (8, 4)


@pytest.mark.parametrize("t", [0.05, 20.0])
def test_temperature_extremes_on_every_page(t):
    at = open_page("home")
    at.select_slider(key="sb:T").set_value(t).run()
    for spec in PAGES[1:]:
        at.switch_page(spec.file).run()
        assert_clean(at)
        assert state(at).scenario.temperature == t, spec.key


def _pack(payload) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = json.dumps(payload).encode()
    return base64.urlsafe_b64encode(c.compress(raw) + c.flush()).decode().rstrip("=")


GOOD = codec.encode_link(Scenario().with_sentence("고양이가 매트 위에 앉았다")[0], View())


@pytest.mark.parametrize("token", [
    "garbage!!", GOOD[:-8], "A" * 9000, _pack({"v": 7, "s": "a"}), _pack({"v": 1, "s": "a b", "q": [1, 2]}),
    _pack({"v": 1, "s": "a b", "w": [[0, 10**9]]}),
])
def test_bad_links_start_from_the_default_with_a_message(token):
    at = open_page("home", query={"s": token})
    assert any("링크" in e.value and "link" in e.value for e in at.error)  # in both languages: none chosen yet
    assert state(at).scenario.sentence == DEFAULT
    at.switch_page(page_spec("multihead").file).run()
    assert_clean(at)
    assert state(at).scenario.sentence == DEFAULT


def _ragged_w_q() -> bytes:
    """A saved lesson whose W_Q gained a one-cell row (edited as data, not as text)."""
    doc = json.loads(codec.to_json(Scenario(), View()))
    doc["w_q"] = [[1.0], *doc["w_q"]]
    return json.dumps(doc).encode()


@pytest.mark.parametrize("content", [
    b"{", b"\xff\xfe\x00", b"[]", json.dumps({"format": "attention-lesson", "version": 2}).encode(),
    _ragged_w_q(),
    b" " * 300_000,
])
def test_bad_state_files_change_nothing(content):
    at = open_drawer(open_page("home"), "tl:box")
    at.file_uploader(key="tl:upload").upload("x.json", content, "application/json").run()
    assert_clean(at)
    assert any("불러올 수 없습니다" in e.value for e in at.error)
    assert state(at).scenario.sentence == DEFAULT


sentences = st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12),
                     min_size=0, max_size=8).map(" ".join)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sentence=sentences, t=st.sampled_from([0.05, 0.3, 1.0, 4.0, 20.0]), page=st.sampled_from(EVERY_PAGE))
def test_random_sentences_through_every_page_raise_nothing(sentence, t, page):
    at = open_page(page)
    at.text_input(key="sb:sentence").input(sentence).run()
    assert_clean(at)
    s = state(at).scenario
    assert 1 <= s.n <= MAX_WORDS
    if sentence.split() and len(sentence) <= 5000 and max(len(w) for w in sentence.split()) <= 30:
        assert s.tokens == tuple(unicodedata.normalize("NFC", sentence).split())[:MAX_WORDS]  # e.g. U+FA.. → CJK
    else:
        assert s.sentence == DEFAULT and at.error
    at.select_slider(key="sb:T").set_value(t).run()
    assert_clean(at)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=st.lists(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=4), st.none()),
                       min_size=1, max_size=4))
def test_random_cells_through_the_editor_raise_nothing(values):
    at = open_page("value")
    edits = {r: {f"v{r + 1}": v} for r, v in enumerate(values)}
    edit_matrix(at, "w_v", edits)
    assert_clean(at)
    w_v = state(at).scenario.w_v
    assert abs(w_v).max() <= 100
