"""What screen ⑦ says about its data and model, checked against attention_core.learn."""

from __future__ import annotations

import numpy as np

from attention_core import learn
from attention_core.i18n import text
from attention_core.lexicon import D_MODEL

EXAMPLES = learn.load_dataset()


def batches():
    return learn._split_batches(EXAMPLES)


def test_an_even_gaze_already_answers_right_so_the_lead_says_so_with_the_number():
    """learn.lead: with an even gaze the held-out words are already right; the lead states that share."""
    train_b, test_b = batches()
    zero = np.zeros((D_MODEL, 2))
    for a in (0.1, 1.0, 7.0):  # any a > 0 with b = 0: the answer is the sign of the averaged valence
        assert learn.word_accuracy(test_b, zero, zero, a, 0.0) == learn.even_gaze_accuracy(EXAMPLES)
    even = learn.even_gaze_accuracy(EXAMPLES)
    assert even == 1.0
    for lang in ("ko", "en"):
        lead = text(lang, "learn.lead", train=len(train_b.y), even=even)
        assert f"{even:.0%}" in lead
        assert "can only answer" not in lead and "때만 답을 맞힐 수" not in lead
        # the even gaze's share needs the probe; a run starts at 0
        assert "a > 0, b = 0" in lead and ("0%에서 시작" in lead or "starts at 0%" in lead)


def test_a_run_starts_at_zero_accuracy_as_the_lead_says():
    """learn.lead: before the first step the probe is zero (a = b = 0), so every logit is 0, counted wrong: the
    accuracy the page shows starts at 0 % for any seed."""
    for seed in (0, 1, 7):
        run = learn.start(EXAMPLES, seed=seed)
        assert run.a == run.b == 0.0
        assert run.snapshots[-1].accuracy == 0.0


def test_looking_at_the_emotional_word_lowers_the_loss_it_does_not_fix_wrong_answers():
    """learn.lead: looking at the emotional word makes each word's valence larger towards the label, so the
    loss (BCE, a > 0, b = 0) falls; the answers were right already."""
    for batch in batches():
        xv = batch.x[..., learn.VALENCE]
        sign = np.where(batch.y == 1, 1.0, -1.0)
        rows = np.arange(len(batch.y))
        on_emotional = xv[rows, batch.emotional] * sign
        even = (xv * batch.mask).sum(axis=1) / batch.mask.sum(axis=1) * sign
        assert np.all(even > 0)  # right already
        assert np.all(on_emotional > even)  # surer when looking at the emotional word
        for a in (0.5, 2.0):
            def bce(z):
                return np.logaddexp(0.0, -z)  # the loss of a word whose signed logit is z
            assert np.all(bce(a * on_emotional) < bce(a * even))


def test_training_reaches_full_accuracy_while_the_weight_on_the_emotional_word_is_still_low():
    """The curve the page draws: accuracy is 100 % early, long before the gaze has moved to the emotional word."""
    run = learn.train(EXAMPLES, steps=100, seed=0)
    first_full = next(s for s in run.snapshots if s.accuracy == 1.0)
    assert first_full.focus < 0.5 * run.snapshots[-1].focus or first_full.step == 0
    assert run.losses[-1] < run.losses[0]


def test_the_model_text_says_what_the_formula_computes_in_both_languages():
    """learn.model_text: the new vectors are weights · X (W_V = I, so V = X), in Korean as in English."""
    ko, en = text("ko", "learn.model_text", d_k=4), text("en", "learn.model_text", d_k=4)
    assert "새 벡터는 가중치 · X" in ko and "W_V = I, 곧 V = X" in ko
    assert "new vectors are weights · X" in en and "W_V = I, so V = X" in en
    assert "새 벡터는 V = X" not in ko
    # and the model computes exactly that: out = weights · X, read on the valence axis
    train_b, _ = batches()
    rng = np.random.default_rng(3)
    w_q, w_k = rng.normal(size=(D_MODEL, 4)), rng.normal(size=(D_MODEL, 4))
    x, mask = train_b.x[:1, : int(train_b.mask[0].sum())], train_b.mask[:1, : int(train_b.mask[0].sum())]
    _, _, weights = learn._attention(x, mask, w_q, w_k, 1.0)
    a, b = 1.3, -0.2
    z = a * (weights[0] @ x[0])[:, learn.VALENCE] + b
    loss, _ = learn.loss_and_grads(x[0], train_b.y[0], w_q, w_k, a, b)
    assert np.isclose(loss, np.mean(np.logaddexp(0.0, z) - train_b.y[0] * z))
