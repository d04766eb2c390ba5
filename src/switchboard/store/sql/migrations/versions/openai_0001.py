"""OpenAI-compatible conversations: which session a header-less conversation lives in (the
table of `switchboard.server.conversations_sql`).

Revision ID: openai_0001
Revises: 0002_identity
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "openai_0001"
down_revision: str | None = "0002_identity"
branch_labels: str | Sequence[str] | None = ("openai",)
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "openai_conversations",
        sa.Column("session_id", sa.String(200), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("session_id", name="pk_openai_conversations"),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name="fk_openai_conversations_session_id_sessions",
            ondelete="CASCADE",
        ),
    )
    op.create_index(
        "ix_openai_conversations_user_fingerprint",
        "openai_conversations",
        ["user_id", "fingerprint"],
    )


def downgrade() -> None:
    op.drop_index("ix_openai_conversations_user_fingerprint", "openai_conversations")
    op.drop_table("openai_conversations")
