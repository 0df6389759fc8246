"""Share links and state files round-trip exactly and refuse anything else with a clear error."""

from __future__ import annotations

import base64
import dataclasses
import json
import zlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attention_core import InputError
from attention_core.codec import (
    MAX_LINK_CHARS,
    decode_link,
    encode_link,
    from_json,
    link_payload,
    state_from_payload,
    to_json,
)
from attention_core.scenario import Scenario, View

TEN_KOREAN = "나는 어제 슬픈 영화를 보았다 그 배우는 정말 아름다운 장면을"


def same(a: Scenario, b: Scenario) -> bool:
    return all([
        a.sentence == b.sentence, a.preset == b.preset, a.seed == b.seed, a.temperature == b.temperature,
        a.x_edits == b.x_edits, np.array_equal(a.x, b.x), np.array_equal(a.w_q, b.w_q),
        np.array_equal(a.w_k, b.w_k), np.array_equal(a.w_v, b.w_v), np.array_equal(a.gamma, b.gamma),
        np.array_equal(a.beta, b.beta), a.head_recipes == b.head_recipes, a.head_temperature == b.head_temperature,
        a.pe_alpha == b.pe_alpha, a.mask == b.mask,
    ])


def edited(seed: int = 1) -> Scenario:
    rng = np.random.default_rng(seed)
    s, _ = Scenario().with_sentence(TEN_KOREAN)
    return (s.with_x(rng.uniform(-9, 9, (10, 8))).with_matrix("w_q", rng.uniform(-9, 9, (8, 4)))
            .with_matrix("w_k", rng.uniform(-9, 9, (8, 4))).with_matrix("w_v", rng.uniform(-9, 9, (8, 8))))


def test_default_link_is_tiny_and_round_trips():
    token = encode_link(Scenario(), View())
    assert len(token) < 120
    s, v = decode_link(token)
    assert same(s, Scenario()) and v == View()


def test_ten_korean_words_with_edited_matrices_fit_in_2000_characters():
    s = edited()
    view = View(lang="en", focus=4, cell=(2, 7), dims=(1, 3), presenter=True)
    token = encode_link(s, view)
    assert len(token) <= 2000
    assert all(c.isalnum() or c in "-_" for c in token)  # nothing to percent-encode
    s2, v2 = decode_link(token)
    assert same(s2, s) and v2 == view


def test_link_stores_preset_plus_changes():
    """The one test that spells the compact link format out (docs/share-links.md): the preset by name, its
    seed, and only the changed cells of a matrix, in hundredths. Every other test round-trips."""
    s = Scenario().with_preset("random", 5)
    m = s.w_q.copy()
    m[0, 0] += 1
    d = link_payload(s.with_matrix("w_q", m), View())
    assert d["p"] == "random" and d["r"] == 5 and d["q"] == [[0, round(m[0, 0] * 100)]]
    assert "k" not in d and "w" not in d


def test_a_matrix_changed_below_a_hundredth_writes_nothing_and_the_link_opens():
    """A link carries hundredths: a weight moved by less than half of one is the preset's in the link (it wrote
    an empty list of changes, which no link may hold, and the link failed to open). The editors round to
    hundredths themselves; a state built around them (as the shared store's keys are) must still encode."""
    s = Scenario()
    moved = dataclasses.replace(s, w_q=s.w_q + 0.001)
    assert not np.array_equal(moved.w_q, s.w_q)
    assert "q" not in link_payload(moved, View())
    s2, _ = decode_link(encode_link(moved, View()))
    assert np.array_equal(s2.w_q, s.w_q)


def test_json_round_trip_is_exact():
    s = edited(2).with_temperature(0.37).with_heads(4).with_head_recipe(1, "agent").with_head_temperature("shared")
    s = s.with_matrix("gamma", [1.5] * 8).with_matrix("beta", [0.25] * 8)
    view = View(lang="en", focus=3)
    s2, v2 = from_json(to_json(s, view))
    assert same(s2, s) and v2 == view
    s3, v3 = decode_link(encode_link(s, view))
    assert same(s3, s) and v3 == view


def pack(payload) -> str:
    raw = json.dumps(payload).encode()
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(c.compress(raw) + c.flush()).decode().rstrip("=")


GOOD = encode_link(edited(), View())


@pytest.mark.parametrize("token,key", [
    ("", "state_invalid"),
    ("%%%not-base64%%%", "state_invalid"),
    ("aGVsbG8", "state_invalid"),
    (GOOD[: len(GOOD) // 2], "state_invalid"),
    ("A" * (MAX_LINK_CHARS + 1), "link_too_long"),
    (pack({"v": 99, "s": "a"}), "state_version"),
    (pack({"s": "a"}), "state_version"),
    (pack([1, 2, 3]), "state_invalid"),
    (pack({"v": 1, "s": ""}), "sentence_empty"),
    (pack({"v": 1, "s": "a b", "q": [1, 2, 3]}), "state_invalid"),
    (pack({"v": 1, "s": "a b", "q": [[999, 5]]}), "state_invalid"),
    (pack({"v": 1, "s": "a b", "x": {"a": [1] * 3}}), "state_invalid"),
    (pack({"v": 1, "s": "a b", "x": {"a": [10**9] * 8}}), "state_invalid"),
    (pack({"v": 1, "s": "a b", "t": "hot"}), "temperature_range"),
    (pack({"v": 1, "s": "a b", "p": "evil"}), "preset_unknown"),
    (pack({"v": 1, "s": "a b", "h": ["emotion"] * 3}), "heads_not_divisor"),
    (pack({"v": 1, "s": "a b", "l": "fr"}), "state_invalid"),
    (pack({"v": 1, "s": "a b", "f": True}), "state_invalid"),
])
def test_bad_links_are_refused_clearly(token, key):
    with pytest.raises(InputError) as info:
        decode_link(token)
    assert info.value.key == key


def test_decompression_bomb_is_refused():
    bomb = pack({"v": 1, "s": "a " * 200_000})
    assert len(bomb) < MAX_LINK_CHARS
    with pytest.raises(InputError):
        decode_link(bomb)


@pytest.mark.parametrize("text", [
    "", "{", "[]", "null", '{"format": "other"}', b"\xff\xfe", b"{" * 300_000,
    json.dumps({"format": "attention-lesson", "version": 2}),
])
def test_bad_state_files_are_refused(text):
    with pytest.raises(InputError):
        from_json(text)


def test_state_file_with_wrong_shapes_is_refused():
    doc = json.loads(to_json(Scenario(), View()))
    doc["w_q"] = [[1.0, 2.0]]
    with pytest.raises(InputError) as info:
        from_json(json.dumps(doc))
    assert info.value.key == "matrix_shape"


cells = st.integers(-10_000, 10_000).map(lambda v: v / 100)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(["슬픈", "영화였다", "cat", "😀", "<b>x</b>", "새단어", "the"]), min_size=1, max_size=12),
    st.sampled_from(["emotion", "identity", "random"]),
    st.integers(0, 1000),
    st.lists(cells, min_size=8, max_size=8),
    st.floats(0.01, 100),
    st.sampled_from(["ko", "en"]),
)
def test_link_and_json_round_trip_any_state(words, preset, seed, row, t, lang):
    s, _ = Scenario().with_sentence(" ".join(words))
    s = s.with_preset(preset, seed).with_temperature(t)
    x = s.x.copy()
    x[0] = row
    s = s.with_x(x)
    w = s.w_k.copy()
    w[-1, -1] = row[0]
    s = s.with_matrix("w_k", w)
    view = View(lang=lang, focus=len(words) - 1).fitted(s)
    for s2, v2 in (decode_link(encode_link(s, view)), from_json(to_json(s, view))):
        assert same(s2, s) and v2 == view


# Screen ⑧: the position strength α and the mask travel in links and files; older states still open.

# A link and a state file written by the app before screen ⑧ existed (generated then, pinned here).
LINK_BEFORE_ORDER = (
    "q1YqU7Iy1FEqVrJSet0043XXFIU307a8WTBH4U3XmrdTOhTezGh8O3PK66V7FF5v3vJm6ozX3UuUdJRKlKwM9Ex1lCqUrKqh-pSsoo3NdQx0LA"
    "10YNDQwCC2VkcpAyillJqbX5KZnwfUm16UmJubWAQyJTWvOBVIJ6an5pUoxeoo5QBdkQpSk6ZkZaSjlAzUaKhjHFsLAA"
)
FILE_BEFORE_ORDER = Path(__file__).parent / "data" / "state-before-order.json"


def _check_before_order(s: Scenario, v: View) -> None:
    assert s.sentence == "나는 어제 슬픈 영화를 보았다" and s.temperature == 0.5 and s.n_heads == 4
    assert s.x[0, 0] == 0.37 and v == View(lang="en", focus=2, cell=(1, 3))
    assert s.pe_alpha == 0.0 and s.mask == "none"  # positions off, no mask: what those states meant


def test_a_link_made_before_screen_8_still_opens():
    _check_before_order(*decode_link(LINK_BEFORE_ORDER))


def test_a_state_file_made_before_screen_8_still_opens():
    _check_before_order(*from_json(FILE_BEFORE_ORDER.read_bytes()))


@pytest.mark.parametrize("alpha, mask", [(0.0, "causal"), (0.75, "none"), (3.0, "padding"), (0.05, "causal")])
def test_alpha_and_mask_round_trip_in_links_and_files(alpha, mask):
    s = edited().with_pe_alpha(alpha).with_mask(mask)
    view = View(lang="en", focus=3)
    for s2, v2 in (decode_link(encode_link(s, view)), from_json(to_json(s, view))):
        assert same(s2, s) and v2 == view
        assert s2.pe_alpha == alpha and s2.mask == mask


def test_default_alpha_and_mask_add_nothing_to_a_link():
    plain = link_payload(Scenario(), View())
    moved = link_payload(Scenario().with_pe_alpha(1.25).with_mask("causal"), View())
    assert set(plain) < set(moved) and len(set(moved) - set(plain)) == 2  # one entry each, none by default
    older = {k: v for k, v in moved.items() if k in plain}  # a link written before screen ⑧
    s, _ = state_from_payload(older)
    assert s.pe_alpha == 0.0 and s.mask == "none"
    back, _ = decode_link(encode_link(Scenario().with_pe_alpha(1.25).with_mask("causal"), View()))
    assert back.pe_alpha == 1.25 and back.mask == "causal"


@pytest.mark.parametrize("extra", [{"pa": -1}, {"pa": 301}, {"pa": 1.5}, {"pa": True}, {"pa": "1"},
                                   {"mk": "sideways"}, {"mk": 1}, {"mk": None}])
def test_bad_alpha_or_mask_in_a_link_is_refused(extra):
    with pytest.raises(InputError):
        decode_link(pack({"v": 1, "s": "슬픈 영화", **extra}))


@pytest.mark.parametrize("extra", [{"pe_alpha": -0.5}, {"pe_alpha": 9}, {"pe_alpha": "x"}, {"pe_alpha": None},
                                   {"mask": "left"}, {"mask": 3}])
def test_bad_alpha_or_mask_in_a_file_is_refused(extra):
    doc = json.loads(to_json(Scenario(), View()))
    doc.update(extra)
    with pytest.raises(InputError):
        from_json(json.dumps(doc))
def test_old_state_files_with_the_multihead_flag_still_open():
    doc = json.loads(to_json(Scenario(), View()))
    del doc["head_temperature"]
    for flag, choice in ((True, "shared"), (False, "sqrt_dk")):
        doc["mh_sidebar_t"] = flag
        assert from_json(json.dumps(doc))[0].head_temperature == choice
    doc["mh_sidebar_t"] = "yes"
    with pytest.raises(InputError):
        from_json(json.dumps(doc))


def test_unknown_multihead_temperature_is_refused():
    doc = json.loads(to_json(Scenario(), View()))
    doc["head_temperature"] = "sideways"
    with pytest.raises(InputError):
        from_json(json.dumps(doc))


# Made by the code of commit afcd046, before the multi-head temperature had a name: T = 0.37, 4 heads with
# head 2 = "agent", the multi-head screen on the sidebar's T, English, presenter mode.
OLD_LINK = ("q1YqU7Iy1FEqVrJSetO15u2UDoU3MxrfzpzyZkbD6-4lCm-mtrxe1gJkvZm1ReHNvKWvV255M3fLm-kdQCElHaUSJSsDPWNz"
            "HaUMJatopdTc_JLM_DygeGJ6al4JSD41rzgVzo_VUcoF25YDtC0VpK6gCMivBQA")


def test_links_made_before_the_named_field_still_open():
    s, view = decode_link(OLD_LINK)
    assert s.head_temperature == "shared" and s.mh_temperature == 0.37
    assert s.head_recipes == ("emotion", "agent", "tense", "agent")
    assert (view.lang, view.presenter) == ("en", True)
    assert encode_link(s, view) == OLD_LINK  # the link format itself is unchanged
