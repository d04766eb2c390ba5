"""Backends for the scholarship records: in-memory, SQLite (a temp file) and PostgreSQL.

PostgreSQL runs against the real server (`SWITCHBOARD_TEST_PG_URL`, default
`postgresql://postgres@127.0.0.1:5432/test`, used only to create and drop databases with unique
names). Two databases per test session: one emptied before each test that writes, and one
loaded with the seed once and only read (so the search suite does not reload ~4,000 rows per
test). SQLite does the same with two files.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator

import asyncpg
import pytest

from switchboard.apps.scholarships.records.opportunities import OPPORTUNITIES, Opportunities
from switchboard.core.clock import ManualClock
from switchboard.store.in_memory import InMemoryStore
from switchboard.store.sql.locations import location_tables
from switchboard.store.sql.store import SqlStore
from tests.store.conftest import pg_admin, pg_database_url, run_sync

BACKENDS = ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
EMPTY = [f"DELETE FROM {table.name}" for table in location_tables()["scholarships"]]


def _fresh_database(prefix: str) -> str:
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    run_sync(pg_admin, f'CREATE DATABASE "{name}"')
    return name


@pytest.fixture(scope="session")
def scholarships_pg_url() -> Iterator[str]:
    name = _fresh_database("sb_sch")
    try:
        yield pg_database_url(name)
    finally:
        run_sync(pg_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _seed(url: str) -> None:
    store = SqlStore(url)
    try:
        await store.init()
        await store.repository(OPPORTUNITIES).load_seed()
    finally:
        await store.close()


@pytest.fixture(scope="session")
def seeded_sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('seeded') / 'seeded.db'}"
    run_sync(_seed, url)
    return url


@pytest.fixture(scope="session")
def seeded_pg_url() -> Iterator[str]:
    name = _fresh_database("sb_sch_seed")
    try:
        url = pg_database_url(name)
        run_sync(_seed, url)
        yield url
    finally:
        run_sync(pg_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


async def _empty_postgres(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for statement in EMPTY:
            await conn.execute(statement)
    finally:
        await conn.close()


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, clock: ManualClock, tmp_path) -> AsyncIterator:
    """An empty, migrated store (the scholarship tables emptied)."""
    if request.param == "memory":
        yield InMemoryStore(clock=clock)
        return
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'store.db'}"
    else:
        url = request.getfixturevalue("scholarships_pg_url")
    sql_store = SqlStore(url, clock=clock)
    await sql_store.init()
    if request.param == "postgres":
        await _empty_postgres(url)
    try:
        yield sql_store
    finally:
        await sql_store.close()


@pytest.fixture(params=BACKENDS)
async def opportunities(request: pytest.FixtureRequest, clock: ManualClock) -> AsyncIterator:
    """The opportunity repository with the seed loaded; read-only (shared by the session)."""
    if request.param == "memory":
        yield request.getfixturevalue("reference")
        return
    url = request.getfixturevalue(
        "seeded_sqlite_url" if request.param == "sqlite" else "seeded_pg_url"
    )
    sql_store = SqlStore(url, clock=clock)  # migrated and seeded already
    try:
        yield sql_store.repository(OPPORTUNITIES)
    finally:
        await sql_store.close()


@pytest.fixture(scope="session")
def reference() -> Opportunities:
    """An in-memory repository with the seed: the expected behaviour for every backend."""
    repo = InMemoryStore(clock=ManualClock()).repository(OPPORTUNITIES)
    run_sync(repo.load_seed)
    return repo
