"""Learning where to look: W_Q and W_K trained so that every word of a sentence predicts its sentiment.

The model of screen ⑦, for one sentence x (n × d_model, the lexicon embedding) with label y ∈ {0, 1}:

    weights = softmax((x W_Q)(x W_K)ᵀ / T)         row-wise, (n, n)
    out     = weights · x                          W_V = I, (n, d_model)
    logit_i = a · out_i[valence] + b               a one-number sentiment probe on the valence axis
    loss    = mean_i BCE(sigmoid(logit_i), y)      every word must predict the label

A neutral word (영화였다) can predict the label only by looking at the emotional word, so training
has to turn W_Q W_Kᵀ towards the emotion axis. numpy only; the gradients are written out
(backpropagation through the softmax) and checked in tests/ against finite differences and an
independent reverse-mode reference.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import numpy as np

from .attention import _as_matrix, _check_chain, _check_temperature, softmax
from .errors import InputError
from .lexicon import AXIS_INDEX, D_MODEL, embed_all

DATASET_PATH = Path(__file__).with_name("data") / "sentiment.csv"
EMOTION = AXIS_INDEX["emotion"]
VALENCE = AXIS_INDEX["valence"]
EMOTIONAL_MIN = 0.7  # an emotional word: emotion ≥ 0.7 and |valence| ≥ 0.5
VALENCE_MIN = 0.5
NEUTRAL_MAX = 0.3  # every other word of a sentence: emotion ≤ 0.3
SPLITS = ("train", "test")

LR = 1.0  # gradient descent's step size
INIT_SCALE = 0.1  # standard deviation of the random W_Q, W_K entries before training
SNAPSHOT_EVERY = 10
# Screen ⑦'s auto-training: one tick this often (s), advancing this many steps, until this step.
AUTO_EVERY_S = 0.3
AUTO_STEPS = 8
AUTO_LIMIT = 1000
_PAD = -1e9  # score of a padding word: exp(_PAD / T − max) is exactly 0


# ---- one sentence: loss and gradients ------------------------------------------------------------

def _label(y: object) -> float:
    if isinstance(y, (bool, np.bool_)) or not isinstance(y, (int, float, np.integer, np.floating)) or y not in (0, 1):
        raise InputError("label_invalid", f"A label must be 0 (negative) or 1 (positive), not {str(y)[:20]}.",
                         value=str(y)[:20])
    return float(y)


def _scalar(name: str, v: object) -> float:
    return float(_as_matrix(name, v, ndim=0))


def loss_and_grads(
    x: object, y: object, w_q: object, w_k: object, a: object, b: object, temperature: float = 1.0,
) -> tuple[float, dict[str, np.ndarray | float]]:
    """The loss of one sentence and its gradients {"w_q", "w_k", "a", "b"} (see the module docstring)."""
    x = _as_matrix("x", x)
    _check_chain("x", x.shape[1], "the named axes", D_MODEL)
    w_q, w_k = _as_matrix("W_Q", w_q), _as_matrix("W_K", w_k)
    _check_chain("x", x.shape[1], "W_Q", w_q.shape[0])
    _check_chain("x", x.shape[1], "W_K", w_k.shape[0])
    _check_chain("W_Q", w_q.shape[1], "W_K", w_k.shape[1])
    t = _check_temperature(temperature)
    label = _label(y)
    loss, grads, _ = _loss_and_grads(x[None], np.ones((1, x.shape[0]), bool), np.array([label]), w_q, w_k,
                                     _scalar("a", a), _scalar("b", b), t)
    return loss, grads


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * z))  # = 1 / (1 + e^−z), without overflow


def _attention(x: np.ndarray, mask: np.ndarray, w_q: np.ndarray, w_k: np.ndarray, t: float):
    """q, k (B, N, d_k) and the weights (B, N, N) of a padded batch; padding words get weight 0."""
    q, k = x @ w_q, x @ w_k  # (B, N, d_k)
    scores = np.where(mask[:, None, :], q @ k.transpose(0, 2, 1), _PAD)  # (B, N, N)
    return q, k, softmax(scores, temperature=t)


def _loss_and_grads(x, mask, y, w_q, w_k, a, b, t):
    """Mean over sentences of each sentence's mean word loss, its gradients, and the weights.

    x (B, N, d) zero-padded, mask (B, N) True for real words, y (B,).
    """
    q, k, w = _attention(x, mask, w_q, w_k, t)
    xv = x[..., VALENCE]  # (B, N)
    out_v = (w @ xv[..., None])[..., 0]  # out_i[valence], (B, N)
    z = a * out_v + b
    words = mask.sum(axis=1, keepdims=True)  # (B, 1)
    per_word = np.logaddexp(0.0, z) - y[:, None] * z  # BCE(sigmoid(z), y) = softplus(z) − y z
    loss = float(np.mean(np.sum(per_word * mask, axis=1) / words[:, 0]))
    dz = (_sigmoid(z) - y[:, None]) * mask / words / x.shape[0]  # (B, N)
    d_a, d_b = float(np.sum(dz * out_v)), float(np.sum(dz))
    # dL/dweights_ij = a dz_i x_j[valence]; back through the row softmax, dS_ij = w_ij (g_ij − Σ_k w_ik g_ik)
    # with Σ_k w_ik a dz_i x_k[valence] = a dz_i out_i[valence], and through ÷T:
    d_s = w * ((a / t) * dz[:, :, None] * (xv[:, None, :] - out_v[:, :, None]))  # (B, N, N)
    d_q, d_k = d_s @ k, d_s.transpose(0, 2, 1) @ q  # (B, N, d_k)
    flat_x = x.reshape(-1, x.shape[-1]).T  # (d, B·N)
    grads = {
        "w_q": flat_x @ d_q.reshape(-1, d_q.shape[-1]),
        "w_k": flat_x @ d_k.reshape(-1, d_k.shape[-1]),
        "a": d_a,
        "b": d_b,
    }
    return loss, grads, w


# ---- the data set ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Example:
    """One sentence of the data set, its label (1 = positive) and its split ("train" or "test")."""

    sentence: str
    lang: str
    label: int
    split: str

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(self.sentence.split())


@lru_cache(maxsize=1)
def load_dataset() -> tuple[Example, ...]:
    """The shipped sentences (data/sentiment.csv, made by scripts/make_sentiment.py), read once."""
    with DATASET_PATH.open(encoding="utf-8", newline="") as f:
        return tuple(Example(r["sentence"], r["lang"], int(r["label"]), r["split"]) for r in csv.DictReader(f))


def emotional_index(x: np.ndarray) -> int:
    """The position of a sentence's emotional word: the word with the largest emotion value."""
    return int(np.argmax(np.asarray(x)[:, EMOTION]))


@dataclass(frozen=True)
class Batch:
    """Sentences zero-padded to one length: x (B, N, d), mask (B, N), labels y (B,), emotional word (B,)."""

    x: np.ndarray
    mask: np.ndarray
    y: np.ndarray
    emotional: np.ndarray
    examples: tuple[Example, ...]


def make_batch(examples: tuple[Example, ...] | list[Example]) -> Batch:
    examples = tuple(examples)
    if not examples:
        raise InputError("learn_empty", "Training needs at least one sentence.")
    for e in examples:
        _label(e.label)
    n = max(len(e.tokens) for e in examples)
    x = np.zeros((len(examples), n, D_MODEL))
    mask = np.zeros((len(examples), n), bool)
    for i, e in enumerate(examples):
        x[i, :len(e.tokens)] = embed_all(e.tokens)
        mask[i, :len(e.tokens)] = True
    emotional = np.array([emotional_index(x[i, :len(e.tokens)]) for i, e in enumerate(examples)])
    return Batch(x, mask, np.array([float(e.label) for e in examples]), emotional, examples)


@lru_cache(maxsize=4)
def _split_batches(examples: tuple[Example, ...]) -> tuple[Batch, Batch]:
    train_ex = tuple(e for e in examples if e.split == "train")
    test_ex = tuple(e for e in examples if e.split == "test")
    return make_batch(train_ex), make_batch(test_ex)


# ---- what the screen measures ------------------------------------------------------------------------

def word_accuracy(batch: Batch, w_q, w_k, a: float, b: float, temperature: float = 1.0) -> float:
    """Share of the words (over every sentence) whose probe lands on the sentence's label; logit 0 counts as wrong."""
    _, _, w = _attention(batch.x, batch.mask, w_q, w_k, temperature)
    z = a * (w @ batch.x[..., VALENCE, None])[..., 0] + b
    right = np.where(batch.y[:, None] == 1, z > 0, z < 0) & batch.mask
    return float(right.sum() / batch.mask.sum())


def focus(batch: Batch, w_q, w_k, temperature: float = 1.0) -> np.ndarray:
    """Per sentence, the weight its words put on its emotional word, averaged over the words, (B,)."""
    _, _, w = _attention(batch.x, batch.mask, w_q, w_k, temperature)
    on_emotional = np.take_along_axis(w, batch.emotional[:, None, None].repeat(w.shape[1], axis=1), axis=2)[..., 0]
    return np.sum(on_emotional * batch.mask, axis=1) / batch.mask.sum(axis=1)


@lru_cache(maxsize=4)
def even_gaze_accuracy(examples: tuple[Example, ...]) -> float:
    """Held-out word accuracy with an even gaze (W_Q = W_K = 0: every word weighs every word alike) and a
    probe that reads the valence's sign (any a > 0, b = 0)."""
    _, test_b = _split_batches(tuple(examples))
    zero = np.zeros((D_MODEL, 1))
    return word_accuracy(test_b, zero, zero, 1.0, 0.0)


def emotion_share(w_q, w_k) -> float:
    """Share of the mass of |W_Q W_Kᵀ| in the column of the emotion axis (the looked-at word's emotion)."""
    m = np.abs(np.asarray(w_q) @ np.asarray(w_k).T)
    total = m.sum()
    return float(m[:, EMOTION].sum() / total) if total > 0 else 0.0


def sentence_weights(x, w_q, w_k, temperature: float = 1.0) -> np.ndarray:
    """The attention weights (n, n) of one sentence under W_Q, W_K at T."""
    x = _as_matrix("x", x)
    _, _, w = _attention(x[None], np.ones((1, x.shape[0]), bool), np.asarray(w_q), np.asarray(w_k),
                         _check_temperature(temperature))
    return w[0]


# ---- training ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Settings:
    seed: int = 0
    lr: float = LR
    temperature: float = 1.0
    d_k: int = 4
    every: int = SNAPSHOT_EVERY  # a snapshot every this many steps


@dataclass(frozen=True)
class Snapshot:
    """The parameters after `step` steps and what they achieve: training loss, held-out word accuracy, share."""

    step: int
    w_q: np.ndarray
    w_k: np.ndarray
    a: float
    b: float
    loss: float
    accuracy: float  # held-out word accuracy
    share: float  # |W_Q W_Kᵀ| mass in the emotion column
    focus: float  # mean weight on the emotional word over the held-out sentences
    focus_low: float  # the same for the held-out sentence that puts the least weight on it


@dataclass(frozen=True, eq=False)
class Run:
    """A training run: current parameters, the loss after every step (losses[0] = before any), snapshots."""

    settings: Settings
    examples: tuple[Example, ...]
    step: int
    w_q: np.ndarray
    w_k: np.ndarray
    a: float
    b: float
    losses: tuple[float, ...]
    snapshots: tuple[Snapshot, ...]

    @property
    def params(self) -> tuple[np.ndarray, np.ndarray, float, float]:
        return self.w_q, self.w_k, self.a, self.b

    @property
    def accuracies(self) -> np.ndarray:
        return np.array([s.accuracy for s in self.snapshots])

    @property
    def snapshot_steps(self) -> np.ndarray:
        return np.array([s.step for s in self.snapshots])


def _check_settings(settings: Settings, steps: int) -> None:
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or not 0 <= steps <= 100_000:
        raise InputError("learn_steps", "The number of steps must be a whole number from 0 to 100000.")
    if isinstance(settings.seed, bool) or not isinstance(settings.seed, (int, np.integer)) or settings.seed < 0:
        raise InputError("seed_invalid", "The seed must be a whole number from 0 to 2147483647.")
    if not (np.isfinite(settings.lr) and 0 < settings.lr <= 10):  # nan fails every comparison
        raise InputError("learn_rate",
                         f"The learning rate must be a number above 0 and at most 10 (got {settings.lr}).",
                         value=settings.lr)
    _check_temperature(settings.temperature)
    if isinstance(settings.d_k, bool) or not isinstance(settings.d_k, (int, np.integer)) or not 1 <= settings.d_k <= 64:
        raise InputError("learn_dk", "d_k must be a whole number from 1 to 64.")


def start(examples, seed: int = 0, lr: float = LR, temperature: float = 1.0, d_k: int = 4,
          every: int = SNAPSHOT_EVERY) -> Run:
    """Random W_Q, W_K (N(0, INIT_SCALE²) from `seed`), a = b = 0: the run before its first step."""
    try:
        lr = float(lr)
    except (TypeError, ValueError):
        lr = float("nan")
    settings = Settings(seed, lr, _check_temperature(temperature), d_k, max(1, int(every)))
    _check_settings(settings, 0)
    examples = tuple(examples)
    rng = np.random.default_rng(settings.seed)
    w_q = rng.normal(0.0, INIT_SCALE, (D_MODEL, d_k))
    w_k = rng.normal(0.0, INIT_SCALE, (D_MODEL, d_k))
    train_b, _ = _split_batches(examples)
    loss, _, _ = _loss_and_grads(train_b.x, train_b.mask, train_b.y, w_q, w_k, 0.0, 0.0, settings.temperature)
    run = Run(settings, examples, 0, w_q, w_k, 0.0, 0.0, (loss,), ())
    return replace(run, snapshots=(_snapshot(run, loss, _split_batches(examples)[1]),))


def _snapshot(run: Run, loss: float, test_b: Batch) -> Snapshot:
    acc = word_accuracy(test_b, run.w_q, run.w_k, run.a, run.b, run.settings.temperature)
    on_emotional = focus(test_b, run.w_q, run.w_k, run.settings.temperature)
    return Snapshot(run.step, run.w_q, run.w_k, run.a, run.b, loss, acc, emotion_share(run.w_q, run.w_k),
                    float(np.mean(on_emotional)), float(np.min(on_emotional)))


def advance(run: Run, steps: int) -> Run:
    """`steps` more full-batch gradient-descent steps on the training sentences (θ ← θ − lr · ∇loss).

    Deterministic: advancing 100 then 50 steps gives exactly the run of 150 steps.
    """
    _check_settings(run.settings, steps)
    s = run.settings
    train_b, test_b = _split_batches(run.examples)
    cut = run.w_q.size
    theta = np.concatenate([run.w_q.ravel(), run.w_k.ravel(), [run.a, run.b]])
    losses, snapshots = list(run.losses), list(run.snapshots)
    step = run.step
    for _ in range(steps + 1):
        now = _at(run, step, theta, cut)
        loss, g, _ = _loss_and_grads(train_b.x, train_b.mask, train_b.y, now.w_q, now.w_k, now.a, now.b,
                                     s.temperature)
        if step > run.step:  # the loss of the parameters after this step (the first one is already known)
            losses.append(loss)
            if step % s.every == 0 or step == run.step + steps:
                snapshots.append(_snapshot(now, loss, test_b))
        if step == run.step + steps:
            break
        theta = theta - s.lr * np.concatenate([g["w_q"].ravel(), g["w_k"].ravel(), [g["a"], g["b"]]])
        step += 1
    return replace(_at(run, step, theta, cut), losses=tuple(losses), snapshots=tuple(snapshots))


def _at(run: Run, step: int, theta: np.ndarray, cut: int) -> Run:
    """`run` with the flat parameters `theta` after `step` steps."""
    shape = run.w_q.shape
    w_q, w_k = theta[:cut].reshape(shape).copy(), theta[cut:2 * cut].reshape(shape).copy()
    return replace(run, step=step, w_q=w_q, w_k=w_k, a=float(theta[-2]), b=float(theta[-1]))


def train(examples, steps: int = 300, seed: int = 0, lr: float = LR, temperature: float = 1.0, d_k: int = 4,
          every: int = SNAPSHOT_EVERY) -> Run:
    """Train W_Q, W_K, a, b for `steps` full-batch gradient-descent steps from random weights (same seed, same run)."""
    return advance(start(examples, seed, lr, temperature, d_k, every), steps)


@dataclass(frozen=True)
class Report:
    """The targets measured on the held-out sentences."""

    accuracy: float  # word accuracy
    share: float  # |W_Q W_Kᵀ| mass in the emotion column
    focus: np.ndarray  # per held-out sentence, the mean weight on its emotional word
    unseen_accuracy: float  # word accuracy on held-out sentences whose emotional word no training sentence has


def unseen_words(examples) -> frozenset[str]:
    """Emotional words of the held-out sentences that no training sentence uses."""
    train_words = {w for e in examples if e.split == "train" for w in e.tokens}
    out = set()
    for e in examples:
        if e.split == "test":
            word = e.tokens[emotional_index(embed_all(e.tokens))]
            if word not in train_words:
                out.add(word)
    return frozenset(out)


def report(run: Run) -> Report:
    """Held-out word accuracy, emotion share and focus of a run's current parameters."""
    _, test_b = _split_batches(run.examples)
    t = run.settings.temperature
    unseen = unseen_words(run.examples)
    new = make_batch([e for e in test_b.examples if set(e.tokens) & unseen])
    return Report(
        word_accuracy(test_b, *run.params, t),
        emotion_share(run.w_q, run.w_k),
        focus(test_b, run.w_q, run.w_k, t),
        word_accuracy(new, *run.params, t),
    )


def parameter_count(d_k: int) -> int:
    """How many numbers training changes: W_Q and W_K (d_model × d_k each), a and b."""
    return 2 * D_MODEL * d_k + 2


def thin(count: int, limit: int) -> list[int]:
    """At most `limit` indices into `count` items, evenly spread, always the first and the last."""
    if count <= limit:
        return list(range(count))
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


@dataclass(frozen=True)
class Summary:
    """What the screen says about the data: sentence counts and the emotional words only the test set has."""

    train: int
    test: int
    ko: int
    en: int
    unseen: tuple[str, ...]
    unseen_sentences: int
    examples: tuple[str, ...]  # a few training sentences to show


def summary(examples) -> Summary:
    examples = tuple(examples)
    unseen = unseen_words(examples)
    train_ex = [e.sentence for e in examples if e.split == "train"]
    return Summary(
        train=len(train_ex),
        test=sum(e.split == "test" for e in examples),
        ko=sum(e.lang == "ko" for e in examples),
        en=sum(e.lang == "en" for e in examples),
        unseen=tuple(sorted(unseen)),
        unseen_sentences=sum(e.split == "test" and bool(set(e.tokens) & unseen) for e in examples),
        examples=tuple(train_ex[:: max(1, len(train_ex) // 6)][:6]),
    )
