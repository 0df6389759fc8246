"""Work shared by every session of the process: one bounded, thread-safe store of what depends only on its inputs.

Most of a class looks at the same lesson state (the lecturer's link: the same sentence, weights and T), so most of
a student's run would build what another student's run has just built. What depends only on the state — the
lesson's results (`analysis.shared_lesson`), every figure by its builder's arguments (`figures.memoised`), a T
chart with the inputs the browser redraws it from (`ui/tcontrol.attach`) — is built once per process and kept
here, under a key made of the state's canonical encoding (`codec.state_key`) or of the builder's arguments. What a
session adds of its own (its picks, its language, presenter mode's sizes) is part of those arguments, so a key
never mixes two sessions' overlays: equal keys mean equal values.

Values are handed out as they are, never copied: they are read only, whoever reads them (tests check that nothing
changes a stored figure). The store is bounded in bytes (`CAP_BYTES`, `ATTENTION_SHARED_MB`), each entry counted
by `nbytes` (its key too), and evicts the least recently used entry first. An entry larger than a quarter of the
cap is built and handed out but not kept.

Threads: Streamlit runs every session's script in a thread of one process. A value asked for while another thread
builds it is waited for (at most `WAIT_S`), not built twice; a build that fails leaves nothing behind, and its
waiters build it themselves. No lock is held while a value is built.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

import numpy as np

MB = 1 << 20
DEFAULT_MB = 96
MIN_MB, MAX_MB = 1, 2048  # what ATTENTION_SHARED_MB may ask for (it is read once, at import)
WAIT_S = 30.0  # how long a thread waits for another's build of the same value before building it itself


def cap_from_env(raw: str | None) -> int:
    """The byte cap `ATTENTION_SHARED_MB` asks for (whole MiB, bounded to MIN_MB–MAX_MB), DEFAULT_MB without it or
    for anything that is not a whole number."""
    try:
        mb = int(str(raw).strip()[:6]) if raw is not None else DEFAULT_MB
    except ValueError:
        mb = DEFAULT_MB
    return min(max(mb, MIN_MB), MAX_MB) * MB


def nbytes(value: object, seen: set[int] | None = None) -> int:
    """An estimate of the memory `value` holds: containers and what they hold, numpy arrays by their buffers, a
    dataclass by its fields, a figure (`figures.Figure`) by its dict three times (the dict it was built as, the one
    it is sent as and, for a live chart, that as JSON values: both made on first use). Each object is counted
    once."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return 0
    seen.add(id(value))
    if isinstance(value, np.ndarray):  # an array that owns its buffer counts it in its size; a view, what it views
        return sys.getsizeof(value) + (0 if value.base is None else nbytes(value.base, seen))
    if isinstance(value, (str, bytes, int, float, bool, type(None), np.generic)):
        return sys.getsizeof(value)
    if isinstance(value, dict):
        return sys.getsizeof(value) + sum(nbytes(k, seen) + nbytes(v, seen) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return sys.getsizeof(value) + sum(nbytes(v, seen) for v in value)
    spec = getattr(value, "unbuilt_spec", None)  # a figures.Figure: its dict, and the dicts it is sent as
    if spec is not None:
        return sys.getsizeof(value) + 3 * nbytes(spec, seen)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return sys.getsizeof(value) + sum(nbytes(getattr(value, f.name), seen) for f in dataclasses.fields(value))
    return sys.getsizeof(value)


class _Pending:
    """A value one thread is building: the others wait on `done`."""

    __slots__ = ("done", "ok", "value")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.ok = False
        self.value = None


class SharedCache:
    """A least-recently-used store of values by key, bounded in bytes, safe across threads (see the module)."""

    def __init__(self, cap_bytes: int) -> None:
        self.cap_bytes = cap_bytes
        self._items: OrderedDict[Hashable, tuple[object, int]] = OrderedDict()  # key → (value, its bytes)
        self._building: dict[Hashable, _Pending] = {}
        self._lock = threading.Lock()
        self.bytes = 0
        self.hits: dict[str, int] = {}  # per namespace (a key's first item)
        self.misses: dict[str, int] = {}
        self.evicted = 0
        self.builds = 0

    def get_or_build(self, key: tuple, build: Callable[[], object]) -> object:
        """The value stored under `key` (a tuple whose first item names its kind), or `build()` stored under it."""
        space = key[0]
        with self._lock:
            kept = self._items.get(key)
            if kept is not None:
                self._items.move_to_end(key)
                self.hits[space] = self.hits.get(space, 0) + 1
                return kept[0]
            self.misses[space] = self.misses.get(space, 0) + 1
            pending = self._building.get(key)
            owner = pending is None
            if owner:
                pending = self._building[key] = _Pending()
        if not owner:
            if pending.done.wait(WAIT_S) and pending.ok:
                return pending.value
            return build()  # the other build failed or is stuck: this thread's own, not stored
        try:
            value = build()
        except BaseException:
            with self._lock:
                self._building.pop(key, None)
            pending.done.set()
            raise
        size = nbytes(key) + nbytes(value)
        with self._lock:
            self.builds += 1
            self._building.pop(key, None)
            if size <= self.cap_bytes // 4 and key not in self._items:
                self._items[key] = (value, size)
                self.bytes += size
                while self.bytes > self.cap_bytes:
                    _, (_, gone) = self._items.popitem(last=False)
                    self.bytes -= gone
                    self.evicted += 1
        pending.value, pending.ok = value, True
        pending.done.set()
        return value

    def get(self, key: tuple, default=None):
        """The value stored under `key` (as recently used), or `default`."""
        with self._lock:
            kept = self._items.get(key)
            if kept is None:
                return default
            self._items.move_to_end(key)
            return kept[0]

    def entries(self, space: str) -> dict:
        """{key: value} of namespace `space`, a copy (for tests and reports)."""
        with self._lock:
            return {k: v for k, (v, _) in self._items.items() if k[0] == space}

    def clear(self) -> None:
        """Forget every value (the cold side of bench/shared.py; tests)."""
        with self._lock:
            self._items.clear()
            self.bytes = 0

    def stats(self) -> dict:
        with self._lock:
            return {"entries": len(self._items), "bytes": self.bytes, "cap_bytes": self.cap_bytes,
                    "hits": sum(self.hits.values()), "misses": sum(self.misses.values()), "evicted": self.evicted}


class Space:
    """One kind of value in the process's store (`STORE`), as its users and the tests see it: `get_or_build`, and
    `items`, `hits`, `misses`, `len()`. It holds only its name: the store is the one module-level object that
    changes (tests/test_no_shared_mutation.py)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def get_or_build(self, key: tuple, build: Callable[[], object]) -> object:
        return STORE.get_or_build((self.name, *key), build)

    @property
    def items(self) -> dict:
        return {k[1:]: v for k, v in STORE.entries(self.name).items()}

    @property
    def hits(self) -> int:
        return STORE.hits.get(self.name, 0)

    @property
    def misses(self) -> int:
        return STORE.misses.get(self.name, 0)

    def __len__(self) -> int:
        return len(STORE.entries(self.name))


STORE = SharedCache(cap_from_env(os.environ.get("ATTENTION_SHARED_MB")))
