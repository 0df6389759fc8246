"""The class's kinds of question on both stores (the `store` fixture is parametrised: SQLite and PostgreSQL): a
spread of 100 points, a tapped cell, a guessed T. Validation, idempotent upserts, late answers refused, and the
reveal's numbers against an independent recomputation in numpy."""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import replace

import numpy as np
import pytest

from attention_core import analysis
from attention_core.classroom import model, results
from attention_core.classroom.model import ClassError
from attention_core.classroom.service import Classroom
from attention_core.registry import T_OPTIONS
from attention_core.scenario import Scenario

from .test_classroom import Clock, open_with_students


@pytest.fixture
def room(store):
    return Classroom(store, clock=Clock())


def lesson(t: float = 1.0):
    s = Scenario().with_temperature(t)
    return s, analysis.compute(s).trace


def spread_q(row: int = 1, t: float = 0.5):
    s, tr = lesson()
    return model.spread_question("temperature", "weights", tr.scores, s.labels, s.labels, row, t, T_OPTIONS,
                                 link="abc_DEF-1")


def tap_q(target: str = "max", row: int = 0, col: int = 0, chart: str = "scores"):
    s, tr = lesson()
    values = tr.scores if chart == "scores" else tr.weights
    return model.tap_question("score", chart, values, s.labels, 1.0, target, row, col)


def t_q(row: int = 0, t: float = 0.5):
    s, tr = lesson()
    return model.temperature_question("temperature", "weights", tr.scores, s.labels, s.labels, row, t, T_OPTIONS)


def softmax_rows(z, temps) -> np.ndarray:
    """An independent softmax(z / T) per T: exp of the shifted row over its sum, written out."""
    z = np.asarray(z, dtype=float)
    out = []
    for t in temps:
        e = np.exp((z - z.max()) / t)
        out.append(e / e.sum())
    return np.array(out)


# what each kind freezes


def test_a_spread_question_freezes_the_true_row_and_its_scores():
    s, tr = lesson()
    q = spread_q(row=1, t=0.5)
    assert q.mode == "spread" and q.asked == s.labels[1] and q.temperature == 0.5
    assert np.allclose(q.values, softmax_rows(tr.scores[1], [0.5])[0], atol=1e-12)
    assert q.scores == tuple(tr.scores[1]) and q.options == T_OPTIONS and q.slots == s.n
    restored = model.Question.from_json(q.to_json())
    assert restored == q
    old = json.loads(q.to_json())  # a question stored before there were kinds reads as a pick
    for key in ("mode", "scores", "options", "target", "col", "source", "link"):
        old.pop(key)
    assert model.Question.from_json(json.dumps(old)).mode == "pick"


def test_the_source_texts_example_can_be_asked():
    z = np.array([analysis.DOCUMENT_Z])
    labels = [f"z{k + 1}" for k in range(3)]
    q = model.spread_question("temperature", "weights", z, ["z"], labels, 0, 0.5, T_OPTIONS, source="document")
    assert q.source == "document" and np.allclose(q.values, analysis.document_example((0.5,))[0])
    g = model.temperature_question("temperature", "weights", z, ["z"], labels, 0, 2.0, T_OPTIONS, source="document")
    assert T_OPTIONS[g.right[0]] == 2.0 and g.slots == len(T_OPTIONS)


def test_a_tap_question_names_every_tied_cell_and_a_named_pair():
    s, tr = lesson()
    q = tap_q()
    n = s.n
    top = tr.scores.max()
    tied = [i * n + j for i in range(n) for j in range(n) if f"{tr.scores[i, j]:.2f}" == f"{top:.2f}"]
    assert list(q.right) == tied and q.slots == n * n
    pair = tap_q("pair", row=1, col=0)
    assert pair.right == (1 * n + 0,) and pair.asked == s.labels[1]
    big, _ = Scenario().with_sentence(" ".join(f"w{k}" for k in range(model.MAX_TAP_WORDS + 1)))
    with pytest.raises(ClassError) as err:
        model.tap_question("score", "scores", analysis.compute(big).trace.scores, big.labels, 1.0)
    assert err.value.key == "tap_too_big"


def test_a_t_guess_counts_every_t_whose_row_prints_the_same_as_right():
    q = t_q(row=0, t=0.5)
    rows = softmax_rows(q.scores, T_OPTIONS)
    shown = [f"{v:.2f}" for v in softmax_rows(q.scores, [0.5])[0]]
    assert list(q.right) == [k for k in range(len(T_OPTIONS)) if [f"{v:.2f}" for v in rows[k]] == shown]
    assert T_OPTIONS.index(0.5) in q.right
    flat = model.temperature_question("temperature", "weights", np.ones((1, 3)), ["a"], ["a", "b", "c"], 0, 1.0,
                                      T_OPTIONS)
    assert flat.right == tuple(range(len(T_OPTIONS)))  # equal scores: every T gives the same row, every guess is right
    between = model.temperature_question("temperature", "weights", np.array([[2.0, 1.0, 0.1]]), ["z"],
                                         ["a", "b", "c"], 0, 0.55, sorted({*T_OPTIONS, 0.55}))
    assert 0.55 in between.options


@pytest.mark.parametrize("bad", [
    lambda q: replace(q, right=(0, 1)),
    lambda q: replace(q, values=(*q.values[:-1], q.values[-1] + 0.01)),  # not softmax(scores / T)
    lambda q: replace(q, options=(0.5, 0.1, 1.0)),  # unsorted
    lambda q: replace(q, options=()),
    lambda q: replace(q, scores=q.scores[:-1]),
    lambda q: replace(q, link="<script>"),
    lambda q: replace(q, link="a" * 9000),
    lambda q: replace(q, source="elsewhere"),
    lambda q: replace(q, mode="poll"),
    lambda q: replace(q, target="max"),
    lambda q: replace(q, temperature=float("inf")),
])
def test_a_tampered_spread_question_is_refused(bad):
    with pytest.raises(ClassError):
        model.checked(bad(spread_q()))


def test_tampered_tap_and_t_questions_are_refused():
    for bad in (replace(tap_q(), right=(0,)), replace(tap_q(), target="min"), replace(tap_q(), col=9),
                replace(tap_q(), values=tap_q().values[:-1]), replace(t_q(), right=(0,)),
                replace(t_q(), temperature=0.55)):
        with pytest.raises(ClassError):
            model.checked(bad)


# answers: validation, upserts, late answers


@pytest.mark.parametrize("answer", [
    [25, 25, 25], [25, 25, 25, 24], [25, 25, 25, 26], [101, -1, 0, 0], [50.0, 50, 0, 0], [True, 99, 0, 0],
    ["25", 25, 25, 25], [25, 25, 25, None], 1, None, "25 25 25 25", [[25], 25, 25, 25], [0] * 65, {"a": 100},
])
def test_a_spread_that_is_not_whole_points_adding_to_100_one_per_word_is_refused_and_writes_nothing(room, store,
                                                                                                    answer):
    hosted, pids = open_with_students(room, 1)
    qid = room.ask(hosted.class_id, hosted.token, spread_q())
    with pytest.raises(ClassError) as err:
        room.answer(hosted.code, pids[0], qid, answer)
    assert err.value.key in ("spread_invalid", "choice_invalid")
    assert store.read("SELECT COUNT(*) FROM answers")[0][0] == 0
    assert store.read("SELECT COALESCE(SUM(n), 0) FROM rates WHERE scope = 'answer'")[0][0] == 0  # rolled back too


def test_a_spread_is_an_idempotent_upsert_and_a_change_replaces_it(room, store):
    hosted, pids = open_with_students(room, 2)
    qid = room.ask(hosted.class_id, hosted.token, spread_q())
    for _ in range(3):
        assert room.answer(hosted.code, pids[0], qid, [10, 20, 30, 40]) == (10, 20, 30, 40)
    assert store.read("SELECT COUNT(*) FROM answers")[0][0] == 1
    room.answer(hosted.code, pids[0], qid, (70, 0, 30, 0))
    view = room.student_view(hosted.code, pids[0])
    assert view.shares == (70, 0, 30, 0) and view.mine == 0 and view.summary is None
    assert store.read("SELECT shares FROM answers")[0][0] == "[70, 0, 30, 0]"
    assert room.student_view(hosted.code, pids[1]).shares is None


def test_a_late_spread_is_refused_and_changes_nothing(room):
    hosted, pids = open_with_students(room, 2)
    qid = room.ask(hosted.class_id, hosted.token, spread_q())
    room.answer(hosted.code, pids[0], qid, [25, 25, 25, 25])
    room.reveal(hosted.class_id, hosted.token, qid)
    for pid in pids:
        with pytest.raises(ClassError) as err:
            room.answer(hosted.code, pid, qid, [100, 0, 0, 0])
        assert err.value.key == "late"
    _, answers = room.answers(hosted.class_id, hosted.token, qid)
    assert [a.shares for a in answers] == [(25, 25, 25, 25)]


@pytest.mark.parametrize("answer", [-1, 16, 10**9, True, 1.0, "3", [1, 2], None])
def test_a_tap_outside_the_matrix_is_refused(room, store, answer):
    hosted, pids = open_with_students(room, 1)
    qid = room.ask(hosted.class_id, hosted.token, tap_q())
    with pytest.raises(ClassError) as err:
        room.answer(hosted.code, pids[0], qid, answer)
    assert err.value.key in ("cell_invalid", "choice_invalid")
    assert store.read("SELECT COUNT(*) FROM answers")[0][0] == 0


@pytest.mark.parametrize("answer", [-1, len(T_OPTIONS), False, 0.5, [0], None])
def test_a_t_guess_that_is_no_option_is_refused(room, store, answer):
    hosted, pids = open_with_students(room, 1)
    qid = room.ask(hosted.class_id, hosted.token, t_q())
    with pytest.raises(ClassError) as err:
        room.answer(hosted.code, pids[0], qid, answer)
    assert err.value.key in ("t_invalid", "choice_invalid")
    assert store.read("SELECT COUNT(*) FROM answers")[0][0] == 0


def test_taps_and_t_guesses_upsert_and_late_ones_are_refused(room, store):
    hosted, pids = open_with_students(room, 2)
    for q, first, second in ((tap_q(), 4, 1), (t_q(), 3, T_OPTIONS.index(0.5))):
        qid = room.ask(hosted.class_id, hosted.token, q)
        room.answer(hosted.code, pids[0], qid, first)
        room.answer(hosted.code, pids[0], qid, first)
        room.answer(hosted.code, pids[0], qid, second)
        tally = room.host_view(hosted.class_id, hosted.token).tally
        assert tally.answered == 1 and tally.counts[second] == 1 and len(tally.counts) == q.slots
        room.reveal(hosted.class_id, hosted.token, qid)
        with pytest.raises(ClassError) as err:
            room.answer(hosted.code, pids[1], qid, first)
        assert err.value.key == "late"
    assert store.read("SELECT COUNT(*) FROM answers")[0][0] == 2


def test_a_spread_answer_counts_against_the_participants_answer_rate(room):
    hosted, pids = open_with_students(room, 1)
    qid = room.ask(hosted.class_id, hosted.token, spread_q())
    for k in range(model.ANSWERS_PER_WINDOW):
        room.answer(hosted.code, pids[0], qid, [100 - k, k, 0, 0])
    with pytest.raises(ClassError) as err:
        room.answer(hosted.code, pids[0], qid, [0, 0, 0, 100])
    assert err.value.key == "too_fast"
    assert room.student_view(hosted.code, pids[0]).shares == (100 - model.ANSWERS_PER_WINDOW + 1,
                                                             model.ANSWERS_PER_WINDOW - 1, 0, 0)


def test_an_answer_of_another_kind_is_refused(room):
    hosted, pids = open_with_students(room, 1)
    qid = room.ask(hosted.class_id, hosted.token, spread_q())
    with pytest.raises(ClassError) as err:
        room.answer(hosted.code, pids[0], qid, 2)  # a one-tap answer to a spread question
    assert err.value.key == "spread_invalid"
    qid = room.ask(hosted.class_id, hosted.token, tap_q())
    with pytest.raises(ClassError) as err:
        room.answer(hosted.code, pids[0], qid, [25, 25, 25, 25])
    assert err.value.key == "cell_invalid"


# the reveal's numbers, against numpy


SPREADS = [[40, 10, 40, 10], [70, 0, 30, 0], [25, 25, 25, 25], [90, 0, 10, 0], [55, 5, 35, 5], [34, 33, 33, 0]]


def test_the_spread_reveal_equals_an_independent_recomputation(room):
    hosted, pids = open_with_students(room, len(SPREADS) + 1)
    q = spread_q(row=1, t=0.5)
    qid = room.ask(hosted.class_id, hosted.token, q)
    for pid, spread in zip(pids, SPREADS, strict=False):
        room.clock.now += 2.5
        room.answer(hosted.code, pid, qid, spread)
    _, answers = room.answers(hosted.class_id, hosted.token, qid)
    summary = results.summarise(q, answers)

    room_mean = np.mean(np.array(SPREADS, dtype=float), axis=0)
    truth = 100 * softmax_rows(q.scores, [0.5])[0]
    tv = 0.5 * np.sum(np.abs(room_mean - truth))
    per_t = [0.5 * np.sum(np.abs(room_mean - 100 * r)) for r in softmax_rows(q.scores, T_OPTIONS)]
    best = min(per_t)
    assert np.allclose(summary.mean, room_mean) and math.isclose(summary.tv, tv, abs_tol=1e-9)
    assert np.allclose(summary.model, truth) and np.allclose(summary.fit_tv, per_t)
    assert list(summary.fit) == [k for k, d in enumerate(per_t) if f"{d:.1f}" == f"{best:.1f}"]
    assert summary.answered == len(SPREADS) and sum(summary.counts) == len(SPREADS)
    by_time = sorted(answers, key=lambda a: a.seconds)  # they came 2.5 s apart, in SPREADS' order
    assert [a.shares for a in by_time] == [tuple(s) for s in SPREADS]
    for a, spread in zip(by_time, SPREADS, strict=True):
        d, unit = results.distance(q, a)
        assert unit == "points" and math.isclose(d, 0.5 * np.sum(np.abs(np.array(spread) - truth)))
    assert sorted(a.seconds for a in answers) == [2.5 * (k + 1) for k in range(len(SPREADS))]


def test_best_fit_names_every_tied_t():
    z = np.array([1.0, 1.0, 1.0])  # every T gives the uniform row: every option is tied for the closest
    distances, fit = results.best_fit([50, 25, 25], z, T_OPTIONS)
    assert fit == tuple(range(len(T_OPTIONS))) and np.allclose(distances, distances[0])


def test_a_student_is_told_which_word_they_gave_too_much_and_too_little():
    over, by, under, short = results.off_most([60, 10, 20, 10], [40.0, 20.0, 20.0, 20.0])
    assert (over, by, under, short) == ((0,), 20.0, (1, 3), 10.0)
    assert results.off_most([25, 25, 25, 25], [25.0] * 4) == ((), 0.0, (), 0.0)


def test_the_tap_reveal_counts_taps_and_row_column_confusions(room):
    s, _ = lesson()
    n = s.n
    q = tap_q("pair", row=1, col=0)
    hosted, pids = open_with_students(room, 6)
    qid = room.ask(hosted.class_id, hosted.token, q)
    taps = [1 * n + 0, 1 * n + 0, 0 * n + 1, 0 * n + 1, 0 * n + 1, 3 * n + 3]  # right ×2, transposed ×3, other ×1
    for pid, cell in zip(pids, taps, strict=True):
        room.answer(hosted.code, pid, qid, cell)
    summary = results.summarise(q, room.answers(hosted.class_id, hosted.token, qid)[1])
    counts = np.bincount(taps, minlength=n * n)
    assert list(summary.counts) == list(counts) and summary.right_count == 2
    assert summary.transposed == (0 * n + 1,) and summary.confused == 3
    largest = tap_q("max")  # two tied right cells in one column: their transposes are both counted
    right = [divmod(c, n) for c in largest.right]
    assert results.transposed_cells(largest.right, n) == tuple(j * n + i for i, j in right if i != j)


def test_the_t_histogram_and_its_right_guesses(room):
    q = t_q(row=0, t=0.5)
    hosted, pids = open_with_students(room, 5)
    qid = room.ask(hosted.class_id, hosted.token, q)
    guesses = [T_OPTIONS.index(0.5), T_OPTIONS.index(0.5), T_OPTIONS.index(1.0), T_OPTIONS.index(2.0), 0]
    for pid, g in zip(pids, guesses, strict=True):
        room.answer(hosted.code, pid, qid, g)
    room.reveal(hosted.class_id, hosted.token, qid)
    view = room.student_view(hosted.code, pids[2])
    assert view.summary is not None and list(view.summary.counts) == list(np.bincount(guesses,
                                                                                       minlength=len(T_OPTIONS)))
    assert view.summary.right_count == sum(1 for g in guesses if g in q.right)
    a = results.Answer(1, T_OPTIONS.index(2.0), None, 0.0)
    assert results.distance(q, a) == (2.0, "doublings")  # 2 = 0.5 · 2²


def test_the_lecturers_results_are_anonymous_and_only_the_lecturers(room):
    hosted, pids = open_with_students(room, 3)
    qid = room.ask(hosted.class_id, hosted.token, spread_q())
    for pid in pids[:2]:
        room.answer(hosted.code, pid, qid, [25, 25, 25, 25])
    with pytest.raises(ClassError) as err:
        room.answers(hosted.class_id, "not-the-token", qid)
    assert err.value.key == "not_host"
    q, answers = room.answers(hosted.class_id, hosted.token, qid)
    seen = repr(answers) + results.results_csv(qid, q, answers, "http://x/?s=1", "summary")
    assert not any(pid in seen for pid in pids)
    index = {pid: k + 1 for k, pid in enumerate(sorted(pids))}  # numbered by the random ids, not by who came first
    assert sorted(a.participant for a in answers) == sorted(index[p] for p in pids[:2])
    room.reveal(hosted.class_id, hosted.token, qid)
    student = room.student_view(hosted.code, pids[2])
    assert not any(pid in repr(student) for pid in pids)
    assert student.summary.mean == (25.0,) * 4 and student.shares is None  # the room's mean, nobody's spread


def test_the_results_csv_holds_exactly_the_answers_and_a_summary_line(room):
    hosted, pids = open_with_students(room, 4)
    q = spread_q()
    qid = room.ask(hosted.class_id, hosted.token, q)
    sent = {pid: s for pid, s in zip(pids[:3], SPREADS, strict=False)}
    for pid, spread in sent.items():
        room.answer(hosted.code, pid, qid, spread)
    _, answers = room.answers(hosted.class_id, hosted.token, qid)
    text = results.results_csv(qid, q, answers, "http://x/temperature?s=abc", "3 answers · TV 12.3")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(rows[0]) == results.CSV_COLUMNS
    answered = [r for r in rows if r["participant"] != "summary"]
    assert sorted(tuple(int(v) for v in r["answer"].split()) for r in answered) == sorted(map(tuple, sent.values()))
    assert all(r["kind"] == "spread" and r["state_link"] == "http://x/temperature?s=abc" for r in rows)
    assert rows[-1]["participant"] == "summary" and rows[-1]["answer"] == "3 answers · TV 12.3"
    assert results.results_csv(qid, q, (), "", "=cmd|' /C calc'!A0").splitlines()[-1].split(",")[4].startswith("'=")


def test_a_store_made_before_spreads_gets_their_column(store):
    from .test_classroom import reopened

    store_kind = store.kind
    with store.tx() as run:
        run("ALTER TABLE answers DROP COLUMN shares")
    again = reopened(store)
    try:
        room = Classroom(again, clock=Clock())
        hosted, pids = open_with_students(room, 1)
        qid = room.ask(hosted.class_id, hosted.token, spread_q())
        assert room.answer(hosted.code, pids[0], qid, [1, 2, 3, 94]) == (1, 2, 3, 94)
        assert again.kind == store_kind
    finally:
        again.close()
