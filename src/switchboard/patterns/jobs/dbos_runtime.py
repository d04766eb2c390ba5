"""DBOS plumbing: the SQLite system-database engine, PostgreSQL migrations under a lock,
recovery of a dead executor's workflows (measured in `bench/jobs/RESULTS.md`), and a queue's dequeue
pass run on demand (`start_queued_here`).

The DBOS 3.4 internals used here (no public API does the same) are confined to `recover` and
`start_queued_here`; `tests/patterns/jobs/test_handoff.py` pins their signatures, so a DBOS
upgrade that changes them fails there, loudly, instead of degrading in production.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import sqlalchemy as sa
from dbos import DBOS, Queue
from dbos._core import execute_dequeued_workflow
from dbos._dbos import _get_dbos_instance
from dbos._utils import GlobalParams, generate_uuid

from switchboard.patterns.jobs.store import sync_url

log = logging.getLogger(__name__)

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


def start_queued_here(queue: Queue, *, only_if_idle: bool = False) -> list[str]:
    """One dequeue pass of `queue` by this process, now: what DBOS's queue thread does at each
    poll (`dbos._queue.queue_worker_thread`), with DBOS's own claim. Returns the workflow ids
    claimed and started here (the queue's next ones by priority, not necessarily the caller's).

    - Exactly once: the claim is DBOS's `ENQUEUED → PENDING` update (one winner among this
      pass, the queue threads and every other worker); a workflow already claimed, running or
      ended is not touched.
    - Recovered like any dequeued workflow: the claim writes this executor's id and keeps the
      queue name, so `recover(<this executor>)` puts it back on its own queue.
    - Within the queue's `worker_concurrency`: the claim counts this process's workflows
      running on the queue (DBOS's own count, the one the queue thread uses) and takes none
      when it is full; what it cannot take stays ENQUEUED for the next poll.

    `only_if_idle`: claim nothing while this process runs any workflow of the queue.

    Private DBOS 3.4 API (`_sys_db.start_queued_workflows`, `_sys_db.get_workflow_statuses`,
    `_core.execute_dequeued_workflow`, `_active_workflows_set.count_for_queue`). Call from a
    thread with no DBOS context (not a step's): dispatching an async workflow waits for the
    event loop DBOS runs workflows on, so never from that loop.
    """
    if queue._has_partition_limits():  # partitioned claims are a different pass; not used
        return []
    dbos = _get_dbos_instance()
    running = dbos._active_workflows_set.count_for_queue(queue.name)
    limit = queue._worker_concurrency
    if (limit is not None and running >= limit) or (only_if_idle and running):
        return []
    owner_xid = generate_uuid()
    claimed, _ = dbos._sys_db.start_queued_workflows(
        queue,
        GlobalParams.executor_id,
        GlobalParams.app_version,
        None,
        running,
        owner_xid=owner_xid,
    )
    if not claimed:
        return []
    try:
        found = {s["workflow_uuid"]: s for s in dbos._sys_db.get_workflow_statuses(claimed)}
    except Exception:  # as the queue thread: fetch them one by one below
        log.warning("fetching claimed workflows failed", exc_info=True)
        found = {}
    for workflow_id in claimed:
        try:
            status = found.get(workflow_id) or dbos._sys_db.get_workflow_status(workflow_id)
            if status is None:
                raise LookupError(f"workflow {workflow_id} not found after its claim")
            execute_dequeued_workflow(dbos, status, owner_xid)
        except Exception:
            # as the queue thread does: logged; the row stays PENDING on this executor and
            # runs again when this executor's workflows are recovered
            log.exception("starting a claimed workflow failed", extra={"workflow": workflow_id})
    return claimed


__all__ = [
    "PG_DBOS_LOCK",
    "migrate_dbos_locked",
    "recover",
    "sqlite_system_engine",
    "start_queued_here",
]
