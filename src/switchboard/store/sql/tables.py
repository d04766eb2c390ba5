"""Schema of the SQL store, as SQLAlchemy Core tables.

The Alembic revisions in `migrations/` create exactly these tables; `tests/store` checks the two
stay identical.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Dialect

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = sa.MetaData(naming_convention=NAMING)
"""The SQLAlchemy metadata of every platform table (with the naming convention), for apps that
add tables beside them."""

OptionalJSON = sa.JSON(none_as_null=True)
"""JSON where Python None is SQL NULL (cheaper to read back than the JSON text 'null')."""


class UtcDateTime(sa.TypeDecorator[datetime]):
    """A timezone-aware UTC timestamp on every backend.

    PostgreSQL keeps `timestamptz`; SQLite has no time zones, so the value is stored as naive UTC
    (which also keeps its text form sortable) and comes back tagged as UTC.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        value = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        moment: datetime = value
        if moment.tzinfo is UTC:
            return moment
        if moment.tzinfo is None:
            return moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)

    def result_processor(self, dialect: Dialect, coltype: Any) -> Any:
        if dialect.name != "sqlite":
            return super().result_processor(dialect, coltype)

        # SQLite hands back text; one C-level parse beats the generic regex-based processor
        # (timestamps are read on every history load).
        def process(value: str | None) -> datetime | None:
            return None if value is None else datetime.fromisoformat(value).replace(tzinfo=UTC)

        return process


def _session_fk() -> sa.ForeignKey:
    return sa.ForeignKey("sessions.id", ondelete="CASCADE")


sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id", sa.String(200), primary_key=True),
    sa.Column("user_id", sa.String(200), nullable=False),
    sa.Column("app", sa.String(100), nullable=False, server_default=""),
    sa.Column("title", sa.Text, nullable=False, server_default=""),
    sa.Column("state", sa.JSON, nullable=False),
    sa.Column("message_count", sa.Integer, nullable=False, server_default="0"),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("updated_at", UtcDateTime, nullable=False),
    sa.Index("ix_sessions_user_id_updated_at", "user_id", "updated_at"),
)

messages = sa.Table(
    "messages",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("session_id", sa.String(200), _session_fk(), nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("content", sa.Text, nullable=False),
    sa.Column("tool_calls", OptionalJSON, nullable=True),
    sa.Column("tool_call_id", sa.String(200), nullable=True),
    sa.Column("name", sa.String(200), nullable=True),
    sa.Column("agent", sa.String(200), nullable=True),
    sa.Column("metadata", OptionalJSON, nullable=True, key="meta"),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.UniqueConstraint("session_id", "seq", name="uq_messages_session_id_seq"),
)

facts = sa.Table(
    "facts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("session_id", sa.String(200), _session_fk(), nullable=False),
    sa.Column("key", sa.String(200), nullable=False),
    sa.Column("value", sa.JSON, nullable=True),
    sa.Column("updated_at", UtcDateTime, nullable=False),
    sa.UniqueConstraint("session_id", "key", name="uq_facts_session_id_key"),
)

summaries = sa.Table(
    "summaries",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("session_id", sa.String(200), _session_fk(), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("upto_seq", sa.Integer, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Index("ix_summaries_session_id_id", "session_id", "id"),
)

feedback = sa.Table(
    "feedback",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("message_id", sa.String(64), nullable=False),
    sa.Column("session_id", sa.String(200), _session_fk(), nullable=False),
    sa.Column("user_id", sa.String(200), nullable=False),
    sa.Column("rating", sa.String(8), nullable=False),
    sa.Column("comment", sa.Text, nullable=False, server_default=""),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.UniqueConstraint("message_id", "user_id", name="uq_feedback_message_id_user_id"),
    sa.Index("ix_feedback_session_id_id", "session_id", "id"),
)

# Identity: people and their API keys (keys stored only as SHA-256 digests).
users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
)

api_keys = sa.Table(
    "api_keys",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column(
        "user_id",
        sa.String(64),
        sa.ForeignKey("users.id", ondelete="CASCADE", name="fk_api_keys_user_id_users"),
        nullable=False,
    ),
    sa.Column("key_hash", sa.String(64), nullable=False),
    sa.Column("prefix", sa.String(16), nullable=False),
    sa.Column("label", sa.String(64), nullable=False, server_default=""),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.UniqueConstraint("key_hash", name="uq_api_keys_key_hash"),
    sa.Index("ix_api_keys_user_id", "user_id"),
)
