"""The attention layer in numpy: softmax, LayerNorm, single- and multi-head attention, Add & Norm.

Every function works in float64, refuses bad input with an `InputError` (a `ValueError`), and the
attention functions return a trace holding every intermediate a view needs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .errors import InputError


def _as_matrix(name: str, a: object, ndim: int = 2) -> np.ndarray:
    """`a` as a finite float64 array with `ndim` dimensions, or an InputError naming `name`."""
    try:
        arr = np.array(a, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError("not_numeric", f"{name} must contain only numbers.", name=name) from exc
    if arr.ndim != ndim:
        raise InputError(
            "wrong_ndim",
            f"{name} must have {ndim} dimension(s), but it has {arr.ndim}.",
            name=name, expected=ndim, got=arr.ndim,
        )
    if arr.size == 0:
        raise InputError("empty", f"{name} is empty.", name=name)
    if not np.all(np.isfinite(arr)):
        raise InputError(
            "not_finite", f"{name} contains NaN or infinity; every value must be a finite number.", name=name
        )
    return arr


def _check_temperature(temperature: object) -> float:
    try:
        t = float(temperature)  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        raise InputError("temperature_invalid", "The temperature T must be a number.", value=temperature) from exc
    if not math.isfinite(t) or t <= 0:
        raise InputError(
            "temperature_invalid",
            f"The temperature T must be a finite number greater than 0 (got {temperature}).",
            value=temperature,
        )
    return t


def _check_chain(left: str, left_dim: int, right: str, right_dim: int) -> None:
    if left_dim != right_dim:
        raise InputError(
            "shape_mismatch",
            f"The shapes do not chain: {left} has width {left_dim} but {right} expects {right_dim}.",
            left=left, left_dim=left_dim, right=right, right_dim=right_dim,
        )


def _freeze(*arrays: np.ndarray) -> None:
    for a in arrays:
        a.setflags(write=False)


def softmax(z: object, temperature: float = 1.0, axis: int = -1) -> np.ndarray:
    """softmax(z / T) = exp(z/T) / Σ exp(z/T) along `axis`, computed with the maximum subtracted."""
    t = _check_temperature(temperature)
    arr = np.array(z, dtype=np.float64)
    if arr.size == 0:
        raise InputError("empty", "softmax needs at least one value.", name="z")
    if not np.all(np.isfinite(arr)):
        raise InputError("not_finite", "softmax input contains NaN or infinity.", name="z")
    return _softmax_unchecked(arr / t, axis=axis)


def _softmax_unchecked(s: np.ndarray, axis: int = -1, allowed: np.ndarray | None = None) -> np.ndarray:
    """Softmax of already-scaled `s`; entries where `allowed` is False get weight exactly 0."""
    if allowed is not None:
        s = np.where(allowed, s, -np.inf)
    shifted = s - np.max(s, axis=axis, keepdims=True)  # the largest allowed entry becomes exp(0) = 1
    e = np.exp(shifted)
    return e / np.sum(e, axis=axis, keepdims=True)


def layer_norm(z: object, gamma: object = None, beta: object = None, eps: float = 1e-5) -> np.ndarray:
    """γ · (z − mean) / √(var + ε) + β over the last axis (biased variance, as torch.nn.LayerNorm)."""
    arr = np.array(z, dtype=np.float64)
    if arr.ndim < 1 or arr.size == 0:
        raise InputError("empty", "LayerNorm needs at least one value per row.", name="z")
    if not np.all(np.isfinite(arr)):
        raise InputError("not_finite", "LayerNorm input contains NaN or infinity.", name="z")
    if not (isinstance(eps, (int, float)) and math.isfinite(eps) and eps > 0):
        raise InputError("eps_invalid", f"eps must be a finite number greater than 0 (got {eps}).", value=eps)
    d = arr.shape[-1]
    g = np.ones(d) if gamma is None else _as_matrix("gamma", gamma, ndim=1)
    b = np.zeros(d) if beta is None else _as_matrix("beta", beta, ndim=1)
    _check_chain("the input rows", d, "gamma", g.shape[0])
    _check_chain("the input rows", d, "beta", b.shape[0])
    mean = arr.mean(axis=-1, keepdims=True)
    var = ((arr - mean) ** 2).mean(axis=-1, keepdims=True)
    return g * (arr - mean) / np.sqrt(var + eps) + b


@dataclass(frozen=True)
class AttentionTrace:
    """Every intermediate of one attention head. Shapes: q, k (n, d_k); v, output (n, d_v); the rest (n, n)."""

    q: np.ndarray
    k: np.ndarray
    v: np.ndarray
    scores: np.ndarray
    scaled: np.ndarray
    weights: np.ndarray
    output: np.ndarray
    temperature: float


def _check_mask(mask: object, n: int) -> np.ndarray | None:
    if mask is None:
        return None
    m = np.array(mask)
    if m.shape != (n, n):
        raise InputError("mask_shape", f"The mask must be {n}×{n}, one row and column per word.", n=n)
    if m.dtype != np.bool_:
        raise InputError("mask_dtype", "The mask must hold True (may attend) or False (may not).")
    empty_rows = np.flatnonzero(~m.any(axis=1))
    if empty_rows.size:
        raise InputError(
            "mask_empty_row",
            f"Mask row {int(empty_rows[0])} allows nothing: every word must be allowed to look at something.",
            row=int(empty_rows[0]),
        )
    return m


def self_attention(
    x: object, w_q: object, w_k: object, w_v: object, temperature: float = 1.0, mask: object = None
) -> AttentionTrace:
    """softmax(Q Kᵀ / T) · V with Q = X W_Q, K = X W_K, V = X W_V; T divides the scores exactly once."""
    t = _check_temperature(temperature)
    x = _as_matrix("X", x)
    w_q = _as_matrix("W_Q", w_q)
    w_k = _as_matrix("W_K", w_k)
    w_v = _as_matrix("W_V", w_v)
    n, d_model = x.shape
    _check_chain("X", d_model, "W_Q", w_q.shape[0])
    _check_chain("X", d_model, "W_K", w_k.shape[0])
    _check_chain("X", d_model, "W_V", w_v.shape[0])
    _check_chain("Q = X·W_Q", w_q.shape[1], "K = X·W_K", w_k.shape[1])
    allowed = _check_mask(mask, n)
    q = x @ w_q  # (n, d_k)
    k = x @ w_k  # (n, d_k)
    v = x @ w_v  # (n, d_v)
    scores = q @ k.T  # (n, n): scores[i, j] = Q_i · K_j
    scaled = scores / t
    weights = _softmax_unchecked(scaled, axis=-1, allowed=allowed)
    output = weights @ v  # (n, d_v)
    _freeze(q, k, v, scores, scaled, weights, output)
    return AttentionTrace(q, k, v, scores, scaled, weights, output, t)


@dataclass(frozen=True)
class MultiHeadTrace:
    """Every head's trace, their concatenation (n, d_v) and the output concat · W_O."""

    heads: tuple[AttentionTrace, ...]
    concat: np.ndarray
    output: np.ndarray
    temperature: float


def _check_heads(n_heads: object, width: int, what: str) -> int:
    if isinstance(n_heads, bool) or not isinstance(n_heads, (int, np.integer)) or n_heads < 1:
        raise InputError("heads_invalid", f"The number of heads must be a whole number ≥ 1 (got {n_heads}).",
                         value=n_heads)
    if width % int(n_heads):
        raise InputError(
            "heads_not_divisor",
            f"{what} has width {width}, which cannot be split evenly into {n_heads} heads.",
            what=what, width=width, heads=int(n_heads),
        )
    return int(n_heads)


def head_columns(width: int, n_heads: int, h: int) -> slice:
    """Head h's columns of a width-`width` projection: h·d_h:(h+1)·d_h with d_h = width / n_heads.

    This is the split torch.nn.MultiheadAttention uses; every view of the heads reads its columns from here.
    """
    d_h = width // n_heads
    return slice(h * d_h, (h + 1) * d_h)


def multi_head_attention(
    x: object,
    w_q: object,
    w_k: object,
    w_v: object,
    w_o: object,
    n_heads: int,
    temperature: float | None = None,
    mask: object = None,
) -> MultiHeadTrace:
    """Concat(head_1 … head_h) · W_O, where head h uses columns h·d_h:(h+1)·d_h of X W_Q, X W_K, X W_V.

    This is the split torch.nn.MultiheadAttention uses. temperature None means √d_h.
    """
    x = _as_matrix("X", x)
    w_q = _as_matrix("W_Q", w_q)
    w_k = _as_matrix("W_K", w_k)
    w_v = _as_matrix("W_V", w_v)
    w_o = _as_matrix("W_O", w_o)
    _check_chain("Q = X·W_Q", w_q.shape[1], "K = X·W_K", w_k.shape[1])
    h = _check_heads(n_heads, w_q.shape[1], "W_Q")
    _check_heads(h, w_v.shape[1], "W_V")
    _check_chain("the concatenated heads", w_v.shape[1], "W_O", w_o.shape[0])
    d_h = w_q.shape[1] // h
    t = math.sqrt(d_h) if temperature is None else _check_temperature(temperature)
    qk = [head_columns(w_q.shape[1], h, i) for i in range(h)]
    v = [head_columns(w_v.shape[1], h, i) for i in range(h)]
    heads = tuple(
        self_attention(x, w_q[:, qk[i]], w_k[:, qk[i]], w_v[:, v[i]], temperature=t, mask=mask) for i in range(h)
    )
    concat = np.concatenate([head.output for head in heads], axis=1)  # (n, d_v)
    output = concat @ w_o  # (n, d_out)
    _freeze(concat, output)
    return MultiHeadTrace(heads, concat, output, t)


def add_and_norm(
    x: object, sublayer_out: object, gamma: object = None, beta: object = None, eps: float = 1e-5
) -> tuple[np.ndarray, np.ndarray]:
    """(Z, LayerNorm(Z)) with the residual Z = X + sublayer(X)."""
    x = _as_matrix("X", x)
    s = _as_matrix("the attention output", sublayer_out)
    if x.shape != s.shape:
        raise InputError(
            "residual_shape",
            f"X {x.shape} and the attention output {s.shape} must have the same shape to be added.",
            x_shape=str(x.shape), s_shape=str(s.shape),
        )
    z = x + s
    return z, layer_norm(z, gamma, beta, eps)
