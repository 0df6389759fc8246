"""Share links and state files: a lesson's Scenario and View to text and back.

Both formats are read as untrusted input: size limits, a version field, exact types and shapes,
finite bounded numbers; plain JSON only (no pickle, no eval). A bad input raises InputError.

A link stores the preset and only what differs from it, quantised to the editors' step (0.01),
as JSON compressed with raw DEFLATE and written in URL-safe base64: no percent-encoded Hangul.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import itertools
import json
import math
import re
import zlib
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from . import presets
from .errors import InputError
from .lexicon import D_MODEL
from .registry import LANGS, MAX_WORD_CHARS, MAX_WORDS, SEED_MAX
from .scenario import HEAD_TEMPERATURES, HEAD_WEIGHTS, Scenario, View, clean_matrix

VERSION = 1
FORMAT = "attention-lesson"
MAX_LINK_CHARS = 8_000
MAX_JSON_BYTES = 200_000
MAX_X_EDITS = 4 * MAX_WORDS
# Untrusted JSON (links, files): how deep arrays and objects may nest, and how many characters a number may have. The
# app's deepest document, a lesson file, nests 6 deep (scenes → scene → state → a matrix's changes → a pair).
MAX_DEPTH = 12
MAX_NUMBER_CHARS = 32
_MATRICES = (("q", "w_q"), ("k", "w_k"), ("w", "w_v"))


_REASONS = {  # codes of a state that cannot be read (translated as "reason.<code>"), and the English text
    "empty": "empty", "damaged": "cut short or damaged", "missing": "an entry is missing",
    "malformed": "an entry has the wrong form", "not_text": "not UTF-8 text", "not_json": "not JSON",
    "not_lesson": "not a lesson file", "field": "an entry has a value this app cannot read",
}


def _bad(what: str, field: str = "") -> InputError:
    """A state that cannot be read: `what` is a code of _REASONS, or the name of the entry that is wrong."""
    code, field = (what, field) if what in _REASONS else ("field", what)
    detail = _REASONS[code] + (f": {field}" if field else "")
    return InputError("state_invalid", f"This link or file is not a valid lesson state ({detail}).", what=code,
                      field=field)


def _ints(a: np.ndarray) -> list[int]:
    return [int(v) for v in np.rint(np.asarray(a).ravel() * 100)]


def _view_payload(view: View) -> dict:
    d: dict = {}
    default = View()
    if view.lang != default.lang:
        d["l"] = view.lang
    if view.focus != default.focus:
        d["f"] = view.focus
    if view.cell != default.cell:
        d["c"] = list(view.cell)
    if view.dims != default.dims:
        d["d"] = list(view.dims)
    if view.presenter:
        d["pr"] = 1
    return d


def link_payload(scenario: Scenario, view: View) -> dict:
    """The compact dict a link carries: preset + changes, numbers as hundredths."""
    d: dict = {"v": VERSION, "s": scenario.sentence}
    default = Scenario()
    if scenario.preset != default.preset:
        d["p"] = scenario.preset
    if scenario.seed:
        d["r"] = scenario.seed
    if scenario.temperature != default.temperature:
        d["t"] = scenario.temperature
    if scenario.x_edits:
        d["x"] = {word: _ints(np.array(vec)) for word, vec in scenario.x_edits}
    base = presets.single_head_weights(scenario.preset, scenario.seed)
    for (short, name), b in zip(_MATRICES, base, strict=False):
        m = getattr(scenario, name)
        if not np.array_equal(m, b):
            changed = np.flatnonzero(np.rint(m.ravel() * 100) != np.rint(b.ravel() * 100))
            if not len(changed):  # equal to the preset in hundredths, all a link carries: nothing to write
                continue
            if len(changed) * 2 < m.size:
                d[short] = [[int(i), int(np.rint(m.ravel()[i] * 100))] for i in changed]
            else:
                d[short] = _ints(m)
    for short, name, neutral in (("g", "gamma", 1.0), ("b", "beta", 0.0)):
        vec = getattr(scenario, name)
        if not np.all(vec == neutral):
            d[short] = _ints(vec)
    if scenario.head_recipes != default.head_recipes:
        d["h"] = list(scenario.head_recipes)
    if scenario.head_temperature == "shared":
        d["m"] = 1
    if scenario.head_weights == "shared":
        d["hw"] = 1
    if scenario.pe_alpha:
        d["pa"] = round(scenario.pe_alpha * 100)
    if scenario.mask != default.mask:
        d["mk"] = scenario.mask
    d.update(_view_payload(view))
    return d


def pack(document: object) -> str:
    """A JSON value as a link token: compact JSON, raw DEFLATE, URL-safe base64 without padding, so Hangul is
    never percent-encoded."""
    raw = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode("ascii").rstrip("=")


def unpack(token: object, max_chars: int, max_bytes: int, bad: Callable[[str], InputError]) -> object:
    """The JSON value of a `pack` token, read as untrusted input: its length is checked before anything is
    decoded and the decompressed size is capped. `bad("empty")` / `bad("damaged")` is raised for what cannot be read."""
    if not isinstance(token, str) or not token:
        raise bad("empty")
    if len(token) > max_chars:
        raise InputError("link_too_long", f"This link is too long (over {max_chars} characters).", limit=max_chars)
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, max_bytes)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise bad("damaged")
        text = raw.decode("utf-8")
    except InputError:
        raise
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        raise bad("damaged") from exc
    return loads(text, lambda: bad("damaged"))


# A JSON string, escapes included; one left open runs to the end of the text (so that no later quote is taken for a
# string's start: the scan stays linear whatever the text)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deep the arrays and objects of JSON text nest (brackets inside strings do not count), in linear time and
    without recursion: what `json.loads` would recurse into, measured before it does."""
    brackets = _BRACKETS.sub("", _STRING.sub("", text))
    return max(itertools.accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


def loads(text: str, bad: Callable[[], InputError]) -> object:
    """JSON from untrusted text, refused with `bad()` unless it is bounded: nesting at most MAX_DEPTH (checked before
    parsing: `json.loads` recurses, and a few thousand brackets raise RecursionError), decimal numbers of at most
    MAX_NUMBER_CHARS characters and finite (no NaN or Infinity; whole numbers are held to Python's own 4,300 digits),
    strings that are valid Unicode (no lone surrogate from a \\ud800 escape, which would fail once the state is
    written again). The caller bounds the text's size."""

    def number(raw: str) -> float:  # a whole number's digits are bounded by Python itself (int_max_str_digits)
        value = float(raw) if len(raw) <= MAX_NUMBER_CHARS else math.inf
        if not math.isfinite(value):
            raise bad()
        return value

    def constant(raw: str) -> object:
        raise bad()

    if nesting(text) > MAX_DEPTH:
        raise bad()
    try:
        value = json.loads(text, parse_float=number, parse_constant=constant)
        json.dumps(value, ensure_ascii=False).encode("utf-8")  # every string encodable: no lone surrogate
    except InputError:
        raise
    except (ValueError, RecursionError) as exc:  # RecursionError cannot happen below MAX_DEPTH; kept as a backstop
        raise bad() from exc
    return value


def encode_link(scenario: Scenario, view: View) -> str:
    """The URL-safe token for `?s=` that reproduces this scenario and view."""
    return pack(link_payload(scenario, view))


def state_key(scenario: Scenario) -> str:
    """The scenario's exact canonical encoding, as a short digest: the key under which what depends only on the
    lesson state is shared by every session (attention_core/shared.py). Every field of the scenario, its numbers
    exactly (a link rounds them to hundredths, and two states a link cannot tell apart must not share a chart), as
    sorted compact JSON, then BLAKE2b (128 bits). Equal scenarios give equal keys in any process; the view (picks,
    language, presenter mode) is not part of it: what depends on the view is keyed by the view as well."""
    doc = {f.name: _exact(getattr(scenario, f.name)) for f in dataclasses.fields(scenario)}
    raw = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return hashlib.blake2b(raw.encode("utf-8"), digest_size=16).hexdigest()


def _exact(v: object) -> object:
    """A scenario field as JSON that tells any two different values apart (floats by their shortest repr)."""
    if isinstance(v, np.ndarray):
        return {"shape": list(v.shape), "values": v.astype(float).ravel().tolist()}
    if isinstance(v, (list, tuple)):
        return [_exact(x) for x in v]
    if isinstance(v, np.generic):  # a numpy number in a field: as the Python number it is
        return v.item()
    return v


def decode_link(token: object) -> tuple[Scenario, View]:
    """The scenario and view of a link token; InputError for anything else."""
    payload = unpack(token, MAX_LINK_CHARS, MAX_JSON_BYTES, _bad)
    return _guard(lambda: _from_link_payload(payload))


def state_from_payload(payload: object) -> tuple[Scenario, View]:
    """The scenario and view of an already decoded link payload (a lesson file's scene); InputError otherwise."""
    if not isinstance(payload, dict):
        raise _bad("not an object")
    return _guard(lambda: _from_link_payload(payload))


def _guard(build):
    try:
        return build()
    except InputError:
        raise
    except KeyError as exc:
        raise _bad("missing", str(exc.args[0]) if exc.args else "") from exc
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        raise _bad("malformed") from exc


def _check_version(d: dict, key: str) -> None:
    if not isinstance(d, dict):
        raise _bad("not_lesson")
    v = d.get(key)
    if v != VERSION:
        raise InputError(
            "state_version", f"This state was written by another version ({v!r}); this app reads {VERSION}.",
            got=str(v)[:10], expected=VERSION,
        )


def _int(v: object, low: int, high: int, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise _bad(what)
    return v


def _hundredths(values: object, size: int, what: str) -> list[float]:
    if not isinstance(values, list) or len(values) != size:
        raise _bad(what)
    return [_int(v, -10_000, 10_000, what) / 100 for v in values]


def _x_edits(raw: object, scenario: Scenario, per_value) -> Scenario:
    if not isinstance(raw, dict) or len(raw) > MAX_X_EDITS:
        raise _bad("X")
    if any(not isinstance(word, str) or not 0 < len(word) <= MAX_WORD_CHARS for word in raw):
        raise _bad("X")
    if not raw:
        return replace(scenario, x_edits=())
    rows = clean_matrix([per_value(vec) for vec in raw.values()], (len(raw), D_MODEL), "X")  # checked at once
    edits = [(word, tuple(float(v) for v in row)) for word, row in zip(raw, rows, strict=True)]
    return replace(scenario, x_edits=tuple(sorted(edits)))


def _heads(raw: object, scenario: Scenario) -> Scenario:
    if not isinstance(raw, list) or not raw:
        raise _bad("heads")
    scenario = scenario.with_heads(len(raw))
    for h, recipe in enumerate(raw):
        scenario = scenario.with_head_recipe(h, recipe)
    return scenario


def _view(d: dict, scenario: Scenario, keys: dict[str, str]) -> View:
    lang = d.get(keys["lang"], "ko")
    if lang not in LANGS:
        raise _bad("language")
    top = MAX_WORDS - 1
    cell = d.get(keys["cell"], [0, 1])
    dims = d.get(keys["dims"], [0, 1])
    if not (isinstance(cell, list) and len(cell) == 2 and isinstance(dims, list) and len(dims) == 2):
        raise _bad("view")
    return View(
        lang=lang,
        focus=_int(d.get(keys["focus"], 0), 0, top, "view"),
        cell=(_int(cell[0], 0, top, "view"), _int(cell[1], 0, top, "view")),
        dims=(_int(dims[0], 0, 2 * D_MODEL, "view"), _int(dims[1], 0, 2 * D_MODEL, "view")),
        presenter=bool(_int(int(d.get(keys["presenter"], 0)), 0, 1, "view")),
    ).fitted(scenario)


def _order(s: Scenario, alpha: object, mask: object) -> Scenario:
    """Screen ⑧'s α and mask; states written before that screen carry neither and open with both off."""
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
        raise _bad("position strength")
    if not isinstance(mask, str):
        raise _bad("mask")
    return s.with_pe_alpha(alpha).with_mask(mask)


def _from_link_payload(d: dict) -> tuple[Scenario, View]:
    _check_version(d, "v")
    s, _ = Scenario().with_sentence(d["s"])
    s = s.with_preset(d.get("p", "emotion"), _int(d.get("r", 0), 0, SEED_MAX, "seed"))
    if "t" in d:
        s = s.with_temperature(d["t"])
    if "x" in d:
        s = _x_edits(d["x"], s, lambda vec: _hundredths(vec, D_MODEL, "X"))
    for short, name in _MATRICES:
        if short not in d:
            continue
        m = getattr(s, name)
        raw = d[short]
        if isinstance(raw, list) and raw and isinstance(raw[0], list):
            if len(raw) > m.size:  # each cell at most once: bounded before the loop
                raise _bad(name)
            flat = (np.rint(m.ravel() * 100)).astype(int).tolist()
            for pair in raw:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise _bad(name)
                flat[_int(pair[0], 0, m.size - 1, name)] = _int(pair[1], -10_000, 10_000, name)
            values = np.array(flat, dtype=float).reshape(m.shape) / 100
        else:
            values = np.array(_hundredths(raw, m.size, name)).reshape(m.shape)
        s = s.with_matrix(name, values)
    for short, name in (("g", "gamma"), ("b", "beta")):
        if short in d:
            s = s.with_matrix(name, _hundredths(d[short], D_MODEL, name))
    if "h" in d:
        s = _heads(d["h"], s)
    s = s.with_head_temperature(HEAD_TEMPERATURES[_int(d.get("m", 0), 0, 1, "multi-head T")])
    s = s.with_head_weights(HEAD_WEIGHTS[_int(d.get("hw", 0), 0, 1, "multi-head weights")])  # older links: recipes
    s = _order(s, _int(d.get("pa", 0), 0, 10_000, "position strength") / 100, d.get("mk", "none"))
    view = _view(d, s, {"lang": "l", "focus": "f", "cell": "c", "dims": "d", "presenter": "pr"})
    return s, view


def to_json(scenario: Scenario, view: View) -> str:
    """The whole state as a readable JSON document (every matrix written out in full)."""
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "sentence": scenario.sentence,
        "preset": scenario.preset,
        "seed": scenario.seed,
        "temperature": scenario.temperature,
        "x_edits": {word: list(vec) for word, vec in scenario.x_edits},
        "w_q": scenario.w_q.tolist(),
        "w_k": scenario.w_k.tolist(),
        "w_v": scenario.w_v.tolist(),
        "gamma": scenario.gamma.tolist(),
        "beta": scenario.beta.tolist(),
        "head_recipes": list(scenario.head_recipes),
        "head_temperature": scenario.head_temperature,
        "head_weights": scenario.head_weights,
        "pe_alpha": scenario.pe_alpha,
        "mask": scenario.mask,
        "view": {
            "lang": view.lang, "focus": view.focus, "cell": list(view.cell), "dims": list(view.dims),
            "presenter": int(view.presenter),
        },
    }
    return json.dumps(doc, ensure_ascii=False, indent=1)


def read_json(text: object, max_bytes: int, bad: Callable[[str], InputError]) -> object:
    """The JSON value of an uploaded file (bytes or text), read as untrusted input: its size is capped before and
    after decoding, it must be UTF-8. `bad("not_text")` / `bad("not_json")` is raised for what cannot be read."""
    too_large = InputError("file_too_large", f"The file is larger than {max_bytes // 1000} kB.",
                           limit=max_bytes // 1000)
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise too_large
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise bad("not_text") from exc
    if not isinstance(text, str):
        raise bad("not_text")
    if len(text) > max_bytes:
        raise too_large
    return loads(text, lambda: bad("not_json"))


def from_json(text: object) -> tuple[Scenario, View]:
    """The scenario and view of a state file written by `to_json`; InputError for anything else."""
    doc = read_json(text, MAX_JSON_BYTES, _bad)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _bad("not_lesson")
    return _guard(lambda: _from_json_doc(doc))


def _from_json_doc(doc: dict) -> tuple[Scenario, View]:
    _check_version(doc, "version")
    s, _ = Scenario().with_sentence(doc["sentence"])
    s = s.with_preset(doc["preset"], _int(doc.get("seed", 0), 0, SEED_MAX, "seed"))
    s = s.with_temperature(doc["temperature"])
    s = _x_edits(doc.get("x_edits", {}), s, lambda vec: vec)
    for name in ("w_q", "w_k", "w_v"):
        s = s.with_matrix(name, doc[name])
    for name in ("gamma", "beta"):
        s = s.with_matrix(name, doc[name])
    s = _heads(doc["head_recipes"], s)
    if "head_temperature" in doc:
        s = s.with_head_temperature(doc["head_temperature"])
    else:  # files written before the field had a name: a flag, true = the sidebar's T
        mh = doc.get("mh_sidebar_t", False)
        if not isinstance(mh, bool):
            raise _bad("mh_sidebar_t")
        s = s.with_head_temperature("shared" if mh else "sqrt_dk")
    s = s.with_head_weights(doc.get("head_weights", "recipes"))  # files written before the switch: recipes
    s = _order(s, doc.get("pe_alpha", 0.0), doc.get("mask", "none"))
    view_doc = doc.get("view", {})
    if not isinstance(view_doc, dict):
        raise _bad("view")
    keys = {k: k for k in ("lang", "focus", "cell", "dims", "presenter")}
    view = _view(view_doc, s, keys)
    return s, view
