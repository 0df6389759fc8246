"""Screen ⑦'s learning: gradients against an independent loop reference, the targets, determinism, refusals, data."""

from __future__ import annotations

import csv
import importlib.util
from pathlib import Path

import numpy as np
import pytest

from attention_core import InputError, learn, lexicon
from attention_core.learn import EMOTION, VALENCE
from tests import reference

ROOT = Path(__file__).resolve().parents[1]
D = lexicon.D_MODEL


def random_case(rng, n, d_k, scale=1.0):
    x = rng.uniform(-1, 1, (n, D))
    return (x, int(rng.integers(0, 2)), rng.normal(0, scale, (D, d_k)), rng.normal(0, scale, (D, d_k)),
            float(rng.normal(0, 2)), float(rng.normal(0, 1)))


def ref_loss(x, y, w_q, w_k, a, b, t):
    return reference.sentiment_loss(x.tolist(), y, w_q.tolist(), w_k.tolist(), a, b, t, valence=VALENCE)


def numeric_grads(x, y, w_q, w_k, a, b, t, h=1e-6):
    """Central finite differences of the loop reference, for every entry of the four parameters."""
    out = {}
    for name, value in (("w_q", w_q), ("w_k", w_k)):
        g = np.zeros_like(value)
        for idx in np.ndindex(value.shape):
            up, down = value.copy(), value.copy()
            up[idx] += h
            down[idx] -= h
            args_up = (up, w_k) if name == "w_q" else (w_q, up)
            args_down = (down, w_k) if name == "w_q" else (w_q, down)
            g[idx] = (ref_loss(x, y, *args_up, a, b, t) - ref_loss(x, y, *args_down, a, b, t)) / (2 * h)
        out[name] = g
    out["a"] = (ref_loss(x, y, w_q, w_k, a + h, b, t) - ref_loss(x, y, w_q, w_k, a - h, b, t)) / (2 * h)
    out["b"] = (ref_loss(x, y, w_q, w_k, a, b + h, t) - ref_loss(x, y, w_q, w_k, a, b - h, t)) / (2 * h)
    return out


@pytest.mark.parametrize("t", [0.3, 1.0, 2.5])
@pytest.mark.parametrize(("n", "d_k"), [(1, 1), (1, 4), (3, 2), (6, 4)])
def test_gradients_match_finite_differences_of_an_independent_forward(t, n, d_k):
    rng = np.random.default_rng(1000 * n + 10 * d_k + int(t * 10))
    for _ in range(2):
        x, y, w_q, w_k, a, b = random_case(rng, n, d_k)
        loss, grads = learn.loss_and_grads(x, y, w_q, w_k, a, b, temperature=t)
        assert loss == pytest.approx(ref_loss(x, y, w_q, w_k, a, b, t), rel=1e-9)
        numeric = numeric_grads(x, y, w_q, w_k, a, b, t)
        assert set(grads) == {"w_q", "w_k", "a", "b"}
        for name in ("w_q", "w_k"):
            assert grads[name].shape == (D, d_k)
            np.testing.assert_allclose(grads[name], numeric[name], rtol=1e-5, atol=1e-7, err_msg=name)
        for name in ("a", "b"):
            assert grads[name] == pytest.approx(numeric[name], rel=1e-5, abs=1e-7), name
        if n == 1:  # one word only sees itself: W_Q and W_K cannot matter
            assert np.all(grads["w_q"] == 0) and np.all(grads["w_k"] == 0)


def test_loss_stays_finite_for_huge_logits_and_sharp_softmax():
    rng = np.random.default_rng(5)
    x, _, w_q, w_k, _, _ = random_case(rng, 4, 4, scale=30.0)
    for y, a in ((1, -1e4), (0, 1e4), (1, 1e4)):
        loss, grads = learn.loss_and_grads(x, y, w_q, w_k, a, 0.0, temperature=0.01)
        assert np.isfinite(loss) and loss >= 0
        assert all(np.all(np.isfinite(g)) for g in grads.values())
        assert loss == pytest.approx(ref_loss(x, y, w_q, w_k, a, 0.0, 0.01), rel=1e-9)


def test_the_padded_batch_equals_the_mean_of_its_sentences():
    examples = learn.load_dataset()[:9]  # lengths differ, so the batch is padded
    batch = learn.make_batch(examples)
    assert len({len(e.tokens) for e in examples}) > 1 and not batch.mask.all()
    rng = np.random.default_rng(3)
    w_q, w_k, a, b = rng.normal(0, 1, (D, 3)), rng.normal(0, 1, (D, 3)), 1.7, -0.2
    loss, grads, _ = learn._loss_and_grads(batch.x, batch.mask, batch.y, w_q, w_k, a, b, 0.7)
    singles = [learn.loss_and_grads(lexicon.embed_all(e.tokens), e.label, w_q, w_k, a, b, 0.7) for e in examples]
    assert loss == pytest.approx(np.mean([s[0] for s in singles]), rel=1e-12)
    for name in ("w_q", "w_k", "a", "b"):
        np.testing.assert_allclose(grads[name], np.mean([s[1][name] for s in singles], axis=0), rtol=1e-10,
                                   atol=1e-14)


@pytest.fixture(scope="module")
def runs():
    return {seed: learn.train(learn.load_dataset(), steps=300, seed=seed) for seed in (0, 1, 2)}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_targets_after_300_steps(runs, seed):
    r = learn.report(runs[seed])
    assert r.accuracy >= 0.95  # held-out word accuracy
    assert r.share >= 0.5  # |W_Q W_Kᵀ| mass in the emotion column
    assert r.focus.min() >= 0.8  # every held-out sentence's words look at its emotional word
    assert r.unseen_accuracy >= 0.95  # also where the emotional word never occurs in training
    m = np.abs(runs[seed].w_q @ runs[seed].w_k.T).sum(axis=0)
    assert np.argmax(m) == EMOTION


def test_training_lowers_the_loss_and_records_snapshots(runs):
    run = runs[0]
    assert len(run.losses) == 301 and run.step == 300
    assert run.losses[0] == pytest.approx(np.log(2))  # a = b = 0: every word says 50 %
    assert run.losses[-1] < 0.05 * run.losses[0]
    assert [s.step for s in run.snapshots] == list(range(0, 301, 10))
    first, last = run.snapshots[0], run.snapshots[-1]
    assert first.share < 0.3 < 0.5 <= last.share
    assert first.focus < 0.4 < 0.8 <= last.focus
    assert np.array_equal(last.w_q, run.w_q) and last.loss == run.losses[-1]
    assert last.accuracy == learn.report(run).accuracy


def test_training_is_deterministic_and_resumable(runs):
    examples = learn.load_dataset()
    again = learn.train(examples, steps=300, seed=0)
    assert np.array_equal(again.w_q, runs[0].w_q) and again.losses == runs[0].losses
    resumed = learn.advance(learn.advance(learn.start(examples, seed=0), 120), 180)
    assert np.array_equal(resumed.w_k, runs[0].w_k) and resumed.losses == runs[0].losses
    assert resumed.a == runs[0].a and resumed.b == runs[0].b
    assert not np.array_equal(runs[1].w_q, runs[0].w_q)


@pytest.mark.parametrize(
    ("args", "key"),
    [
        ({"x": np.ones(8)}, "wrong_ndim"),
        ({"x": np.ones((3, 7))}, "shape_mismatch"),
        ({"w_q": np.ones((7, 4))}, "shape_mismatch"),
        ({"w_k": np.ones((8, 3))}, "shape_mismatch"),
        ({"x": np.full((3, 8), np.nan)}, "not_finite"),
        ({"a": [1.0, 2.0]}, "wrong_ndim"),
        ({"temperature": 0}, "temperature_invalid"),
        ({"temperature": -1.0}, "temperature_invalid"),
        ({"temperature": float("inf")}, "temperature_invalid"),
        ({"y": 2}, "label_invalid"),
        ({"y": 0.5}, "label_invalid"),
        ({"y": -1}, "label_invalid"),
        ({"y": "1"}, "label_invalid"),
        ({"y": None}, "label_invalid"),
        ({"y": True}, "label_invalid"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(args, key):
    call = {"x": np.ones((3, 8)), "y": 1, "w_q": np.ones((8, 4)), "w_k": np.ones((8, 4)), "a": 1.0, "b": 0.0,
            "temperature": 1.0} | args
    with pytest.raises(ValueError) as info:
        learn.loss_and_grads(**call)
    assert isinstance(info.value, InputError) and info.value.key == key
    assert len(str(info.value)) > 15


def test_labels_refused_by_the_message_a_student_reads():
    with pytest.raises(InputError, match=r"0 .*or 1"):
        learn.loss_and_grads(np.ones((2, 8)), 3, np.ones((8, 2)), np.ones((8, 2)), 1.0, 0.0)


@pytest.mark.parametrize(
    ("kwargs", "key"),
    [({"lr": 0}, "learn_rate"), ({"lr": "fast"}, "learn_rate"), ({"temperature": 0}, "temperature_invalid"),
     ({"d_k": 0}, "learn_dk"), ({"seed": -1}, "seed_invalid"), ({"steps": -5}, "learn_steps")],
)
def test_training_settings_are_refused(kwargs, key):
    with pytest.raises(InputError) as info:
        learn.train(learn.load_dataset(), **kwargs)
    assert info.value.key == key


def test_empty_or_mislabelled_training_data_is_refused():
    with pytest.raises(InputError):
        learn.make_batch([])
    with pytest.raises(InputError, match="label"):
        learn.make_batch([learn.Example("슬픈 영화였다", "ko", 2, "train")])


def test_emotion_share_reads_the_looked_at_column():
    w_q, w_k = np.zeros((D, 1)), np.zeros((D, 1))
    w_q[lexicon.AXIS_INDEX["entity"], 0] = 1.0
    w_k[EMOTION, 0] = 3.0
    assert learn.emotion_share(w_q, w_k) == 1.0
    w_k[VALENCE, 0] = 3.0
    assert learn.emotion_share(w_q, w_k) == 0.5
    assert learn.emotion_share(w_q, np.zeros((D, 1))) == 0.0


def test_sentence_weights_agree_with_the_layer():
    from attention_core import self_attention

    x = lexicon.embed_all(("슬픈", "영화였다", "아름다운", "장면이었다"))
    rng = np.random.default_rng(0)
    w_q, w_k = rng.normal(0, 1, (D, 4)), rng.normal(0, 1, (D, 4))
    expected = self_attention(x, w_q, w_k, np.eye(D), 0.8).weights
    np.testing.assert_allclose(learn.sentence_weights(x, w_q, w_k, 0.8), expected, rtol=1e-12)


def test_thin_keeps_the_ends():
    assert learn.thin(5, 10) == [0, 1, 2, 3, 4]
    picked = learn.thin(301, 61)
    assert picked[0] == 0 and picked[-1] == 300 and len(picked) <= 61


# ---- the data set ------------------------------------------------------------------------------------------

def test_dataset_follows_its_rules():
    examples = learn.load_dataset()
    assert len(examples) >= 200
    assert {e.lang for e in examples} == {"ko", "en"}
    assert {e.split for e in examples} == {"train", "test"}
    assert len({e.sentence for e in examples}) == len(examples)
    for e in examples:
        assert all(lexicon.lookup(w).source == "table" for w in e.tokens), e.sentence
        x = lexicon.embed_all(e.tokens)
        emotional = np.flatnonzero(x[:, EMOTION] >= 0.7)
        assert len(emotional) == 1, e.sentence
        i = emotional[0]
        assert abs(x[i, VALENCE]) >= 0.5, e.sentence
        assert np.all(np.delete(x[:, EMOTION], i) <= 0.3), e.sentence
        assert e.label == int(x[i, VALENCE] > 0), e.sentence
    test = [e for e in examples if e.split == "test"]
    assert len(test) >= 40
    unseen = learn.unseen_words(examples)
    with_unseen = [e for e in test if set(e.tokens) & unseen]
    assert len(with_unseen) >= len(test) / 5
    assert {e.label for e in with_unseen} == {0, 1}
    assert {e.label for e in test} == {0, 1} and {e.lang for e in test} == {"ko", "en"}


def test_dataset_is_what_the_script_writes():
    spec = importlib.util.spec_from_file_location("make_sentiment", ROOT / "scripts" / "make_sentiment.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with learn.DATASET_PATH.open(encoding="utf-8", newline="") as f:
        shipped = [(r["sentence"], r["lang"], int(r["label"]), r["split"]) for r in csv.DictReader(f)]
    assert module.rows() == shipped


def test_lexicon_has_no_duplicate_words():
    with lexicon.LEXICON_PATH.open(encoding="utf-8", newline="") as f:
        words = [lexicon.normalize(r["word"]) for r in csv.DictReader(f)]
    assert len(words) == len(set(words))


def test_the_curves_caption_holds_accuracy_rises_before_the_gaze(runs):
    """The screen says accuracy rises early while the loss, the focus and the emotion share keep moving."""
    by_step = {s.step: s for s in runs[0].snapshots}
    assert by_step[10].accuracy >= 0.95 and by_step[10].focus < 0.3 and by_step[10].share < 0.1
    assert np.all(np.diff(runs[0].losses) < 0)
    assert np.all(np.diff([s.focus for s in runs[0].snapshots]) > 0)
    assert np.all(np.diff([s.share for s in runs[0].snapshots]) > 0)


# ---- the "learned" preset: W_Q, W_K from training, in every screen, link and file ---------------------------

def test_learned_preset_is_the_default_run_to_two_decimals(runs):
    from attention_core import presets

    w_q, w_k, w_v = presets.single_head_weights("learned")
    assert np.array_equal(w_q, runs[0].w_q.round(2)) and np.array_equal(w_k, runs[0].w_k.round(2))
    assert np.array_equal(w_v, np.eye(D))
    w_q[0, 0] = 99.0  # a copy: the cached preset is never changed
    assert presets.single_head_weights("learned")[0][0, 0] != 99.0


def test_learned_weights_travel_in_links_and_files(runs):
    from attention_core import codec
    from attention_core.scenario import Scenario, View

    s = Scenario(sentence="정말 슬픈 영화였다 그리고 아름다운 장면이었다").with_learned(runs[1].w_q, runs[1].w_k)
    assert s.preset == "learned" and np.array_equal(s.w_q, runs[1].w_q.round(2))
    token = codec.encode_link(s, View(lang="en"))
    assert len(token) < 2000
    back, view = codec.decode_link(token)
    assert back.preset == "learned" and view.lang == "en"
    for name in ("w_q", "w_k", "w_v"):
        assert np.array_equal(getattr(back, name), getattr(s, name)), name
    loaded, _ = codec.from_json(codec.to_json(s, View()))
    assert loaded.preset == "learned" and np.array_equal(loaded.w_k, s.w_k)
    plain = Scenario().with_preset("learned")  # the preset alone: a short link with no matrices in it
    extra = set(codec.link_payload(plain, View())) - set(codec.link_payload(Scenario(), View()))
    assert len(extra) == 1  # the preset's name only, no matrix
    back, _ = codec.decode_link(codec.encode_link(plain, View()))
    assert back.preset == "learned" and np.array_equal(back.w_q, plain.w_q) and np.array_equal(back.w_k, plain.w_k)


def test_learned_weights_out_of_bounds_are_refused():
    from attention_core.scenario import Scenario

    with pytest.raises(InputError):
        Scenario().with_learned(np.full((D, 4), 500.0), np.zeros((D, 4)))
