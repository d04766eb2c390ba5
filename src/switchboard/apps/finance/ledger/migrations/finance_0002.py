"""Finance ledger: money movements that are not income or spending (issue 19).

- `finance_transfers`: between the user's own accounts (net worth unchanged);
- `finance_asset_purchases`: cash (and a financed part) turned into an asset;
- `finance_entries.nature` (`fluxo`, `estorno`, `pagamento_divida`, `fatura_cartao`) and
  `finance_entries.reverses` (the purchase an estorno reverses);
- `finance_debts.cash_in`: the principal came into the user's accounts (a loan).

Existing `Dívidas` expenses were always debt payments, so they become `pagamento_divida`.
Existing debts keep `cash_in` false: before this revision a loan never credited the balance,
and which old debts were loans is not recorded anywhere.

Revision ID: finance_0002
Revises: finance_0001
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "finance_0002"
down_revision: str | None = "finance_0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "finance_transfers",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("from_account", sa.String(120), nullable=True),
        sa.Column("to_account", sa.String(120), nullable=True),
        sa.Column("description", sa.String(200), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_finance_transfers"),
    )
    op.create_index("ix_finance_transfers_user_id_day", "finance_transfers", ["user_id", "day"])
    op.create_table(
        "finance_asset_purchases",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("asset_id", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("instalments", sa.Integer(), nullable=False),
        sa.Column("financed_cents", sa.BigInteger(), nullable=False),
        sa.Column("description", sa.String(200), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_finance_asset_purchases"),
    )
    op.create_index(
        "ix_finance_asset_purchases_user_id_day", "finance_asset_purchases", ["user_id", "day"]
    )
    op.add_column(
        "finance_entries",
        sa.Column("nature", sa.String(20), nullable=False, server_default="fluxo"),
    )
    op.add_column("finance_entries", sa.Column("reverses", sa.String(40), nullable=True))
    op.add_column(
        "finance_debts",
        sa.Column("cash_in", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    entries = sa.table(
        "finance_entries",
        sa.column("kind", sa.String),
        sa.column("categoria", sa.String),
        sa.column("nature", sa.String),
    )
    op.execute(
        entries.update()
        .where(entries.c.kind == "despesa", entries.c.categoria == "Dívidas")
        .values(nature="pagamento_divida")
    )


def downgrade() -> None:
    with op.batch_alter_table("finance_debts") as batch:
        batch.drop_column("cash_in")
    with op.batch_alter_table("finance_entries") as batch:
        batch.drop_column("reverses")
        batch.drop_column("nature")
    op.drop_table("finance_asset_purchases")
    op.drop_table("finance_transfers")
