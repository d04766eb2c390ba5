"""The ledger repository's protocol: what the app and the data access system may ask."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from switchboard.apps.finance.ledger.records import (
    Account,
    Asset,
    AssetPurchase,
    Card,
    CardPurchase,
    Debt,
    Entry,
    FlowFilter,
    Instalment,
    Kind,
    LedgerBatch,
    RowRefs,
    Scheduled,
    Transfer,
)


class Ledger(Protocol):
    """One store's finance ledger. Every method takes the user: nothing crosses users."""

    async def record(self, user_id: str, key: str, batch: LedgerBatch) -> bool:
        """Write `batch` atomically unless `key` was already recorded for this user.

        Returns True when written, False for a repeat (nothing is written). Debt payments reduce
        their debt's balance (never below zero), card bill payments settle the earliest open
        instalments (`settle.settled`) and `settles` marks scheduled bills paid, in the same
        transaction.
        """
        ...

    async def undo(self, user_id: str, refs: RowRefs) -> bool:
        """Delete the rows of one recording (and a purchase's instalments) and give its debt
        payments back to their debts, in one transaction. False when nothing was there."""
        ...

    async def recorded(self, user_id: str, key: str) -> bool:
        """Whether `key` was recorded for this user."""
        ...

    async def entries(self, user_id: str, flt: FlowFilter) -> list[Entry]:
        """Statement entries matching `flt`, oldest first."""
        ...

    async def purchases(self, user_id: str, flt: FlowFilter) -> list[CardPurchase]:
        """Card purchases matching `flt` (their `kind` is always despesa), oldest first."""
        ...

    async def transfers(self, user_id: str, flt: FlowFilter) -> list[Transfer]:
        """Transfers between the user's own accounts within `flt`'s dates, oldest first."""
        ...

    async def asset_purchases(self, user_id: str) -> list[AssetPurchase]:
        """Asset purchases (flat, car, investment), oldest first."""
        ...

    async def scheduled(self, user_id: str, kind: Kind | None, *, paid: bool) -> list[Scheduled]:
        """Scheduled entries by due date (undated last)."""
        ...

    async def instalments(self, user_id: str, *, paid: bool) -> list[Instalment]:
        """Card instalments by due date."""
        ...

    async def debts(self, user_id: str) -> list[Debt]: ...

    async def assets(self, user_id: str) -> list[Asset]: ...

    async def accounts(self, user_id: str) -> list[Account]: ...

    async def cards(self, user_id: str) -> list[Card]: ...

    async def profile(self, user_id: str) -> dict[str, str]:
        """The user's long-term profile facts (already redacted by the caller)."""
        ...

    async def set_profile(self, user_id: str, facts: Mapping[str, str]) -> None: ...
