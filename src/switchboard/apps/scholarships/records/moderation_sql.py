"""The moderation log on SQLite or PostgreSQL."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from switchboard import SqlContext
from switchboard.apps.scholarships.records.moderation import ModerationEntry, check, check_limit
from switchboard.apps.scholarships.records.tables import moderation_log as t


class SqlModeration:
    def __init__(self, context: SqlContext) -> None:
        self._runner = context.runner
        self._clock = context.clock

    async def record(
        self, user_id: str, session_id: str, category: str, message: str
    ) -> ModerationEntry:
        row = {
            "user_id": user_id,
            "session_id": session_id,
            "category": category,
            "message": check(user_id, session_id, category, message),
            "created_at": self._clock.now(),
        }
        return await self._runner.write(_insert, row)

    async def recent(
        self, limit: int = 50, *, category: str | None = None, since: datetime | None = None
    ) -> list[ModerationEntry]:
        check_limit(limit)
        return await self._runner.read(_recent, limit, category, since)

    async def count_by_category(self, since: datetime | None = None) -> dict[str, int]:
        return await self._runner.read(_count_by_category, since)


def _insert(conn: Connection, row: dict[str, Any]) -> ModerationEntry:
    new_id = conn.execute(sa.insert(t).values(row).returning(t.c.id)).scalar_one()
    return ModerationEntry(id=new_id, **row)


def _recent(
    conn: Connection, limit: int, category: str | None, since: datetime | None
) -> list[ModerationEntry]:
    query = sa.select(t).order_by(t.c.id.desc()).limit(limit)
    if category is not None:
        query = query.where(t.c.category == category)
    if since is not None:
        query = query.where(t.c.created_at >= since)
    return [ModerationEntry.model_validate(dict(row._mapping)) for row in conn.execute(query)]


def _count_by_category(conn: Connection, since: datetime | None) -> dict[str, int]:
    query = sa.select(t.c.category, sa.func.count()).group_by(t.c.category)
    if since is not None:
        query = query.where(t.c.created_at >= since)
    return dict(sorted((category, int(n)) for category, n in conn.execute(query)))


__all__ = ["SqlModeration"]
