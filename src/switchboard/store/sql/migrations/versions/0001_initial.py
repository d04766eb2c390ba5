"""Initial schema: sessions, messages, facts, summaries, feedback.

Revision ID: 0001_initial
Revises:
Create Date: 2026-05-09
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TS = sa.DateTime(timezone=True)


def _session_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["session_id"], ["sessions.id"], ondelete="CASCADE", name=f"fk_{table}_session_id_sessions"
    )


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(200), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("app", sa.String(100), nullable=False, server_default=""),
        sa.Column("title", sa.Text, nullable=False, server_default=""),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("message_count", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sessions"),
    )
    op.create_index("ix_sessions_user_id_updated_at", "sessions", ["user_id", "updated_at"])

    op.create_table(
        "messages",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("session_id", sa.String(200), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("content", sa.Text, nullable=False),
        sa.Column("tool_calls", sa.JSON, nullable=True),
        sa.Column("tool_call_id", sa.String(200), nullable=True),
        sa.Column("name", sa.String(200), nullable=True),
        sa.Column("agent", sa.String(200), nullable=True),
        sa.Column("metadata", sa.JSON, nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_messages"),
        _session_fk("messages"),
        sa.UniqueConstraint("session_id", "seq", name="uq_messages_session_id_seq"),
    )

    op.create_table(
        "facts",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("session_id", sa.String(200), nullable=False),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("value", sa.JSON, nullable=True),
        sa.Column("updated_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_facts"),
        _session_fk("facts"),
        sa.UniqueConstraint("session_id", "key", name="uq_facts_session_id_key"),
    )

    op.create_table(
        "summaries",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("session_id", sa.String(200), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("upto_seq", sa.Integer, nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_summaries"),
        _session_fk("summaries"),
    )
    op.create_index("ix_summaries_session_id_id", "summaries", ["session_id", "id"])

    op.create_table(
        "feedback",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("message_id", sa.String(64), nullable=False),
        sa.Column("session_id", sa.String(200), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("rating", sa.String(8), nullable=False),
        sa.Column("comment", sa.Text, nullable=False, server_default=""),
        sa.Column("created_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_feedback"),
        _session_fk("feedback"),
        sa.UniqueConstraint("message_id", "user_id", name="uq_feedback_message_id_user_id"),
    )
    op.create_index("ix_feedback_session_id_id", "feedback", ["session_id", "id"])


def downgrade() -> None:
    for table in ("feedback", "summaries", "facts", "messages", "sessions"):
        op.drop_table(table)
