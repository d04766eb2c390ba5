"""OpenAI-compatible conversations on SQLite or PostgreSQL: one row per session."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from switchboard.store.repository import SqlContext
from switchboard.store.sql.tables import metadata

openai_conversations = sa.Table(
    "openai_conversations",
    metadata,
    sa.Column(
        "session_id",
        sa.String(200),
        sa.ForeignKey("sessions.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("user_id", sa.String(200), nullable=False),
    sa.Column("fingerprint", sa.String(64), nullable=False),
    sa.Index("ix_openai_conversations_user_fingerprint", "user_id", "fingerprint"),
)
t = openai_conversations


class SqlConversations:
    def __init__(self, context: SqlContext) -> None:
        self._runner = context.runner

    async def find(self, user_id: str, fingerprint: str) -> str | None:
        return await self._runner.read(_find, user_id, fingerprint)

    async def remember(self, user_id: str, fingerprint: str, session_id: str) -> None:
        await self._runner.write(_remember, user_id, fingerprint, session_id)


def _find(conn: Connection, user_id: str, fingerprint: str) -> str | None:
    query = (
        sa.select(t.c.session_id)
        .where(t.c.user_id == user_id, t.c.fingerprint == fingerprint)
        .limit(1)
    )
    return conn.execute(query).scalar_one_or_none()


def _remember(conn: Connection, user_id: str, fingerprint: str, session_id: str) -> None:
    """Delete-then-insert in one transaction: portable (no dialect upsert) and it also drops
    another session's claim on the same history, so `find` has one answer."""
    conn.execute(
        sa.delete(t).where(
            sa.or_(
                t.c.session_id == session_id,
                sa.and_(t.c.user_id == user_id, t.c.fingerprint == fingerprint),
            )
        )
    )
    conn.execute(
        sa.insert(t).values(session_id=session_id, user_id=user_id, fingerprint=fingerprint)
    )


__all__ = ["SqlConversations", "openai_conversations"]
