"""SQL tables of the jobs pattern (on the store's shared `metadata`; created by the Alembic
revision `jobs_0001` on its own branch).

- `jobs`: one row per job; the whole typed `Job` is the `record` JSON text (written after every
  step), with the columns the API filters and sorts on copied out of it.
- `job_deps`: job → dependency, for the reverse look-up "who waits for this job?".
- `job_effects`: the side-effect journal. A row is inserted (`claimed`) in its own committed
  transaction before a tool call runs, and completed (`done`, with the output) after; a replayed
  call that finds `claimed` without `done` was interrupted mid-effect and is not run again.
- `job_workers`: one heartbeat row per live worker process (DBOS executor id); a row gone stale
  marks a dead worker whose workflows another worker re-enqueues.
- `job_learnings`: the personas' long-term memory (learnings promoted by jobs, per user and
  persona; `learnings.py`). It lives in the Switchboard store's database (Alembic `jobs_0002`),
  like any store repository, not necessarily next to the other three: not in `TABLES`.
"""

from __future__ import annotations

import sqlalchemy as sa

from switchboard.store.sql.tables import UtcDateTime, metadata

jobs = sa.Table(
    "jobs",
    metadata,
    sa.Column("id", sa.String(128), primary_key=True),
    sa.Column("user_id", sa.String(64), nullable=False),
    sa.Column("parent_id", sa.String(128), nullable=True),
    sa.Column("root_id", sa.String(128), nullable=False),
    sa.Column("queue", sa.String(64), nullable=False),
    sa.Column("persona", sa.String(64), nullable=False),
    sa.Column("status", sa.String(32), nullable=False),
    sa.Column("priority", sa.Integer, nullable=False),
    sa.Column("dedup_key", sa.String(200), nullable=True),
    sa.Column("decision", sa.Text, nullable=True),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("updated_at", UtcDateTime, nullable=False),
    sa.Index("ix_jobs_user_created", "user_id", "created_at"),
    sa.Index("ix_jobs_parent", "parent_id"),
    sa.Index("ix_jobs_user_dedup", "user_id", "dedup_key"),
    # covering: an event stream reads a tree's change stamps without touching `record`
    # (Alembic `jobs_0003`)
    sa.Index("ix_jobs_root", "root_id", "id", "parent_id", "status", "updated_at"),
)

job_deps = sa.Table(
    "job_deps",
    metadata,
    sa.Column("job_id", sa.String(128), primary_key=True),
    sa.Column("depends_on", sa.String(128), primary_key=True),
    sa.Index("ix_job_deps_depends_on", "depends_on"),
)

job_effects = sa.Table(
    "job_effects",
    metadata,
    sa.Column("key", sa.String(300), primary_key=True),
    sa.Column("job_id", sa.String(128), nullable=False),
    sa.Column("tool", sa.String(128), nullable=False),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("ok", sa.Boolean, nullable=True),
    sa.Column("output", sa.Text, nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("updated_at", UtcDateTime, nullable=False),
)

job_workers = sa.Table(
    "job_workers",
    metadata,
    sa.Column("executor_id", sa.String(128), primary_key=True),
    sa.Column("queues", sa.Text, nullable=False),
    sa.Column("started_at", UtcDateTime, nullable=False),
    sa.Column("heartbeat_at", UtcDateTime, nullable=False),
)

job_learnings = sa.Table(
    "job_learnings",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("user_id", sa.String(64), nullable=False),
    sa.Column("persona", sa.String(64), nullable=False),
    # the promoting tool call's idempotency key: a replayed call stores nothing new
    sa.Column("key", sa.String(300), nullable=False),
    # sha256 of the learning: the same lesson twice is stored once
    sa.Column("text_hash", sa.String(64), nullable=False),
    sa.Column("learning", sa.Text, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.UniqueConstraint("key", "user_id", "persona"),
    sa.UniqueConstraint("text_hash", "user_id", "persona"),
    sa.Index("ix_job_learnings_owner", "user_id", "persona", "id"),
)

TABLES = (jobs, job_deps, job_effects, job_workers)
"""What `JobStore.create_schema` creates (the engine's own tables)."""

__all__ = ["TABLES", "job_deps", "job_effects", "job_learnings", "job_workers", "jobs"]
