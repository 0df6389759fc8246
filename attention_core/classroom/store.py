"""Where classes live: one SQL schema, two homes.

`SQLiteStore` (the standard library's sqlite3, WAL, one writer connection behind a lock, readers from a small
pool) is the default: a file `classes.sqlite3` under `ATTENTION_CLASS_DIR` (default: a `.classroom` folder
beside the app). `PostgresStore` (psycopg 3) is chosen by setting `ATTENTION_CLASS_DB` to a
`postgresql://…` address; every replica then shares the classes. Both run the same statements: SQL is written
with `?` placeholders and the PostgreSQL store turns them into `%s`; the only other difference is the row lock
(`FOR UPDATE` / `FOR SHARE`), which SQLite does not need since its writes are serialised.
"""

from __future__ import annotations

import contextlib
import os
import queue
import sqlite3
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS classes (
        id TEXT PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        host_hash TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        expires DOUBLE PRECISION NOT NULL,
        closed INTEGER NOT NULL DEFAULT 0,
        current_qid INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS participants (
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        pid TEXT NOT NULL,
        joined DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (class_id, pid)
    )""",
    """CREATE TABLE IF NOT EXISTS questions (
        class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        qid INTEGER NOT NULL,
        body TEXT NOT NULL,
        revealed INTEGER NOT NULL DEFAULT 0,
        asked DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (class_id, qid)
    )""",
    """CREATE TABLE IF NOT EXISTS answers (
        class_id TEXT NOT NULL,
        qid INTEGER NOT NULL,
        pid TEXT NOT NULL,
        choice INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        shares TEXT,
        PRIMARY KEY (class_id, qid, pid),
        FOREIGN KEY (class_id, qid) REFERENCES questions(class_id, qid) ON DELETE CASCADE
    )""",
    "CREATE INDEX IF NOT EXISTS classes_expires ON classes (expires)",
    # How many times something was done in a window of time (joins per class, answers per participant): counted here,
    # so that a limit holds across reconnects and across every replica that shares the store.
    """CREATE TABLE IF NOT EXISTS rates (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        slot BIGINT NOT NULL,
        n INTEGER NOT NULL,
        until DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (scope, key, slot)
    )""",
    "CREATE INDEX IF NOT EXISTS rates_until ON rates (until)",
)

# Columns added after a table was first made: (table, column, type). A store made before gets them when it opens.
ADDED_COLUMNS = (
    ("answers", "shares", "TEXT"),  # a spread's points, word by word, as JSON (NULL for one-tap answers)
)

DB_ENV = "ATTENTION_CLASS_DB"
DIR_ENV = "ATTENTION_CLASS_DIR"
DEFAULT_DIR = Path(__file__).resolve().parents[2] / ".classroom"


class Store:
    """A transaction runner over the schema. `with store.tx() as run: run(sql, params)` → list of rows."""

    kind = ""
    lock_update = ""  # appended to a SELECT that must lock its row against concurrent writers
    lock_share = ""

    def tx(self):  # pragma: no cover - interface
        raise NotImplementedError

    def read(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self.tx() as run:
            return run(sql, params)

    def close(self) -> None:  # pragma: no cover - interface
        raise NotImplementedError


class SQLiteStore(Store):
    kind = "sqlite"

    def __init__(self, folder: str | os.PathLike | None = None, readers: int = 4) -> None:
        self.folder = Path(folder or os.environ.get(DIR_ENV) or DEFAULT_DIR)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / "classes.sqlite3"
        self._write_lock = threading.Lock()
        self._writer = self._connect()
        self._writer.execute("PRAGMA journal_mode=WAL")
        with self._write_lock, self._writer:
            for statement in SCHEMA:
                self._writer.execute(statement)
            for table, column, kind in ADDED_COLUMNS:
                have = {row[1] for row in self._writer.execute(f"PRAGMA table_info({table})")}
                if column not in have:
                    try:
                        self._writer.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
                    except sqlite3.OperationalError:  # another process on the same file added it first
                        if column not in {row[1] for row in self._writer.execute(f"PRAGMA table_info({table})")}:
                            raise
        self._readers: queue.Queue[sqlite3.Connection] = queue.Queue()
        for _ in range(readers):
            self._readers.put(self._connect())

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=30000")
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    @contextlib.contextmanager
    def tx(self) -> Iterator:
        """A write transaction: the one writer connection, behind the lock (BEGIN IMMEDIATE: other processes on
        the same file wait for it too)."""
        with self._write_lock:
            conn = self._writer
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield lambda sql, params=(): conn.execute(sql, params).fetchall()
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def read(self, sql: str, params: tuple = ()) -> list[tuple]:
        """A read from a pooled reader connection: in WAL mode readers never wait for the writer."""
        conn = self._readers.get()
        try:
            return conn.execute(sql, params).fetchall()
        finally:
            self._readers.put(conn)

    def close(self) -> None:
        with self._write_lock:
            self._writer.close()
        while not self._readers.empty():
            self._readers.get().close()


class PostgresStore(Store):
    kind = "postgresql"
    lock_update = " FOR UPDATE"
    lock_share = " FOR SHARE"

    def __init__(self, dsn: str, pool: int = 4) -> None:
        import psycopg  # only when PostgreSQL is chosen

        self._psycopg = psycopg
        self.dsn = dsn
        self._pool: queue.LifoQueue = queue.LifoQueue()
        self._size = pool
        for _ in range(pool):
            self._pool.put(None)  # connections are made on first use
        with self.tx() as run:
            run("SELECT pg_advisory_xact_lock(2121)")  # replicas starting together create the schema once
            for statement in SCHEMA:
                run(statement)
            for table, column, kind in ADDED_COLUMNS:
                run(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")

    def _connect(self):
        return self._psycopg.connect(self.dsn, connect_timeout=10, autocommit=True)

    @contextlib.contextmanager
    def tx(self) -> Iterator:
        conn = self._pool.get()
        try:
            if conn is None or conn.closed or conn.broken:
                conn = self._connect()
            with conn.transaction():
                cur = conn.cursor()

                def run(sql: str, params: tuple = ()) -> list[tuple]:
                    cur.execute(sql.replace("?", "%s"), params)
                    return cur.fetchall() if cur.description is not None else []

                yield run
        except self._psycopg.OperationalError:
            if conn is not None:
                conn.close()
            conn = None
            raise
        finally:
            self._pool.put(conn)

    def close(self) -> None:
        while not self._pool.empty():
            conn = self._pool.get()
            if conn is not None:
                conn.close()


class SettingError(ValueError):
    """ATTENTION_CLASS_DB names no store this app can use (it takes a PostgreSQL address only)."""


def store_errors() -> tuple[type[Exception], ...]:
    """What a store that went away raises (a locked or unwritable SQLite file, PostgreSQL restarting), or one
    that a wrong setting names: the UI turns these into a message. psycopg's errors only once PostgreSQL was
    chosen (it is imported then)."""
    psycopg = sys.modules.get("psycopg")
    return (OSError, sqlite3.Error, SettingError, *((psycopg.Error,) if psycopg is not None else ()))


def store_from_setting(setting: str | None = None, folder: str | os.PathLike | None = None) -> Store:
    """The store the setting names: a `postgresql://` (or `postgres://`) address; unset or blank, SQLite under
    `folder`. Anything else (a file path, a sqlite:// address, a typo) is refused, not taken for unset: a
    lecturer who set it would otherwise find the classes in another store than the one they chose."""
    setting = (setting if setting is not None else os.environ.get(DB_ENV, "")).strip()
    if setting.startswith(("postgresql://", "postgres://")):
        return PostgresStore(setting)
    if setting:
        raise SettingError(f"{DB_ENV} takes a PostgreSQL address (postgresql://…); leave it unset for SQLite, "
                           f"whose folder ATTENTION_CLASS_DIR sets")
    return SQLiteStore(folder)
