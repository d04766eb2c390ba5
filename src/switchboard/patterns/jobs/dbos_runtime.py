"""DBOS plumbing: the SQLite system-database engine, PostgreSQL migrations under a lock, and
recovery of a dead executor's workflows (see /work/notes/jobs_spike.md)."""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from dbos import DBOS

from switchboard.patterns.jobs.store import sync_url

PG_DBOS_LOCK = 0x5B_0DB0_5
"""Advisory lock key serializing DBOS schema migrations across starting workers."""


def sqlite_system_engine(url: str) -> sa.Engine:
    """DBOS's SQLite engine, in WAL mode with `synchronous=NORMAL`.

    DBOS's own SQLite engine keeps the rollback journal with `synchronous=FULL`: several fsyncs
    per commit, and a step commits twice (measured here: ~4 ms per commit, 14–28 ms per step on a
    loaded 2-vCPU VM). WAL + NORMAL survives a killed process (what `kill -9` tests) and loses at
    most the last commits on power loss, the trade-off Switchboard's store already makes. The
    rest mirrors DBOS: IMMEDIATE transactions (writers serialize up front), long busy timeout.
    """
    engine = sa.create_engine(url, connect_args={"check_same_thread": False})

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = "IMMEDIATE"
        for pragma in (
            "busy_timeout=30000",
            "foreign_keys=ON",
            "journal_mode=WAL",
            "synchronous=NORMAL",
        ):
            dbapi_connection.execute(f"PRAGMA {pragma}")

    sa.event.listen(engine, "connect", on_connect)
    return engine


def migrate_dbos_locked(url: str) -> None:
    """Create/upgrade DBOS's PostgreSQL schema one process at a time, so workers starting
    together do not race DBOS's own migrations (seen in the kill test: one of two workers
    launched at once died on a duplicate catalog entry). Launch then finds it up to date.

    The lock is polled with `pg_try_advisory_lock` on an autocommit connection: DBOS's migrations
    use `CREATE INDEX CONCURRENTLY`, which waits for every open transaction, including a blocked
    `pg_advisory_lock()` call of the waiting worker — a deadlock with the usual blocking lock.
    """
    engine = sa.create_engine(sync_url(url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            lock = sa.select(sa.func.pg_try_advisory_lock(PG_DBOS_LOCK))
            while not conn.execute(lock).scalar_one():
                time.sleep(0.1)
            try:
                DBOS.migrate(url)
            finally:
                conn.execute(sa.select(sa.func.pg_advisory_unlock(PG_DBOS_LOCK)))
    finally:
        engine.dispose()


def recover(executor_id: str) -> None:
    """Re-enqueue a dead executor's pending workflows. DBOS 3.4 keeps this private (DBOS
    Conductor calls it); it is idempotent by executor id, see the spike notes."""
    DBOS._recover_pending_workflows([executor_id])


__all__ = ["PG_DBOS_LOCK", "migrate_dbos_locked", "recover", "sqlite_system_engine"]
