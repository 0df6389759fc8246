"""Word order and masks: the sinusoidal positional encoding and the boolean masks for `mask=`.

Attention alone is blind to order: permute the words of X and the outputs are the same rows permuted.
Adding a position-dependent vector to each row (X + α·PE) breaks that symmetry. A mask (True = may
attend) removes cells from each softmax row: the causal mask lets word i see words 0…i only, which
is what lets a decoder generate left to right; a padding mask hides [PAD] columns.

Masks compose with `&`: `causal_mask(n) & padding_mask(length, n)` is the mask of a decoder on a
right-padded sentence. A padding mask hides the [PAD] *columns* (keys) only. The [PAD] *rows*
(queries) keep every real word allowed, so no row allows nothing (which `self_attention` refuses):
their outputs are computed and then thrown away, never read by a real word. With right padding the
composition with the causal mask keeps column 0 (a real word) in every row, so it never empties a row.
"""

from __future__ import annotations

import math

import numpy as np

from .errors import InputError

PAD = "[PAD]"


def _count(value: object, name: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
        raise InputError(
            "count_invalid", f"{name} must be a whole number ≥ {low} (got {value!r}).",
            name=name, low=low, value=str(value)[:20],
        )
    return int(value)


def positional_encoding(n: int, d: int, base: float = 10000.0) -> np.ndarray:
    """PE[p, 2i] = sin(p / base^(2i/d)), PE[p, 2i+1] = cos(p / base^(2i/d)); (n, d), any d ≥ 1 (odd d too)."""
    n = _count(n, "The number of positions n", 1)
    d = _count(d, "The width d", 1)
    try:
        b = float(base)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        b = math.nan
    if not (math.isfinite(b) and b > 0):
        raise InputError("base_invalid", f"The base must be a finite number greater than 0 (got {base!r}).",
                         value=str(base)[:20])
    pairs = np.arange(0, d, 2)  # 2i for every sin column
    angles = np.arange(n)[:, None] / b ** (pairs / d)[None, :]  # (n, ⌈d/2⌉)
    pe = np.empty((n, d))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles[:, : d // 2])  # odd d: the last sin column has no cos partner
    return pe


def causal_mask(n: int) -> np.ndarray:
    """M[i, j] = (j ≤ i): word i may look at itself and the words before it; (n, n) bool."""
    n = _count(n, "The number of words n", 1)
    return np.tril(np.ones((n, n), dtype=bool))


def padding_mask(length: int, n: int) -> np.ndarray:
    """M[i, j] = (j < length): the first `length` words are real, the rest [PAD]; (n, n) bool.

    Every row, the [PAD] rows included, may look at the real words and never at a [PAD]; a [PAD]
    row's output is computed and ignored. Compose with `&` (e.g. `causal_mask(n) & padding_mask(k, n)`).
    """
    n = _count(n, "The padded length n", 1)
    length = _count(length, "The sentence length", 1)
    if length > n:
        raise InputError(
            "pad_too_short", f"A sentence of {length} words cannot be padded to {n} (it is already longer).",
            length=length, n=n,
        )
    return np.broadcast_to(np.arange(n)[None, :] < length, (n, n)).copy()


def padding_masks(lengths: object, n: int | None = None) -> np.ndarray:
    """One padding mask per sentence of a batch padded to a common length n (default: the longest); (b, n, n)."""
    if not isinstance(lengths, (list, tuple, np.ndarray)) or len(lengths) == 0:
        raise InputError("count_invalid", "The sentence lengths must be a non-empty list of whole numbers.",
                         name="lengths", low=1, value=str(lengths)[:20])
    counts = [_count(v, "The sentence length", 1) for v in lengths]
    common = max(counts) if n is None else n
    return np.stack([padding_mask(k, common) for k in counts])


def pad_tokens(tokens: tuple[str, ...], n: int) -> tuple[str, ...]:
    """The tokens followed by [PAD] up to length n."""
    n = _count(n, "The padded length n", 1)
    if len(tokens) > n:
        raise InputError(
            "pad_too_short", f"A sentence of {len(tokens)} words cannot be padded to {n} (it is already longer).",
            length=len(tokens), n=n,
        )
    return tuple(tokens) + (PAD,) * (n - len(tokens))
