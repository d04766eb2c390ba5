"""One behavioural suite, three backends: in-memory, SQLite (a temp file) and PostgreSQL.

PostgreSQL tests run against the real server (127.0.0.1:5432, or `SWITCHBOARD_TEST_PG_URL`); a
database with a unique name is created for the test session and dropped at its end. If the
server is down they fail: they are never skipped.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from switchboard.core.clock import ManualClock
from switchboard.store.in_memory import InMemoryStore
from switchboard.store.sql.store import SqlStore

PG_ADMIN_URL = os.environ.get(
    "SWITCHBOARD_TEST_PG_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
EMPTY = "DELETE FROM sessions"
"""Everything else cascades from sessions (and DELETE beats TRUNCATE on tiny tables)."""


async def pg_admin(*statements: str) -> None:
    conn = await asyncpg.connect(PG_ADMIN_URL)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


def run_sync(coro_fn, *args) -> object:
    """Run a coroutine to completion from sync code, even while an event loop is running
    (session fixtures can be first requested from inside an async test)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro_fn(*args)).result()


def pg_database_url(name: str) -> str:
    return make_url(PG_ADMIN_URL).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A fresh, migrated-on-demand database for this test session."""
    name = f"sb_test_{uuid.uuid4().hex[:12]}"
    run_sync(pg_admin, f'CREATE DATABASE "{name}"')
    try:
        yield pg_database_url(name)
    finally:
        run_sync(pg_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'var' / 'store.db'}"


async def open_sql_store(url: str, clock: ManualClock) -> SqlStore:
    store = SqlStore(url, clock=clock)
    await store.init()
    return store


async def truncate_postgres(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(EMPTY)
    finally:
        await conn.close()


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def store(request, clock, sqlite_url) -> AsyncIterator[object]:
    if request.param == "memory":
        yield InMemoryStore(clock=clock)
        return
    if request.param == "sqlite":
        url = sqlite_url
    else:
        url = request.getfixturevalue("pg_url")
    sql_store = await open_sql_store(url, clock)
    if request.param == "postgres":
        await truncate_postgres(url)
    try:
        yield sql_store
    finally:
        await sql_store.close()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def sql_url(request, sqlite_url) -> str:
    """A database URL for SQL-only tests (the PostgreSQL one is emptied first)."""
    if request.param == "sqlite":
        return sqlite_url
    url = request.getfixturevalue("pg_url")
    run_sync(truncate_postgres_if_migrated, url)
    return url


async def truncate_postgres_if_migrated(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        if await conn.fetchval("SELECT to_regclass('sessions') IS NOT NULL"):
            await conn.execute(EMPTY)
    finally:
        await conn.close()
