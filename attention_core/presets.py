"""Hand-set weight recipes: the single-head presets and the multi-head head recipes.

In a trained Transformer these matrices are learned; here they are written so that what each
one looks at can be read off its rows (the named axes).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .lexicon import AXIS_INDEX, D_MODEL

D_K = 4  # width of Q and K for the single-head presets other than identity
ROLE_AXES = ("entity", "predicate", "modifier")  # every word plays some role, so these never all vanish

SINGLE_HEAD_PRESETS: tuple[str, ...] = ("emotion", "identity", "random", "learned")
# Eight distinct recipes, so that even 8 heads never repeat one; the first four are the classic ones.
HEAD_RECIPES: tuple[str, ...] = ("emotion", "grammar", "tense", "agent", "valence", "visual", "topic", "action")
DEFAULT_HEAD_RECIPES: tuple[str, ...] = HEAD_RECIPES


def _put(w: np.ndarray, axis: str, col: int, value: float) -> None:
    if col < w.shape[1]:
        w[AXIS_INDEX[axis], col] = value


def _emotion_gaze(w_q: np.ndarray, w_k: np.ndarray, col: int = 0) -> None:
    """Column `col`: every word asks (through its role axes) "who carries feeling?"; keys answer with emotion."""
    for axis in ROLE_AXES:
        _put(w_q, axis, col, 1.0)
    _put(w_k, "emotion", col, 3.0)


def emotion_preset() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The document's example: W_Q ≠ W_K, so every word looks at the emotional words.

    Q column 0 is built from the grammatical-role axes (present in every word), K column 0 from
    the unsigned emotion intensity, so Q_i · K_j is large exactly when word j carries feeling.
    The other columns add weaker gazes: a modifier looks for a thing, tense for tense, a
    predicate for a person.
    """
    w_q, w_k = np.zeros((D_MODEL, D_K)), np.zeros((D_MODEL, D_K))
    _emotion_gaze(w_q, w_k)
    _put(w_q, "modifier", 1, 0.5)
    _put(w_k, "entity", 1, 0.5)
    _put(w_q, "tense", 2, 0.5)
    _put(w_k, "tense", 2, 0.5)
    _put(w_q, "predicate", 3, 0.5)
    _put(w_k, "person", 3, 0.5)
    return w_q, w_k, np.eye(D_MODEL)


def identity_preset() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """W_Q = W_K = W_V = I: the score is X Xᵀ, symmetric (a word need not score itself highest)."""
    return np.eye(D_MODEL), np.eye(D_MODEL), np.eye(D_MODEL)


def random_preset(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gaussian weights with standard deviation 1/√d_model, rounded to 2 decimals, from `seed`."""
    rng = np.random.default_rng(seed)
    scale = 1 / np.sqrt(D_MODEL)
    w_q, w_k = rng.normal(0, scale, (D_MODEL, D_K)), rng.normal(0, scale, (D_MODEL, D_K))
    w_v = rng.normal(0, scale, (D_MODEL, D_MODEL))
    return w_q.round(2), w_k.round(2), w_v.round(2)


@lru_cache(maxsize=1)
def _learned() -> tuple[np.ndarray, np.ndarray]:
    from . import learn  # trains on first use only (well under a second)

    run = learn.train(learn.load_dataset())  # screen ⑦'s defaults: seed 0, 300 steps
    w_q, w_k = run.w_q.round(2) + 0.0, run.w_k.round(2) + 0.0
    w_q.setflags(write=False)
    w_k.setflags(write=False)
    return w_q, w_k


def learned_preset() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """W_Q, W_K learned on screen ⑦ with its defaults (seed 0, 300 steps), to 2 decimals; W_V = I.

    Not written by hand: every word learned to look at the emotional word of short sentences. A run with
    other settings, applied from screen ⑦, keeps this preset's name and travels as changes against it.
    """
    w_q, w_k = _learned()
    return w_q.copy(), w_k.copy(), np.eye(D_MODEL)


def single_head_weights(preset: str, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(W_Q, W_K, W_V) of a single-head preset."""
    if preset == "emotion":
        return emotion_preset()
    if preset == "identity":
        return identity_preset()
    if preset == "random":
        return random_preset(seed)
    if preset == "learned":
        return learned_preset()
    raise ValueError(f"unknown preset {preset!r}")


def head_recipe(recipe: str, d_h: int) -> tuple[np.ndarray, np.ndarray]:
    """(W_Q_h, W_K_h), each (D_MODEL, d_h): what one head looks for and what answers it."""
    w_q, w_k = np.zeros((D_MODEL, d_h)), np.zeros((D_MODEL, d_h))
    if recipe == "emotion":
        _emotion_gaze(w_q, w_k)
    elif recipe == "grammar":  # a modifier looks for the thing it describes; a thing for what it does
        _put(w_q, "modifier", 0, 1.5)
        _put(w_k, "entity", 0, 2.0)
        _put(w_q, "entity", 1, 1.0)
        _put(w_k, "predicate", 1, 1.5)
    elif recipe == "tense":  # past looks at past, future at future (one column: all its label promises)
        _put(w_q, "tense", 0, 2.0)
        _put(w_k, "tense", 0, 2.0)
    elif recipe == "agent":  # a predicate asks "who?"; people answer
        _put(w_q, "predicate", 0, 1.5)
        _put(w_k, "person", 0, 2.5)
    elif recipe == "valence":  # like feels for like: positive looks at positive, negative at negative
        _put(w_q, "valence", 0, 2.0)
        _put(w_k, "valence", 0, 2.0)
    elif recipe == "visual":  # every word asks (through its roles) "what can be seen?"; visual words answer
        for axis in ROLE_AXES:
            _put(w_q, axis, 0, 1.0)
        _put(w_k, "visual", 0, 2.5)
    elif recipe == "topic":  # a predicate asks "about what?"; things answer
        _put(w_q, "predicate", 0, 1.5)
        _put(w_k, "entity", 0, 2.5)
    elif recipe == "action":  # a person looks for what is done (the predicates)
        _put(w_q, "person", 0, 2.0)
        _put(w_k, "predicate", 0, 2.0)
    else:
        raise ValueError(f"unknown head recipe {recipe!r}")
    return w_q, w_k


def multi_head_weights(recipes: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(W_Q, W_K, W_V, W_O), each (D_MODEL, D_MODEL), with head h built from recipes[h].

    W_V = W_O = I: head h hands over the axes of its own column block, and the output is the
    plain concatenation, so each head's contribution can be read off its block.
    """
    d_h = D_MODEL // len(recipes)  # head h owns columns h·d_h:(h+1)·d_h (attention.head_columns)
    blocks = [head_recipe(r, d_h) for r in recipes]
    w_q = np.concatenate([q for q, _ in blocks], axis=1)
    w_k = np.concatenate([k for _, k in blocks], axis=1)
    return w_q, w_k, np.eye(D_MODEL), np.eye(D_MODEL)


def recipe_columns(recipe: str) -> int:
    """How many Q/K columns a head recipe writes: with a narrower head (d_h) only its first d_h columns fit."""
    w_q, w_k = head_recipe(recipe, D_MODEL)
    used = np.flatnonzero(np.any(w_q != 0, axis=0) | np.any(w_k != 0, axis=0))
    return int(used.max()) + 1 if used.size else 0


def recipe_fits(recipe: str, d_h: int) -> bool:
    """True when every column of the recipe fits in a head of width d_h (what its label promises holds)."""
    return recipe_columns(recipe) <= d_h
