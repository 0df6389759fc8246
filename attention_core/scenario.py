"""The whole editable state of a lesson, validated on every change, and never mutated in place.

A `Scenario` holds what the math needs (sentence, embeddings, weights, T, γ, β, heads); a `View`
holds what a screen points at (language, selected word and cell, presenter mode). Both travel in
share links and state files (see `codec`).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import NamedTuple

import numpy as np

from . import presets
from .errors import InputError
from .lexicon import AXES, D_MODEL, embed, lookup, normalize
from .registry import DEFAULT_LANG, MAX_ABS, MAX_CHARS, MAX_WORD_CHARS, MAX_WORDS, SEED_MAX, T_MAX, T_MIN

ALPHA_MAX = 3.0  # the position strength α of screen ⑧ runs from 0 (off) to this
MASKS = ("none", "causal", "padding")  # screen ⑧: encoder (no mask), decoder (causal), padded sentence
HEAD_WEIGHTS = ("recipes", "shared")  # multi-head weights: hand-set recipes per head, or the W_Q, W_K, W_V of ①–⑤
# The editable weight matrices: field → (its name in messages, editors and exports, its columns' prefix)
WEIGHTS = {"w_q": ("W_Q", "q"), "w_k": ("W_K", "k"), "w_v": ("W_V", "v")}
HEAD_TEMPERATURES = ("sqrt_dk", "shared")  # multi-head T: √d_head per head, or the single-head screens' T
DEFAULT_SENTENCE = "슬픈 영화였다 아름다운 장면이었다"
_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def weight_columns(name: str, width: int) -> tuple[str, ...]:
    """The column names of weight matrix `name` ("w_q" …) and of what it projects to: q1 … q4, k1 …, v1 …."""
    return tuple(f"{WEIGHTS[name][1]}{c + 1}" for c in range(width))


class WordSource(NamedTuple):
    """Where a word's row of X comes from: source "table", "stem" (a particle split off a table word), "morphology",
    "words_ko", "vader", "wordnet" (see lexicon.Lookup), "hash" (made up) or "edited" (changed in X); the stem it
    was found by, what its ending does, the tense it marks, the lexicons its meaning was read from, and the
    English gloss of a Korean word."""

    word: str
    source: str
    stem: str = ""
    how: str = ""
    tense: int = 0
    via: tuple[str, ...] = ()
    gloss: str = ""


@dataclass(frozen=True)
class Sentence:
    """Whitespace tokens (어절, not subwords) of a sentence, and how many past MAX_WORDS were dropped."""

    tokens: tuple[str, ...]
    dropped: int


def parse_sentence(text: object) -> Sentence:
    """Split on whitespace; refuse an empty or over-long text, keep the first MAX_WORDS words."""
    if not isinstance(text, str):
        raise InputError("sentence_empty", "Type a sentence: at least one word.")
    text = unicodedata.normalize("NFC", text)
    if len(text) > MAX_CHARS:
        raise InputError(
            "sentence_too_long", f"The sentence has {len(text)} characters; at most {MAX_CHARS} are allowed.",
            chars=len(text), limit=MAX_CHARS,
        )
    words = tuple(text.split())
    if not words:
        raise InputError("sentence_empty", "Type a sentence: at least one word.")
    long_word = next((w for w in words if len(w) > MAX_WORD_CHARS), None)
    if long_word is not None:
        raise InputError(
            "word_too_long", f"A word may have at most {MAX_WORD_CHARS} characters: “{long_word[:12]}…”.",
            limit=MAX_WORD_CHARS, word=long_word[:12],
        )
    return Sentence(words[:MAX_WORDS], max(0, len(words) - MAX_WORDS))


def labels(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Tokens as chart labels, repeated words told apart: 슬픈 슬픈 → 슬픈¹ 슬픈²."""
    counts: dict[str, int] = {}
    for t in tokens:
        counts[t] = counts.get(t, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for t in tokens:
        if counts[t] == 1:
            out.append(t)
        else:
            seen[t] = seen.get(t, 0) + 1
            out.append(t + str(seen[t]).translate(_SUPERSCRIPTS))
    return tuple(out)


def clean_matrix(
    values: object,
    shape: tuple[int, int],
    name: str,
    row_labels: tuple[str, ...] | None = None,
    col_labels: tuple[str, ...] | None = None,
) -> np.ndarray:
    """Untrusted cells (numbers, text, None, NaN, ±inf) → a (rows, cols) float64 array rounded to 2 decimals.

    Raises InputError naming the first bad cell: not a number, not finite, or |value| > MAX_ABS.
    """
    rows = values.tolist() if hasattr(values, "tolist") else values
    if not isinstance(rows, (list, tuple)) or len(rows) != shape[0] or any(
        not isinstance(r, (list, tuple)) or len(r) != shape[1] for r in rows
    ):
        raise InputError(
            "matrix_shape", f"{name} must be {shape[0]}×{shape[1]}.", name=name, rows=shape[0], cols=shape[1]
        )
    out = np.empty(shape)
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            try:
                v = float(cell) if not isinstance(cell, bool) else math.nan
            except (TypeError, ValueError, OverflowError):
                v = math.nan
            if not (math.isfinite(v) and abs(v) <= MAX_ABS):  # the message names the cell (made only when refused)
                where = {
                    "name": name,
                    "row": row_labels[i] if row_labels else str(i + 1),
                    "col": col_labels[j] if col_labels else str(j + 1),
                    "value": str(cell)[:20],
                }
                if math.isnan(v):
                    raise InputError(
                        "cell_not_number",
                        f"{name} [{where['row']}, {where['col']}]: “{where['value']}” is not a number.", **where,
                    )
                raise InputError(
                    "cell_too_large",
                    f"{name} [{where['row']}, {where['col']}]: {where['value']} is outside −{MAX_ABS:g}…{MAX_ABS:g}.",
                    limit=f"{MAX_ABS:g}", **where,
                )
            out[i, j] = round(v, 2) + 0.0  # + 0.0 turns −0.0 into 0.0
    return out


def clean_temperature(t: object) -> float:
    try:
        v = float(t)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        v = math.nan
    if not (math.isfinite(v) and T_MIN <= v <= T_MAX):
        raise InputError(
            "temperature_range", f"T must be a number from {T_MIN:g} to {T_MAX:g}.", low=f"{T_MIN:g}", high=f"{T_MAX:g}"
        )
    return v


def clean_alpha(alpha: object) -> float:
    """The position strength α: a number from 0 (positions off) to ALPHA_MAX, kept to 2 decimals."""
    try:
        v = float(alpha)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        v = math.nan
    if isinstance(alpha, bool) or not (math.isfinite(v) and 0 <= v <= ALPHA_MAX):
        raise InputError("alpha_range", f"The position strength α must be a number from 0 to {ALPHA_MAX:g}.",
                         high=f"{ALPHA_MAX:g}")
    return round(v, 2) + 0.0


def _frozen(a: np.ndarray) -> np.ndarray:
    a = np.array(a, dtype=np.float64)
    a.setflags(write=False)
    return a


def _recipes_for(n_heads: int, current: tuple[str, ...]) -> tuple[str, ...]:
    pool = current + tuple(r for r in presets.DEFAULT_HEAD_RECIPES if r not in current)
    return tuple(pool[i % len(pool)] for i in range(n_heads))


@dataclass(frozen=True, eq=False)
class Scenario:
    """Sentence, embeddings (lexicon + edits by word), single-head weights, T, γ, β and the multi-head setup."""

    sentence: str = DEFAULT_SENTENCE
    preset: str = "emotion"
    seed: int = 0
    x_edits: tuple[tuple[str, tuple[float, ...]], ...] = ()  # (normalized word, its edited vector)
    w_q: np.ndarray = field(default_factory=lambda: _frozen(presets.single_head_weights("emotion")[0]))
    w_k: np.ndarray = field(default_factory=lambda: _frozen(presets.single_head_weights("emotion")[1]))
    w_v: np.ndarray = field(default_factory=lambda: _frozen(presets.single_head_weights("emotion")[2]))
    temperature: float = 1.0
    gamma: np.ndarray = field(default_factory=lambda: _frozen(np.ones(D_MODEL)))
    beta: np.ndarray = field(default_factory=lambda: _frozen(np.zeros(D_MODEL)))
    head_recipes: tuple[str, ...] = ("emotion", "grammar")
    head_temperature: str = "sqrt_dk"  # the multi-head screen's T: one of HEAD_TEMPERATURES
    head_weights: str = "recipes"  # the multi-head screen's weights: one of HEAD_WEIGHTS
    # Screen ⑧ (word order and masks) computes attention on X + α·PE under this mask. They are part of the
    # lesson's math, so they live here and travel in links; the other screens keep the source text's
    # encoder layer (X without positions, no mask), so changing them never changes another screen.
    pe_alpha: float = 0.0
    mask: str = "none"

    @cached_property
    def key(self) -> str:
        """The state's canonical key (`codec.state_key`): what is shared across sessions is shared under it."""
        from .codec import state_key  # codec reads scenarios: imported when first asked

        return state_key(self)

    @cached_property
    def tokens(self) -> tuple[str, ...]:
        return tuple(self.sentence.split())

    @cached_property
    def labels(self) -> tuple[str, ...]:
        return labels(self.tokens)

    @property
    def n(self) -> int:
        return len(self.tokens)

    @property
    def d_k(self) -> int:
        return self.w_q.shape[1]

    @property
    def n_heads(self) -> int:
        return len(self.head_recipes)

    @cached_property
    def x(self) -> np.ndarray:
        """(n, d_model): each word's row from the lexicon, or from its edit if the word was edited."""
        edits = dict(self.x_edits)
        return _frozen(np.array([edits.get(normalize(t), embed(t)) for t in self.tokens]).reshape(self.n, D_MODEL))

    @cached_property
    def word_sources(self) -> tuple[WordSource, ...]:
        """Each distinct word once, in order, with where its row of X comes from (see `WordSource`)."""
        edits = dict(self.x_edits)
        out: dict[str, WordSource] = {}
        for t in self.tokens:
            if t not in out:
                found = lookup(t)
                out[t] = WordSource(t, "edited") if normalize(t) in edits else WordSource(
                    t, found.source, found.stem, found.how, found.tense, found.via, found.gloss)
        return tuple(out.values())

    @cached_property
    def multi_head_weights(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(W_Q, W_K, W_V, W_O) of the multi-head screen: the head recipes, or (head_weights "shared") the
        single-head W_Q, W_K, W_V of screens ①–⑤ split into column blocks, with W_O = I."""
        if self.head_weights == "shared":
            return self.w_q, self.w_k, self.w_v, _frozen(np.eye(self.w_v.shape[1]))
        return tuple(_frozen(w) for w in presets.multi_head_weights(self.head_recipes))  # type: ignore[return-value]

    @property
    def head_dim(self) -> int:
        """d_h: each head's width of Q and K."""
        return self.multi_head_weights[0].shape[1] // self.n_heads

    @property
    def mh_temperature(self) -> float:
        """The multi-head T: the sidebar T ("shared"), or √d_h, d_h being each head's key width ("sqrt_dk")."""
        return self.temperature if self.head_temperature == "shared" else math.sqrt(self.head_dim)

    def head_options(self) -> tuple[int, ...]:
        """Numbers of heads the multi-head weights split evenly (with shared weights: divide d_k and d_v)."""
        if self.head_weights == "shared":
            width = math.gcd(self.w_q.shape[1], self.w_v.shape[1])
            return tuple(h for h in range(1, width + 1) if width % h == 0)
        return head_choices()

    def _fit_heads(self) -> Scenario:
        """This scenario with the number of heads lowered to the largest option that splits its weights."""
        if self.n_heads in self.head_options():
            return self
        return self.with_heads(max(h for h in self.head_options() if h <= self.n_heads))

    # Every change returns a new, validated Scenario.

    def with_sentence(self, text: object) -> tuple[Scenario, int]:
        """The scenario for a new sentence, and how many words past MAX_WORDS were dropped."""
        s = parse_sentence(text)
        return replace(self, sentence=" ".join(s.tokens)), s.dropped

    def with_preset(self, preset: str, seed: int | None = None) -> Scenario:
        if preset not in presets.SINGLE_HEAD_PRESETS:
            raise InputError("preset_unknown", f"Unknown preset “{preset}”.", preset=str(preset)[:30])
        seed = self.seed if seed is None else _clean_seed(seed)
        w_q, w_k, w_v = presets.single_head_weights(preset, seed)
        new = replace(self, preset=preset, seed=seed, w_q=_frozen(w_q), w_k=_frozen(w_k), w_v=_frozen(w_v))
        return new._fit_heads()  # with shared weights the heads must split the new widths

    def with_learned(self, w_q: object, w_k: object) -> Scenario:
        """Preset "learned" with these W_Q, W_K (rounded to the editors' 2 decimals, bounded) and W_V = I."""
        base = self.with_preset("learned")
        return base.with_matrix("w_q", w_q).with_matrix("w_k", w_k)

    def with_word(self, token: str, values: object) -> Scenario:
        """`token`'s row of X set to `values` (d_model cells, validated as the editor's) everywhere it occurs: an
        edit like the matrix editor's, kept in links and files; back to no edit when it equals the word's own."""
        if token not in self.tokens:
            raise InputError("word_unknown", f"“{str(token)[:30]}” is not a word of the sentence.",
                             word=str(token)[:30])
        row = clean_matrix([values], (1, D_MODEL), "X", (token,), tuple(a.key for a in AXES))[0]
        return self._with_rows({token: row})

    def with_x(self, values: object) -> Scenario:
        """Apply an edited X (n × d_model); an edited row becomes that word's embedding everywhere it occurs."""
        new = clean_matrix(values, (self.n, D_MODEL), "X", self.labels, tuple(a.key for a in AXES))
        return self._with_rows({token: new[i] for i, token in enumerate(self.tokens)
                                if not np.array_equal(new[i], self.x[i])})

    def _with_rows(self, rows: dict[str, np.ndarray]) -> Scenario:
        """These words' rows of X as edits (by the word's table spelling); a row equal to the word's own is no edit."""
        edits = dict(self.x_edits)
        for token, values in rows.items():
            row = tuple(float(v) for v in values)
            key = normalize(token)
            if row == tuple(embed(token)):
                edits.pop(key, None)
            else:
                edits[key] = row
        return replace(self, x_edits=tuple(sorted(edits.items())))

    def with_matrix(self, name: str, values: object) -> Scenario:
        """Replace one of w_q, w_k, w_v (validated, same shape) or gamma/beta (a row of d_model)."""
        if name in ("w_q", "w_k", "w_v"):
            current = getattr(self, name)
            label = WEIGHTS[name][0]
            new = clean_matrix(values, current.shape, label, tuple(a.key for a in AXES))
            if name in ("w_q", "w_k"):
                other = self.w_k if name == "w_q" else self.w_q
                if new.shape[1] != other.shape[1]:
                    raise InputError("shape_mismatch", "W_Q and W_K must have the same width.")
            return replace(self, **{name: _frozen(new)})
        if name in ("gamma", "beta"):
            new = clean_matrix([list(values)], (1, D_MODEL), "γ" if name == "gamma" else "β")[0]  # type: ignore[call-overload]
            return replace(self, **{name: _frozen(new)})
        raise ValueError(f"unknown matrix {name!r}")

    def with_temperature(self, t: object) -> Scenario:
        return replace(self, temperature=clean_temperature(t))

    def with_heads(self, n_heads: int) -> Scenario:
        if n_heads not in self.head_options():
            width = D_MODEL if self.head_weights == "recipes" else math.gcd(self.w_q.shape[1], self.w_v.shape[1])
            raise InputError(
                "heads_not_divisor", f"{width} axes cannot be split evenly into {n_heads} heads.",
                what="X" if self.head_weights == "recipes" else "W_Q, W_K, W_V", width=width, heads=n_heads,
            )
        return replace(self, head_recipes=_recipes_for(n_heads, self.head_recipes))

    def with_head_recipe(self, head: int, recipe: str) -> Scenario:
        if recipe not in presets.HEAD_RECIPES or not 0 <= head < self.n_heads:
            raise InputError("preset_unknown", f"Unknown head recipe “{recipe}”.", preset=str(recipe)[:30])
        recipes = list(self.head_recipes)
        recipes[head] = recipe
        return replace(self, head_recipes=tuple(recipes))

    def with_head_temperature(self, choice: str) -> Scenario:
        """The multi-head screen's T: "sqrt_dk" (√d_head, as a trained Transformer) or "shared" (the sidebar T)."""
        if choice not in HEAD_TEMPERATURES:
            raise InputError("state_invalid", f"Unknown multi-head temperature “{choice}”.", what="head_temperature")
        return replace(self, head_temperature=choice)

    def with_head_weights(self, choice: str) -> Scenario:
        """The multi-head screen's weights: "recipes" (hand-set per head) or "shared" (those of screens ①–⑤);
        the number of heads is lowered when the new weights cannot be split into that many."""
        if choice not in HEAD_WEIGHTS:
            raise InputError("state_invalid", f"Unknown multi-head weights “{choice}”.", what="head_weights")
        return replace(self, head_weights=choice)._fit_heads()

    def with_pe_alpha(self, alpha: object) -> Scenario:
        return replace(self, pe_alpha=clean_alpha(alpha))

    def with_mask(self, mask: object) -> Scenario:
        if mask not in MASKS:
            raise InputError("mask_unknown", f"Unknown mask “{str(mask)[:20]}”: choose none, causal or padding.",
                             mask=str(mask)[:20])
        return replace(self, mask=str(mask))


def head_choices() -> tuple[int, ...]:
    """Numbers of heads that split the d_model axes evenly."""
    return tuple(h for h in range(1, D_MODEL + 1) if D_MODEL % h == 0)


def _clean_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= SEED_MAX:
        raise InputError("seed_invalid", f"The seed must be a whole number from 0 to {SEED_MAX}.", limit=SEED_MAX)
    return int(seed)


@dataclass(frozen=True)
class View:
    """What the screens point at: language, selected word, selected score cell, two Q/K dimensions, presenter mode."""

    lang: str = DEFAULT_LANG
    focus: int = 0
    cell: tuple[int, int] = (0, 1)
    dims: tuple[int, int] = (0, 1)
    presenter: bool = False

    def fitted(self, scenario: Scenario) -> View:
        """This view with indices clipped to the scenario's words and Q/K width; a pick that is not a whole
        number (a widget can report a label) or lies outside them falls back to the default's."""
        last, width = scenario.n - 1, scenario.d_k - 1
        default = View()
        cell = _pair(self.cell, default.cell)
        dims = _pair(self.dims, default.dims)
        d0, d1 = _index(dims[0], width, default.dims[0]), _index(dims[1], width, default.dims[1])
        return replace(
            self,
            focus=_index(self.focus, last, default.focus),
            cell=(_index(cell[0], last, default.cell[0]), _index(cell[1], last, default.cell[1])),
            dims=(d0, d1 if d1 != d0 or width == 0 else (d0 + 1) % (width + 1)),
        )


def pick_index(value: object, labels: Sequence[str]) -> int | None:
    """What a select box over `labels` reported, as an index: an index in range, or a label that is one of
    `labels` (a browser reports a label, and may still hold one of the last sentence's); else None."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return int(value) if 0 <= value < len(labels) else None
    if isinstance(value, str) and value in labels:
        return list(labels).index(value)
    return None


def _index(value: object, last: int, default: int) -> int:
    """`value` clipped to 0..last when it is a whole number, else `default` clipped."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return max(0, min(int(value), last))
    return max(0, min(default, last))


def _pair(value: object, default: tuple[int, int]) -> tuple[object, object]:
    return tuple(value) if isinstance(value, (tuple, list)) and len(value) == 2 else default
