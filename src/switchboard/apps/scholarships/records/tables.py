"""SQL tables of the scholarship app and of the platform records it brought (moderation log,
learning signals, golden examples), on the store's shared `metadata`.

Importing this module registers them; the Alembic revision `scholarships_0001` creates exactly
these. None has a foreign key to `sessions`: the moderation log and golden examples must outlive
the conversation they came from (an audit trail, a curated example), opportunities and profiles
are not owned by a session, and signals are analytics keyed by session id, kept the same way on
every backend (the in-memory repositories cannot see the store's sessions).

Layout decisions:
- `scholarship_opportunities.course_key` / `city_key` hold the accent-free lower-case names
  (`text.normalize`), so accent-insensitive matching is an indexed equality or IN on every
  backend, with no `unaccent` extension and no collation tricks.
- Scores are `Float` (ENEM scores have two decimals and are compared, never summed as money);
  money is integer cents (`*_cents`), exact on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from switchboard import MigrationLocation
from switchboard.store import UtcDateTime, metadata

opportunities = sa.Table(
    "scholarship_opportunities",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("course", sa.String(200), nullable=False),
    sa.Column("course_key", sa.String(200), nullable=False),
    sa.Column("degree", sa.String(16), nullable=False),
    sa.Column("institution", sa.String(200), nullable=False),
    sa.Column("institution_acronym", sa.String(32), nullable=False),
    sa.Column("institution_type", sa.String(8), nullable=False),
    sa.Column("city", sa.String(120), nullable=False),
    sa.Column("city_key", sa.String(120), nullable=False),
    sa.Column("uf", sa.String(2), nullable=False),
    sa.Column("shift", sa.String(12), nullable=False),
    sa.Column("modality", sa.String(16), nullable=False),
    sa.Column("cutoff", sa.Float, nullable=False),
    sa.Column("vagas", sa.Integer, nullable=False),
    sa.Column("mec_grade", sa.Integer, nullable=False),
    sa.Index("ix_scholarship_opportunities_course_key", "course_key"),
    sa.Index("ix_scholarship_opportunities_uf_city_key", "uf", "city_key"),
)

profiles = sa.Table(
    "scholarship_profiles",
    metadata,
    sa.Column("user_id", sa.String(200), primary_key=True),
    sa.Column("name", sa.String(120), nullable=True),
    sa.Column("age", sa.Integer, nullable=True),
    sa.Column("city", sa.String(120), nullable=True),
    sa.Column("uf", sa.String(2), nullable=True),
    sa.Column("education", sa.String(32), nullable=True),
    sa.Column("onboarding_completed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("course_interest", sa.String(200), nullable=True),
    sa.Column("enem_score", sa.Float, nullable=True),
    sa.Column("essay_score", sa.Float, nullable=True),
    sa.Column("shifts", sa.JSON, nullable=False),
    sa.Column("institution_type", sa.String(12), nullable=True),
    sa.Column("household_size", sa.Integer, nullable=True),
    sa.Column("household_income_cents", sa.BigInteger, nullable=True),
    sa.Column("per_capita_income_cents", sa.BigInteger, nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("updated_at", UtcDateTime, nullable=False),
)

moderation_log = sa.Table(
    "moderation_log",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("user_id", sa.String(200), nullable=False),
    sa.Column("session_id", sa.String(200), nullable=False),
    sa.Column("category", sa.String(64), nullable=False),
    sa.Column("message", sa.Text, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Index("ix_moderation_log_created_at", "created_at"),
)

learning_signals = sa.Table(
    "learning_signals",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("user_id", sa.String(200), nullable=False),
    sa.Column("session_id", sa.String(200), nullable=False),
    sa.Column("payload", sa.JSON, nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Index("ix_learning_signals_kind_created_at", "kind", "created_at"),
)

golden_examples = sa.Table(
    "golden_examples",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(64), nullable=False),
    sa.Column("question", sa.Text, nullable=False),
    sa.Column("answer", sa.Text, nullable=False),
    sa.Column("agent", sa.String(200), nullable=False),
    sa.Column("source_session_id", sa.String(200), nullable=True),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("score", sa.Float, nullable=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("reviewed_at", UtcDateTime, nullable=True),
    sa.UniqueConstraint("key", name="uq_golden_examples_key"),
    sa.Index("ix_golden_examples_status_agent", "status", "agent"),
)

TABLES = (opportunities, profiles, moderation_log, learning_signals, golden_examples)
"""Every table this module adds (the migration test compares exactly these)."""

MIGRATIONS = MigrationLocation(tables=__name__, versions=Path(__file__).with_name("migrations"))
"""These tables and their revisions (`migrations/`, branch `scholarships`): what the
`switchboard.migrations` entry point naming this module registers."""

__all__ = [
    "MIGRATIONS",
    "TABLES",
    "golden_examples",
    "learning_signals",
    "moderation_log",
    "opportunities",
    "profiles",
]
