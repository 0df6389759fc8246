"""The session store behind reloads: bounded in entries and bytes, expiring, thread-safe, text only."""

from __future__ import annotations

import threading

from attention_core import codec, store
from attention_core.scenario import Scenario, View


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def ids(n: int) -> list[str]:
    return [store.new_id() for _ in range(n)]


def test_round_trip_of_an_encoded_state():
    s = store.StateStore()
    sid = store.new_id()
    token = codec.encode_link(Scenario().with_temperature(0.3), View(focus=2))
    assert s.put(sid, {"state": token, "page": "score"})
    record = s.get(sid)
    assert record == {"state": token, "page": "score"}
    scenario, view = codec.decode_link(record["state"])
    assert scenario.temperature == 0.3 and view.focus == 2
    record["page"] = "changed"  # a copy: the stored record is not touched
    assert s.get(sid)["page"] == "score"


def test_ids_are_random_and_checked():
    made = ids(200)
    assert len(set(made)) == 200 and all(store.valid_id(i) for i in made)
    for bad in ("", "short", "x" * 13, "../../etc/pa", None, 12, "abc def ghij"):
        assert not store.valid_id(bad)
    s = store.StateStore()
    assert not s.put("bad id", {"state": "x"})
    assert s.get("bad id") is None and s.get(None) is None
    assert not s.put(store.new_id(), {"state": object()})  # text only, never live objects
    assert len(s) == 0


def test_bounded_in_entries_least_recently_used_first():
    s = store.StateStore(max_entries=3)
    a, b, c, d = ids(4)
    for sid in (a, b, c):
        s.put(sid, {"state": sid})
    s.get(a)  # a is used again: b is now the oldest
    s.put(d, {"state": d})
    assert len(s) == 3 and s.get(b) is None and s.get(a) is not None and s.get(d) is not None


def test_bounded_in_bytes_and_per_entry():
    s = store.StateStore(max_bytes=1_000, max_entry_bytes=400)
    first, *rest = ids(4)
    assert not s.put(first, {"state": "x" * 500})  # one entry over its own bound is not kept
    assert s.get(first) is None
    for sid in rest:
        assert s.put(sid, {"state": "y" * 390})
    assert s.total_bytes <= 1_000 and len(s) == 2 and s.get(rest[0]) is None


def test_entries_expire_when_unused():
    clock = Clock()
    s = store.StateStore(ttl=60, clock=clock)
    old, fresh = ids(2)
    s.put(old, {"state": "a"})
    clock.now = 50
    s.put(fresh, {"state": "b"})
    clock.now = 100
    assert s.get(old) is None and s.get(fresh) == {"state": "b"}
    assert len(s) == 1 and s.total_bytes == len("state") + 1


def test_many_threads_at_once_keep_the_bounds_and_the_byte_count():
    s = store.StateStore(max_entries=50, max_bytes=20_000)
    errors = []

    def work(k: int) -> None:
        try:
            for sid in ids(200):
                s.put(sid, {"state": "z" * (k * 10 + 1)})
                s.get(sid)
        except Exception as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(s) <= 50 and s.total_bytes <= 20_000
    assert s.total_bytes == sum(size for _, size, _ in s._entries.values())
