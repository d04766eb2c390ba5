"""Pages of the job list: top-level jobs only, so a tree with many sub-jobs never pushes an
older job off the list (the old list took the newest 100 rows of any kind); the cursor walks
every job exactly once, on SQLite and PostgreSQL."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from switchboard.patterns.jobs.models import Job, JobStatus
from switchboard.patterns.jobs.pages import (
    InvalidCursorError,
    decode_cursor,
    encode_cursor,
)
from switchboard.patterns.jobs.store import JobStore
from tests.store.conftest import pg_admin, pg_database_url, run_sync

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


def _job(job_id: str, at: datetime, user: str = "ana", parent: str | None = None) -> Job:
    return Job(
        id=job_id,
        user_id=user,
        parent_id=parent,
        root_id=parent or "",
        queue="dev",
        persona="dev",
        request=f"pedido {job_id}",
        created_at=at,
        updated_at=at,
    )


def _fill(store: JobStore) -> list[str]:
    """An old job, then a job with 150 sub-jobs, then two more top-level jobs (two of them at
    the same instant: the id breaks the tie); bob's jobs in between. Returns ana's top-level
    ids newest first."""
    old = _job("a-old", T0)
    big = _job("a-big", T0 + timedelta(minutes=1))
    subs = [
        _job(f"a-sub-{n:03}", T0 + timedelta(minutes=2, seconds=n), parent="a-big")
        for n in range(150)
    ]
    late = [_job("a-late-1", T0 + timedelta(hours=1)), _job("a-late-2", T0 + timedelta(hours=1))]
    other = [_job(f"b-{n}", T0 + timedelta(minutes=n), user="bob") for n in range(5)]
    store.insert([old, big, *subs, *late, *other])
    return ["a-late-2", "a-late-1", "a-big", "a-old"]


def _walk(store: JobStore, limit: int) -> list[str]:
    seen: list[str] = []
    before = None
    while True:
        page = store.list_jobs("ana", limit=limit + 1, top_level=True, before=before)
        seen += [j.id for j in page[:limit]]
        if len(page) <= limit:
            return seen
        before = decode_cursor(encode_cursor(page[limit - 1]))


def _check(store: JobStore) -> None:
    expected = _fill(store)
    newest_100 = [j.id for j in store.list_jobs("ana", limit=100)]
    assert "a-old" not in newest_100  # what the old list did: sub-jobs pushed it out
    assert [j.id for j in store.list_jobs("ana", limit=100, top_level=True)] == expected
    for limit in (1, 2, 3, 10):
        assert _walk(store, limit) == expected
    waiting = store.list_jobs("ana", limit=10, top_level=True, status=JobStatus.WAITING)
    assert [j.id for j in waiting] == expected
    assert store.list_jobs("carol", limit=10, top_level=True) == []


def test_pages_on_sqlite(tmp_path: Path) -> None:
    store = JobStore(f"sqlite:///{tmp_path / 'jobs.db'}")
    store.create_schema()
    try:
        _check(store)
    finally:
        store.dispose()


@pytest.fixture
def pg_url() -> Iterator[str]:
    name = f"sb_jobpages_{uuid.uuid4().hex[:12]}"
    run_sync(pg_admin, f'CREATE DATABASE "{name}"')
    try:
        yield pg_database_url(name)
    finally:
        run_sync(pg_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.postgres
def test_pages_on_postgresql(pg_url: str) -> None:
    store = JobStore(pg_url)
    store.create_schema()
    try:
        _check(store)
    finally:
        store.dispose()


@pytest.mark.parametrize("cursor", ["", "xyz", "bm9waXBl", encode_cursor(_job("x", T0))[:-3]])
def test_a_bad_cursor_is_a_typed_error(cursor: str) -> None:
    with pytest.raises(InvalidCursorError):
        decode_cursor(cursor)
