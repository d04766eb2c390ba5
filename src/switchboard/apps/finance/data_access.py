"""The internal data access system (spec 001 §3.2): data categories + filters over one user's
ledger, used by the Simplista now and by part 2's coordinators later.

A caller picks a category (`CATEGORIES`: receitas e despesas, contas agendadas, cartão,
dívidas, patrimônio), applies filters (`Filters`: period, income type, expense type, category,
min/max value) and gets typed rows or aggregates. The store filters with bound parameters
(`ledger/sql.py`); the aggregates are summed here in Decimal over the filtered rows — one
user's ledger is at most a few thousand rows a year, and summing the same rows on every backend
keeps memory, SQLite and PostgreSQL answers identical to the cent.

Definitions (what the answers mean):
- Flows ("receitas e despesas") are statement entries plus card purchases at their purchase
  date and full value (what the user spent, not when the bill is paid).
- Balance = accounts' opening balances + statement income − statement expenses.
- Liabilities = debts' balances + open card instalments; assets = balance + assets (investments,
  reserve, property); net worth = assets − liabilities.
- Savings over a period = income − expenses (flows) in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Literal

from switchboard.apps.finance.ledger import (
    Debt,
    FlowFilter,
    Instalment,
    Ledger,
    Scheduled,
)
from switchboard.apps.finance.ledger.records import Kind
from switchboard.apps.finance.nlu import LedgerQuery

ExpenseType = Literal["fixa", "variavel"]
IncomeType = Literal["salario", "investimentos", "vendas", "outras"]

FIXED_EXPENSES: tuple[str, ...] = ("Moradia", "Contas", "Educação", "Dívidas")
"""Categories whose expenses recur every month ("despesa fixa" of §3.2)."""
VARIABLE_EXPENSES: tuple[str, ...] = (
    "Alimentação", "Transporte", "Saúde", "Lazer", "Compras", "Outros",
)  # fmt: skip
INCOME_SUBCATEGORIES: dict[IncomeType, str] = {
    "salario": "Salário",
    "investimentos": "Rendimentos",
    "vendas": "Freelance",
    "outras": "Outros",
}

CATEGORIES: dict[str, str] = {
    "dados_receitas_e_despesas": "Receitas e despesas (extrato e compras no cartão).",
    "contas_agendadas": "Contas a pagar e a receber, com vencimento.",
    "cartao_parcelas": "Parcelas de cartão de crédito em aberto.",
    "dividas": "Dívidas e seus saldos devedores.",
    "patrimonio": "Saldo, investimentos, reserva e patrimônio líquido.",
}
"""The §3.2 data categories a coordinator can choose from (id -> pt-BR description)."""


@dataclass(frozen=True, slots=True)
class Filters:
    """§3.2 filters. Period bounds are inclusive; None means no filter."""

    start: date | None = None
    end: date | None = None
    kind: Kind | None = None
    income_type: IncomeType | None = None
    expense_type: ExpenseType | None = None
    categoria: str | None = None
    subcategoria: str | None = None
    min_value: Decimal | None = None
    max_value: Decimal | None = None

    def to_flow_filter(self) -> FlowFilter:
        categorias: tuple[str, ...] = ()
        subcategoria = self.subcategoria
        kind = self.kind
        if self.categoria is not None:
            categorias = (self.categoria,)
        elif self.expense_type is not None:
            categorias = FIXED_EXPENSES if self.expense_type == "fixa" else VARIABLE_EXPENSES
            kind = "despesa"
        if self.income_type is not None:
            kind, categorias = "receita", ("Receitas",)
            subcategoria = INCOME_SUBCATEGORIES[self.income_type]
        return FlowFilter(
            start=self.start,
            end=self.end,
            kind=kind,
            categorias=categorias,
            subcategoria=subcategoria,
            min_value=self.min_value,
            max_value=self.max_value,
        )


@dataclass(frozen=True, slots=True)
class Flow:
    """Money in or out: a statement entry or a card purchase."""

    kind: Kind
    amount: Decimal
    day: date
    categoria: str | None
    subcategoria: str | None
    description: str | None
    source: Literal["extrato", "cartao"]


@dataclass(frozen=True, slots=True)
class NetWorth:
    balance: Decimal
    assets: Decimal
    """Balance plus investments, reserve and property."""
    liabilities: Decimal
    """Debt balances plus open card instalments."""

    @property
    def net(self) -> Decimal:
        return self.assets - self.liabilities


@dataclass(frozen=True, slots=True)
class QueryResult:
    """What the Simplista answers from: one value and/or rows, per metric."""

    query: LedgerQuery
    value: Decimal = Decimal(0)
    flows: list[Flow] = field(default_factory=list)
    count: int = 0
    income: Decimal = Decimal(0)
    expenses: Decimal = Decimal(0)
    instalments: list[Instalment] = field(default_factory=list)
    debts: list[Debt] = field(default_factory=list)
    scheduled: list[Scheduled] = field(default_factory=list)
    net_worth: NetWorth | None = None


class DataAccess:
    """§3.2 over one store's ledger. Every call names the user."""

    def __init__(self, ledger: Ledger) -> None:
        self._ledger = ledger

    async def flows(self, user_id: str, filters: Filters) -> list[Flow]:
        flt = filters.to_flow_filter()
        out = [
            Flow(e.kind, e.amount, e.day, e.categoria, e.subcategoria, e.description, "extrato")
            for e in await self._ledger.entries(user_id, flt)
        ]
        out += [
            Flow("despesa", p.amount, p.day, p.categoria, p.subcategoria, p.description, "cartao")
            for p in await self._ledger.purchases(user_id, flt)
        ]
        return sorted(out, key=lambda f: f.day)

    async def total(self, user_id: str, filters: Filters) -> Decimal:
        return sum((f.amount for f in await self.flows(user_id, filters)), Decimal(0))

    async def extremes(
        self, user_id: str, filters: Filters, *, largest: bool, limit: int = 1
    ) -> list[Flow]:
        rows = await self.flows(user_id, filters)
        return sorted(rows, key=lambda f: f.amount, reverse=largest)[:limit]

    async def savings(self, user_id: str, filters: Filters) -> tuple[Decimal, Decimal]:
        """(income, expenses) over the filters' period."""
        rows = await self.flows(user_id, Filters(start=filters.start, end=filters.end))
        income = sum((f.amount for f in rows if f.kind == "receita"), Decimal(0))
        expenses = sum((f.amount for f in rows if f.kind == "despesa"), Decimal(0))
        return income, expenses

    async def balance(self, user_id: str) -> Decimal:
        opening = sum((a.opening_balance for a in await self._ledger.accounts(user_id)), Decimal(0))
        entries = await self._ledger.entries(user_id, FlowFilter())
        signed = sum((e.amount if e.kind == "receita" else -e.amount for e in entries), Decimal(0))
        return opening + signed

    async def invested(self, user_id: str, investment_type: str | None = None) -> Decimal:
        return sum(
            (
                a.value
                for a in await self._ledger.assets(user_id)
                if a.kind == "investimento"
                and (investment_type is None or a.investment_type == investment_type)
            ),
            Decimal(0),
        )

    async def reserve(self, user_id: str) -> Decimal:
        assets = await self._ledger.assets(user_id)
        return sum((a.value for a in assets if a.kind == "reserva"), Decimal(0))

    async def open_instalments(self, user_id: str) -> list[Instalment]:
        return await self._ledger.instalments(user_id, paid=False)

    async def debts(self, user_id: str) -> list[Debt]:
        return [d for d in await self._ledger.debts(user_id) if d.balance > 0]

    async def scheduled(self, user_id: str, kind: Kind) -> list[Scheduled]:
        return await self._ledger.scheduled(user_id, kind, paid=False)

    async def net_worth(self, user_id: str) -> NetWorth:
        balance = await self.balance(user_id)
        owned = sum((a.value for a in await self._ledger.assets(user_id)), Decimal(0))
        owed = sum((d.balance for d in await self.debts(user_id)), Decimal(0))
        owed += sum((i.amount for i in await self.open_instalments(user_id)), Decimal(0))
        return NetWorth(balance=balance, assets=balance + owned, liabilities=owed)

    async def run(self, user_id: str, query: LedgerQuery) -> QueryResult:
        """Answer a Simplista `LedgerQuery`."""
        filters = filters_for(query)
        match query.metric:
            case "total":
                return QueryResult(query, value=await self.total(user_id, filters))
            case "max" | "min":
                rows = await self.extremes(
                    user_id, filters, largest=query.metric == "max", limit=query.limit or 1
                )
                return QueryResult(query, flows=rows, value=rows[0].amount if rows else Decimal(0))
            case "list" | "count":
                rows = await self.flows(user_id, filters)
                total = sum((f.amount for f in rows), Decimal(0))
                limited = rows[-query.limit :] if query.limit else rows
                return QueryResult(query, value=total, flows=limited, count=len(rows))
            case "savings":
                income, expenses = await self.savings(user_id, filters)
                return QueryResult(query, value=income - expenses, income=income, expenses=expenses)
            case "balance":
                return QueryResult(query, value=await self.balance(user_id))
            case "net_worth":
                worth = await self.net_worth(user_id)
                return QueryResult(query, value=worth.net, net_worth=worth)
            case "invested":
                value = await self.invested(user_id, query.investment_type)
                return QueryResult(query, value=value)
            case "reserve":
                return QueryResult(query, value=await self.reserve(user_id))
            case "card_installments":
                items = await self.open_instalments(user_id)
                value = sum((i.amount for i in items), Decimal(0))
                return QueryResult(query, value=value, instalments=items, count=len(items))
            case "debts":
                debts = await self.debts(user_id)
                value = sum((d.balance for d in debts), Decimal(0))
                return QueryResult(query, value=value, debts=debts, count=len(debts))
            case "payables" | "receivables":
                kind: Kind = "despesa" if query.metric == "payables" else "receita"
                due = await self.scheduled(user_id, kind)
                value = sum((s.amount for s in due), Decimal(0))
                return QueryResult(query, value=value, scheduled=due, count=len(due))


def filters_for(query: LedgerQuery) -> Filters:
    """The §3.2 filters of a Simplista query."""
    period = query.period
    return Filters(
        start=period.start if period else None,
        end=period.end if period else None,
        kind=query.kind,
        categoria=query.categoria,
        subcategoria=query.subcategoria,
        min_value=query.min_value,
        max_value=query.max_value,
    )


__all__ = [
    "CATEGORIES",
    "DataAccess",
    "ExpenseType",
    "Filters",
    "Flow",
    "IncomeType",
    "NetWorth",
    "QueryResult",
    "filters_for",
]
