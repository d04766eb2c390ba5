"""Jobs (spec 004): `ix_jobs_root`, the covering index event streams poll.

Revision ID: jobs_0003
Revises: jobs_0002
Create Date: 2026-11-26

`GET /jobs/{id}/events` reads a tree's (id, parent, status, updated_at) from this index and
re-reads a job's `record` only when its `updated_at` moved (before: the whole tree's records,
parsed, every 0.25 s per stream). Mirrors `switchboard.patterns.jobs.tables.jobs`.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "jobs_0003"
down_revision: str | None = "jobs_0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ["root_id", "id", "parent_id", "status", "updated_at"]


def upgrade() -> None:
    op.create_index("ix_jobs_root", "jobs", COLUMNS)


def downgrade() -> None:
    op.drop_index("ix_jobs_root", table_name="jobs")
