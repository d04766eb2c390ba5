"""SQL tables of the finance ledger, on the store's shared `metadata`.

Importing this module registers them; the Alembic revisions `finance_0001` and `finance_0002`
(transfers, asset purchases, entry nature/reversal, loans' cash) create exactly these.
Money is integer cents (`*_cents`, BigInteger). Every table has `user_id` first in its main
index, because every query filters by it. No foreign key to `sessions`: a ledger outlives the
chat that recorded it. `finance_recordings` is the idempotency journal: one row per recorded
user message (`key`), inserted in the same transaction as the rows it recorded, so a retried
message finds its key and writes nothing.
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from switchboard import MigrationLocation
from switchboard.store import UtcDateTime, metadata

_USER = 200


def _user() -> sa.Column[str]:
    return sa.Column("user_id", sa.String(_USER), nullable=False)


accounts = sa.Table(
    "finance_accounts",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    _user(),
    sa.Column("name", sa.String(120), nullable=False),
    sa.Column("opening_cents", sa.BigInteger, nullable=False),
    sa.Index("ix_finance_accounts_user_id", "user_id"),
)

cards = sa.Table(
    "finance_cards",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    _user(),
    sa.Column("name", sa.String(120), nullable=False),
    sa.Column("due_day", sa.Integer, nullable=False),
    sa.Index("ix_finance_cards_user_id", "user_id"),
)

entries = sa.Table(
    "finance_entries",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    _user(),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("amount_cents", sa.BigInteger, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("categoria", sa.String(40), nullable=True),
    sa.Column("subcategoria", sa.String(40), nullable=True),
    sa.Column("description", sa.String(200), nullable=True),
    sa.Column("payment_method", sa.String(16), nullable=True),
    sa.Column("debt_id", sa.String(40), nullable=True),
    sa.Column("nature", sa.String(20), nullable=False, server_default="fluxo"),
    sa.Column("reverses", sa.String(40), nullable=True),
    sa.Index("ix_finance_entries_user_id_day", "user_id", "day"),
)

scheduled = sa.Table(
    "finance_scheduled",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    _user(),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("amount_cents", sa.BigInteger, nullable=False),
    sa.Column("due", sa.Date, nullable=True),
    sa.Column("categoria", sa.String(40), nullable=True),
    sa.Column("subcategoria", sa.String(40), nullable=True),
    sa.Column("description", sa.String(200), nullable=True),
    sa.Column("paid", sa.Boolean, nullable=False),
    sa.Index("ix_finance_scheduled_user_id_due", "user_id", "due"),
)

purchases = sa.Table(
    "finance_card_purchases",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    _user(),
    sa.Column("amount_cents", sa.BigInteger, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("instalments", sa.Integer, nullable=False),
    sa.Column("categoria", sa.String(40), nullable=True),
    sa.Column("subcategoria", sa.String(40), nullable=True),
    sa.Column("description", sa.String(200), nullable=True),
    sa.Column("card_id", sa.String(40), nullable=True),
    sa.Index("ix_finance_card_purchases_user_id_day", "user_id", "day"),
)

instalments = sa.Table(
    "finance_card_instalments",
    metadata,
    sa.Column("purchase_id", sa.String(40), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    _user(),
    sa.Column("due", sa.Date, nullable=False),
    sa.Column("amount_cents", sa.BigInteger, nullable=False),
    sa.Column("paid", sa.Boolean, nullable=False),
    sa.Index("ix_finance_card_instalments_user_id_due", "user_id", "due"),
)

debts = sa.Table(
    "finance_debts",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    _user(),
    sa.Column("name", sa.String(120), nullable=False),
    sa.Column("principal_cents", sa.BigInteger, nullable=False),
    sa.Column("balance_cents", sa.BigInteger, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("cash_in", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Index("ix_finance_debts_user_id", "user_id"),
)

assets = sa.Table(
    "finance_assets",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    _user(),
    sa.Column("name", sa.String(120), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("value_cents", sa.BigInteger, nullable=False),
    sa.Column("investment_type", sa.String(40), nullable=True),
    sa.Index("ix_finance_assets_user_id", "user_id"),
)

transfers = sa.Table(
    "finance_transfers",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    _user(),
    sa.Column("amount_cents", sa.BigInteger, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("from_account", sa.String(120), nullable=True),
    sa.Column("to_account", sa.String(120), nullable=True),
    sa.Column("description", sa.String(200), nullable=True),
    sa.Index("ix_finance_transfers_user_id_day", "user_id", "day"),
)

asset_purchases = sa.Table(
    "finance_asset_purchases",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    _user(),
    sa.Column("asset_id", sa.String(40), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("amount_cents", sa.BigInteger, nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("instalments", sa.Integer, nullable=False),
    sa.Column("financed_cents", sa.BigInteger, nullable=False),
    sa.Column("description", sa.String(200), nullable=True),
    sa.Index("ix_finance_asset_purchases_user_id_day", "user_id", "day"),
)

recordings = sa.Table(
    "finance_recordings",
    metadata,
    sa.Column("user_id", sa.String(_USER), primary_key=True),
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
)

profiles = sa.Table(
    "finance_profile_facts",
    metadata,
    sa.Column("user_id", sa.String(_USER), primary_key=True),
    sa.Column("key", sa.String(80), primary_key=True),
    sa.Column("value", sa.String(500), nullable=False),
    sa.Column("updated_at", UtcDateTime, nullable=False),
)

TABLES = (
    accounts, cards, entries, scheduled, purchases, instalments, debts, assets, transfers,
    asset_purchases, recordings, profiles,
)  # fmt: skip


MIGRATIONS = MigrationLocation(tables=__name__, versions=Path(__file__).with_name("migrations"))
"""These tables and their revisions (`migrations/`, branch `finance`): what the
`switchboard.migrations` entry point naming this module registers."""
