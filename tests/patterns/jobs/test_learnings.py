"""The personas' long-term memory as a store repository: per user and persona, idempotent, and
still there after a restart (a new store on the same database), on memory, SQLite and PostgreSQL.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from switchboard.core.clock import ManualClock
from switchboard.patterns.jobs.learnings import LEARNINGS, StoreLearnings
from switchboard.patterns.jobs.tools.memory import memory_tool
from switchboard.store.base import Store
from switchboard.store.factory import open_store
from switchboard.tools import ToolContext, ToolRegistry
from tests.store.conftest import pg_admin, pg_database_url, run_sync


@pytest.fixture(scope="module")
def learnings_pg_url() -> Iterator[str]:
    name = f"sb_learn_{uuid.uuid4().hex[:12]}"
    run_sync(pg_admin, f'CREATE DATABASE "{name}"')
    try:
        yield pg_database_url(name)
    finally:
        run_sync(pg_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "memory":
        return "memory://"
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    base: str = request.getfixturevalue("learnings_pg_url")
    return base


@pytest.fixture
async def store(url: str) -> AsyncIterator[Store]:
    opened = open_store(url, clock=ManualClock())
    await opened.init()
    if url.startswith("postgresql"):
        await _empty(url)
    try:
        yield opened
    finally:
        await opened.close()


async def _empty(url: str) -> None:
    """The PostgreSQL database is shared by the module's tests."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DELETE FROM job_learnings")
    finally:
        await conn.close()


async def test_learnings_are_per_user_and_persona_newest_last(store: Store) -> None:
    memory = store.repository(LEARNINGS)
    for i in range(4):
        assert await memory.promote("u1", "dev", f"lição {i}", key=f"k{i}")
    assert await memory.promote("u1", "relatorios", "outra persona", key=None)
    assert await memory.promote("u2", "dev", "outro usuário", key=None)
    assert await memory.recall("u1", "dev") == [f"lição {i}" for i in range(4)]
    assert await memory.recall("u1", "dev", limit=2) == ["lição 2", "lição 3"]
    assert await memory.recall("u1", "relatorios") == ["outra persona"]
    assert await memory.recall("u2", "dev") == ["outro usuário"]
    assert await memory.recall("u3", "dev") == []


async def test_the_same_key_or_the_same_text_is_stored_once(store: Store) -> None:
    memory = store.repository(LEARNINGS)
    assert await memory.promote("u1", "dev", "rode os testes antes", key="job:a1:r0:s2")
    assert not await memory.promote("u1", "dev", "texto de um replay", key="job:a1:r0:s2")
    assert not await memory.promote("u1", "dev", "rode os testes antes", key="job2:a1:r0:s0")
    assert not await memory.promote("u1", "dev", "rode os testes antes", key=None)
    assert await memory.promote("u2", "dev", "rode os testes antes", key="job:a1:r0:s2")
    assert await memory.recall("u1", "dev") == ["rode os testes antes"]


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
async def test_learnings_survive_a_restart_through_the_memory_tool(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A worker promotes through the tool on a store it never initialised itself; another
    process (a new store on the same database) recalls it."""
    url = (
        f"sqlite:///{tmp_path / 'store.db'}"
        if backend == "sqlite"
        else request.getfixturevalue("learnings_pg_url")
    )
    first = open_store(url)
    if backend == "postgres":
        await first.init()
        await _empty(url)
    registry = ToolRegistry([memory_tool(StoreLearnings(first))])
    context = ToolContext(
        session_id="job1", user_id="ana", agent="dev", extras={"idempotency_key": "job1:s3"}
    )
    result = await registry.execute("promote_learning", {"learning": "use git  status"}, context)
    assert result.ok, result.output
    await first.close()
    again = open_store(url)
    try:
        assert await StoreLearnings(again).recall("ana", "dev") == ["use git status"]
        assert await StoreLearnings(again).recall("bia", "dev") == []
    finally:
        await again.close()
