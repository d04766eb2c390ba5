"""Persistence of jobs, the side-effect journal and worker heartbeats (sync SQLAlchemy Core).

Sync on purpose: the engine calls it from DBOS steps, and DBOS itself talks to its system
database synchronously; on SQLite a statement is cheaper inline than a thread hop (as in
`store.sql.runner.SqliteRunner`), while PostgreSQL calls go through `asyncio.to_thread` (see
`AsyncJobStore`). On a SQLite file the statements every step runs (get, save, children,
dependants, inserts) skip SQLAlchemy for the driver (`sqlite_rows.py`, ~10× cheaper); the rest
is SQLAlchemy Core on both backends. Writes on SQLite take the lock up front (`BEGIN
IMMEDIATE`), so a writer waits on the busy timeout instead of failing to upgrade a read lock
while DBOS writes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ParamSpec, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, make_url

from switchboard.patterns.jobs import nowait
from switchboard.patterns.jobs.bookkeeping import Effect, EffectJournal, WorkerHeartbeats
from switchboard.patterns.jobs.models import TERMINAL, ApprovalDecision, Job, JobStatus, utcnow
from switchboard.patterns.jobs.sqlite_rows import SqliteRows
from switchboard.patterns.jobs.tables import TABLES, job_deps, jobs

P = ParamSpec("P")
T = TypeVar("T")

SQLITE_BUSY_TIMEOUT_MS = 10_000
PG_SCHEMA_LOCK = 0x5B_0B5_1
"""`pg_advisory_xact_lock` key: workers starting together create the tables one at a time
(concurrent `CREATE TABLE` on PostgreSQL fails on the catalog's unique index)."""


def sync_url(url: str) -> sa.URL:
    """`sqlite:///…` stays pysqlite; `postgresql://…` (any driver) becomes psycopg 3, which
    DBOS already depends on."""
    parsed = make_url(url)
    backend = parsed.drivername.partition("+")[0]
    if backend in ("postgresql", "postgres"):
        return parsed.set(drivername="postgresql+psycopg")
    if backend == "sqlite":
        return parsed.set(drivername="sqlite")
    raise ValueError(f"unsupported jobs database URL {parsed.drivername!r}")


def create_engine(url: str) -> Engine:
    target = sync_url(url)
    if target.drivername == "sqlite":
        engine = sa.create_engine(target, connect_args={"check_same_thread": False})
        sa.event.listen(engine, "connect", _sqlite_on_connect)
        return engine
    return sa.create_engine(target, pool_size=5, max_overflow=10)


def create_step_writes_engine(url: str) -> Engine:
    """PostgreSQL connections for the per-step single-statement writes: autocommit (the one
    statement is its own transaction: no BEGIN / COMMIT round trips) and
    `synchronous_commit = off` (see `JobStore._tx`: DBOS's synchronous record of the same step
    flushes them, in WAL order). One round trip per write instead of four."""
    options = "-c synchronous_commit=off"
    return sa.create_engine(
        sync_url(url),
        pool_size=5,
        max_overflow=10,
        isolation_level="AUTOCOMMIT",
        connect_args={"options": options},
    )


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()


@dataclass(frozen=True, slots=True)
class Stamp:
    """A job row's change marker, read from an index (no record parsed): the event streams
    re-read a job only when its `updated_at` moved."""

    id: str
    parent_id: str | None
    status: str
    updated_at: datetime


class JobStore:
    """The `jobs` rows (records, dependency edges, approval decisions); the engine's
    bookkeeping beside them — the side-effect journal and the workers' heartbeats — is in
    `effects` and `workers` (`bookkeeping.py`), on the same transactions."""

    def __init__(self, url: str) -> None:
        self.engine = create_engine(url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self._reads = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self._step_writes = None if self.is_sqlite else create_step_writes_engine(url)
        path = sync_url(url).database if self.is_sqlite else None
        self.rows = SqliteRows(path) if path and path != ":memory:" else None
        """A file-backed SQLite store runs the per-step statements on `sqlite3` directly."""
        self.on_change: Callable[[str], None] | None = None
        """Called with a job tree's root id after a write to one of its rows committed (from
        any thread): this process's event streams wake up instead of waiting for their poll."""
        self.effects = EffectJournal(self._tx)
        self.workers = WorkerHeartbeats(self._tx)

    def _changed(self, jobs_written: Sequence[Job]) -> None:
        notify = self.on_change
        if notify is not None:
            for root in dict.fromkeys(job.root_id or job.id for job in jobs_written):
                notify(root)

    def create_schema(self) -> None:
        """Create the jobs tables if missing (tests, benchmarks, a standalone engine). A
        Switchboard store database gets them from the Alembic revision `jobs_0001` instead."""
        with self.engine.connect() as conn:
            if self.is_sqlite:
                conn.exec_driver_sql("BEGIN IMMEDIATE")
            else:
                conn.begin()
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(PG_SCHEMA_LOCK)))
            for table in TABLES:
                table.create(conn, checkfirst=True)
                for index in table.indexes:  # an index added after the table was created
                    index.create(conn, checkfirst=True)
            conn.commit()

    def dispose(self) -> None:
        if self.rows is not None:
            self.rows.close()
        if self._step_writes is not None:
            self._step_writes.dispose()
        self.engine.dispose()

    @contextmanager
    def _tx(self, *, write: bool, flushed_later: bool = False) -> Iterator[Connection]:
        """One transaction. `flushed_later` (PostgreSQL): the commit does not wait for its WAL
        flush (`synchronous_commit = off`), because the caller commits something synchronously
        right after — DBOS recording the step these writes belong to, or the enqueue of the
        job just inserted — and PostgreSQL flushes its WAL in order, so these writes are
        durable exactly when that is (a step that never got recorded runs again anyway). Saves
        a WAL flush (~2–3 ms here) per per-step write."""
        if not write and not self.is_sqlite:
            # READ COMMITTED gives every statement its own snapshot inside a transaction too,
            # so reads lose nothing in autocommit, and save the BEGIN and COMMIT round trips
            with self._reads.connect() as conn:
                yield conn
            return
        if write:
            nowait.refuse_to_wait()  # a SQLAlchemy write waits on the busy timeout: a thread's
        with self.engine.connect() as conn:
            if self.is_sqlite:
                conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
            else:
                conn.begin()
                if flushed_later:
                    conn.exec_driver_sql("SET LOCAL synchronous_commit TO OFF")
            try:
                yield conn
            except BaseException:
                conn.rollback()
                raise
            conn.commit()

    # -- jobs ------------------------------------------------------------------------------

    def insert(self, new_jobs: Sequence[Job], *, flushed_later: bool = False) -> None:
        """Insert jobs (and their dependency edges) in one transaction."""
        self._insert(new_jobs, flushed_later=flushed_later)
        self._changed(new_jobs)

    def _insert(self, new_jobs: Sequence[Job], *, flushed_later: bool) -> None:
        if self.rows is not None:
            self.rows.insert(new_jobs)
            return
        single = not any(job.depends_on for job in new_jobs)  # no edges: one statement
        if flushed_later and self._step_writes is not None and single:
            with self._step_writes.connect() as conn:  # one statement: its own transaction
                conn.execute(jobs.insert(), [_row(job) for job in new_jobs])
            return
        with self._tx(write=True, flushed_later=flushed_later) as conn:
            conn.execute(jobs.insert(), [_row(job) for job in new_jobs])
            edges = [{"job_id": j.id, "depends_on": d} for j in new_jobs for d in j.depends_on]
            if edges:
                conn.execute(job_deps.insert(), edges)

    def insert_missing(self, new_jobs: Sequence[Job]) -> list[Job]:
        """Insert the jobs whose ids do not exist yet; returns every job (stored version)."""
        stored = self._insert_missing(new_jobs)
        self._changed(new_jobs)
        return stored

    def _insert_missing(self, new_jobs: Sequence[Job]) -> list[Job]:
        if self.rows is not None:
            known = self.rows.insert(new_jobs, only_missing=True)
            stored = {job.id: job for job in self.get_many(list(known))} if known else {}
            return [stored.get(job.id, job) for job in new_jobs]
        with self._tx(write=True, flushed_later=True) as conn:  # by the `spawn` step's record
            ids = [job.id for job in new_jobs]
            existing = {
                row.id: Job.model_validate_json(row.record)
                for row in conn.execute(
                    sa.select(jobs.c.id, jobs.c.record).where(jobs.c.id.in_(ids))
                )
            }
            fresh = [job for job in new_jobs if job.id not in existing]
            if fresh:
                conn.execute(jobs.insert(), [_row(job) for job in fresh])
                edges = [{"job_id": j.id, "depends_on": d} for j in fresh for d in j.depends_on]
                if edges:
                    conn.execute(job_deps.insert(), edges)
        return [existing.get(job.id, job) for job in new_jobs]

    def get(self, job_id: str) -> Job | None:
        if self.rows is not None:
            text = self.rows.record(job_id)
            return None if text is None else Job.model_validate_json(text)
        with self._tx(write=False) as conn:
            record = conn.execute(sa.select(jobs.c.record).where(jobs.c.id == job_id)).scalar()
        return None if record is None else Job.model_validate_json(record)

    def get_many(self, job_ids: Sequence[str]) -> list[Job]:
        if not job_ids:
            return []
        if self.rows is not None:
            return [Job.model_validate_json(text) for text in self.rows.records(job_ids)]
        with self._tx(write=False) as conn:
            rows = conn.execute(sa.select(jobs.c.record).where(jobs.c.id.in_(list(job_ids))))
            return [Job.model_validate_json(r) for r in rows.scalars()]

    def save(self, job: Job) -> bool:
        """Write the record unless the stored job already ended (completed, failed or
        cancelled): an ended row is final, so a step finishing after a cancel, or re-run after
        the step that ended the job was cut short, never brings the job back. False when not
        written."""
        job.updated_at = utcnow()
        return self.save_record(job, job.model_dump_json())

    def save_record(
        self, job: Job, record: str, *, flushed_later: bool = False, undecided: bool = False
    ) -> bool:
        """`save` with the job already serialised (`record` is `job.model_dump_json()`, its
        `updated_at` set by the caller): the engine's steps serialise a job once per step, and
        DBOS records the step right after (`flushed_later`, see `_tx`). `undecided`: only while
        no approval decision is recorded (the step parking a job for approval must never
        overwrite a job whose decision already set it going again)."""
        saved = self._save_record(job, record, flushed_later, undecided)
        if saved:
            self._changed([job])
        return saved

    def _save_record(self, job: Job, record: str, flushed_later: bool, undecided: bool) -> bool:
        if self.rows is not None:
            return self.rows.save(job, record, undecided=undecided)
        statement = _SAVE_UNDECIDED if undecided else _SAVE
        if flushed_later and self._step_writes is not None:
            with self._step_writes.connect() as conn:  # one statement: its own transaction
                return conn.execute(statement, _save_params(job, record)).rowcount > 0
        with self._tx(write=True, flushed_later=flushed_later) as conn:
            result = conn.execute(statement, _save_params(job, record))
        return result.rowcount > 0

    def set_status_many(self, job_list: Sequence[Job]) -> None:
        self._set_status_many(job_list)
        self._changed(job_list)

    def _set_status_many(self, job_list: Sequence[Job]) -> None:
        with self._tx(write=True) as conn:
            for job in job_list:
                job.updated_at = utcnow()
                conn.execute(
                    jobs.update()
                    .where(jobs.c.id == job.id)
                    .values(
                        status=job.status.value,
                        record=job.model_dump_json(),
                        updated_at=job.updated_at,
                    )
                )

    def list_jobs(
        self,
        user_id: str,
        *,
        parent_id: str | None = None,
        status: JobStatus | None = None,
        limit: int = 50,
        top_level: bool = False,
        before: tuple[datetime, str] | None = None,
    ) -> list[Job]:
        """Newest first. `top_level`: only jobs without a parent (sub-jobs never push an older
        job off a page); `before`: only jobs older than this (created_at, id) — a page's
        cursor, stable while new jobs arrive."""
        query = sa.select(jobs.c.record).where(jobs.c.user_id == user_id)
        if parent_id is not None:
            query = query.where(jobs.c.parent_id == parent_id)
        if top_level:
            query = query.where(jobs.c.parent_id.is_(None))
        if before is not None:
            created, job_id = before
            query = query.where(
                sa.or_(
                    jobs.c.created_at < created,
                    sa.and_(jobs.c.created_at == created, jobs.c.id < job_id),
                )
            )
        if status is not None:
            query = query.where(jobs.c.status == status.value)
        query = query.order_by(jobs.c.created_at.desc(), jobs.c.id.desc()).limit(limit)
        with self._tx(write=False) as conn:
            return [Job.model_validate_json(r) for r in conn.execute(query).scalars()]

    def children(self, parent_id: str) -> list[Job]:
        if self.rows is not None:
            return [Job.model_validate_json(text) for text in self.rows.children(parent_id)]
        with self._tx(write=False) as conn:
            rows = conn.execute(
                sa.select(jobs.c.record)
                .where(jobs.c.parent_id == parent_id)
                .order_by(jobs.c.created_at, jobs.c.id)
            )
            return [Job.model_validate_json(r) for r in rows.scalars()]

    def dependants(self, job_id: str) -> list[Job]:
        if self.rows is not None:
            return [Job.model_validate_json(text) for text in self.rows.dependants(job_id)]
        with self._tx(write=False) as conn:
            rows = conn.execute(
                sa.select(jobs.c.record)
                .join(job_deps, job_deps.c.job_id == jobs.c.id)
                .where(job_deps.c.depends_on == job_id)
            )
            return [Job.model_validate_json(r) for r in rows.scalars()]

    def tree(self, root_id: str) -> list[Job]:
        """The job and every descendant (breadth first)."""
        found: list[Job] = []
        frontier = [root_id]
        with self._tx(write=False) as conn:
            first = conn.execute(sa.select(jobs.c.record).where(jobs.c.id == root_id)).scalar()
            if first is None:
                return []
            found.append(Job.model_validate_json(first))
            while frontier:
                rows = conn.execute(sa.select(jobs.c.record).where(jobs.c.parent_id.in_(frontier)))
                level = [Job.model_validate_json(r) for r in rows.scalars()]
                found.extend(level)
                frontier = [job.id for job in level]
        return found

    def stamps(self, root_id: str) -> list[Stamp]:
        """Every row of a job tree as (id, parent, status, updated_at), from the covering index
        `ix_jobs_root`: what an event stream polls instead of parsing the tree."""
        query = sa.select(jobs.c.id, jobs.c.parent_id, jobs.c.status, jobs.c.updated_at).where(
            jobs.c.root_id == root_id
        )
        with self._tx(write=False) as conn:
            return [Stamp(r.id, r.parent_id, r.status, r.updated_at) for r in conn.execute(query)]

    def decision(self, job_id: str) -> str | None:
        """The recorded approval decision's JSON (None: nobody decided yet)."""
        with self._tx(write=False) as conn:
            found = conn.execute(sa.select(jobs.c.decision).where(jobs.c.id == job_id)).scalar()
        return None if found is None else str(found)

    def decided_awaiting(self) -> list[str]:
        """Jobs still awaiting approval although a decision is recorded: a process stopped
        between recording a decision and enqueueing the run that applies it."""
        query = sa.select(jobs.c.id).where(
            jobs.c.status == JobStatus.AWAITING_APPROVAL.value, jobs.c.decision.is_not(None)
        )
        with self._tx(write=False) as conn:
            return list(conn.execute(query).scalars())

    def cancelled_among(self, job_ids: Sequence[str]) -> list[str]:
        """Which of these jobs are cancelled (the cancel watcher's one read)."""
        if not job_ids:
            return []
        query = sa.select(jobs.c.id).where(
            jobs.c.id.in_(list(job_ids)), jobs.c.status == JobStatus.CANCELLED.value
        )
        with self._tx(write=False) as conn:
            return list(conn.execute(query).scalars())

    def find_unfinished_by_dedup(self, user_id: str, key: str) -> Job | None:
        with self._tx(write=False) as conn:
            rows = conn.execute(
                sa.select(jobs.c.record).where(
                    jobs.c.user_id == user_id,
                    jobs.c.dedup_key == key,
                    jobs.c.status.notin_([s.value for s in TERMINAL]),
                )
            ).scalars()
            found = [Job.model_validate_json(r) for r in rows]
        return found[0] if found else None

    def stored_decision(self, job_id: str) -> ApprovalDecision | None:
        """The decision recorded for a job (it reaches the job's record only when its run
        applies it), or None."""
        return self.decisions([job_id]).get(job_id)

    def decisions(self, job_ids: Sequence[str]) -> dict[str, ApprovalDecision]:
        """The decisions recorded for these jobs, by id (jobs nobody decided are left out)."""
        if not job_ids:
            return {}
        query = sa.select(jobs.c.id, jobs.c.decision).where(
            jobs.c.id.in_(list(job_ids)), jobs.c.decision.is_not(None)
        )
        with self._tx(write=False) as conn:
            return {
                row.id: ApprovalDecision.model_validate_json(row.decision)
                for row in conn.execute(query)
            }

    def record_decision(self, job_id: str, decision: ApprovalDecision) -> ApprovalDecision:
        """Store the first decision for a job (compare-and-set); returns the stored one, which
        differs from `decision` when someone decided first."""
        text = decision.model_dump_json()
        with self._tx(write=True) as conn:
            conn.execute(
                jobs.update()
                .where(jobs.c.id == job_id, jobs.c.decision.is_(None))
                .values(decision=text)
            )
            stored = conn.execute(sa.select(jobs.c.decision).where(jobs.c.id == job_id)).scalar()
        return ApprovalDecision.model_validate_json(stored or text)


_SAVE = (
    jobs.update()
    .where(jobs.c.id == sa.bindparam("job_id"), jobs.c.status.notin_([s.value for s in TERMINAL]))
    .values(
        status=sa.bindparam("status"),
        priority=sa.bindparam("priority"),
        record=sa.bindparam("record"),
        updated_at=sa.bindparam("updated_at"),
    )
)
"""The step's row write, built once (SQLAlchemy then reuses its compiled form)."""
_SAVE_UNDECIDED = _SAVE.where(jobs.c.decision.is_(None))


def _save_params(job: Job, record: str) -> dict[str, Any]:
    return {
        "job_id": job.id,
        "status": job.status.value,
        "priority": job.priority,
        "record": record,
        "updated_at": job.updated_at,
    }


def _row(job: Job) -> dict[str, Any]:
    return {
        "id": job.id,
        "user_id": job.user_id,
        "parent_id": job.parent_id,
        "root_id": job.root_id or job.id,
        "queue": job.queue,
        "persona": job.persona,
        "status": job.status.value,
        "priority": job.priority,
        "dedup_key": job.dedup_key,
        "decision": None,
        "record": job.model_dump_json(),
        "created_at": job.created_at,
        "updated_at": job.updated_at,
    }


class AsyncJobStore:
    """`JobStore` from async code: on SQLite inline, unless the call would wait on a lock (then
    on a worker thread, see `nowait.py`); on PostgreSQL on a worker thread."""

    def __init__(self, store: JobStore) -> None:
        self.sync = store

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        if self.sync.is_sqlite:
            try:
                with nowait.no_wait():
                    return fn(*args, **kwargs)
            except nowait.WouldWait:
                pass
        return await asyncio.to_thread(fn, *args, **kwargs)


__all__ = ["AsyncJobStore", "Effect", "JobStore", "Stamp", "create_engine", "sync_url"]
