"""Every class test runs against both stores: SQLite in a temporary folder and a throwaway PostgreSQL cluster."""

from __future__ import annotations

import uuid

import pytest

from attention_core.classroom.store import PostgresStore, SQLiteStore
from tests.pg_cluster import cluster


@pytest.fixture(scope="session")
def pg_server():
    with cluster() as dsn:
        yield dsn


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    """A fresh, empty store of each kind (PostgreSQL: a new database on the session's cluster)."""
    if request.param == "sqlite":
        s = SQLiteStore(tmp_path / "classes")
        yield s
        s.close()
        return
    import psycopg

    base = request.getfixturevalue("pg_server")
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    s = PostgresStore(base.replace("/postgres?", f"/{name}?"))
    yield s
    s.close()
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
