"""Jobs (spec 004): the personas' long-term memory, `job_learnings`.

Revision ID: jobs_0002
Revises: jobs_0001
Create Date: 2026-11-23

Mirrors `switchboard.patterns.jobs.tables.job_learnings` (read through
`switchboard.patterns.jobs.learnings.LEARNINGS`).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from switchboard.store.sql.tables import UtcDateTime

revision: str = "jobs_0002"
down_revision: str | None = "jobs_0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "job_learnings",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(64), nullable=False),
        sa.Column("persona", sa.String(64), nullable=False),
        sa.Column("key", sa.String(300), nullable=False),
        sa.Column("text_hash", sa.String(64), nullable=False),
        sa.Column("learning", sa.Text(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_job_learnings"),
        sa.UniqueConstraint("key", "user_id", "persona", name="uq_job_learnings_key"),
        sa.UniqueConstraint("text_hash", "user_id", "persona", name="uq_job_learnings_text_hash"),
    )
    op.create_index("ix_job_learnings_owner", "job_learnings", ["user_id", "persona", "id"])


def downgrade() -> None:
    op.drop_index("ix_job_learnings_owner", table_name="job_learnings")
    op.drop_table("job_learnings")
