"""Every decoder of what comes from outside (share link, lesson link, state file, lesson file, class request) either
returns or raises InputError, quickly and in bounded memory, whatever it is given: structure-aware fuzzing with the
inputs a curious student would try (deep nesting, huge and non-finite numbers, long strings, odd Unicode, format
specs in captions, wrong types at every key, valid documents with one field mutated) and the known bombs.

The time bound here is a hang detector (a generous watchdog, never a timing assertion); the 100 ms target is measured
by `python bench/hostile.py` (docs/security.md).
"""

from __future__ import annotations

import contextlib
import json
import signal
import tracemalloc
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from attention_core import scenes
from attention_core.classroom import Classroom
from attention_core.classroom.store import SQLiteStore
from attention_core.errors import InputError
from tests.hostile import BOMBS, DECODERS, VALID_LESSON, VALID_LINK, VALID_STATE, mutated, pack_json, paths

WATCHDOG_S = 5.0  # far above the 100 ms target: only a runaway input reaches it
MEMORY_BYTES = 40_000_000  # far below the gigabytes a width blank or a bomb would take


class Runaway(Exception):
    pass


@contextlib.contextmanager
def watchdog(seconds: float = WATCHDOG_S):
    def fire(signum, frame):
        raise Runaway(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def settles(decode: Callable[[object], object], value: object) -> object:
    """`decode(value)` returns something or raises InputError, before the watchdog fires; anything else fails."""
    with watchdog():
        try:
            return decode(value)
        except InputError as err:
            assert str(err)  # a message a student can read
            return err


# -- strategies ------------------------------------------------------------------------------------------------

ODD_CHARS = st.characters(codec="utf-8") | st.sampled_from(
    ["\u202e", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff", "\u0301", "\ud800", "\udfff", "\x00", "{", "}",
     "[", "]", "\\", '"'])
ODD_TEXT = st.lists(st.text(alphabet=ODD_CHARS, max_size=12) | st.sampled_from(
    ["슬픈", "{T:>999999999}", "{w[0][0]:,>300000000.2f}", "x" * 200]), max_size=5).map("".join)
HUGE = st.sampled_from([10**40, -(10**40), 2**63, 1e308, -1e308, 5e-324, 10**30])
NUMBERS = st.integers(min_value=-(2**70), max_value=2**70) | st.floats(allow_nan=True, allow_infinity=True) | HUGE
LEAVES = st.none() | st.booleans() | NUMBERS | ODD_TEXT
JSON = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(ODD_TEXT, inner, max_size=5),
                    max_leaves=30)


BLANK_NAMES = ("T", "n", "word", "w", "s", "q", "hw", "pair", "least", "mean", "nothing", "__class__", "w.__class__")
BLANKS = st.builds(
    lambda name, idx, spec: "{" + name + "".join(f"[{i}]" for i in idx) + ("" if spec is None else f":{spec}") + "}",
    st.sampled_from(BLANK_NAMES), st.lists(st.integers(-2, 99), max_size=4),
    st.none() | st.sampled_from([".2f", ">999999999", "^400000000", ",>300000000.2f", "이/가", ".2f|이었/였", "%",
                                 "{T}", "!r", "x<99", ".99f", "e", "g", ".0%", ""]) | st.text(max_size=12))
CAPTIONS = st.lists(BLANKS | st.text(max_size=20), max_size=12).map("".join)


# -- the decoders, fuzzed --------------------------------------------------------------------------------------

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


@pytest.mark.parametrize("kind", ["share link", "lesson link"])
@FUZZ
@given(doc=JSON)
def test_any_json_in_a_link_is_read_or_refused(kind, doc):
    settles(DECODERS[kind], pack_json(doc))


@pytest.mark.parametrize("kind", ["state file", "lesson file"])
@FUZZ
@given(doc=JSON, as_bytes=st.booleans())
def test_any_json_in_a_file_is_read_or_refused(kind, doc, as_bytes):
    text = json.dumps(doc, ensure_ascii=True)
    settles(DECODERS[kind], text.encode() if as_bytes else text)


@pytest.mark.parametrize("kind", list(DECODERS))
@FUZZ
@given(raw=st.binary(max_size=400) | ODD_TEXT | st.sampled_from([None, 3, [], {}, b"", "", "=" * 9000]))
def test_any_bytes_or_text_are_read_or_refused(kind, raw):
    settles(DECODERS[kind], raw)


@pytest.mark.parametrize(("kind", "valid"), [("share link", VALID_LINK), ("lesson link", VALID_LESSON)])
@FUZZ
@given(data=st.data())
def test_a_valid_link_with_one_field_mutated_is_read_or_refused(kind, valid, data):
    path = data.draw(st.sampled_from(paths(valid)))
    value = data.draw(JSON | st.sampled_from([[0] * 5000, "x" * 100_000, {str(i): 1 for i in range(3000)}]))
    settles(DECODERS[kind], pack_json(mutated(valid, path, value)))


@pytest.mark.parametrize(("kind", "valid"), [("state file", VALID_STATE), ("lesson file", VALID_LESSON)])
@FUZZ
@given(data=st.data())
def test_a_valid_file_with_one_field_mutated_is_read_or_refused(kind, valid, data):
    path = data.draw(st.sampled_from(paths(valid)))
    value = data.draw(JSON)
    settles(DECODERS[kind], json.dumps(mutated(valid, path, value), ensure_ascii=True))


@FUZZ
@given(caption=CAPTIONS, lang=st.sampled_from(["ko", "en"]))
def test_any_caption_in_a_lesson_is_read_and_drawn_bounded_or_refused(caption, lang):
    doc = mutated(VALID_LESSON, ("scenes", 0, "caption", lang), caption[: scenes.MAX_CAPTION_CHARS])
    for kind, raw in (("lesson link", pack_json(doc)), ("lesson file", json.dumps(doc))):
        settles(DECODERS[kind], raw)


# -- the known bombs: refused quickly, in bounded memory ------------------------------------------------------

@pytest.mark.parametrize(("kind", "i"), [(k, i) for k, bombs in BOMBS.items() for i in range(len(bombs))])
def test_known_bombs_are_refused_with_the_apps_message_in_bounded_memory(kind, i):
    tracemalloc.start()
    try:
        result = settles(DECODERS[kind], BOMBS[kind][i])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert isinstance(result, InputError), result
    assert peak < MEMORY_BYTES, peak


def test_lesson_link_captions_with_widths_are_refused_when_read_not_drawn():
    doc = mutated(VALID_LESSON, ("scenes", 1, "caption", "en"), "T is {T:>20}")
    with pytest.raises(InputError) as err:
        scenes.decode_link(pack_json(doc))
    assert err.value.key == "caption_blank" and "{T:>20}" in str(err.value)


# -- class requests ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    store = SQLiteStore(tmp_path_factory.mktemp("class"))
    yield Classroom(store)
    store.close()


REQUEST_VALUES = JSON | st.sampled_from(["ABCDEF", "abc-def", "A" * 10_000, "\u202eABCDEF", 10**40, -1, 2**63])


@FUZZ
@given(code=REQUEST_VALUES, pid=REQUEST_VALUES, qid=REQUEST_VALUES, choice=REQUEST_VALUES, client=REQUEST_VALUES)
def test_any_class_request_is_answered_or_refused(room, code, pid, qid, choice, client):
    hosted = room.open_class()
    settles(lambda _: room.join(code, str(client)), None)
    settles(lambda _: room.student_view(code, pid), None)
    settles(lambda _: room.answer(code, pid, qid, choice), None)
    settles(lambda _: room.host_view(code, pid), None)
    settles(lambda _: room.reveal(hosted.class_id, pid, qid), None)


# -- what goes into a page's scripts, and what the server accepts at all ---------------------------------------


@given(value=st.recursive(ODD_TEXT | st.integers(), lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(ODD_TEXT, inner, max_size=4), max_leaves=12))
@settings(deadline=None)
def test_data_put_into_a_script_cannot_close_it(value):
    from attention_core.ui.web import script_json

    text = script_json(value)
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(text) == json.loads(json.dumps(value, ensure_ascii=False))  # the same data


def test_the_server_refuses_large_uploads_and_messages_before_the_app_sees_them():
    import tomllib
    from pathlib import Path

    config = tomllib.loads((Path(__file__).resolve().parents[1] / ".streamlit" / "config.toml").read_text())
    assert 1 <= config["server"]["maxUploadSize"] <= 5  # MB: the app's own files are at most 1 MB
    assert config["server"]["maxUploadSize"] * 1_000_000 >= scenes.MAX_FILE_BYTES
    assert config["server"]["maxMessageSize"] <= 50  # MB, against Streamlit's 200
