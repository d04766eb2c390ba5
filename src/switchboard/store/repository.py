"""Repositories: one kind of record, one implementation per backend, reached through the store.

The core store keeps sessions, messages, facts/summaries and feedback (the turn's hot path, laid
out together on purpose). Every other kind of record — a finance ledger, scholarship
opportunities, the knowledge index, jobs, telemetry, the moderation log — is a *repository* that
an app or pattern declares in its own module and asks the store for:

    LEDGER = Repository("finance.ledger", memory=InMemoryLedger, sql=SqlLedger)

    ledger = store.repository(LEDGER)   # the same object for the store's whole life

`memory` builds the in-memory implementation from the store's clock; `sql` builds the SQL one
from a `SqlContext` (the store's unit-of-work runner, its dialect and clock). Adding a kind never
edits the store: its SQL tables live on `switchboard.store.sql.tables.metadata` in the kind's
module, and its Alembic revisions are on a branch of their own (`down_revision =
"0002_identity"`, `branch_labels = ("<kind>",)`) in a folder named by a `switchboard.migrations`
entry point (`store/sql/locations.py`; the reference apps keep theirs in their own packages, the
platform's own kinds in `store/sql/migrations/versions/`), so independent kinds migrate
independently (the store upgrades to `heads`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, cast

from switchboard.core.clock import Clock

if TYPE_CHECKING:
    from switchboard.store.sql.runner import Runner

R = TypeVar("R")

Dialect = Literal["sqlite", "postgresql"]


@dataclass(frozen=True, slots=True)
class SqlContext:
    """What a SQL repository gets from its store."""

    runner: Runner
    """Runs a unit of work (a plain function on a sync `Connection`) as one transaction:
    `await runner.read(unit, *args)` / `await runner.write(unit, *args)`."""
    dialect: Dialect
    clock: Clock


@dataclass(frozen=True, slots=True)
class Repository(Generic[R]):
    """A kind of record: its name (unique; the store caches one instance per name) and how to
    build it on each backend."""

    name: str
    memory: Callable[[Clock], R]
    sql: Callable[[SqlContext], R]


class RepositoryCache:
    """One instance per repository kind for one store (built on first use)."""

    __slots__ = ("_build", "_built")

    def __init__(self, build: Callable[[Repository[Any]], Any]) -> None:
        self._build = build
        self._built: dict[str, Any] = {}

    def get(self, kind: Repository[R]) -> R:
        built = self._built.get(kind.name)
        if built is None:
            built = self._built[kind.name] = self._build(kind)
        return cast(R, built)


__all__ = ["Dialect", "Repository", "RepositoryCache", "SqlContext"]
