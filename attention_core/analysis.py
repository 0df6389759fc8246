"""Everything the screens show beyond the layer itself: decompositions, sweeps, statistics, diffs.

One function per view; each returns plain arrays for the figures. `compute` runs the whole
lesson once per change, so every screen reads the same numbers.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .attention import (
    AttentionTrace,
    MultiHeadTrace,
    add_and_norm,
    head_columns,
    layer_norm,
    multi_head_attention,
    self_attention,
    softmax,
)
from .errors import InputError
from .scenario import Scenario
from .shared import Space

DOCUMENT_Z = (2.0, 1.0, 0.1)
DOCUMENT_TABLE = {0.5: (0.85, 0.12, 0.03), 1.0: (0.66, 0.24, 0.10), 2.0: (0.45, 0.32, 0.23)}  # as printed


@dataclass(frozen=True)
class Lesson:
    """The scenario and every result computed from it (single head, Add & Norm, multi-head)."""

    scenario: Scenario
    trace: AttentionTrace
    residual: np.ndarray  # Z = X + Attention, (n, d_model)
    normalized: np.ndarray  # LayerNorm(Z)
    normalized_without_residual: np.ndarray  # LayerNorm(Attention), what is left with no residual
    multi: MultiHeadTrace


def compute(s: Scenario) -> Lesson:
    """Run the layer on the scenario: attention at T, Add & Norm with γ, β, and the multi-head block."""
    trace = self_attention(s.x, s.w_q, s.w_k, s.w_v, s.temperature)
    residual, normalized = add_and_norm(s.x, trace.output, s.gamma, s.beta)
    _, without = add_and_norm(np.zeros_like(s.x), trace.output, s.gamma, s.beta)
    w_q, w_k, w_v, w_o = s.multi_head_weights
    multi = multi_head_attention(s.x, w_q, w_k, w_v, w_o, s.n_heads, temperature=s.mh_temperature)
    return Lesson(s, trace, residual, normalized, without, multi)


_LESSONS = Space("lesson")


def shared_lesson(s: Scenario) -> Lesson:
    """`compute(s)`, once per state in the process (attention_core/shared.py): every session on the same state gets
    the same Lesson, read only."""
    return _LESSONS.get_or_build((s.key,), lambda: compute(s))


def bilinear(w_q: np.ndarray, w_k: np.ndarray) -> np.ndarray:
    """M = W_Q W_Kᵀ, (d_model, d_model): score_ij = x_i M x_jᵀ."""
    return w_q @ w_k.T


def score_contributions(x: np.ndarray, w_q: np.ndarray, w_k: np.ndarray, i: int, j: int) -> np.ndarray:
    """C[a, b] = x_ia · M_ab · x_jb (looker's axis a × looked-at axis b); C sums exactly to score_ij."""
    return np.outer(x[i], x[j]) * bilinear(w_q, w_k)


def dot_terms(q: np.ndarray, k: np.ndarray, i: int) -> np.ndarray:
    """T[j, c] = Q_ic · K_jc, (n, d_k): row j sums to score_ij."""
    return q[i][None, :] * k


def partial_dot(q: np.ndarray, k: np.ndarray, i: int, dims: tuple[int, int]) -> np.ndarray:
    """Q_i · K_j over two chosen dimensions only, for every j: what a 2-D picture can show of the score."""
    d = list(dims)
    return k[:, d] @ q[i, d]


def partial_is_full(q: np.ndarray, k: np.ndarray, i: int, dims: tuple[int, int], tol: float = 1e-9) -> bool:
    """The dimensions a 2-D picture leaves out add nothing to word i's scores: `partial_dot` is every full score."""
    return bool(np.allclose(partial_dot(q, k, i, dims), k @ q[i], rtol=tol, atol=1e-12))


def weight_path(scores_row: np.ndarray, temperature: float) -> dict[str, np.ndarray]:
    """score → score/T → exp(score/T − max) → ÷ row sum, with every step kept."""
    scaled = scores_row / temperature
    e = np.exp(scaled - scaled.max())
    return {"scores": scores_row, "scaled": scaled, "exp": e, "sum": np.array(e.sum()), "weights": e / e.sum()}


def shuffled(s: Scenario, seed: int) -> tuple[np.ndarray, AttentionTrace]:
    """A random order of the words (never the identity when n > 1) and the attention in that order."""
    rng = np.random.default_rng(seed)
    perm = np.arange(s.n)
    if s.n > 1:
        while np.array_equal(perm, np.arange(s.n)):
            perm = rng.permutation(s.n)
    return perm, self_attention(s.x[perm], s.w_q, s.w_k, s.w_v, s.temperature)


def asymmetry(scores: np.ndarray) -> tuple[int, int, float]:
    """The pair (i, j) where |score_ij − score_ji| is largest, and that gap (the first such pair on a tie:
    `asymmetry_ties` says how many share it)."""
    gap = np.abs(scores - scores.T)
    i, j = np.unravel_index(int(np.argmax(gap)), gap.shape)
    return int(i), int(j), float(gap[i, j])


def asymmetry_ties(scores: np.ndarray, rtol: float = 1e-9) -> int:
    """How many pairs of words {i, j} share the largest gap |score_ij − score_ji| (1 when one pair has it): a
    text that names `asymmetry`'s pair says "one of k" when k > 1 (e.g. two words with equal vectors)."""
    gap = np.abs(scores - scores.T)
    top = float(gap.max(initial=0.0))
    upper = gap[np.triu_indices(gap.shape[0], k=1)]
    return int(np.count_nonzero(np.isclose(upper, top, rtol=rtol, atol=1e-12)))


def symmetry(w_q: np.ndarray, w_k: np.ndarray, scores: np.ndarray, tol: float = 1e-9) -> str:
    """Why QKᵀ is or is not symmetric for this sentence.

    "asymmetric": some score_ij ≠ score_ji. "symmetric_m": M = W_Q W_Kᵀ is symmetric (W_Q = W_K is one
    way), so every sentence gives score_ij = score_ji. "indistinct": M is not symmetric, yet
    score_ij − score_ji = x_i (M − Mᵀ) x_jᵀ is 0 for every pair of these words (one word, a repeated
    word, or words equal on the axes where M is not symmetric).
    """
    if np.abs(scores - scores.T).max(initial=0.0) > tol:
        return "asymmetric"
    m = bilinear(w_q, w_k)
    return "symmetric_m" if np.allclose(m, m.T, rtol=0, atol=tol) else "indistinct"


def self_not_top(scores: np.ndarray, tol: float = 1e-9) -> list[tuple[int, int]]:
    """(i, j) for every row i whose own score is not its largest: j is a word i scores above itself."""
    out = []
    for i, row in enumerate(np.asarray(scores)):
        j = int(np.argmax(row))
        if row[j] > row[i] + tol:
            out.append((i, j))
    return out


def entropy(weights: np.ndarray) -> np.ndarray:
    """H = −Σ_j w_j ln w_j per row, in nats (0 ln 0 = 0)."""
    w = np.asarray(weights)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(w > 0, w * np.log(w), 0.0)
    return -terms.sum(axis=-1)


def effective_words(weights: np.ndarray) -> np.ndarray:
    """exp(H): 1 when a row looks at one word only, n when it looks at all n equally."""
    return np.exp(entropy(weights))


def temperature_grid(low: float = 0.05, high: float = 20.0, count: int = 61) -> np.ndarray:
    return np.geomspace(low, high, count)


def sweep(scores: np.ndarray, temps: np.ndarray) -> np.ndarray:
    """softmax(scores / T) for every T: (len(temps), *scores.shape), in one vectorised call."""
    temps = np.asarray(temps, dtype=float)
    for t in temps:  # each T refused exactly as softmax would refuse it
        softmax(np.zeros(1), temperature=float(t))
    scaled = np.asarray(scores, dtype=float)[None, ...] / temps.reshape((-1,) + (1,) * np.ndim(scores))
    return softmax(scaled, temperature=1.0)


def effective_words_curve(scores: np.ndarray, temps: np.ndarray) -> np.ndarray:
    """exp(H) per row for every T: (len(temps), n)."""
    return effective_words(sweep(scores, temps))


def document_example(temps: tuple[float, ...] = (0.5, 1.0, 2.0)) -> np.ndarray:
    """softmax(z / T) on the document's z = [2.0, 1.0, 0.1], one row per T."""
    return np.stack([softmax(np.array(DOCUMENT_Z), temperature=t) for t in temps])


def limits(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The T→0 limit (all weight on each row's maxima, shared equally) and the T→∞ limit (uniform)."""
    top = np.isclose(scores, scores.max(axis=-1, keepdims=True), rtol=0, atol=1e-12)
    return top / top.sum(axis=-1, keepdims=True), np.full(scores.shape, 1 / scores.shape[-1])


def dk_experiment(d_ks: tuple[int, ...], n: int = 8, trials: int = 200, seed: int = 0) -> dict[str, np.ndarray]:
    """Random Q, K with unit-variance entries: per d_k, the spread of QKᵀ and of QKᵀ/√d_k, and how
    saturated the softmax gets (mean of each row's largest weight) with and without the division.

    Depends on its arguments only, so it is computed once per argument set (read-only results)."""
    return dict(zip(("std_raw", "std_scaled", "max_raw", "max_scaled"), _dk_experiment(tuple(d_ks), n, trials, seed)))


@lru_cache(maxsize=8)
def _dk_experiment(d_ks: tuple[int, ...], n: int, trials: int, seed: int) -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(seed)
    out: list[list[float]] = [[], [], [], []]
    for d in d_ks:
        q = rng.standard_normal((trials, n, d))
        k = rng.standard_normal((trials, n, d))
        s = q @ k.transpose(0, 2, 1)
        out[0].append(s.std())
        out[1].append((s / math.sqrt(d)).std())
        out[2].append(softmax(s).max(axis=-1).mean())
        out[3].append(softmax(s, temperature=math.sqrt(d)).max(axis=-1).mean())
    arrays = tuple(np.array(v) for v in out)
    for a in arrays:
        a.setflags(write=False)
    return arrays


def value_contributions(weights: np.ndarray, v: np.ndarray, i: int) -> np.ndarray:
    """P[j, c] = weight_ij · V_jc, (n, d_v): column sums are output_i."""
    return weights[i][:, None] * v


# --- fixed axes over every T ------------------------------------------------------------------------------------
# The spans below go over every T a control offers, so that an axis or a colour scale stays put while T moves. A
# page asks for them on every run, a T step included, with the same scenario: each is computed once per argument
# set and kept (arrays by shape, dtype and bytes; a Scenario by its fields but its temperature, which none of them
# reads: they go over `temps`). Results are floats and tuples of floats, never changed.
SPAN_MEMO_SIZE = 512


def _span_key(v: object) -> object:
    if isinstance(v, np.ndarray):
        return ("nd", v.shape, v.dtype.str, v.tobytes())
    if isinstance(v, Scenario):
        return ("scenario", *(_span_key(getattr(v, f.name)) for f in dataclasses.fields(v)
                              if f.name != "temperature"))
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, *(_span_key(x) for x in v))
    if isinstance(v, (str, int, float, bool, type(None))):
        return v
    raise TypeError(f"no span key for {type(v).__name__}")


def over_every_t(fn):
    """Memoise a span over every T (see above); `fn.memo` is its store, for tests."""
    memo: OrderedDict = OrderedDict()
    lock = threading.Lock()

    @functools.wraps(fn)
    def wrapper(*args):
        key = _span_key(args)
        with lock:
            if key in memo:
                memo.move_to_end(key)
                return memo[key]
        value = fn(*args)
        with lock:
            memo[key] = value
            while len(memo) > SPAN_MEMO_SIZE:
                memo.popitem(last=False)
        return value

    wrapper.memo = memo
    return wrapper


@over_every_t
def contributions_span(scores_row: np.ndarray, v: np.ndarray, temps) -> tuple[float, float]:
    """The lowest and highest a stacked chart of P = value_contributions reaches over every T of `temps` (its
    negative parts stacked down, its positive parts up, on every axis; 0 included): a value axis that stays
    put while T moves, so the bars move and the axis does not."""
    lo = hi = 0.0
    for t in temps:
        w = softmax(np.asarray(scores_row, dtype=float), t)
        parts = w[:, None] * np.asarray(v, dtype=float)
        lo = min(lo, float(np.min(np.minimum(parts, 0).sum(axis=0))))
        hi = max(hi, float(np.max(np.maximum(parts, 0).sum(axis=0))))
    return lo, hi


def row_stats(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-row mean and (biased) standard deviation, as LayerNorm sees them."""
    return a.mean(axis=-1), a.std(axis=-1)


@over_every_t
def add_norm_limit(s: Scenario, temps, which) -> float:
    """The largest |entry| of the matrices `which` ("X", "O" the attention output, "Z" = X + O, "LN" = LayerNorm(Z)
    with γ, β, "LN0" = LayerNorm(O)) over every T of `temps`: one signed scale that stays put while T moves."""
    top = float(np.max(np.abs(s.x))) if "X" in which else 0.0
    for t in temps:
        out = self_attention(s.x, s.w_q, s.w_k, s.w_v, t).output
        z, ln = add_and_norm(s.x, out, s.gamma, s.beta)
        _, ln0 = add_and_norm(np.zeros_like(s.x), out, s.gamma, s.beta)
        for name, m in (("O", out), ("Z", z), ("LN", ln), ("LN0", ln0)):
            if name in which:
                top = max(top, float(np.max(np.abs(m))))
    return top or 1.0


def row_stats_over_t(scores: np.ndarray, v: np.ndarray, x: np.ndarray | None,
                     temps) -> list[tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]]:
    """For each T of `temps`: (row_stats of Z = X + softmax(S/T)·V, row_stats of LayerNorm(Z) before γ, β); of the
    attention output alone when `x` is None."""
    out = []
    for t in temps:
        before = softmax(np.asarray(scores, dtype=float), t) @ np.asarray(v, dtype=float)
        if x is not None:
            before = np.asarray(x, dtype=float) + before
        out.append((row_stats(before), row_stats(layer_norm(before))))
    return out


@over_every_t
def row_stats_span(scores: np.ndarray, v: np.ndarray, x: np.ndarray | None, temps) -> tuple[float, float]:
    """The lowest and highest ⑤'s μ/σ chart reaches over every T of `temps` (row_stats_over_t): a value axis that
    stays put while T moves."""
    lines = [line for pair in row_stats_over_t(scores, v, x, temps) for stats in pair for line in stats]
    return min(float(line.min()) for line in lines), max(float(line.max()) for line in lines)


@over_every_t
def normalised_alike(scores: np.ndarray, v: np.ndarray, x: np.ndarray | None,
                     temps) -> tuple[float | None, float | None]:
    """The numbers ẑ's μ and σ (LayerNorm before γ, β; see row_stats_over_t) print as to 2 places for every word
    at every T of `temps` (0.00 and 1.00 unless a row is nearly flat), each None where two differ: what ⑤ may
    print once for all of them, true while T moves."""
    after = [normalised for _, normalised in row_stats_over_t(scores, v, x, temps)]
    return printed_alike([mean for mean, _ in after]), printed_alike([std for _, std in after])


def printed_alike(lines, decimals: int = 2) -> float | None:
    """The number every value of `lines` prints as to `decimals` places (−0.00 is 0.00), or None if two differ."""
    printed = {f"{float(value):.{decimals}f}".replace("-0." + "0" * decimals, "0." + "0" * decimals)
               for line in lines for value in np.ravel(line)}
    return float(printed.pop()) if len(printed) == 1 else None


def cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine similarity of matching rows; 0 where either row is all zeros."""
    na, nb = np.linalg.norm(a, axis=-1), np.linalg.norm(b, axis=-1)
    denom = na * nb
    return np.divide((a * b).sum(axis=-1), denom, out=np.zeros_like(denom), where=denom > 0)


def head_blocks(w: np.ndarray, n_heads: int) -> list[np.ndarray]:
    """The column block of each head: head h gets columns h·d_h:(h+1)·d_h."""
    return [w[:, head_columns(w.shape[1], n_heads, h)] for h in range(n_heads)]


def head_names(names: list[str], n_heads: int) -> list[list[str]]:
    """The names of each head's columns (head h: columns h·d_h:(h+1)·d_h), e.g. for labelling Concat."""
    return [list(names[head_columns(len(names), n_heads, h)]) for h in range(n_heads)]


def head_bilinears(s: Scenario) -> list[np.ndarray]:
    """Each head's W_Q^h W_K^hᵀ (d_model × d_model): which looker axis meets which looked-at axis."""
    w_q, w_k, _, _ = s.multi_head_weights
    return [bilinear(q, k) for q, k in zip(head_blocks(w_q, s.n_heads), head_blocks(w_k, s.n_heads), strict=False)]


def top_changes(before: np.ndarray, after: np.ndarray, count: int = 3) -> list[tuple[int, int, float]]:
    """The `count` cells whose value changed most, as (row, col, after − before), largest |change| first."""
    delta = np.asarray(after) - np.asarray(before)
    flat = np.argsort(-np.abs(delta), axis=None, kind="stable")[:count]
    rows, cols = np.unravel_index(flat, delta.shape)
    return [(int(r), int(c), float(delta[r, c])) for r, c in zip(rows, cols, strict=False) if delta[r, c] != 0]


def winners(values: np.ndarray, decimals: int = 2, tol: float = 1e-9) -> list[tuple[int, int]]:
    """Every (row, column) tied for the largest cell, in reading order.

    A cell ties when it prints the same as the largest at `decimals` places (what the verdict shows)
    or lies within `tol` of it, so a guess the screen cannot tell apart from the winner counts as right.
    """
    z = np.asarray(values, dtype=float)
    top = float(z.max())
    shown = f"{top:.{decimals}f}"
    return [(int(i), int(j)) for i, j in np.ndindex(*z.shape)
            if top - z[i, j] <= tol * max(1.0, abs(top)) or f"{z[i, j]:.{decimals}f}" == shown]


def compare(a: Lesson, b: Lesson) -> dict[str, np.ndarray]:
    """B − A for the scores, the weights and the output; the two lessons must have the same number of words."""
    if a.scenario.n != b.scenario.n or a.trace.output.shape != b.trace.output.shape:
        raise InputError("compare_shape", f"A has {a.scenario.n} words and B has {b.scenario.n}; they must match.",
                         a=a.scenario.n, b=b.scenario.n)
    return {
        "scores": b.trace.scores - a.trace.scores,
        "weights": b.trace.weights - a.trace.weights,
        "output": b.trace.output - a.trace.output,
    }


def favourite_ties(weights: np.ndarray, tol: float = 1e-6) -> list[tuple[int, ...]]:
    """Per row, every column j with w_ij ≥ max_j w_ij − tol: the favourite, or all words tied for first."""
    w = np.asarray(weights)
    top = w >= w.max(axis=-1, keepdims=True) - tol  # (n, n) bool
    return [tuple(int(j) for j in np.flatnonzero(row)) for row in top]


def document_comparison(decimals: int = 2) -> dict[str, np.ndarray]:
    """softmax(z/T) on the document's z, rounded to `decimals`, beside its printed table: (3, 3) rows per T,
    row sums of the rounded values (may be 0.99 or 1.01), where computed and printed differ, and per T the
    largest gap |printed − exact|."""
    temps = tuple(DOCUMENT_TABLE)
    exact = document_example(temps)  # (3 temperatures, 3 entries)
    computed = np.round(exact, decimals)
    printed = np.array([DOCUMENT_TABLE[t] for t in temps])
    return {"temps": np.array(temps), "exact": exact, "computed": computed, "computed_sum": computed.sum(axis=1),
            "printed": printed, "printed_sum": printed.sum(axis=1), "gap": np.abs(printed - exact).max(axis=1),
            "differs": ~np.isclose(computed, printed, rtol=0, atol=1e-9)}


def read_axes(w: np.ndarray) -> list[int]:
    """The rows (named axes) of W_Q or W_K that are not all zero: the only axes that gaze reads."""
    return [int(a) for a in np.flatnonzero(np.any(np.asarray(w) != 0, axis=1))]


def is_identity(m: np.ndarray) -> bool:
    """True when m is square and m = I exactly (e.g. W_V = I: every word hands over its own embedding)."""
    a = np.asarray(m)
    return a.ndim == 2 and a.shape[0] == a.shape[1] and bool(np.array_equal(a, np.eye(a.shape[0])))


def pair_cosines(a: np.ndarray) -> np.ndarray:
    """C[i, j] = cos(a_i, a_j), (n, n): how alike every two rows are; 0 where a row is all zeros."""
    return cosine(a[:, None, :], a[None, :, :])


def largest_parts(parts: np.ndarray, keep: int) -> tuple[list[int], np.ndarray | None]:
    """The rows of `parts` with the largest Σ|row| (at most `keep`, in their original order) and the sum of
    all other rows (None when nothing is left over): a stacked chart of many words stays readable."""
    if len(parts) <= keep:
        return list(range(len(parts))), None
    order = np.argsort(-np.abs(parts).sum(axis=1), kind="stable")
    shown = sorted(int(j) for j in order[:keep - 1])
    rest = np.delete(parts, shown, axis=0).sum(axis=0)
    return shown, rest


# Screen ⑧: word order and masks

@over_every_t
def multi_head_spans(s: Scenario, temps) -> tuple[tuple[float, float], tuple[float, float]]:
    """⑥'s Concat and output when the heads follow the sidebar T: the lowest and highest of each over every T of
    `temps` (a colour scale and a cell-number size that stay put while T moves)."""
    w_q, w_k, w_v, w_o = s.multi_head_weights
    concat, out = [np.inf, -np.inf], [np.inf, -np.inf]
    for t in temps:
        m = multi_head_attention(s.x, w_q, w_k, w_v, w_o, s.n_heads, temperature=t)
        for span, a in ((concat, m.concat), (out, m.output)):
            span[0], span[1] = min(span[0], float(a.min())), max(span[1], float(a.max()))
    return (concat[0], concat[1]), (out[0], out[1])


def coincident(curves: np.ndarray, tol: float = 1e-9) -> list[tuple[int, ...]]:
    """Columns of `curves` (one column per word, e.g. exp(H) over T) that are equal within `tol`, grouped:
    lines that would be drawn exactly on top of each other. Groups in order of their first word."""
    c = np.asarray(curves, dtype=float)
    groups: list[list[int]] = []
    for j in range(c.shape[1]):
        for g in groups:
            if np.allclose(c[:, j], c[:, g[0]], rtol=0, atol=tol):
                g.append(j)
                break
        else:
            groups.append([j])
    return [tuple(g) for g in groups]


def temperature_frames(scores: np.ndarray, temps) -> tuple[np.ndarray, np.ndarray]:
    """softmax(scores / T) for every T, and the rows' mean entropy H (nats) at each T: the ▶ play T frames."""
    weights = sweep(scores, temps)
    return weights, entropy(weights).mean(axis=-1)


def coincident_groups(points: np.ndarray, decimals: int = 2) -> list[list[int]]:
    """Indices of points that are the same point at the shown precision, grouped, in order of first appearance.

    points (n, 2) → e.g. [[0], [1, 3], [2]] when points 1 and 3 coincide (equal once rounded to `decimals`).
    """
    keys = [tuple(row) for row in np.round(np.asarray(points, dtype=float), decimals) + 0.0]
    groups: dict[tuple, list[int]] = {}
    for idx, key in enumerate(keys):
        groups.setdefault(key, []).append(idx)
    return list(groups.values())


def most_looked_pair(weights: np.ndarray) -> tuple[tuple[int, int], np.ndarray]:
    """The two words that get the most weight in all (largest column sums, the first on a tie), and each row's
    share of its weight on them, in percent: share_i = 100 (w_ia + w_ib), (n,). With one word, (0, 0), 100."""
    w = np.asarray(weights, dtype=float)
    if w.shape[1] < 2:
        return (0, 0), 100 * w[:, 0]
    order = np.argsort(-w.sum(axis=0), kind="stable")
    a, b = sorted(int(j) for j in order[:2])
    return (a, b), 100 * (w[:, a] + w[:, b])
