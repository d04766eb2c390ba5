"""The finance ledger: one user's accounts, cards, statement, scheduled entries, card
purchases with instalments, debts, assets, transfers between own accounts, asset purchases and
profile facts, on every store backend.

    ledger = store.repository(LEDGER)
"""

from switchboard import Repository
from switchboard.apps.finance.ledger.in_memory import InMemoryLedger
from switchboard.apps.finance.ledger.protocol import Ledger
from switchboard.apps.finance.ledger.records import (
    Account,
    Asset,
    AssetKind,
    AssetPurchase,
    Card,
    CardBillPayment,
    CardPurchase,
    Debt,
    DebtPayment,
    Entry,
    EntryNature,
    FlowFilter,
    Instalment,
    InvalidLedgerRecordError,
    LedgerBatch,
    RowRefs,
    Scheduled,
    Transfer,
    from_cents,
    to_cents,
)
from switchboard.apps.finance.ledger.sql import SqlLedger

LEDGER: Repository[Ledger] = Repository("finance.ledger", memory=InMemoryLedger, sql=SqlLedger)
"""The finance ledger's repository (memory or SQL, per the store), for code outside finance that
reads a user's transactions."""

__all__ = [
    "LEDGER",
    "Account",
    "Asset",
    "AssetKind",
    "AssetPurchase",
    "Card",
    "CardBillPayment",
    "CardPurchase",
    "Debt",
    "DebtPayment",
    "Entry",
    "EntryNature",
    "FlowFilter",
    "InMemoryLedger",
    "Instalment",
    "InvalidLedgerRecordError",
    "Ledger",
    "LedgerBatch",
    "RowRefs",
    "Scheduled",
    "SqlLedger",
    "Transfer",
    "from_cents",
    "to_cents",
]
