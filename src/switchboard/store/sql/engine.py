"""Store URLs and engines.

`normalize_url` maps the URLs people write to async SQLAlchemy URLs:
`sqlite:///path` → `sqlite+aiosqlite:///path`, `postgresql://` / `postgres://` →
`postgresql+asyncpg://`. PostgreSQL runs on an async engine (asyncpg). SQLite runs on *sync*
pysqlite engines (see `runner.SqliteRunner`): aiosqlite pays a thread hop for every cursor
call, several per statement, which alone costs milliseconds per chat turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

SQLITE_BUSY_TIMEOUT_MS = 5_000
"""How long a SQLite writer waits for another process's write lock before failing."""

PG_POOL_SIZE = 20
"""Connections a PostgreSQL store keeps per process, and its cap: a unit of work holds one only
while its statements run, so 20 serve many more concurrent turns. No overflow on purpose: an
overflow connection is opened for a burst and closed when returned, and under steady load that
churn (TLS attempt, authentication, statement preparation per new connection) cost more server
CPU than the turns themselves (`bench/server/bench_cpu.py`); a waiter queues instead."""
PG_MAX_OVERFLOW = 0


def normalize_url(url: str | URL) -> URL:
    """The async SQLAlchemy URL for a store URL; creates a SQLite file's parent directory."""
    parsed = make_url(url) if isinstance(url, str) else url
    backend, _, driver = parsed.drivername.partition("+")
    if backend in ("postgresql", "postgres"):
        if driver not in ("", "asyncpg"):
            raise ValueError(f"unsupported PostgreSQL driver {driver!r}: use asyncpg")
        return parsed.set(drivername="postgresql+asyncpg")
    if backend == "sqlite":
        if driver not in ("", "aiosqlite", "pysqlite"):
            raise ValueError(f"unsupported SQLite driver {driver!r}")
        if not is_memory_sqlite(parsed):
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)  # type: ignore[arg-type]  # a file SQLite URL has a database path
        return parsed.set(drivername="sqlite+aiosqlite")
    raise ValueError(f"unsupported store URL scheme {parsed.drivername!r}")


def is_memory_sqlite(url: URL) -> bool:
    return url.database in (None, "", ":memory:") or bool(url.query.get("mode") == "memory")


def create_sqlite_engine(url: URL, *, echo: bool = False) -> Engine:
    """A sync pysqlite engine holding one connection (each caller needs just one: see
    `runner.SqliteRunner`): WAL, foreign keys on, busy timeout, explicit transactions."""
    sync_url = url.set(drivername="sqlite")
    # StaticPool: one connection, reused; for `:memory:` it is also the only way to share the DB.
    engine = sa.create_engine(
        sync_url, echo=echo, poolclass=StaticPool, connect_args={"check_same_thread": False}
    )
    sa.event.listen(engine, "connect", _sqlite_on_connect)
    return engine


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    # Autocommit at the driver level: the runner issues BEGIN IMMEDIATE itself for writes, so a
    # writer takes the lock up front instead of failing to upgrade a read lock later.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {int(SQLITE_BUSY_TIMEOUT_MS)}")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")  # durable at checkpoints; safe with WAL
    cursor.close()


def create_pg_engine(url: URL, *, echo: bool = False) -> AsyncEngine:
    return create_async_engine(
        url, echo=echo, pool_size=PG_POOL_SIZE, max_overflow=PG_MAX_OVERFLOW, pool_pre_ping=False
    )
