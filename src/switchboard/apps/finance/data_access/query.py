"""The Simplista's questions (a parsed `LedgerQuery`) answered from the data-access layer.

`run_query` picks the reads a metric needs and returns one typed `QueryResult`; the
Simplista's wording (`simplista.py`) reads only that result.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from switchboard.apps.finance.data_access.types import Filters, QueryResult
from switchboard.apps.finance.ledger import Debt, Instalment, Scheduled
from switchboard.apps.finance.ledger.records import Kind
from switchboard.apps.finance.nlu import LedgerQuery
from switchboard.apps.finance.nlu.banks import bank_words
from switchboard.apps.finance.nlu.categories import INCOME_CATEGORY
from switchboard.apps.finance.nlu.text import fold

if TYPE_CHECKING:
    from switchboard.apps.finance.data_access.ledger import LedgerDataAccess

SALARY = "Salário"
"""The income subcategory a share "do meu salário" is taken over."""


async def run_query(access: LedgerDataAccess, user_id: str, query: LedgerQuery) -> QueryResult:
    """Answer a Simplista `LedgerQuery` from the layer's reads."""
    filters = filters_for(query)
    match query.metric:
        case "total":
            return await _total(access, user_id, query, filters)
        case "max_day":
            rows = [f for f in await access.flows(user_id, filters) if f.kind == "despesa"]
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
            payables = await _due(access, user_id, query, "despesa")
            receivables = await _due(access, user_id, query, "receita")
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
            part = await _total(access, user_id, query, filters)
            everything = query.model_copy(
                update={"categoria": None, "subcategoria": None, "scopes": (),
                        "merchants": (), "payment_methods": (), "instalments_only": False}
            )  # fmt: skip
            if query.of_income is not None:  # "do meu salário": the income is the whole
                everything = everything.model_copy(
                    update={"kind": "receita", "min_value": None, "max_value": None}
                    | (
                        {"categoria": INCOME_CATEGORY, "subcategoria": SALARY}
                        if query.of_income == "salario"
                        else {}
                    )
                )
            whole = await _total(access, user_id, everything, filters_for(everything))
            share = (
                (part.value * 100 / whole.value).quantize(Decimal("0.01"))
                if whole.value
                else Decimal(0)
            )
            return replace(part, value=share, expenses=part.value, income=whole.value)
        case "average" if query.per == "mes" and query.period is None:
            return await _monthly_average(access, user_id, query, filters)
        case "average":
            result = await _total(access, user_id, query, filters)
            units = result.count if query.per == "item" else average_units(query)
            value = (result.value / units).quantize(Decimal("0.01")) if units else Decimal(0)
            return replace(result, value=value, units=units, expenses=result.value)
        case "transfers":
            transfers = await access.ledger.transfers(user_id, filters.to_flow_filter())
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
        case "top_category" | "by_category":
            rows = [f for f in await access.flows(user_id, filters) if f.kind == "despesa"]
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
            rows = await access.extremes(
                user_id, filters, largest=query.metric == "max", limit=query.limit or 1
            )
            return QueryResult(query, flows=rows, value=rows[0].amount if rows else Decimal(0))
        case "list" | "count":
            rows = await access.flows(user_id, filters)
            total = sum((f.amount for f in rows), Decimal(0))
            limited = rows[-query.limit :] if query.limit else rows
            return QueryResult(query, value=total, flows=limited, count=len(rows))
        case "savings":
            income, expenses = await access.savings(user_id, filters)
            return QueryResult(query, value=income - expenses, income=income, expenses=expenses)
        case "balance":
            known = bool(await access.ledger.accounts(user_id))
            return QueryResult(query, value=await access.cash_balance(user_id), opening_known=known)
        case "net_worth":
            worth = await access.net_worth(user_id)
            return QueryResult(query, value=worth.net, net_worth=worth)
        case "invested":
            if query.period is not None:  # "quanto investi esse ano": purchases in it
                start, end = query.period.start, query.period.end
                bought = [
                    p
                    for p in await access.ledger.asset_purchases(user_id)
                    if p.kind == "investimento" and start <= p.day <= end
                ]
                value = sum((p.amount for p in bought), Decimal(0))
                return QueryResult(query, value=value, count=len(bought))
            value = await access.invested(user_id, query.investment_type)
            return QueryResult(query, value=value)
        case "reserve":
            return QueryResult(query, value=await access.reserve(user_id))
        case "card_installments":
            items = await access.open_instalments(user_id)
            value = sum((i.amount for i in items), Decimal(0))
            return QueryResult(query, value=value, instalments=items, count=len(items))
        case "debts":
            debts = await access.open_debts(user_id)
            if query.debt:
                debts = debts_named(query.debt, debts)
            value = sum((d.balance for d in debts), Decimal(0))
            # the card's open instalments are owed too: said beside the debts (never summed in)
            instalments = await access.open_instalments(user_id)
            return QueryResult(
                query, value=value, debts=debts, count=len(debts), instalments=instalments
            )
        case "payables" | "receivables":
            kind: Kind = "despesa" if query.metric == "payables" else "receita"
            due = await _due(access, user_id, query, kind)
            value = sum((s.amount for s in due), Decimal(0))
            card: list[Instalment] = []
            if kind == "despesa" and not query.overdue:
                # the card's instalments due in the period are payments too (said apart)
                card = await access.open_instalments(user_id)
                if query.period is not None:
                    start, end = query.period.start, query.period.end
                    card = [i for i in card if start <= i.due <= end]
            return QueryResult(query, value=value, scheduled=due, count=len(due), instalments=card)
    return QueryResult(query)


async def _due(
    access: LedgerDataAccess, user_id: str, query: LedgerQuery, kind: Kind
) -> list[Scheduled]:
    """Unpaid scheduled entries of `kind` in the query's period (due date), or overdue."""
    due = await access.scheduled(user_id, kind)
    if query.overdue:
        today = query_today(query)
        return [s for s in due if s.due is not None and s.due < today]
    if query.period is not None:
        start, end = query.period.start, query.period.end
        due = [s for s in due if s.due is not None and start <= s.due <= end]
    return due


async def _total(
    access: LedgerDataAccess, user_id: str, query: LedgerQuery, filters: Filters
) -> QueryResult:
    """A total with what it includes: debt payments inside it, estornos netted out of it,
    card bill payments left out of it (the answer says each)."""
    rows = await access.flows(user_id, filters)
    value = sum((f.amount for f in rows), Decimal(0))
    debt = sum((f.amount for f in rows if f.nature == "pagamento_divida"), Decimal(0))
    refunds = -sum((f.amount for f in rows if f.nature == "estorno"), Decimal(0))
    bills = Decimal(0)
    if query.kind == "despesa" and not (query.categoria or query.scopes or query.merchants):
        bills = await access.card_bills(user_id, filters)
    return QueryResult(
        query, value=value, count=len(rows), debt_payments=debt, card_bills=bills,
        refunds=refunds,
    )  # fmt: skip


async def _monthly_average(
    access: LedgerDataAccess, user_id: str, query: LedgerQuery, filters: Filters
) -> QueryResult:
    """An average per month with no period said: over the closed months that have records.
    The running month is not over (dividing it by one would call a partial month an average),
    and a month with nothing recorded says nothing about spending, so neither counts."""
    today = query.today or date.today()
    first = today.replace(day=1)
    closed = replace(filters, end=first - timedelta(days=1))
    result = await _total(access, user_id, query, closed)
    rows = await access.flows(user_id, closed)
    months = tuple(sorted({f.day.replace(day=1) for f in rows}))
    value = (result.value / len(months)).quantize(Decimal("0.01")) if months else Decimal(0)
    running = Decimal(0)
    if not months:
        now = await access.flows(user_id, replace(filters, start=first, end=today))
        running = sum((f.amount for f in now), Decimal(0))
    return replace(
        result, value=value, units=len(months), expenses=result.value, months=months,
        running=running,
    )  # fmt: skip


def _names(account: str | None, wanted: str) -> bool:
    return account is not None and fold(wanted) in fold(account)


_GENERIC_DEBT_WORDS = frozenset({"emprestimo", "divida", "financiamento", "consignado", "parcela"})


def debts_named(name: str, debts: list[Debt]) -> list[Debt]:
    """The debts a question names: by its specific words ("itau", "irmao") when it has any,
    else by its generic ones ("emprestimo" = every loan)."""
    words = set(re.findall(r"[a-z0-9]+", bank_words(fold(name))))
    specific = words - _GENERIC_DEBT_WORDS
    wanted = specific or words
    return [d for d in debts if wanted & set(re.findall(r"[a-z0-9]+", bank_words(fold(d.name))))]


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
        excluded=query.excluded,
        excluded_words=query.excluded_words,
        payment_methods=query.payment_methods,
        merchants=query.merchants,
        instalments_only=query.instalments_only,
    )


__all__ = ["average_units", "debts_named", "filters_for", "query_today", "run_query"]
