"""The job store: on a SQLite file, the driver-level statements (`sqlite_rows.py`) and the
SQLAlchemy Core ones (every cold path's) read and write the same rows; on PostgreSQL, the step
writes (autocommit, no synchronous flush) and reads keep the same guarantees."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from switchboard.patterns.jobs import transitions as t
from switchboard.patterns.jobs.models import ApprovalDecision, Job, JobStatus
from switchboard.patterns.jobs.store import AsyncJobStore, JobStore
from tests.store.conftest import pg_admin, pg_database_url, run_sync


def job(job_id: str, **fields: object) -> Job:
    values: dict[str, object] = {
        "id": job_id,
        "user_id": "u1",
        "root_id": "root",
        "queue": "dev",
        "persona": "dev",
        "request": f"pedido {job_id}",
        "created_at": datetime(2026, 11, 23, 12, 0, int(job_id[-1]), 123456, tzinfo=UTC),
    }
    values.update(fields)
    return Job.model_validate(values)


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[JobStore, JobStore]]:
    """(driver path, Core path) on one file."""
    fast = JobStore(f"sqlite:///{tmp_path / 'jobs.db'}")
    fast.create_schema()
    core = JobStore(f"sqlite:///{tmp_path / 'jobs.db'}")
    assert fast.rows is not None and core.rows is not None
    core.rows.close()
    core.rows = None
    yield fast, core
    fast.dispose()
    core.dispose()


@pytest.mark.parametrize("writer", [0, 1], ids=["driver-writes", "core-writes"])
def test_both_paths_read_what_the_other_wrote(
    stores: tuple[JobStore, JobStore], writer: int
) -> None:
    write, read = stores[writer], stores[1 - writer]
    parent = job("p0", root_id="")
    first = job("c1", parent_id="p0", root_id="p0")
    second = job("c2", parent_id="p0", root_id="p0", depends_on=["c1"])
    write.insert([parent, first])
    assert [j.id for j in write.insert_missing([first, second])] == ["c1", "c2"]
    assert read.get("p0") == parent
    assert [j.id for j in read.children("p0")] == ["c1", "c2"]
    assert [j.id for j in read.dependants("c1")] == ["c2"]
    assert read.get_many(["c2", "missing"]) == [second]
    assert read.get("missing") is None
    first.status = JobStatus.ACTIVE
    t.history(first, "system", "início")
    assert write.save(first)
    stored = read.get("c1")
    assert stored == first and stored.updated_at.tzinfo is not None
    assert [j.id for j in read.list_jobs("u1")] == ["c2", "c1", "p0"]
    assert write.engine.url.database is not None
    with sqlite3.connect(write.engine.url.database) as raw:
        stamps = [v for row in raw.execute("SELECT created_at, updated_at FROM jobs") for v in row]
    stored_form = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}")
    assert all(stored_form.fullmatch(stamp) for stamp in stamps), stamps


def test_an_ended_row_is_never_overwritten_on_either_path(
    stores: tuple[JobStore, JobStore],
) -> None:
    for store in stores:
        ended = job(f"e{stores.index(store)}")
        store.insert([ended])
        ended.status = JobStatus.COMPLETED
        assert store.save(ended)
        ended.status = JobStatus.ACTIVE
        assert not store.save(ended), "an ended job came back"
        for other in stores:
            found = other.get(ended.id)
            assert found is not None and found.status is JobStatus.COMPLETED


@pytest.fixture(scope="module")
def pg_store_url() -> Iterator[str]:
    name = f"sb_jobstore_{uuid.uuid4().hex[:12]}"
    run_sync(pg_admin, f'CREATE DATABASE "{name}"')
    try:
        yield pg_database_url(name)
    finally:
        run_sync(pg_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.postgres
def test_postgresql_step_writes_and_reads(pg_store_url: str) -> None:
    """The step writes (autocommit, no synchronous flush) and the autocommit reads."""
    store = JobStore(pg_store_url)
    store.create_schema()
    try:
        parent = job("p0", root_id="")
        store.insert([parent], flushed_later=True)
        children = [job("c1", parent_id="p0"), job("c2", parent_id="p0", depends_on=["c1"])]
        assert store.insert_missing(children) == children
        assert [j.id for j in store.children("p0")] == ["c1", "c2"]
        assert [j.id for j in store.dependants("c1")] == ["c2"]
        first = children[0]
        first.status = JobStatus.COMPLETED
        t.history(first, "system", "concluído")
        first.updated_at = datetime.now(UTC)
        assert store.save_record(first, first.model_dump_json(), flushed_later=True)
        assert store.get("c1") == first
        first.status = JobStatus.ACTIVE
        assert not store.save_record(first, first.model_dump_json(), flushed_later=True)
        assert not store.save(first), "an ended job came back"
        found = store.get("c1")
        assert found is not None and found.status is JobStatus.COMPLETED
    finally:
        store.dispose()


async def test_a_locked_sqlite_file_does_not_stall_the_event_loop(tmp_path: Path) -> None:
    """Another writer holds the file's lock: the save moves to a worker thread (which waits
    there) and the event loop keeps serving; inline it would sleep in SQLite's busy handler."""
    store = JobStore(f"sqlite:///{tmp_path / 'jobs.db'}")
    store.create_schema()
    waiting = job("w1")
    store.insert([waiting])
    holder = sqlite3.connect(tmp_path / "jobs.db", isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        waiting.status = JobStatus.ACTIVE
        save = asyncio.create_task(AsyncJobStore(store).run(store.save, waiting))
        served = asyncio.Event()
        asyncio.get_running_loop().call_soon(served.set)
        await served.wait()
        assert not save.done(), "the save cannot have the lock yet"
        holder.execute("COMMIT")
        assert await save
    finally:
        holder.close()
    stored = store.get("w1")
    assert stored is not None and stored.status is JobStatus.ACTIVE
    store.dispose()


def _stamps_and_guard(store: JobStore) -> None:
    """Change stamps equal the records' own `updated_at` (a watcher compares them to skip
    re-reading), cover the tree, and the approval parking save is refused once decided."""
    root = job("r0", root_id="")
    child = job("r1", parent_id="r0", root_id="r0")
    store.insert([root, child])
    child.status = JobStatus.ACTIVE
    child.updated_at = datetime.now(UTC)
    assert store.save_record(child, child.model_dump_json(), flushed_later=True)
    stamps = {s.id: s for s in store.stamps("r0")}
    assert set(stamps) == {"r0", "r1"} and stamps["r1"].parent_id == "r0"
    for found in store.get_many(["r0", "r1"]):
        assert stamps[found.id].updated_at == found.updated_at
        assert stamps[found.id].status == found.status.value
    root.status = JobStatus.AWAITING_APPROVAL
    assert store.save_record(root, root.model_dump_json(), undecided=True)
    store.record_decision("r0", ApprovalDecision(approved=True))
    assert store.decision("r0") is not None and store.decided_awaiting() == ["r0"]
    assert not store.save_record(root, root.model_dump_json(), undecided=True)
    assert store.cancelled_among(["r0", "r1"]) == []


@pytest.mark.parametrize("path", [0, 1], ids=["driver", "core"])
def test_change_stamps_and_the_undecided_guard_on_sqlite(
    stores: tuple[JobStore, JobStore], path: int
) -> None:
    _stamps_and_guard(stores[path])


@pytest.mark.postgres
def test_change_stamps_and_the_undecided_guard_on_postgresql(pg_store_url: str) -> None:
    store = JobStore(pg_store_url)
    store.create_schema()
    try:
        _stamps_and_guard(store)
    finally:
        store.dispose()
