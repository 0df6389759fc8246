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

A scene may also carry a question for the class (`question`: its kind, the word's row, a tap's cell, the source
text's example, the T it is about; `classroom.asking.Ask`), checked like the rest against the scene's own page and
state. While a class is open, the lesson's bar offers to ask it; it is frozen from the scene's state.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from . import analysis, codec
from .attention import layer_norm
from .classroom.asking import Ask, problem
from .errors import InputError
from .i18n.josa import format_particle, is_particle_spec
from .registry import LANGS, PAGE_KEYS
from .scenario import Scenario, View

FORMAT = "attention-scenes"
VERSION = 1
MAX_SCENES = 40
MAX_CAPTION_CHARS = 240
MAX_FILE_BYTES = 1_000_000  # 40 scenes of 64 words with every matrix edited: about 0.7 MB (one upload, 1 MB)
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
    question: Ask | None = None  # a question for the class, asked from the scene's state (see `_question`)

    def caption_in(self, lang: str) -> str:
        """The caption as written in `lang` (blanks unfilled), or in the other language when this one is empty."""
        ko, en = self.caption
        return (ko or en) if lang == "ko" else (en or ko)

    def __post_init__(self) -> None:
        for text in self.caption:  # a caption's blanks are checked when the scene is made, never when it is drawn
            caption_pieces(text, self.scenario)
        if self.question is not None and problem(self.page, self.question, self.scenario.n):
            raise _bad("question")

    @cached_property
    def facts(self) -> dict[str, object]:
        """`facts` of this scene's state, computed once (the scene is frozen; the captions are drawn on every run)."""
        return facts(self.scenario)

    def caption_shown(self, lang: str) -> str:
        """The caption in `lang` with its blanks filled from this scene's state (`fill_caption`)."""
        return fill_caption(self.caption_in(lang), self.scenario, self.facts)


# A caption's blanks. A blank names one of `facts` with one index per dimension ({w[1][0]}) and may ask for a format
# the app offers: a number's decimals (.0f to .4f, .0g to .4g, .0% to .2%, g), or the particle that follows what is
# printed ({word[0]:이/가}, {std[0]:.2f|이/가}). No width, fill, sign, conversion, attribute or nested blank: a caption
# comes from a link or a file, and str.format honours any width ("{T:>999999999}" is a gigabyte). `{{` and `}}` are
# braces.
_PIECE = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_BLANK = re.compile(r"([A-Za-z_]{1,8})((?:\[[0-9]{1,3}\]){0,3})(?::(.{0,16}))?", re.DOTALL)
_NUMBER_SPEC = re.compile(r"\.[0-4][fg]|\.[0-2]%|g|")
# the particles a blank may ask for (either form first), as josa.particle chooses between them
PARTICLES = ("이/가", "을/를", "은/는", "과/와", "으로/로", "이었/였", "이에요/예요", "이었다/였다", "아/야", "이나/나",
             "이랑/랑")
_PARTICLE_FORMS = frozenset(form for pair in PARTICLES for form in (pair, "/".join(reversed(pair.split("/")))))


def fact_shapes(s: Scenario) -> dict[str, tuple[tuple[int, ...], str]]:
    """What each of `facts` is for state `s`: its dimensions (() for one value), and "number" or "text"."""
    n, d_k, d_v = s.n, s.w_q.shape[1], s.w_v.shape[1]
    num = "number"
    return {
        "T": ((), num), "n": ((), num), "word": ((n,), "text"),
        "q": ((n, d_k), num), "k": ((n, d_k), num), "v": ((n, d_v), num), "s": ((n, n), num), "w": ((n, n), num),
        "out": ((n, d_v), num), "mean": ((n,), num), "std": ((n,), num), "pair": ((2,), "text"),
        "least": ((), num), "heads": ((), num), "d_h": ((), num), "head_T": ((), num), "hw": ((s.n_heads, n, n), num),
    }


def _refused(blank: str) -> InputError:
    return InputError("caption_blank", f"The caption's blank “{blank[:40]}” names nothing this app computes, or "
                      "asks for a format the app does not offer; write {{ and }} for a brace.", blank=blank[:40])


Piece = str | tuple[str, tuple[int, ...], str]  # text, or a blank: (fact, its indices, its format)


def caption_pieces(template: str, s: Scenario) -> list[Piece]:
    """`template` as text and blanks, each blank checked against state `s`'s facts (`fact_shapes`) and the formats the
    app offers; InputError ("caption_blank") for anything else. One pass over the template."""
    shapes = fact_shapes(s)
    pieces: list[Piece] = []
    at = 0
    for match in _PIECE.finditer(template):
        if match.start() > at:
            pieces.append(template[at:match.start()])
        at = match.end()
        token = match.group(0)
        if token in ("{{", "}}"):
            pieces.append(token[0])
            continue
        blank = _BLANK.fullmatch(match.group(1) or "") if match.group(1) is not None else None
        if blank is None or blank.group(1) not in shapes:
            raise _refused(token)
        name, spec = blank.group(1), blank.group(3) or ""
        index = tuple(int(i) for i in re.findall(r"[0-9]+", blank.group(2)))
        dims, kind = shapes[name]
        if len(index) != len(dims) or any(i >= d for i, d in zip(index, dims, strict=True)) or not _spec_ok(spec, kind):
            raise _refused(token)
        pieces.append((name, index, spec))
    if at < len(template):
        pieces.append(template[at:])
    return pieces


def _spec_ok(spec: str, kind: str) -> bool:
    """A blank's format is one the app offers for a value of this kind."""
    if not spec:
        return True
    number_spec, bar, forms = spec.rpartition("|")
    if forms in _PARTICLE_FORMS:  # a particle, after the value as printed (a number's format first, if any)
        return not bar or (kind == "number" and _NUMBER_SPEC.fullmatch(number_spec) is not None)
    return kind == "number" and _NUMBER_SPEC.fullmatch(spec) is not None


def fill_caption(template: str, s: Scenario, values: dict[str, object]) -> str:
    """`template` with its blanks filled from `values` (state `s`'s `facts`): at most a few dozen characters per blank.
    As written when a blank is refused (a scene checks its captions when it is made: not expected)."""
    if "{" not in template and "}" not in template:
        return template
    try:
        pieces = caption_pieces(template, s)
    except InputError:
        return template
    out = []
    for piece in pieces:
        if isinstance(piece, str):
            out.append(piece)
            continue
        name, index, spec = piece
        value = values[name]
        for i in index:
            value = value[i]  # type: ignore[index]
        if is_particle_spec(spec):
            fmt, _, forms = spec.rpartition("|")
            out.append(format_particle(value, f"{fmt or _default(value)}|{forms}"))
        else:
            out.append(format(value, spec or _default(value)))
    return "".join(out)


def _default(value: object) -> str:
    """A number with no format is written with two decimals, as the charts write them."""
    return ".2f" if isinstance(value, float) else ""


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
    if scene.question is not None:
        doc["question"] = _question_doc(scene.question)
    return doc


_QUESTION_KEYS = frozenset({"kind", "row", "col", "target", "source", "t"})
_ASK_DEFAULTS = Ask("")


def _question_doc(ask: Ask) -> dict:
    doc: dict = {"kind": ask.kind}
    for key in ("row", "col", "target", "source", "t"):
        value = getattr(ask, key)
        if value != getattr(_ASK_DEFAULTS, key):
            doc[key] = value
    return doc


def _question(raw: object) -> Ask | None:
    """A scene's question as a lesson writes it: {"kind": "spread", "row": 1, "t": 0.5} (and "col", "target",
    "source" for the kinds that take them); absent, None. Every field's type and size is checked here, its meaning
    against the scene's page and state when the scene is made (`classroom.asking.problem`)."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or not raw.keys() <= _QUESTION_KEYS or "kind" not in raw:
        raise _bad("question")
    fields: dict = {}
    for key in ("kind", "target", "source"):
        if key in raw:
            if not isinstance(raw[key], str) or len(raw[key]) > 16:
                raise _bad("question")
            fields[key] = raw[key]
    for key in ("row", "col"):
        if key in raw:
            if not isinstance(raw[key], int) or isinstance(raw[key], bool) or not 0 <= raw[key] < 1000:
                raise _bad("question")
            fields[key] = raw[key]
    if "t" in raw:
        t = raw["t"]
        if not isinstance(t, (int, float)) or isinstance(t, bool) or not math.isfinite(t):
            raise _bad("question")
        fields["t"] = float(t)
    return Ask(**fields)


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
                            _focus(entry.get("focus", "")), _question(entry.get("question"))))
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
