"""What missions read of the user's own data (spec 001 §3.2, "Sistema de Acesso a Dados
Internos"), as a protocol.

The spec makes internal data access a module coordinators (and the math and Simplista
executors) call directly, not an agent behind the bus. Missions only READ: every method is a
query. The finance app's real implementation (`apps/finance/data_access.py`, over the ledger)
satisfies this protocol; `InMemoryDataAccess` is the fake used by tests, the offline demo and
the benchmark.

Money is `Decimal`; periods are inclusive `date` ranges. `category=None` means every category.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Literal, Protocol

EntryKind = Literal["despesa", "receita"]


@dataclass(frozen=True, slots=True)
class Holding:
    asset: str
    """Ticker or product name ("PETR4", "Tesouro Selic 2029")."""
    asset_class: str
    """"acoes", "renda_fixa", "fii", "cripto", "caixa", ..."""
    value: Decimal


@dataclass(frozen=True, slots=True)
class Debt:
    name: str
    balance: Decimal
    monthly_rate: Decimal
    """Fraction per month (0.0299 = 2.99% a.m.)."""
    instalment: Decimal


@dataclass(frozen=True, slots=True)
class MonthlyFlow:
    """Average monthly income, expenses and surplus over the last `months` full months."""

    months: int
    income: Decimal
    expenses: Decimal

    @property
    def surplus(self) -> Decimal:
        return self.income - self.expenses


@dataclass(frozen=True, slots=True)
class MonthTotals:
    """One calendar month's recorded income and expenses."""

    month: date
    """Its first day."""
    income: Decimal
    expenses: Decimal


@dataclass(frozen=True, slots=True)
class SpendingLine:
    """One expense as the spending diagnosis reads it."""

    categoria: str
    subcategoria: str | None
    descricao: str | None
    valor: Decimal


@dataclass(frozen=True, slots=True)
class NetWorth:
    assets: Decimal
    liabilities: Decimal

    @property
    def net(self) -> Decimal:
        return self.assets - self.liabilities


@dataclass(frozen=True, slots=True)
class UserProfile:
    risk_profile: Literal["conservador", "moderado", "arrojado"] | None = None
    age: int | None = None
    goals: tuple[str, ...] = ()


class DataAccess(Protocol):
    """Read-only queries on one user's finances (§3.2)."""

    async def totals_by_category(
        self, user_id: str, kind: EntryKind, start: date, end: date
    ) -> dict[str, Decimal]: ...

    async def total(
        self, user_id: str, kind: EntryKind, start: date, end: date, category: str | None = None
    ) -> Decimal: ...

    async def monthly_flow(self, user_id: str, months: int = 3) -> MonthlyFlow: ...

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

    async def monthly_flow(self, user_id: str, months: int = 3) -> MonthlyFlow:
        user = self._user(user_id)
        spent = sum(user.expenses_by_category.values(), Decimal(0))
        return MonthlyFlow(months=months, income=user.income, expenses=spent)

    async def balance(self, user_id: str) -> Decimal:
        return self._user(user_id).balance

    async def net_worth(self, user_id: str) -> NetWorth:
        user = self._user(user_id)
        invested = sum((h.value for h in user.holdings), Decimal(0))
        owed = sum((d.balance for d in user.debts), Decimal(0))
        return NetWorth(assets=user.balance + invested, liabilities=owed)

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


__all__ = [
    "DataAccess",
    "Debt",
    "EntryKind",
    "Holding",
    "InMemoryDataAccess",
    "MonthTotals",
    "MonthlyFlow",
    "NetWorth",
    "SpendingLine",
    "UserFinances",
    "UserProfile",
]
