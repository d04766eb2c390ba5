"""Knowledge index fixtures on the three backends — in-memory, SQLite (a temp file, through the
real migrations) and PostgreSQL (never skipped when the server is down) — from the
`repository_backends` plugin (`switchboard/testing/`, loaded by `tests/conftest.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from switchboard.core.clock import ManualClock
from switchboard.knowledge.index import KNOWLEDGE, SqlKnowledgeIndex, in_memory_index
from switchboard.knowledge.ingest import ingest_packaged
from switchboard.store.repository import Repository

EDITAIS = Path(__file__).resolve().parent / "editais"
"""The Sisu and Prouni 2026 editais as extracted from their PDFs (with the `(cid:NN)` artifacts),
a copy of the team's shared `data/knowledge`, so these tests run on any clean clone."""


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def backend_clock(clock: ManualClock) -> ManualClock:
    return clock


@pytest.fixture
def repository_kind() -> Repository[SqlKnowledgeIndex]:
    return KNOWLEDGE


@pytest.fixture
def index(repository: SqlKnowledgeIndex) -> SqlKnowledgeIndex:
    """The knowledge index on each backend (the `repository_backends` plugin)."""
    return repository


@pytest.fixture
def corpus_dir() -> Path:
    return EDITAIS


@pytest.fixture
async def packaged_index() -> SqlKnowledgeIndex:
    """The packaged Sisu/Prouni 2026 corpus in an in-memory index: what the app answers from.
    Modules about answers (not backends) bind their `index` to it."""
    built = in_memory_index()
    await ingest_packaged(built)
    return built
