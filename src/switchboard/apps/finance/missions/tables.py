"""SQL table of mission telemetry (spec 001 §10), on the store's shared `metadata`.

One row per mission. The columns the weekly analyses filter and group on are real columns
(start time, status, coordinator, complexity, override, feedback, follow-up); the whole record
is kept as JSON in `record`, so adding a field to `MissionTelemetry` needs no migration. No
foreign key to sessions: telemetry outlives the conversation.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from switchboard import MigrationLocation
from switchboard.store import UtcDateTime, metadata

finance_missions = sa.Table(
    "finance_missions",
    metadata,
    sa.Column("missao_id", sa.String(64), primary_key=True),
    sa.Column("user_id", sa.String(128), nullable=False),
    sa.Column("started_at", UtcDateTime, nullable=False),
    sa.Column("status", sa.String(24), nullable=False),
    sa.Column("coordinator", sa.String(40), nullable=False),
    sa.Column("complexity", sa.String(24), nullable=False),
    sa.Column("override", sa.Boolean, nullable=False),
    sa.Column("feedback", sa.String(4), nullable=True),
    sa.Column("followup", sa.Boolean, nullable=False),
    sa.Column("record", sa.JSON, nullable=False),
    sa.Index("ix_finance_missions_started_at", "started_at"),
    sa.Index("ix_finance_missions_user_id_started_at", "user_id", "started_at"),
)

MIGRATIONS = MigrationLocation(tables=__name__, versions=Path(__file__).with_name("migrations"))
"""This table and its revisions (`migrations/`, branch `finance_missions`): what the
`switchboard.migrations` entry point naming this module registers."""

__all__ = ["MIGRATIONS", "finance_missions"]
