"""The `repository_backends` pytest plugin: any repository's behavioural suite on the three
backends — in memory, SQLite (a temporary file) and PostgreSQL (the real server).

Load it from a `conftest.py` (Switchboard's own `tests/conftest.py` does):

    pytest_plugins = ["switchboard.testing.repository_backends"]

then name the kind of record under test and write each test once:

    @pytest.fixture
    def repository_kind() -> Repository[Tickets]:
        return TICKETS

    async def test_a_ticket_is_listed(repository: Tickets) -> None:   # runs three times
        await repository.open("u1", "sem internet")
        assert await repository.of("u1") == ["sem internet"]

Fixtures: `backend` (the parameter: "memory", "sqlite" or "postgres"), `backend_store` (a
`Store` on it, migrated to `heads`, empty), `repository` (`backend_store.repository(kind)`),
`backend_clock` (the stores' `ManualClock`; override it to share yours) and the session's
`backend_pg_url`. PostgreSQL runs against `SWITCHBOARD_TEST_PG_URL` (default
`postgresql://postgres@127.0.0.1:5432/test`): one database per test session, created fresh and
dropped at the end, every table emptied before each test. A server that is down fails the tests;
they are never skipped. The PostgreSQL parameter carries the `postgres` marker.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from switchboard.core.clock import ManualClock
from switchboard.store.base import Store
from switchboard.store.in_memory import InMemoryStore
from switchboard.store.repository import Repository
from switchboard.store.sql.store import SqlStore

PG_ADMIN_URL = os.environ.get(
    "SWITCHBOARD_TEST_PG_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
BACKENDS = ("memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres))
T = TypeVar("T")


def run_sync(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from sync code, even while an event loop is running
    (session fixtures can be first requested from inside an async test)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def pg_execute(url: str, *statements: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


def pg_database_url(name: str) -> str:
    """The admin URL pointed at database `name`."""
    return make_url(PG_ADMIN_URL).set(database=name).render_as_string(hide_password=False)


async def empty_postgres(url: str) -> None:
    """Every table but Alembic's emptied in one statement (the database outlives a test)."""
    conn = await asyncpg.connect(url)
    try:
        tables = await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
            "AND tablename <> 'alembic_version'"
        )
        if tables:
            names = ", ".join(f'"{row["tablename"]}"' for row in tables)
            await conn.execute(f"TRUNCATE {names} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def backend_pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this test session, dropped at its end."""
    name = f"sb_repo_{uuid.uuid4().hex[:12]}"
    run_sync(pg_execute(PG_ADMIN_URL, f'CREATE DATABASE "{name}"'))
    try:
        yield pg_database_url(name)
    finally:
        run_sync(pg_execute(PG_ADMIN_URL, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
def backend_clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Which backend this run of the test uses."""
    return str(request.param)


@pytest.fixture
async def backend_store(
    request: pytest.FixtureRequest, backend: str, backend_clock: ManualClock, tmp_path: Path
) -> AsyncIterator[Store]:
    """A migrated, empty store on `backend`, closed after the test."""
    if backend == "memory":
        yield InMemoryStore(clock=backend_clock)
        return
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'backend' / 'store.db'}"
    else:
        url = request.getfixturevalue("backend_pg_url")
    store = SqlStore(url, clock=backend_clock)
    await store.init()
    if backend == "postgres":
        await empty_postgres(url)
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
def repository_kind() -> Repository[Any]:
    """The kind of record under test: override it in the suite's module or conftest."""
    raise pytest.UsageError(
        "the `repository` fixture needs a `repository_kind` fixture returning the Repository "
        "under test"
    )


@pytest.fixture
def repository(backend_store: Store, repository_kind: Repository[Any]) -> Any:
    """The repository under test on this run's backend."""
    return backend_store.repository(repository_kind)
