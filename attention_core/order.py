"""Word order and masks, what ⑧ draws: X + α·PE, attention under a causal or padding mask, what positions make
a word look at, and the shuffle experiment (which outputs move when the words trade places, with and without
positions). Plain arrays for the figures, as in `analysis`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .analysis import over_every_t
from .attention import AttentionTrace, self_attention
from .errors import InputError
from .positions import causal_mask, pad_tokens, padding_mask, positional_encoding
from .scenario import Scenario, labels

PAD_EXTRA = 2  # the padding example pads the sentence with this many [PAD] tokens
ROUNDING = 1e-9  # differences below this are floating-point rounding (the same sum added in another order)


def with_positions(x: np.ndarray, alpha: float) -> np.ndarray:
    """X + α·PE, (n, d): every word's row plus its position's sinusoid, scaled by α (0 = X itself)."""
    x = np.asarray(x, dtype=float)
    return x + alpha * positional_encoding(x.shape[0], x.shape[1])


@dataclass(frozen=True)
class MaskedAttention:
    """Attention on X + α·PE under one mask kind; for "padding" the sentence carries PAD_EXTRA [PAD] tokens.

    labels: chart labels (the [PAD]s included); x: the rows attended over; allowed: the mask (None = all
    allowed); real: how many rows are real words; trace: the attention.
    """

    kind: str
    labels: tuple[str, ...]
    x: np.ndarray
    allowed: np.ndarray | None
    real: int
    trace: AttentionTrace

    @property
    def masked(self) -> np.ndarray | None:
        """True where the mask hides a cell (None when nothing is masked)."""
        return None if self.allowed is None else ~self.allowed


def masked_attention(s: Scenario, kind: str | None = None) -> MaskedAttention:
    """The scenario's attention on X + α·PE under mask `kind` (default: the scenario's): none, causal or
    padding (the sentence padded with PAD_EXTRA [PAD] tokens whose embedding is all zeros, and hidden)."""
    kind = s.mask if kind is None else kind
    n = s.n
    if kind == "padding":
        total = n + PAD_EXTRA
        x = np.vstack([s.x, np.zeros((PAD_EXTRA, s.x.shape[1]))])  # a [PAD] embeds as the zero vector
        tokens = pad_tokens(s.tokens, total)
        allowed: np.ndarray | None = padding_mask(n, total)
    else:
        x, tokens, total = s.x, s.tokens, n
        allowed = causal_mask(n) if kind == "causal" else None
        if kind not in ("none", "causal"):
            raise InputError("mask_unknown", f"Unknown mask “{str(kind)[:20]}”: choose none, causal or padding.",
                             mask=str(kind)[:20])
    x = with_positions(x, s.pe_alpha)
    trace = self_attention(x, s.w_q, s.w_k, s.w_v, s.temperature, mask=allowed)
    return MaskedAttention(kind, labels(tokens), x, allowed, n, trace)


def padding_check(s: Scenario) -> float:
    """max |Δ| between the real words' outputs with the [PAD]s (masked) and without them: 0 up to rounding."""
    padded = masked_attention(s, "padding")
    plain_ = masked_attention(s, "none")
    return float(np.max(np.abs(padded.trace.output[: s.n] - plain_.trace.output)))


@dataclass(frozen=True)
class PositionGaze:
    """What adding α·PE does to the gaze (no mask): the word the others look at most, and why.

    word: the column with the largest mean weight; weight / weight_without: its mean weight with and without
    positions; axis: the named axis whose PE shift raises the scores on `word` most (mean over the lookers of
    Q_i · shift_a W_K[a] / T); shift: α·PE[word, axis]; dim: the K value that shift moves most towards the
    lookers' Q; gain: W_K[axis, dim]; k_without / k_with: K[word, dim] without and with positions; q_low /
    q_high: the lookers' Q[:, dim] (with positions).
    """

    word: int
    weight: float
    weight_without: float
    axis: int
    shift: float
    dim: int
    gain: float
    k_without: float
    k_with: float
    q_low: float
    q_high: float


def position_gaze(s: Scenario) -> PositionGaze | None:
    """Why the gaze moves when positions are added (see PositionGaze); None when α = 0, for one word, or when
    no axis's PE shift raises the scores on the most-looked-at word."""
    if s.pe_alpha == 0 or s.n < 2:
        return None
    with_pe = masked_attention(s, "none").trace
    without = masked_attention(s.with_pe_alpha(0.0), "none").trace
    word = int(np.argmax(with_pe.weights.mean(axis=0)))
    shift = s.pe_alpha * positional_encoding(s.n, s.x.shape[1])[word]  # (d,)
    q = with_pe.q  # (n, d_k)
    push = (q @ (shift[:, None] * s.w_k).T).mean(axis=0) / s.temperature  # (d,): axis a's share of the rise
    axis = int(np.argmax(push))
    if push[axis] <= 0:
        return None
    dim = int(np.argmax(q.mean(axis=0) * shift[axis] * s.w_k[axis]))
    return PositionGaze(
        word=word, weight=float(with_pe.weights[:, word].mean()), weight_without=float(without.weights[:, word].mean()),
        axis=axis, shift=float(shift[axis]), dim=dim, gain=float(s.w_k[axis, dim]),
        k_without=float(without.k[word, dim]), k_with=float(with_pe.k[word, dim]),
        q_low=float(q[:, dim].min()), q_high=float(q[:, dim].max()),
    )


def derangement(n: int, seed: int = 1) -> np.ndarray:
    """A random order of n words that is never the identity when n > 1 (word k goes to place inv[k])."""
    rng = np.random.default_rng(seed)
    perm = np.arange(n)
    if n > 1:
        while np.array_equal(perm, np.arange(n)):
            perm = rng.permutation(n)
    return perm


@dataclass(frozen=True)
class ShuffleResult:
    """The words reordered (place k holds word perm[k]); for each word, its output in the original order
    and in the shuffled order brought back (un-permuted), their difference, and its largest |entry|."""

    perm: np.ndarray
    alpha: float
    original: np.ndarray  # (n, d_v)
    unpermuted: np.ndarray  # (n, d_v): row k = word k's output when the sentence was shuffled
    delta: np.ndarray  # unpermuted − original, (n, d_v)
    per_word: np.ndarray  # max_c |delta[k, c]|, (n,)

    @property
    def max_abs(self) -> float:
        return float(self.per_word.max())

    @property
    def changed(self) -> int:
        """How many words' outputs changed by more than rounding."""
        return int(np.sum(self.per_word > ROUNDING))


def shuffle_experiment(s: Scenario, alpha: float, seed: int = 1, mask: str = "none") -> ShuffleResult:
    """Shuffle the words, add α·PE for the *new* places, run attention, and un-permute the outputs.

    With α = 0 and no mask every word's output is unchanged (up to rounding): attention only permutes.
    With α > 0 a word's row carries its place, so its output changes (unless the shuffle swapped equal words).
    """
    perm = derangement(s.n, seed)
    allowed = causal_mask(s.n) if mask == "causal" else None
    base = self_attention(with_positions(s.x, alpha), s.w_q, s.w_k, s.w_v, s.temperature, mask=allowed)
    shuf = self_attention(with_positions(s.x[perm], alpha), s.w_q, s.w_k, s.w_v, s.temperature, mask=allowed)
    unpermuted = shuf.output[np.argsort(perm)]  # row k: the place word k moved to
    delta = unpermuted - base.output
    return ShuffleResult(perm, float(alpha), base.output, unpermuted, delta, np.abs(delta).max(axis=1))


def shared_scale(*results: ShuffleResult) -> float:
    """One ±scale for the Δ charts of several experiments: their largest |Δ|, or 1 when all are rounding only
    (so rounding noise of 1e-16 is drawn white, not in full colour)."""
    top = max(r.max_abs for r in results)
    return top if top > ROUNDING else 1.0


@over_every_t
def shuffle_spans(s: Scenario, alphas, temps) -> tuple[tuple[tuple[float, float], ...], float]:
    """⑧'s Δ charts over every T of `temps`: the lowest and highest Δ of the experiment at each α of `alphas`, and
    their shared ±scale (shared_scale of every one): a scale and a cell-number size that stay put while T moves."""
    spans, results = [], []
    for alpha in alphas:
        runs = [shuffle_experiment(s.with_temperature(t), alpha) for t in temps]
        spans.append((min(float(r.delta.min()) for r in runs), max(float(r.delta.max()) for r in runs)))
        results += runs
    return tuple(spans), shared_scale(*results)


def pe_wavelengths(d: int, base: float = 10000.0) -> np.ndarray:
    """The wavelength of each sin/cos pair of the positional encoding: 2π · base^(2i/d), one per pair."""
    return 2 * math.pi * base ** (np.arange(0, d, 2) / d)


def order_table(first: ShuffleResult, second: ShuffleResult) -> dict[str, np.ndarray]:
    """Per word: its place before and after the shuffle, and max |Δ| of its output in both experiments."""
    return {"before": np.arange(len(first.perm)), "after": np.argsort(first.perm),
            "first": first.per_word, "second": second.per_word}
