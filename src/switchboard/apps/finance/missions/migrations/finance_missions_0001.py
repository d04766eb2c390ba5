"""Finance mission telemetry (spec 001 §10): the table of
`switchboard.apps.finance.missions.tables`.

Revision ID: finance_missions_0001
Revises: 0002_identity
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "finance_missions_0001"
down_revision: str | None = "0002_identity"
branch_labels: str | Sequence[str] | None = ("finance_missions",)
depends_on: str | Sequence[str] | None = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "finance_missions",
        sa.Column("missao_id", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(128), nullable=False),
        sa.Column("started_at", TS, nullable=False),
        sa.Column("status", sa.String(24), nullable=False),
        sa.Column("coordinator", sa.String(40), nullable=False),
        sa.Column("complexity", sa.String(24), nullable=False),
        sa.Column("override", sa.Boolean, nullable=False),
        sa.Column("feedback", sa.String(4), nullable=True),
        sa.Column("followup", sa.Boolean, nullable=False),
        sa.Column("record", sa.JSON, nullable=False),
        sa.PrimaryKeyConstraint("missao_id", name="pk_finance_missions"),
    )
    op.create_index("ix_finance_missions_started_at", "finance_missions", ["started_at"])
    op.create_index(
        "ix_finance_missions_user_id_started_at", "finance_missions", ["user_id", "started_at"]
    )


def downgrade() -> None:
    op.drop_index("ix_finance_missions_user_id_started_at", table_name="finance_missions")
    op.drop_index("ix_finance_missions_started_at", table_name="finance_missions")
    op.drop_table("finance_missions")
