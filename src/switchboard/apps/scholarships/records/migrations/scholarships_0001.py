"""Scholarship assistant: opportunities, student profiles, moderation log, learning signals and
golden examples (the tables of `switchboard.apps.scholarships.records.tables`).

Revision ID: scholarships_0001
Revises: 0002_identity
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "scholarships_0001"
down_revision: str | None = "0002_identity"
branch_labels: str | Sequence[str] | None = ("scholarships",)
depends_on: str | Sequence[str] | None = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "scholarship_opportunities",
        sa.Column("id", sa.String(32), nullable=False),
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
        sa.PrimaryKeyConstraint("id", name="pk_scholarship_opportunities"),
    )
    op.create_index(
        "ix_scholarship_opportunities_course_key", "scholarship_opportunities", ["course_key"]
    )
    op.create_index(
        "ix_scholarship_opportunities_uf_city_key",
        "scholarship_opportunities",
        ["uf", "city_key"],
    )

    op.create_table(
        "scholarship_profiles",
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("name", sa.String(120), nullable=True),
        sa.Column("age", sa.Integer, nullable=True),
        sa.Column("city", sa.String(120), nullable=True),
        sa.Column("uf", sa.String(2), nullable=True),
        sa.Column("education", sa.String(32), nullable=True),
        sa.Column("onboarding_completed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("course_interest", sa.String(200), nullable=True),
        sa.Column("enem_score", sa.Float, nullable=True),
        sa.Column("shifts", sa.JSON, nullable=False),
        sa.Column("institution_type", sa.String(12), nullable=True),
        sa.Column("household_size", sa.Integer, nullable=True),
        sa.Column("household_income_cents", sa.BigInteger, nullable=True),
        sa.Column("per_capita_income_cents", sa.BigInteger, nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("user_id", name="pk_scholarship_profiles"),
    )

    op.create_table(
        "moderation_log",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("session_id", sa.String(200), nullable=False),
        sa.Column("category", sa.String(64), nullable=False),
        sa.Column("message", sa.Text, nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_moderation_log"),
    )
    op.create_index("ix_moderation_log_created_at", "moderation_log", ["created_at"])

    op.create_table(
        "learning_signals",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("session_id", sa.String(200), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_learning_signals"),
    )
    op.create_index(
        "ix_learning_signals_kind_created_at", "learning_signals", ["kind", "created_at"]
    )

    op.create_table(
        "golden_examples",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("agent", sa.String(200), nullable=False),
        sa.Column("source_session_id", sa.String(200), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("reviewed_at", TS, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_golden_examples"),
        sa.UniqueConstraint("key", name="uq_golden_examples_key"),
    )
    op.create_index("ix_golden_examples_status_agent", "golden_examples", ["status", "agent"])


def downgrade() -> None:
    op.drop_index("ix_golden_examples_status_agent", table_name="golden_examples")
    op.drop_table("golden_examples")
    op.drop_index("ix_learning_signals_kind_created_at", table_name="learning_signals")
    op.drop_table("learning_signals")
    op.drop_index("ix_moderation_log_created_at", table_name="moderation_log")
    op.drop_table("moderation_log")
    op.drop_table("scholarship_profiles")
    op.drop_index(
        "ix_scholarship_opportunities_uf_city_key", table_name="scholarship_opportunities"
    )
    op.drop_index("ix_scholarship_opportunities_course_key", table_name="scholarship_opportunities")
    op.drop_table("scholarship_opportunities")
