"""Lesson scenes: an ordered list of full states (sentence, matrices, T, page, selected word, presenter mode),
each with a short caption in Korean and English, that a lecturer walks with the clicker.

A lesson travels as a JSON file or, when it is short enough, as a link (`?lesson=`). Both are read as
untrusted input, like the state file and the share link (`codec`): size limits, a format name and a version,
every scene's state through the share link's own validation, captions of bounded length, known pages only.
A bad input raises InputError and builds nothing.

A scene may name its focus, the element its caption is about (a chart's key "chart:<name>", a table's, a
quiz's): opening the scene brings that element into view under the caption. A caption may hold blanks filled
from the scene's own state (`facts`), so that its numbers are computed, never typed: `{w[1][0]}` is the
weight row 1 puts on column 0 (two decimals unless a format is given), `{word[0]}` the first word,
`{word[0]:이/가}` the particle after it.
"""

from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from . import analysis, codec
from .attention import layer_norm
from .errors import InputError
from .i18n.josa import format_particle, is_particle_spec
from .registry import LANGS, PAGE_KEYS
from .scenario import Scenario, View

FORMAT = "attention-scenes"
VERSION = 1
MAX_SCENES = 40
MAX_CAPTION_CHARS = 240
MAX_FILE_BYTES = 400_000
LINK_LIMIT = 2_000  # a lesson is offered as a link only up to this many characters
MAX_LINK_CHARS = 8_000  # longer lesson links are refused unread
MAX_FOCUS_CHARS = 80
FOCUS_KEY = re.compile(r"[A-Za-z0-9:_-]*")  # an element key: a chart's "chart:<name>", a widget's or container's
BUILTIN = Path(__file__).resolve().parent / "data" / "lesson_intro.json"


@dataclass(frozen=True)
class Scene:
    """One step of a lesson: the full state to show, the page to show it on, and its caption (ko, en)."""

    scenario: Scenario
    view: View
    page: str
    caption: tuple[str, str]
    focus: str = ""  # the key of the element the caption is about ("" for none)

    def caption_in(self, lang: str) -> str:
        """The caption as written in `lang` (blanks unfilled), or in the other language when this one is empty."""
        ko, en = self.caption
        return (ko or en) if lang == "ko" else (en or ko)

    @cached_property
    def facts(self) -> dict[str, object]:
        """`facts` of this scene's state, computed once (the scene is frozen; the captions are drawn on every run)."""
        return facts(self.scenario)

    def caption_shown(self, lang: str) -> str:
        """The caption in `lang` with its blanks filled from this scene's state; as written when a blank
        cannot be filled (a caption typed with a brace that is not a blank)."""
        template = self.caption_in(lang)
        if "{" not in template and "}" not in template:
            return template
        try:
            return _FORMATTER.vformat(template, (), self.facts)
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            return template


class _CaptionFormatter(string.Formatter):
    """str.format over the facts, with particle blanks (`{word[0]:이/가}`) and no attribute access."""

    def get_field(self, field_name, args, kwargs):
        if "." in field_name:
            raise KeyError(field_name)
        return super().get_field(field_name, args, kwargs)

    def format_field(self, value: object, format_spec: str) -> str:
        if is_particle_spec(format_spec):
            fmt, _, forms = format_spec.rpartition("|")
            return format_particle(value, f"{fmt or _default(value)}|{forms}")
        return super().format_field(value, format_spec or _default(value))


def _default(value: object) -> str:
    """A number with no format is written with two decimals, as the charts write them."""
    return ".2f" if isinstance(value, float) else ""


_FORMATTER = _CaptionFormatter()


def facts(s: Scenario) -> dict[str, object]:
    """What a caption's blanks may name, computed from the scene's state (numbers as floats, lists by row).

    T, n (words), word (labels); q, k, v, s (scores QKᵀ), w (weights), out (attention output); mean, std (each
    word's after LayerNorm, before γ and β); pair (the two words that get the most weight, as words) and least
    (the smallest share, in %, any word puts on them); heads, d_h, head_T and hw (each head's weights).
    """
    lesson = analysis.compute(s)
    tr = lesson.trace
    mean, std = analysis.row_stats(layer_norm(lesson.residual))
    (a, b), share = analysis.most_looked_pair(tr.weights)
    rows = lambda m: [[float(v) for v in row] for row in m]  # noqa: E731
    return {
        "T": float(s.temperature), "n": s.n, "word": list(s.labels),
        "q": rows(tr.q), "k": rows(tr.k), "v": rows(tr.v), "s": rows(tr.scores), "w": rows(tr.weights),
        "out": rows(tr.output), "mean": [round(float(v), 12) + 0.0 for v in mean],  # no "-0.00"
        "std": [float(v) for v in std],
        "pair": [s.labels[a], s.labels[b]], "least": float(share.min()),
        "heads": s.n_heads, "d_h": s.head_dim, "head_T": float(lesson.multi.temperature),
        "hw": [rows(h.weights) for h in lesson.multi.heads],
    }


_REASONS = {"not_text": "not_text", "not_json": "not_json", "empty": "empty",
            "damaged": "damaged", "not a lesson of scenes": "not_scenes",
            "no scenes": "no_scenes"}


def _bad(what: str) -> InputError:
    """A lesson that cannot be read; `what` is translated as "reason.<code>" (an entry's name: "reason.field")."""
    code, field = (_REASONS[what], "") if what in _REASONS else ("field", what)
    return InputError("lesson_invalid", f"This is not a valid lesson file or link ({what}).", what=code, field=field)


def _scene_doc(scene: Scene) -> dict:
    doc = {"page": scene.page, "caption": dict(zip(LANGS, scene.caption, strict=True)),
           "state": codec.link_payload(scene.scenario, scene.view)}
    if scene.focus:
        doc["focus"] = scene.focus
    return doc


def _focus(raw: object) -> str:
    if not isinstance(raw, str) or len(raw) > MAX_FOCUS_CHARS or not FOCUS_KEY.fullmatch(raw):
        raise _bad("focus")
    return raw


def document(scenes: tuple[Scene, ...] | list[Scene]) -> dict:
    """The lesson as a plain JSON-able dict."""
    return {"format": FORMAT, "version": VERSION, "scenes": [_scene_doc(s) for s in scenes]}


def to_json(scenes: tuple[Scene, ...] | list[Scene]) -> str:
    """The lesson file: readable JSON, one scene per entry, each state in the share link's compact form."""
    return json.dumps(document(scenes), ensure_ascii=False, indent=1)


def _caption(raw: object) -> tuple[str, str]:
    if not isinstance(raw, dict) or set(raw) - set(LANGS):
        raise _bad("caption")
    out = []
    for lang in LANGS:
        text = raw.get(lang, "")
        if not isinstance(text, str) or len(text) > MAX_CAPTION_CHARS:
            raise _bad("caption")
        out.append(" ".join(text.split()))
    return out[0], out[1]


def from_document(doc: object) -> tuple[Scene, ...]:
    """The scenes of a decoded lesson document; InputError for anything else."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _bad("not a lesson of scenes")
    if doc.get("version") != VERSION:
        got = doc.get("version")
        raise InputError("state_version", f"This lesson was written by another version ({got!r}); "
                         f"this app reads {VERSION}.", got=str(got)[:10], expected=VERSION)
    raw = doc.get("scenes")
    if not isinstance(raw, list) or not raw:
        raise _bad("no scenes")
    if len(raw) > MAX_SCENES:
        raise InputError("lesson_too_many", f"A lesson may have at most {MAX_SCENES} scenes.", limit=MAX_SCENES)
    scenes = []
    for entry in raw:
        if not isinstance(entry, dict) or entry.get("page") not in PAGE_KEYS:
            raise _bad("page")
        scenario, view = codec.state_from_payload(entry.get("state"))
        scenes.append(Scene(scenario, view, entry["page"], _caption(entry.get("caption", {})),
                            _focus(entry.get("focus", ""))))
    return tuple(scenes)


def from_json(text: object) -> tuple[Scene, ...]:
    """The scenes of a lesson file written by `to_json`; InputError for anything else."""
    return from_document(codec.read_json(text, MAX_FILE_BYTES, _bad))


def encode_link(scenes: tuple[Scene, ...] | list[Scene]) -> str:
    """The URL-safe token for `?lesson=` (compact JSON, raw DEFLATE, base64url); may be longer than LINK_LIMIT."""
    return codec.pack(document(scenes))


def decode_link(token: object) -> tuple[Scene, ...]:
    """The scenes of a `?lesson=` token; InputError for anything else."""
    return from_document(codec.unpack(token, MAX_LINK_CHARS, MAX_FILE_BYTES, _bad))


def builtin() -> tuple[Scene, ...]:
    """The lesson that ships with the app: the source text from its key summary to multi-head attention."""
    return from_json(BUILTIN.read_bytes())
