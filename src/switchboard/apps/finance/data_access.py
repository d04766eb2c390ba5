"""The internal data access system (spec 001 §3.2): data categories + filters over one user's
ledger, used by the Simplista now and by part 2's coordinators later.

A caller picks a category (`CATEGORIES`: receitas e despesas, contas agendadas, cartão,
dívidas, patrimônio), applies filters (`Filters`: period, income type, expense type, category,
min/max value) and gets typed rows or aggregates. The store filters with bound parameters
(`ledger/sql.py`); the aggregates are summed here in Decimal over the filtered rows — one
user's ledger is at most a few thousand rows a year, and summing the same rows on every backend
keeps memory, SQLite and PostgreSQL answers identical to the cent.

Definitions (what the answers mean, and what the Simplista says they mean):
- Flows ("receitas e despesas") are statement entries plus card purchases at their purchase
  date and full value (what the user spent, not when the bill is paid). Debt payments count as
  spending (category Dívidas: the money left). A credit-card bill payment does not: the card
  purchases it pays were counted when made. An estorno is a negative expense in the category of
  the purchase it reverses (so it is never income). Transfers between own accounts, loans
  taken and asset purchases are not flows at all.
- Balance ("saldo em conta") = accounts' opening balances + statement income − statement
  expenses (debt and card bill payments included) + loans received − asset purchases paid in
  cash. A transfer between own accounts changes neither side.
- Liabilities = debts' balances + open card instalments; assets = balance + assets (investments,
  reserve, property, vehicles); net worth = assets − liabilities. A transfer, a loan (cash +
  debt), a debt payment (cash − debt) and an asset purchase (cash − asset +) leave it unchanged.
- Savings over a period = income − expenses (flows) in it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal
from typing import Literal

from switchboard.apps.finance.ledger import (
    Debt,
    Entry,
    FlowFilter,
    Instalment,
    Ledger,
    Scheduled,
    Transfer,
)
from switchboard.apps.finance.ledger.records import EntryNature, Kind
from switchboard.apps.finance.nlu import LedgerQuery
from switchboard.apps.finance.nlu.query import Scope
from switchboard.apps.finance.nlu.text import fold

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
    scopes: tuple[Scope, ...] = ()
    """Several categories at once (overrides `categoria`/`subcategoria`)."""
    payment_methods: tuple[str, ...] = ()
    merchants: tuple[str, ...] = ()
    """Rows whose description mentions one of these (accent- and case-insensitive, whole
    words)."""
    instalments_only: bool = False
    """Only card purchases split in 2 or more instalments ("quanto comprei parcelado")."""

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
        if self.scopes:
            categorias, subcategoria = (), None
        return FlowFilter(
            start=self.start,
            end=self.end,
            kind=kind,
            categorias=categorias,
            subcategoria=subcategoria,
            min_value=self.min_value,
            max_value=self.max_value,
            scopes=self.scopes,
            payment_methods=self.payment_methods,
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
    payment_method: str | None = None
    nature: EntryNature = "fluxo"
    """`estorno` flows are negative expenses; `pagamento_divida` are debt payments."""
    instalments: int = 1


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
    units: int = 0
    """For `average`: the days/weeks/months the total was divided by."""
    debt_payments: Decimal = Decimal(0)
    """Debt payments inside a spending total (said in the answer)."""
    card_bills: Decimal = Decimal(0)
    """Card bill payments in the period, left out of spending (said in the answer)."""
    refunds: Decimal = Decimal(0)
    """Estornos netted out of a spending total (said in the answer)."""
    transfers: list[Transfer] = field(default_factory=list)
    ranking: list[tuple[str, Decimal]] = field(default_factory=list)
    """For `top_category`: (category, total) largest first."""


class DataAccess:
    """§3.2 over one store's ledger. Every call names the user."""

    def __init__(self, ledger: Ledger) -> None:
        self._ledger = ledger

    async def flows(self, user_id: str, filters: Filters) -> list[Flow]:
        """Income and spending rows (see the module docstring), oldest first."""
        flt = filters.to_flow_filter()
        rows = [
            flow
            for e in await self._ledger.entries(user_id, replace(flt, kind=None))
            if (flow := _entry_flow(e)) is not None
        ]
        rows += [
            Flow(
                "despesa",
                p.amount,
                p.day,
                p.categoria,
                p.subcategoria,
                p.description,
                "cartao",
                "credito",
                instalments=p.instalments,
            )
            for p in await self._ledger.purchases(user_id, flt)
        ]
        if filters.instalments_only:
            rows = [f for f in rows if f.instalments > 1]
        if flt.kind is not None:
            rows = [f for f in rows if f.kind == flt.kind]
        if filters.merchants:
            names = "|".join(re.escape(fold(m)) for m in filters.merchants)
            wanted = re.compile(rf"\b(?:{names})s?\b")
            rows = [f for f in rows if wanted.search(fold(f.description or ""))]
        return sorted(rows, key=lambda f: f.day)

    async def card_bills(self, user_id: str, filters: Filters) -> Decimal:
        """Card bill payments in the filters' period (never spending: see the docstring)."""
        flt = FlowFilter(start=filters.start, end=filters.end, kind="despesa")
        entries = await self._ledger.entries(user_id, flt)
        return sum((e.amount for e in entries if e.nature == "fatura_cartao"), Decimal(0))

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
        """Cash in the user's accounts (module docstring: transfers change nothing, a loan
        adds its principal, an asset purchase takes its cash part)."""
        opening = sum((a.opening_balance for a in await self._ledger.accounts(user_id)), Decimal(0))
        entries = await self._ledger.entries(user_id, FlowFilter())
        signed = sum((e.amount if e.kind == "receita" else -e.amount for e in entries), Decimal(0))
        loans = sum(
            (d.principal for d in await self._ledger.debts(user_id) if d.cash_in), Decimal(0)
        )
        bought = sum(
            (p.amount - p.financed for p in await self._ledger.asset_purchases(user_id)), Decimal(0)
        )
        return opening + signed + loans - bought

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
                return await self._total(user_id, query, filters)
            case "max_day":
                rows = [f for f in await self.flows(user_id, filters) if f.kind == "despesa"]
                days: dict[date, Decimal] = {}
                for f in rows:
                    days[f.day] = days.get(f.day, Decimal(0)) + f.amount
                if not days:
                    return QueryResult(query)
                best = max(sorted(days), key=lambda d: days[d])
                return QueryResult(
                    query, value=days[best], flows=[f for f in rows if f.day == best], count=1
                )
            case "agenda":
                payables = await self._due(user_id, query, "despesa")
                receivables = await self._due(user_id, query, "receita")
                income = sum((x.amount for x in receivables), Decimal(0))
                expenses = sum((x.amount for x in payables), Decimal(0))
                return QueryResult(
                    query,
                    value=income - expenses,
                    income=income,
                    expenses=expenses,
                    scheduled=[*receivables, *payables],
                    count=len(receivables) + len(payables),
                )
            case "share":
                part = await self._total(user_id, query, filters)
                everything = query.model_copy(
                    update={"categoria": None, "subcategoria": None, "scopes": (),
                            "merchants": (), "payment_methods": (), "instalments_only": False}
                )  # fmt: skip
                whole = await self._total(user_id, everything, filters_for(everything))
                share = (
                    (part.value * 100 / whole.value).quantize(Decimal("0.01"))
                    if whole.value
                    else Decimal(0)
                )
                return replace(part, value=share, expenses=part.value, income=whole.value)
            case "average":
                result = await self._total(user_id, query, filters)
                units = result.count if query.per == "item" else average_units(query)
                value = (result.value / units).quantize(Decimal("0.01")) if units else Decimal(0)
                return replace(result, value=value, units=units, expenses=result.value)
            case "transfers":
                transfers = await self._ledger.transfers(user_id, filters.to_flow_filter())
                if query.account:
                    into = [x for x in transfers if _names(x.to_account, query.account)]
                    out = [x for x in transfers if _names(x.from_account, query.account)]
                    value = sum((x.amount for x in into), Decimal(0)) - sum(
                        (x.amount for x in out), Decimal(0)
                    )
                    return QueryResult(
                        query, value=value, transfers=[*into, *out], count=len(into) + len(out)
                    )
                value = sum((x.amount for x in transfers), Decimal(0))
                return QueryResult(query, value=value, transfers=transfers, count=len(transfers))
            case "top_category":
                rows = [f for f in await self.flows(user_id, filters) if f.kind == "despesa"]
                totals: dict[str, Decimal] = {}
                for f in rows:
                    name = f.categoria or "Outros"
                    totals[name] = totals.get(name, Decimal(0)) + f.amount
                ranked = sorted(totals.items(), key=lambda kv: -kv[1])
                value = ranked[0][1] if ranked else Decimal(0)
                return QueryResult(
                    query, value=value, ranking=ranked, expenses=sum(totals.values(), Decimal(0))
                )
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
                if query.period is not None:  # "quanto investi esse ano": purchases in it
                    start, end = query.period.start, query.period.end
                    bought = [
                        p
                        for p in await self._ledger.asset_purchases(user_id)
                        if p.kind == "investimento" and start <= p.day <= end
                    ]
                    value = sum((p.amount for p in bought), Decimal(0))
                    return QueryResult(query, value=value, count=len(bought))
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
                if query.debt:
                    debts = debts_named(query.debt, debts)
                value = sum((d.balance for d in debts), Decimal(0))
                return QueryResult(query, value=value, debts=debts, count=len(debts))
            case "payables" | "receivables":
                kind: Kind = "despesa" if query.metric == "payables" else "receita"
                due = await self._due(user_id, query, kind)
                value = sum((s.amount for s in due), Decimal(0))
                return QueryResult(query, value=value, scheduled=due, count=len(due))
        return QueryResult(query)

    async def _due(self, user_id: str, query: LedgerQuery, kind: Kind) -> list[Scheduled]:
        """Unpaid scheduled entries of `kind` in the query's period (due date), or overdue."""
        due = await self.scheduled(user_id, kind)
        if query.overdue:
            today = query_today(query)
            return [s for s in due if s.due is not None and s.due < today]
        if query.period is not None:
            start, end = query.period.start, query.period.end
            due = [s for s in due if s.due is not None and start <= s.due <= end]
        return due

    async def _total(self, user_id: str, query: LedgerQuery, filters: Filters) -> QueryResult:
        """A total with what it includes: debt payments inside it, estornos netted out of it,
        card bill payments left out of it (the answer says each)."""
        rows = await self.flows(user_id, filters)
        value = sum((f.amount for f in rows), Decimal(0))
        debt = sum((f.amount for f in rows if f.nature == "pagamento_divida"), Decimal(0))
        refunds = -sum((f.amount for f in rows if f.nature == "estorno"), Decimal(0))
        bills = Decimal(0)
        if query.kind == "despesa" and not (query.categoria or query.scopes or query.merchants):
            bills = await self.card_bills(user_id, filters)
        return QueryResult(
            query, value=value, count=len(rows), debt_payments=debt, card_bills=bills,
            refunds=refunds,
        )  # fmt: skip


def _names(account: str | None, wanted: str) -> bool:
    return account is not None and fold(wanted) in fold(account)


_GENERIC_DEBT_WORDS = frozenset({"emprestimo", "divida", "financiamento", "consignado", "parcela"})


def debts_named(name: str, debts: list[Debt]) -> list[Debt]:
    """The debts a question names: by its specific words ("itau", "irmao") when it has any,
    else by its generic ones ("emprestimo" = every loan)."""
    words = set(re.findall(r"[a-z0-9]+", fold(name)))
    specific = words - _GENERIC_DEBT_WORDS
    wanted = specific or words
    return [d for d in debts if wanted & set(re.findall(r"[a-z0-9]+", fold(d.name)))]


def _entry_flow(e: Entry) -> Flow | None:
    """A statement entry as a flow: an estorno is a negative expense; a card bill payment is
    no flow (its purchases were counted when made)."""
    if e.nature == "fatura_cartao":
        return None
    if e.nature == "estorno":
        return Flow("despesa", -e.amount, e.day, e.categoria, e.subcategoria, e.description,
                    "extrato", e.payment_method, "estorno")  # fmt: skip
    return Flow(e.kind, e.amount, e.day, e.categoria, e.subcategoria, e.description, "extrato",
                e.payment_method, e.nature)  # fmt: skip


def average_units(query: LedgerQuery) -> int:
    """Days, weeks or months of the query's period that have happened (a period that ends
    after today is cut at today: "média por dia este mês" divides by the days so far)."""
    period = query.period
    if period is None:
        return 0
    end = min(period.end, query_today(query))
    days = (end - period.start).days + 1
    if days <= 0:
        return 0
    match query.per:
        case "semana":
            return max(1, -(-days // 7))
        case "mes":
            return (end.year - period.start.year) * 12 + end.month - period.start.month + 1
        case _:
            return days


def query_today(query: LedgerQuery) -> date:
    """The user's today as the query saw it (`today` when parsed), else the period's end."""
    return query.today or (query.period.end if query.period else date.max - timedelta(days=1))


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
        scopes=query.scopes,
        payment_methods=query.payment_methods,
        merchants=query.merchants,
        instalments_only=query.instalments_only,
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
    "average_units",
    "filters_for",
]
