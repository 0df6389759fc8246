"""A bounded, expiring, thread-safe store of encoded lesson states, keyed by short random session ids.

It lets a browser reload (F5) come back to what was on screen: the address carries `?sid=…` and the server
keeps the state under that id. One store serves every session of the process (that is its point), so it is
locked, bounded in entries and in bytes, and forgets entries after a while without use. It holds only text
(share-link tokens), never live objects. Nothing in it survives a server restart.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{12}")
OWNER_PATTERN = re.compile(r"[A-Za-z0-9_-]{32}")
MAX_ENTRIES = 2_000
MAX_BYTES = 20_000_000  # all entries together
MAX_ENTRY_BYTES = 100_000  # one entry; larger ones are not kept
TTL_SECONDS = 12 * 3600  # an entry unused this long is forgotten


def new_id() -> str:
    """A fresh session id: 12 URL-safe characters (72 random bits)."""
    return secrets.token_urlsafe(9)


def valid_id(sid: object) -> bool:
    return isinstance(sid, str) and ID_PATTERN.fullmatch(sid) is not None


def new_owner() -> str:
    """A browser's owner secret: 32 URL-safe characters (192 random bits), kept in that browser's cookie."""
    return secrets.token_urlsafe(24)


def valid_owner(owner: object) -> bool:
    return isinstance(owner, str) and OWNER_PATTERN.fullmatch(owner) is not None


def owner_hash(owner: str) -> str:
    """What a record keeps of its owner's secret: a hash, so that the store never holds the secret itself."""
    return hashlib.sha256(owner.encode()).hexdigest()


def owner_matches(stored_hash: str, owner: str) -> bool:
    return valid_owner(owner) and hmac.compare_digest(owner_hash(owner), stored_hash)


def _size(record: Mapping[str, str]) -> int:
    return sum(len(k.encode()) + len(v.encode()) for k, v in record.items())


class StateStore:
    """id → record (a small dict of strings); least recently used entries go first when a bound is reached."""

    def __init__(self, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES,
                 max_entry_bytes: int = MAX_ENTRY_BYTES, ttl: float = TTL_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_entries, self.max_bytes, self.max_entry_bytes, self.ttl = max_entries, max_bytes, max_entry_bytes, ttl
        self._clock = clock
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, tuple[float, int, dict[str, str]]] = OrderedDict()  # id → (used, size, record)
        self._bytes = 0

    def put(self, sid: str, record: Mapping[str, str]) -> bool:
        """Keep `record` under `sid`; False (and nothing kept) for a bad id, a non-text value or an oversized record."""
        if not valid_id(sid) or not all(isinstance(k, str) and isinstance(v, str) for k, v in record.items()):
            return False
        size = _size(record)
        if size > self.max_entry_bytes:
            with self._lock:
                self._drop(sid)
            return False
        with self._lock:
            now = self._clock()
            self._drop(sid)
            self._entries[sid] = (now, size, dict(record))
            self._bytes += size
            self._evict(now)
        return True

    def get(self, sid: object) -> dict[str, str] | None:
        """The record under `sid` (a copy), or None when unknown or expired."""
        if not valid_id(sid):
            return None
        with self._lock:
            now = self._clock()
            self._evict(now)
            entry = self._entries.get(sid)  # type: ignore[arg-type]
            if entry is None:
                return None
            self._entries[sid] = (now, entry[1], entry[2])  # type: ignore[index]
            self._entries.move_to_end(sid)  # type: ignore[arg-type]
            return dict(entry[2])

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    @property
    def total_bytes(self) -> int:
        with self._lock:
            return self._bytes

    def _drop(self, sid: str) -> None:
        entry = self._entries.pop(sid, None)
        if entry is not None:
            self._bytes -= entry[1]

    def _evict(self, now: float) -> None:
        while self._entries:
            sid, (used, _, _) = next(iter(self._entries.items()))
            if now - used > self.ttl or len(self._entries) > self.max_entries or self._bytes > self.max_bytes:
                self._drop(sid)
            else:
                break
