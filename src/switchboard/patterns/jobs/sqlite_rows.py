"""The job store's per-step statements on SQLite, on plain `sqlite3` connections (one per thread).

Every step of a job reads or writes the job's row once or twice. Through SQLAlchemy Core one of
those statements costs ~0.2–0.3 ms of CPU on the 2-vCPU VM (connection checkout, transaction and
result machinery), through the driver 5–30 µs (bench/jobs/RESULTS.md): on a no-op job the store
was half of what the job layer added to bare DBOS. The statements here are the same as the Core
ones in `store.py`, which PostgreSQL and the colder paths keep using, on the same rows: datetimes
are stored the way SQLAlchemy's SQLite `DateTime` stores them (naive UTC,
`YYYY-MM-DD HH:MM:SS.ffffff`, see `store.sql.tables.UtcDateTime`). Parameters are always bound.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime

from switchboard.patterns.jobs import nowait
from switchboard.patterns.jobs.models import TERMINAL, Job

BUSY_TIMEOUT_MS = 10_000
_ENDED = tuple(status.value for status in TERMINAL)
_UNDECIDED = " AND decision IS NULL"


def stored_datetime(moment: datetime) -> str:
    """`moment` as SQLAlchemy's SQLite `DateTime` (through `UtcDateTime`) stores it."""
    naive = moment.astimezone(UTC).replace(tzinfo=None)
    return naive.isoformat(sep=" ", timespec="microseconds")


class SqliteRows:
    """Hot statements of `JobStore` on one SQLite file; a connection per thread, WAL, writes
    taking the lock up front (`BEGIN IMMEDIATE`) like the Core path — or, in no-wait mode
    (`nowait.py`), raising `WouldWait` when they cannot have it at once."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._local = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._lock = threading.Lock()

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            self._local.conn = conn
            with self._lock:
                self._opened.append(conn)
        return conn

    def close(self) -> None:
        with self._lock:
            opened, self._opened = self._opened, []
        for conn in opened:
            conn.close()
        self._local = threading.local()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn()
        if nowait.active():
            conn.execute("PRAGMA busy_timeout = 0")
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:  # "database is locked": a writer has it
                raise nowait.WouldWait from exc
            finally:
                conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        else:
            conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # -- reads (autocommit: one statement, one consistent snapshot) ---------------------------

    def record(self, job_id: str) -> str | None:
        row = self._conn().execute("SELECT record FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return None if row is None else str(row[0])

    def records(self, job_ids: Sequence[str]) -> list[str]:
        marks = ", ".join("?" * len(job_ids))  # placeholders only: the values are bound
        query = f"SELECT record FROM jobs WHERE id IN ({marks})"
        return [str(r[0]) for r in self._conn().execute(query, tuple(job_ids))]

    def dependants(self, job_id: str) -> list[str]:
        rows = self._conn().execute(
            "SELECT jobs.record FROM jobs JOIN job_deps ON job_deps.job_id = jobs.id "
            "WHERE job_deps.depends_on = ?",
            (job_id,),
        )
        return [str(r[0]) for r in rows]

    def children(self, parent_id: str) -> list[str]:
        rows = self._conn().execute(
            "SELECT record FROM jobs WHERE parent_id = ? ORDER BY created_at, id", (parent_id,)
        )
        return [str(r[0]) for r in rows]

    # -- writes -------------------------------------------------------------------------------

    def save(self, job: Job, record: str, *, undecided: bool = False) -> bool:
        """The row's update unless the stored job ended (see `JobStore.save`); with
        `undecided`, also unless an approval decision was recorded."""
        guard = _UNDECIDED if undecided else ""
        with self._write() as conn:
            cursor = conn.execute(
                "UPDATE jobs SET status = ?, priority = ?, record = ?, updated_at = ? "
                f"WHERE id = ? AND status NOT IN (?, ?, ?){guard}",
                (
                    job.status.value,
                    job.priority,
                    record,
                    stored_datetime(job.updated_at),
                    job.id,
                    *_ENDED,
                ),
            )
            return cursor.rowcount > 0

    def insert(self, new_jobs: Sequence[Job], *, only_missing: bool = False) -> set[str]:
        """Insert jobs and their dependency edges in one transaction; with `only_missing`, the
        ids already stored are left alone. Returns the ids that already existed."""
        with self._write() as conn:
            existing: set[str] = set()
            if only_missing:
                ids = [job.id for job in new_jobs]
                marks = ", ".join("?" * len(ids))  # placeholders only: the values are bound
                query = f"SELECT id FROM jobs WHERE id IN ({marks})"
                existing = {str(r[0]) for r in conn.execute(query, ids)}
            fresh = [job for job in new_jobs if job.id not in existing]
            conn.executemany(
                "INSERT INTO jobs (id, user_id, parent_id, root_id, queue, persona, status, "
                "priority, dedup_key, decision, record, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)",
                [
                    (
                        job.id,
                        job.user_id,
                        job.parent_id,
                        job.root_id or job.id,
                        job.queue,
                        job.persona,
                        job.status.value,
                        job.priority,
                        job.dedup_key,
                        job.model_dump_json(),
                        stored_datetime(job.created_at),
                        stored_datetime(job.updated_at),
                    )
                    for job in fresh
                ],
            )
            conn.executemany(
                "INSERT INTO job_deps (job_id, depends_on) VALUES (?, ?)",
                [(job.id, dep) for job in fresh for dep in job.depends_on],
            )
        return existing


__all__ = ["SqliteRows", "stored_datetime"]
