"""Jobs (spec 004): jobs, their dependency edges, the side-effect journal, worker heartbeats.

Revision ID: jobs_0001
Revises: 0002_identity
Create Date: 2026-11-23

Mirrors `switchboard.patterns.jobs.tables`. DBOS keeps its own tables (workflow status, step
outputs, queues, messages) and migrates them itself at launch.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from switchboard.store.sql.tables import UtcDateTime

revision: str = "jobs_0001"
down_revision: str | None = "0002_identity"
branch_labels: str | Sequence[str] | None = ("jobs",)
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.String(128), nullable=False),
        sa.Column("user_id", sa.String(64), nullable=False),
        sa.Column("parent_id", sa.String(128), nullable=True),
        sa.Column("root_id", sa.String(128), nullable=False),
        sa.Column("queue", sa.String(64), nullable=False),
        sa.Column("persona", sa.String(64), nullable=False),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("priority", sa.Integer(), nullable=False),
        sa.Column("dedup_key", sa.String(200), nullable=True),
        sa.Column("decision", sa.Text(), nullable=True),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("updated_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_jobs"),
    )
    op.create_index("ix_jobs_user_created", "jobs", ["user_id", "created_at"])
    op.create_index("ix_jobs_parent", "jobs", ["parent_id"])
    op.create_index("ix_jobs_user_dedup", "jobs", ["user_id", "dedup_key"])
    op.create_table(
        "job_deps",
        sa.Column("job_id", sa.String(128), nullable=False),
        sa.Column("depends_on", sa.String(128), nullable=False),
        sa.PrimaryKeyConstraint("job_id", "depends_on", name="pk_job_deps"),
    )
    op.create_index("ix_job_deps_depends_on", "job_deps", ["depends_on"])
    op.create_table(
        "job_effects",
        sa.Column("key", sa.String(300), nullable=False),
        sa.Column("job_id", sa.String(128), nullable=False),
        sa.Column("tool", sa.String(128), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("ok", sa.Boolean(), nullable=True),
        sa.Column("output", sa.Text(), nullable=True),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("updated_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_job_effects"),
    )
    op.create_table(
        "job_workers",
        sa.Column("executor_id", sa.String(128), nullable=False),
        sa.Column("queues", sa.Text(), nullable=False),
        sa.Column("started_at", UtcDateTime(), nullable=False),
        sa.Column("heartbeat_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("executor_id", name="pk_job_workers"),
    )


def downgrade() -> None:
    op.drop_table("job_workers")
    op.drop_table("job_effects")
    op.drop_index("ix_job_deps_depends_on", table_name="job_deps")
    op.drop_table("job_deps")
    op.drop_index("ix_jobs_user_dedup", table_name="jobs")
    op.drop_index("ix_jobs_parent", table_name="jobs")
    op.drop_index("ix_jobs_user_created", table_name="jobs")
    op.drop_table("jobs")
