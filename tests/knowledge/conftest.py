"""Knowledge index fixtures on the three backends: in-memory, SQLite (a temp file, through the
real migrations) and PostgreSQL (a fresh database created through `SWITCHBOARD_TEST_PG_URL`,
dropped at the end of the session; never skipped when the server is down)."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from switchboard.core.clock import ManualClock
from switchboard.knowledge.index import KNOWLEDGE, SqlKnowledgeIndex
from switchboard.store.in_memory import InMemoryStore
from switchboard.store.sql.store import SqlStore

PG_ADMIN_URL = os.environ.get(
    "SWITCHBOARD_TEST_PG_URL", "postgresql://postgres@127.0.0.1:5432/test"
)
EDITAIS = Path(__file__).resolve().parent / "editais"
"""The Sisu and Prouni 2026 editais as extracted from their PDFs (with the `(cid:NN)` artifacts),
a copy of the team's shared `data/knowledge`, so these tests run on any clean clone."""


async def _pg_admin(statement: str) -> None:
    conn = await asyncpg.connect(PG_ADMIN_URL)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


def _run(coro_fn, *args) -> None:
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, coro_fn(*args)).result()


@pytest.fixture(scope="session")
def knowledge_pg_url() -> Iterator[str]:
    name = f"sb_knowledge_{uuid.uuid4().hex[:12]}"
    _run(_pg_admin, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(PG_ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        _run(_pg_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def index(request, clock, tmp_path) -> AsyncIterator[SqlKnowledgeIndex]:
    if request.param == "memory":
        yield InMemoryStore(clock=clock).repository(KNOWLEDGE)
        return
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'knowledge.db'}"
    else:
        url = request.getfixturevalue("knowledge_pg_url")
    store = SqlStore(url, clock=clock)
    await store.init()
    repo = store.repository(KNOWLEDGE)
    for document in await repo.documents():  # the PostgreSQL database lives for the session
        await repo.delete_document(document.id)
    try:
        yield repo
    finally:
        await store.close()


@pytest.fixture
def corpus_dir() -> Path:
    return EDITAIS
