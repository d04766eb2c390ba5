"""The personas' long-term memory as a store repository: learnings that survive restarts.

A job's agent promotes a learning with the memory tool (`tools/memory.py`); later jobs of the
same persona *for the same user* see it in their prompts (`LongTermMemory.recall`). Kept per
(user, persona) — nothing crosses users — in the Switchboard store (`job_learnings`, Alembic
`jobs_0002`), so every worker process and the server share it; the in-memory implementation
serves tests and the `memory://` store.

    memory = StoreLearnings(store)        # what `jobs_setup(memory=…)` takes
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from switchboard.core.clock import Clock
from switchboard.patterns.jobs.tables import job_learnings as t
from switchboard.patterns.jobs.tools.memory import InMemoryLongTermMemory, LongTermMemory
from switchboard.store.base import Store
from switchboard.store.repository import Repository, SqlContext


def text_hash(learning: str) -> str:
    return hashlib.sha256(learning.encode()).hexdigest()


class SqlLongTermMemory:
    """`LongTermMemory` on SQLite or PostgreSQL: one row per learning; a repeated key (a
    replayed tool call) or text (the same lesson again) is not stored twice."""

    def __init__(self, context: SqlContext) -> None:
        self._runner = context.runner
        self._clock = context.clock
        insert = postgresql.insert(t) if context.dialect == "postgresql" else sqlite.insert(t)
        self._insert = insert.on_conflict_do_nothing()

    async def promote(self, user_id: str, persona: str, learning: str, key: str | None) -> bool:
        digest = text_hash(learning)
        row = {
            "user_id": user_id,
            "persona": persona,
            "key": key or f"text:{digest}",
            "text_hash": digest,
            "learning": learning,
            "created_at": self._clock.now(),
        }
        return await self._runner.write(_insert, self._insert, row)

    async def recall(self, user_id: str, persona: str, limit: int = 20) -> list[str]:
        return await self._runner.read(_recall, user_id, persona, limit)


def _insert(conn: Connection, statement: sa.Insert, row: dict[str, object]) -> bool:
    return conn.execute(statement.values(row)).rowcount > 0


def _recall(conn: Connection, user_id: str, persona: str, limit: int) -> list[str]:
    newest = conn.execute(
        sa.select(t.c.learning)
        .where(t.c.user_id == user_id, t.c.persona == persona)
        .order_by(t.c.id.desc())
        .limit(limit)
    ).scalars()
    return list(reversed(list(newest)))


def _in_memory(clock: Clock) -> LongTermMemory:
    return InMemoryLongTermMemory()


LEARNINGS: Repository[LongTermMemory] = Repository(
    "jobs.learnings", memory=_in_memory, sql=SqlLongTermMemory
)


@dataclass(slots=True)
class StoreLearnings:
    """`LongTermMemory` on a store's `LEARNINGS`, the store initialised (migrated) before the
    first use: a worker may run a job before anything else in its process touched the store."""

    store: Store
    _ready: bool = False
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def _memory(self) -> LongTermMemory:
        if not self._ready:
            async with self._lock:
                if not self._ready:
                    await self.store.init()
                    self._ready = True
        return self.store.repository(LEARNINGS)

    async def promote(self, user_id: str, persona: str, learning: str, key: str | None) -> bool:
        return await (await self._memory()).promote(user_id, persona, learning, key)

    async def recall(self, user_id: str, persona: str, limit: int = 20) -> list[str]:
        return await (await self._memory()).recall(user_id, persona, limit)


__all__ = ["LEARNINGS", "SqlLongTermMemory", "StoreLearnings", "text_hash"]
