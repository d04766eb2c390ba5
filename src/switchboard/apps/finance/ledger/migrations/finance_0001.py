"""Finance ledger: accounts, cards, statement entries, scheduled entries, card purchases and
instalments, debts, assets, the idempotency journal and profile facts (the tables of
`switchboard.apps.finance.ledger.tables`).

Revision ID: finance_0001
Revises: 0002_identity
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "finance_0001"
down_revision: str | None = "0002_identity"
branch_labels: str | Sequence[str] | None = ("finance",)
depends_on: str | Sequence[str] | None = None

TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "finance_accounts",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("opening_cents", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_finance_accounts"),
    )
    op.create_index("ix_finance_accounts_user_id", "finance_accounts", ["user_id"])
    op.create_table(
        "finance_cards",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("due_day", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_finance_cards"),
    )
    op.create_index("ix_finance_cards_user_id", "finance_cards", ["user_id"])
    op.create_table(
        "finance_entries",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("categoria", sa.String(40), nullable=True),
        sa.Column("subcategoria", sa.String(40), nullable=True),
        sa.Column("description", sa.String(200), nullable=True),
        sa.Column("payment_method", sa.String(16), nullable=True),
        sa.Column("debt_id", sa.String(40), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_finance_entries"),
    )
    op.create_index("ix_finance_entries_user_id_day", "finance_entries", ["user_id", "day"])
    op.create_table(
        "finance_scheduled",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("due", sa.Date(), nullable=True),
        sa.Column("categoria", sa.String(40), nullable=True),
        sa.Column("subcategoria", sa.String(40), nullable=True),
        sa.Column("description", sa.String(200), nullable=True),
        sa.Column("paid", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_finance_scheduled"),
    )
    op.create_index("ix_finance_scheduled_user_id_due", "finance_scheduled", ["user_id", "due"])
    op.create_table(
        "finance_card_purchases",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("instalments", sa.Integer(), nullable=False),
        sa.Column("categoria", sa.String(40), nullable=True),
        sa.Column("subcategoria", sa.String(40), nullable=True),
        sa.Column("description", sa.String(200), nullable=True),
        sa.Column("card_id", sa.String(40), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_finance_card_purchases"),
    )
    op.create_index(
        "ix_finance_card_purchases_user_id_day", "finance_card_purchases", ["user_id", "day"]
    )
    op.create_table(
        "finance_card_instalments",
        sa.Column("purchase_id", sa.String(40), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("due", sa.Date(), nullable=False),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("paid", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("purchase_id", "seq", name="pk_finance_card_instalments"),
    )
    op.create_index(
        "ix_finance_card_instalments_user_id_due", "finance_card_instalments", ["user_id", "due"]
    )
    op.create_table(
        "finance_debts",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("principal_cents", sa.BigInteger(), nullable=False),
        sa.Column("balance_cents", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_finance_debts"),
    )
    op.create_index("ix_finance_debts_user_id", "finance_debts", ["user_id"])
    op.create_table(
        "finance_assets",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("value_cents", sa.BigInteger(), nullable=False),
        sa.Column("investment_type", sa.String(40), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_finance_assets"),
    )
    op.create_index("ix_finance_assets_user_id", "finance_assets", ["user_id"])
    op.create_table(
        "finance_recordings",
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("user_id", "key", name="pk_finance_recordings"),
    )
    op.create_table(
        "finance_profile_facts",
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("value", sa.String(500), nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("user_id", "key", name="pk_finance_profile_facts"),
    )


def downgrade() -> None:
    op.drop_table("finance_profile_facts")
    op.drop_table("finance_recordings")
    op.drop_table("finance_assets")
    op.drop_table("finance_debts")
    op.drop_table("finance_card_instalments")
    op.drop_table("finance_card_purchases")
    op.drop_table("finance_scheduled")
    op.drop_table("finance_entries")
    op.drop_table("finance_cards")
    op.drop_table("finance_accounts")
