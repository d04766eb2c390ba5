"""`InMemoryDataAccess`: the missions' `DataAccess` fake (tests, offline demo, benchmark).

Fixed monthly averages per user: every period has the same monthly flow, so tests can state
the expected numbers by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

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


@dataclass(slots=True)
class UserFinances:
    """One user's data for `InMemoryDataAccess`."""

    income: Decimal = Decimal(0)
    expenses_by_category: dict[str, Decimal] = field(default_factory=dict)
    """Average monthly spending per category."""
    balance: Decimal = Decimal(0)
    holdings: list[Holding] = field(default_factory=list)
    debts: list[Debt] = field(default_factory=list)
    profile: UserProfile = field(default_factory=UserProfile)


class InMemoryDataAccess:
    """The fake: fixed monthly averages per user; every period has the same monthly flow."""

    def __init__(
        self, users: dict[str, UserFinances] | None = None, *, today: date | None = None
    ) -> None:
        self.users = users or {}
        self._today = today or date(2026, 11, 20)
        self.calls = 0
        """Queries answered (counted as `chamadas_banco_dados`)."""

    def _user(self, user_id: str) -> UserFinances:
        self.calls += 1
        return self.users.get(user_id) or UserFinances()

    @staticmethod
    def _months(start: date, end: date) -> int:
        return max(1, (end.year - start.year) * 12 + end.month - start.month + 1)

    async def totals_by_category(
        self, user_id: str, kind: EntryKind, start: date, end: date
    ) -> dict[str, Decimal]:
        user = self._user(user_id)
        months = self._months(start, end)
        if kind == "receita":
            return {"salario": user.income * months} if user.income else {}
        return {name: value * months for name, value in user.expenses_by_category.items()}

    async def total(
        self, user_id: str, kind: EntryKind, start: date, end: date, category: str | None = None
    ) -> Decimal:
        by_category = await self.totals_by_category(user_id, kind, start, end)
        if category is not None:
            return by_category.get(category, Decimal(0))
        return sum(by_category.values(), Decimal(0))

    async def monthly_flow(
        self, user_id: str, months: int = 3, *, current_if_empty: bool = False
    ) -> MonthlyFlow:
        user = self._user(user_id)
        spent = sum(user.expenses_by_category.values(), Decimal(0))
        return MonthlyFlow(months=months, income=user.income, expenses=spent)

    async def balance(self, user_id: str) -> Decimal:
        return self._user(user_id).balance

    async def net_worth(self, user_id: str) -> NetWorth:
        user = self._user(user_id)
        invested = sum((h.value for h in user.holdings), Decimal(0))
        owed = sum((d.balance for d in user.debts), Decimal(0))
        return NetWorth(balance=user.balance, assets=user.balance + invested, liabilities=owed)

    async def investments(self, user_id: str) -> list[Holding]:
        return list(self._user(user_id).holdings)

    async def debts(self, user_id: str) -> list[Debt]:
        return list(self._user(user_id).debts)

    async def profile(self, user_id: str) -> UserProfile:
        return self._user(user_id).profile

    async def today(self) -> date:
        return self._today

    async def month_totals(self, user_id: str, months: int = 3) -> list[MonthTotals]:
        user = self._user(user_id)
        spent = sum(user.expenses_by_category.values(), Decimal(0))
        first = self._today.replace(day=1)
        out = []
        for back in range(months, -1, -1):
            year, month = divmod(first.year * 12 + first.month - 1 - back, 12)
            out.append(MonthTotals(date(year, month + 1, 1), user.income, spent))
        return out

    async def spending_lines(self, user_id: str, start: date, end: date) -> list[SpendingLine]:
        user = self._user(user_id)
        months = self._months(start, end)
        return [
            SpendingLine(name, None, None, value * months)
            for name, value in user.expenses_by_category.items()
        ]


__all__ = ["InMemoryDataAccess", "UserFinances"]
