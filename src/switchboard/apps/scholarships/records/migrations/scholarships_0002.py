"""Scholarship assistant: the Enem redação score in the student profile.

Revision ID: scholarships_0002
Revises: scholarships_0001
Create Date: 2026-11-27

The redação score a student gives (during onboarding, say) was kept only in the session, so a
Prouni simulation in a later conversation asked for it again (item 1.2 needs it above zero).
Mirrors `switchboard.apps.scholarships.records.tables.profiles`.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "scholarships_0002"
down_revision: str | None = "scholarships_0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("scholarship_profiles", sa.Column("essay_score", sa.Float, nullable=True))


def downgrade() -> None:
    op.drop_column("scholarship_profiles", "essay_score")
