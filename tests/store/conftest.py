"""One behavioural suite, three backends: in-memory, SQLite (a temp file) and PostgreSQL.

The backends come from the `repository_backends` plugin (`switchboard/testing/`, loaded by
`tests/conftest.py`): `store` is its `backend_store` on this suite's clock. PostgreSQL tests run
against the real server (127.0.0.1:5432, or `SWITCHBOARD_TEST_PG_URL`); they are never skipped.
The helpers below stay for the SQL-only tests and the suites that import them.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

import pytest

from switchboard.core.clock import ManualClock
from switchboard.store.base import Store
from switchboard.store.sql.store import SqlStore
from switchboard.testing import repository_backends as backends

PG_ADMIN_URL = backends.PG_ADMIN_URL
pg_database_url = backends.pg_database_url


async def pg_admin(*statements: str) -> None:
    await backends.pg_execute(PG_ADMIN_URL, *statements)


def run_sync(coro_fn: Any, *args: Any) -> Any:
    """Run `coro_fn(*args)` to completion from sync code (see `repository_backends.run_sync`)."""
    coroutine: Coroutine[Any, Any, Any] = coro_fn(*args)
    return backends.run_sync(coroutine)


@pytest.fixture(scope="session")
def pg_url(backend_pg_url: str) -> str:
    """The session's PostgreSQL database (the plugin's)."""
    return backend_pg_url


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def backend_clock(clock: ManualClock) -> ManualClock:
    return clock


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'var' / 'store.db'}"


async def open_sql_store(url: str, clock: ManualClock) -> SqlStore:
    store = SqlStore(url, clock=clock)
    await store.init()
    return store


@pytest.fixture
def store(backend_store: Store) -> Store:
    """The store under test, on each backend."""
    return backend_store


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def sql_url(request, sqlite_url) -> str:
    """A database URL for SQL-only tests (the PostgreSQL one is emptied first)."""
    if request.param == "sqlite":
        return sqlite_url
    url = request.getfixturevalue("pg_url")
    backends.run_sync(backends.empty_postgres(url))
    return url


async def truncate_postgres(url: str) -> None:
    await backends.empty_postgres(url)
