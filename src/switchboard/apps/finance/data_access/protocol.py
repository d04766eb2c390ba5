"""What missions read of the user's own data (spec 001 §3.2, "Sistema de Acesso a Dados
Internos"), as a protocol.

The spec makes internal data access a module coordinators (and the math and Simplista
executors) call directly, not an agent behind the bus. Missions only READ: every method is a
query. `LedgerDataAccess` (over the ledger) is the implementation; `InMemoryDataAccess` is the
fake used by tests, the offline demo and the benchmark. The platform's side is
`patterns.missions.engine.LocalData`, which the finance executors' `query_data` fills from this
protocol.

Money is `Decimal`; periods are inclusive `date` ranges. `category=None` means every category.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Protocol

from switchboard.apps.finance.data_access.types import (
    Debt,
    EntryKind,
    Holding,
    MonthlyFlow,
    MonthTotals,
    NetWorth,
    SpendingLine,
    UserProfile,
)


class DataAccess(Protocol):
    """Read-only queries on one user's finances (§3.2)."""

    async def totals_by_category(
        self, user_id: str, kind: EntryKind, start: date, end: date
    ) -> dict[str, Decimal]: ...

    async def total(
        self, user_id: str, kind: EntryKind, start: date, end: date, category: str | None = None
    ) -> Decimal: ...

    async def monthly_flow(
        self, user_id: str, months: int = 3, *, current_if_empty: bool = False
    ) -> MonthlyFlow: ...

    async def balance(self, user_id: str) -> Decimal:
        """Cash and savings available (accounts + emergency reserve), not investments."""
        ...

    async def net_worth(self, user_id: str) -> NetWorth: ...

    async def investments(self, user_id: str) -> list[Holding]: ...

    async def debts(self, user_id: str) -> list[Debt]: ...

    async def profile(self, user_id: str) -> UserProfile: ...

    async def today(self) -> date:
        """Today for this user's data (São Paulo), so relative periods ("outubro", "mês
        passado") resolve against the same clock the ledger is read with."""
        ...

    async def month_totals(self, user_id: str, months: int = 3) -> list[MonthTotals]:
        """The last `months` full calendar months and the current (partial) one, oldest first."""
        ...

    async def spending_lines(self, user_id: str, start: date, end: date) -> list[SpendingLine]:
        """Every expense in the period (statement entries and card purchases at their date)."""
        ...


__all__ = ["DataAccess"]
