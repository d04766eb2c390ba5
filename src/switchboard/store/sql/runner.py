"""How a unit of work (see `operations.py`) reaches the database.

- PostgreSQL: an async engine (asyncpg); the unit runs via `AsyncConnection.run_sync`, so its
  statements are awaited on the event loop with no threads involved. Reads use an AUTOCOMMIT
  connection (no BEGIN/ROLLBACK round trips); writes run in one transaction.
- SQLite: sync pysqlite engines; see `SqliteRunner`. Writes start with `BEGIN IMMEDIATE` so a
  writer takes the database lock up front (other processes wait `busy_timeout`) instead of
  failing to upgrade a read lock mid-way.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.util import greenlet_spawn

T = TypeVar("T")
Unit = Callable[..., T]

KEPT_CHECKOUTS = 12
"""Raw pool checkouts `AsyncEngineRunner` keeps between a chat turn's statements: about as many
as are in flight at once with 32 busy clients (with 8, half the turns still checked out and
returned a connection), leaving 8 of the pool's 20 (`engine.PG_POOL_SIZE`) to other operations,
which wait for a kept one to go back only if the pool is otherwise exhausted."""


class Runner(Protocol):
    async def read(self, unit: Unit[T], *args: Any) -> T: ...

    async def write(self, unit: Unit[T], *args: Any) -> T: ...

    async def close(self) -> None: ...


class AsyncEngineRunner:
    def __init__(self, engine: AsyncEngine, *, keep: int = KEPT_CHECKOUTS) -> None:
        self.engine = engine
        self._reader = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._keep = keep
        self._kept: list[tuple[PoolProxiedConnection, Any]] = []
        """Raw checkouts kept between statements (`_on_driver`), most recently used last."""

    async def read(self, unit: Unit[T], *args: Any) -> T:
        async with self._reader.connect() as conn:
            return await conn.run_sync(unit, *args)

    async def write(self, unit: Unit[T], *args: Any) -> T:
        async with self.engine.begin() as conn:
            return await conn.run_sync(unit, *args)

    async def fetchrow(self, sql: str, *args: Any) -> Any:
        """One statement on a pooled asyncpg connection itself, autocommitted: its first row
        (or None). For the few statements of every chat turn (`pg_turns.py`), where SQLAlchemy's
        execution machinery cost more CPU than the database round trip."""
        return await self._on_driver(sql, lambda driver: driver.fetchrow(sql, *args))

    async def fetchcol(self, sql: str, *args: Any) -> list[Any]:
        """`fetchrow`'s sibling: the first column of every row."""
        rows = await self._on_driver(sql, lambda driver: driver.fetch(sql, *args))
        return [row[0] for row in rows]

    async def _on_driver(self, sql: str, run: Callable[[Any], Awaitable[T]]) -> T:
        """`run` on the asyncpg connection of a raw pool checkout (`AsyncEngine.raw_connection`,
        SQLAlchemy's documented way to reach the driver). A raw checkout skips the
        `AsyncConnection`/`Connection` pair SQLAlchemy builds around every checkout, with its
        execution options and events: 85 → 50 µs of CPU per statement, measured. asyncpg runs
        each statement in its own transaction unless told otherwise, so no isolation setting
        is needed.

        A checkout whose statement succeeded is kept for the next statement (up to `keep` of
        them) instead of going back to the pool: SQLAlchemy checks out and returns a connection
        each inside a greenlet of its own (`greenlet_spawn`), and every new greenlet maps and
        unmaps a 16 KB frame stack (CPython 3.11) — four greenlets, eight system calls and
        ~0.1 ms of CPU per turn (issue 22.4). A kept connection is the same pooled connection,
        counted as checked out; it holds no transaction (each statement committed on its own),
        so what the pool's reset on return would do is already done. One that failed goes back
        to the pool (or is invalidated, see `_failed`) as before, and one the server closed
        while it was kept is invalidated when next taken."""
        checkout, driver = await self._checkout()
        try:
            result = await run(driver)
        except BaseException as exc:
            try:
                raise await _failed(checkout, driver, sql, exc) from exc
            finally:
                await greenlet_spawn(checkout.close)
        if len(self._kept) < self._keep:
            self._kept.append((checkout, driver))
        else:
            await greenlet_spawn(checkout.close)
        return result

    async def _checkout(self) -> tuple[PoolProxiedConnection, Any]:
        """A kept checkout and its asyncpg connection, or a new one from the pool."""
        kept = self._kept
        while kept:
            checkout, driver = kept.pop()
            if not driver.is_closed():
                return checkout, driver
            await greenlet_spawn(checkout.invalidate)
        checkout = await self.engine.raw_connection()
        return checkout, checkout.driver_connection

    async def close(self) -> None:
        kept, self._keep, self._kept = self._kept, 0, []
        for checkout, _ in kept:
            await greenlet_spawn(checkout.close)
        await self.engine.dispose()


async def _failed(
    checkout: PoolProxiedConnection, driver: Any, sql: str, exc: BaseException
) -> BaseException:
    """What a statement run outside SQLAlchemy raises, as SQLAlchemy would have raised it: a
    `DBAPIError` wrapping the driver's error (callers, `is_unavailable` and the HTTP layer's
    503 handler know SQLAlchemy's errors). The connection is invalidated unless the server
    answered with an SQL error on a connection still open (then it is fine): a broken socket,
    a terminated backend or a statement cancelled halfway leaves it in no state to hand out
    again. A cancellation stays a cancellation."""
    from asyncpg.exceptions import PostgresError

    broken = not isinstance(exc, PostgresError) or driver.is_closed()
    if broken:
        await greenlet_spawn(checkout.invalidate, exc if isinstance(exc, Exception) else None)
    if not isinstance(exc, Exception):
        return exc
    return DBAPIError(sql, None, exc, hide_parameters=True, connection_invalidated=broken)


class SqliteRunner:
    """Reads run inline on the event loop; writes inline too, or in one writer thread.

    A SQLite operation is 20–350 µs of work that holds the GIL anyway, while a hop to a thread
    and back costs 70 µs on an idle host and milliseconds on a busy one (two thread wake-ups):
    inline is faster and no worse for the loop. Reads under WAL never wait for a lock. A write
    can wait: for another *process's* write lock (up to `busy_timeout`) and, every ~1000 WAL
    pages, for a checkpoint's fsync. In the embedded one-process setup every write goes
    through this loop, so there is no lock to wait for; when several processes share the file,
    pass a `writer` engine and writes run in a single writer thread instead (SQLite admits one
    writer at a time, so queueing them there beats busy-waiting on the lock).
    """

    def __init__(self, reader: Engine, writer: Engine | None) -> None:
        self.engine = reader
        self._writer = writer
        self._executor = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="sb-sqlite-writer")
            if writer is not None
            else None
        )
        self._inline: Connection | None = None

    def _connection(self) -> Connection:
        """The loop's connection, kept open. Inline units run one at a time on the loop's thread,
        so one connection serves them all; opening a `Connection` per unit cost more than the
        unit's statements. After each unit it is left with no transaction open."""
        conn = self._inline
        if conn is None or conn.closed:
            conn = self._inline = self.engine.connect()
        return conn

    async def read(self, unit: Unit[T], *args: Any) -> T:
        conn = self._connection()
        try:
            return unit(conn, *args)
        finally:
            conn.rollback()  # ends SQLAlchemy's autobegun transaction; the driver is in autocommit

    async def write(self, unit: Unit[T], *args: Any) -> T:
        if self._executor is None:
            return run_immediate(self._connection(), unit, *args)
        return await asyncio.get_running_loop().run_in_executor(
            self._executor, self._write, unit, args
        )

    def _write(self, unit: Unit[T], args: tuple[Any, ...]) -> T:
        assert self._writer is not None
        with self._writer.connect() as conn:
            return run_immediate(conn, unit, *args)

    async def close(self) -> None:
        if self._inline is not None:
            self._inline.close()
            self._inline = None
        if self._executor is not None and self._writer is not None:
            await asyncio.get_running_loop().run_in_executor(self._executor, self._writer.dispose)
            self._executor.shutdown(wait=True)
        self.engine.dispose()


def run_immediate(conn: Connection, unit: Unit[T], *args: Any) -> T:
    """Run `unit` in a SQLite write transaction (the driver is in autocommit mode)."""
    conn.exec_driver_sql("BEGIN IMMEDIATE")
    try:
        result = unit(conn, *args)
    except BaseException:
        conn.rollback()
        raise
    conn.commit()
    return result
