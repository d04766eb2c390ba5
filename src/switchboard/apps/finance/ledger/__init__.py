"""The finance ledger: one user's accounts, cards, statement, scheduled entries, card
purchases with instalments, debts, assets and profile facts, on every store backend.

    ledger = store.repository(LEDGER)
"""

from switchboard.apps.finance.ledger.in_memory import InMemoryLedger
from switchboard.apps.finance.ledger.protocol import Ledger
from switchboard.apps.finance.ledger.records import (
    Account,
    Asset,
    Card,
    CardPurchase,
    Debt,
    DebtPayment,
    Entry,
    FlowFilter,
    Instalment,
    InvalidLedgerRecordError,
    LedgerBatch,
    Scheduled,
    from_cents,
    to_cents,
)
from switchboard.apps.finance.ledger.sql import SqlLedger
from switchboard.store.repository import Repository

LEDGER: Repository[Ledger] = Repository("finance.ledger", memory=InMemoryLedger, sql=SqlLedger)

__all__ = [
    "LEDGER",
    "Account",
    "Asset",
    "Card",
    "CardPurchase",
    "Debt",
    "DebtPayment",
    "Entry",
    "FlowFilter",
    "InMemoryLedger",
    "Instalment",
    "InvalidLedgerRecordError",
    "Ledger",
    "LedgerBatch",
    "Scheduled",
    "SqlLedger",
    "from_cents",
    "to_cents",
]
