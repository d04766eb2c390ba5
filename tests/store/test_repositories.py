"""A kind of record plugged into the store without editing it: one declaration, one
implementation per backend, the same instance for the store's life, the store's clock."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from switchboard.core.clock import Clock
from switchboard.store.repository import Repository, SqlContext

_notes = sa.table("test_notes", sa.column("text", sa.Text), sa.column("at", sa.Text))


class MemoryNotes:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.rows: list[tuple[str, datetime]] = []
        self.backend = "memory"

    async def add(self, text: str) -> None:
        self.rows.append((text, self.clock.now()))

    async def all(self) -> list[str]:
        return [text for text, _ in self.rows]


def _create(conn: Connection) -> None:
    conn.execute(sa.text("CREATE TABLE IF NOT EXISTS test_notes (text TEXT, at TEXT)"))


def _add(conn: Connection, text: str, at: str) -> None:
    conn.execute(sa.insert(_notes).values(text=text, at=at))


def _drop(conn: Connection) -> None:
    conn.execute(sa.text("DROP TABLE IF EXISTS test_notes"))


def _all(conn: Connection) -> list[str]:
    return [row.text for row in conn.execute(sa.select(_notes.c.text).order_by(_notes.c.at))]


class SqlNotes:
    def __init__(self, context: SqlContext) -> None:
        self.context = context
        self.backend = context.dialect

    async def add(self, text: str) -> None:
        await self.context.runner.write(_create)
        await self.context.runner.write(_add, text, self.context.clock.now().isoformat())

    async def all(self) -> list[str]:
        await self.context.runner.write(_create)
        return await self.context.runner.read(_all)

    async def drop(self) -> None:
        await self.context.runner.write(_drop)


NOTES = Repository("test.notes", memory=MemoryNotes, sql=SqlNotes)


async def test_a_repository_is_built_once_per_store_on_its_backend(store, clock):
    notes = store.repository(NOTES)

    await notes.add("primeira")
    await clock.advance(1)
    await notes.add("segunda")

    try:
        assert store.repository(NOTES) is notes
        assert await notes.all() == ["primeira", "segunda"]
    finally:
        if isinstance(notes, SqlNotes):
            await notes.drop()  # the PostgreSQL database is shared by the session
    expected = {"InMemoryStore": "memory", "SqlStore": None}[type(store).__name__]
    assert notes.backend == (expected or store.url.get_backend_name())
