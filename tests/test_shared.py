"""The store of work shared by every session (attention_core/shared.py): one value per key, bounded in bytes, least
recently used out first, one build per key whatever the threads, and keys that tell any two states apart."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import numpy as np
import pytest

from attention_core import analysis, codec, shared
from attention_core.scenario import Scenario, View
from attention_core.shared import SharedCache, cap_from_env, nbytes


def wait_until(condition, timeout: float = 10.0) -> None:
    """Wait (bounded) until `condition()` holds; fail if it never does."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not reached"
        threading.Event().wait(0.005)


def block(kb: int) -> np.ndarray:
    return np.zeros(kb * 128)  # kb KiB of float64


def test_a_value_is_built_once_and_handed_out_itself():
    store = SharedCache(1 << 20)
    calls = []
    first = store.get_or_build(("k", 1), lambda: calls.append(1) or {"a": block(1)})
    again = store.get_or_build(("k", 1), lambda: calls.append(1) or {"a": block(1)})
    assert again is first and calls == [1]
    assert store.get_or_build(("k", 2), lambda: {"a": block(1)}) is not first
    assert store.stats()["hits"] == 1 and store.stats()["misses"] == 2


def test_eviction_keeps_the_byte_cap_and_drops_the_least_recently_used_first():
    cap = 64 << 10
    store = SharedCache(cap)
    for i in range(12):
        store.get_or_build(("k", i), lambda: block(8))
        assert store.bytes <= cap
        store.get_or_build(("k", 0), lambda: pytest.fail("0 was evicted"))  # 0 is used after every new value
    kept = {k[1] for k in store.entries("k")}
    assert 3 <= len(kept) < 12
    assert kept == {0, *range(13 - len(kept), 12)}  # the least recently used went first: 1, 2, …; 0 stayed
    assert store.evicted > 0
    assert store.bytes == sum(nbytes(("k", i)) + nbytes(store.get(("k", i))) for i in kept)


def test_a_value_too_large_for_the_store_is_handed_out_not_kept():
    store = SharedCache(64 << 10)
    big = store.get_or_build(("k", "big"), lambda: block(32))
    assert big.nbytes == 32 << 10 and store.entries("k") == {} and store.bytes == 0


def test_a_failed_build_leaves_nothing_and_the_next_caller_builds():
    store = SharedCache(1 << 20)

    def fail():
        raise ValueError("no")

    with pytest.raises(ValueError):
        store.get_or_build(("k", 1), fail)
    assert store.get_or_build(("k", 1), lambda: "built") == "built"


def test_concurrent_builders_of_one_key_build_it_once_and_share_it():
    store = SharedCache(1 << 20)
    release, builds, results = threading.Event(), [], []

    def build():
        builds.append(threading.get_ident())
        assert release.wait(10)
        return {"value": block(1)}

    threads = [threading.Thread(target=lambda: results.append(store.get_or_build(("k", 1), build)))
               for _ in range(8)]
    for th in threads:
        th.start()
    wait_until(lambda: store.stats()["misses"] == 8)  # every thread has asked; one builds, seven wait
    release.set()
    for th in threads:
        th.join(10)
    assert len(builds) == 1 and len(results) == 8
    assert all(r is results[0] for r in results)


def test_concurrent_builders_of_many_keys_keep_the_cap_and_the_count():
    cap = 256 << 10
    store = SharedCache(cap)
    errors = []

    def work(seed: int) -> None:
        rng = np.random.default_rng(seed)
        try:
            for _ in range(300):
                k = int(rng.integers(0, 40))
                value = store.get_or_build(("k", k), lambda k=k: np.full(1024, float(k)))
                if value[0] != k:
                    errors.append((k, value[0]))
        except Exception as err:  # reported below: a thread's failure must fail the test
            errors.append(err)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    assert errors == []
    assert store.bytes <= cap
    assert store.bytes == sum(nbytes(k) + nbytes(v) for k, v in store.entries("k").items())


def test_the_cap_from_the_environment_is_bounded():
    mb = shared.MB
    assert cap_from_env(None) == shared.DEFAULT_MB * mb
    assert cap_from_env("200") == 200 * mb
    assert cap_from_env("0") == shared.MIN_MB * mb
    assert cap_from_env("9" * 5000) == shared.MAX_MB * mb
    assert cap_from_env("-5") == shared.MIN_MB * mb
    assert cap_from_env("lots") == cap_from_env("1e9") == shared.DEFAULT_MB * mb


def test_the_state_key_is_exact_and_leaves_out_the_view():
    s = Scenario()
    assert replace(s, w_q=s.w_q + 1e-4).key != s.key  # a link rounds to hundredths; the key tells these apart
    assert Scenario().key == Scenario().key
    assert Scenario().with_temperature(2.0).key != Scenario().key
    assert replace(Scenario(), mask="causal").key != Scenario().key
    decoded, _ = codec.decode_link(codec.encode_link(Scenario(), View(lang="en", focus=2)))
    assert decoded.key == Scenario().key  # the view (language, picks) is not part of the state's key


def test_sessions_on_one_state_share_its_lesson():
    a, _ = codec.decode_link(codec.encode_link(Scenario(), View()))
    b, _ = codec.decode_link(codec.encode_link(Scenario(), View(lang="en")))
    assert a is not b
    lesson = analysis.shared_lesson(a)
    assert analysis.shared_lesson(b) is lesson
    assert analysis.shared_lesson(a.with_temperature(0.5)) is not lesson
    np.testing.assert_array_equal(lesson.trace.weights, analysis.compute(b).trace.weights)
