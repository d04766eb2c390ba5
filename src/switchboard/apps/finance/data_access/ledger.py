"""`LedgerDataAccess`: the finance data-access layer over the user's real ledger.

One class for every reader. The Simplista's reads (`flows`, `flow_total`, `savings`,
`cash_balance`, `open_debts`, ...) and the missions' `DataAccess` protocol (`total`,
`monthly_flow`, `balance`, `debts`, ...) share the same rows and definitions (package
docstring), so a mission's numbers are exactly the Simplista's:

- **Flows** (`totals_by_category`, `total`, `monthly_flow`): statement entries plus card
  purchases at their purchase date. Category keys are the ledger's own names ("Alimentação");
  `total(category=...)` matches them ignoring case and accents, so "alimentacao" works too.
- **monthly_flow(months)**: averages over the last `months` *full* calendar months before
  today's month in São Paulo (the current month is partial and would drag the average down).
- **balance**: accounts' cash (`cash_balance`) plus the emergency reserve (the protocol's
  "cash and savings available, not investments").
- **investments**: the ledger's `investimento` assets; the ledger's free-text investment type
  ("CDB", "tesouro direto", "ações") is mapped to the missions' asset classes.
- **debts**: the ledger's open debts plus, when there are any, the open card instalments as
  one debt ("Parcelas do cartão", 0% — card instalments in Brazil are "sem juros"), so the sum
  of debts equals the net worth's liabilities. The ledger stores no interest rate: a debt's
  `monthly_rate` comes from the profile fact `taxa_mensal:<nome>` when the user told us,
  otherwise it is 0 meaning *unknown* (never guessed — a guessed rate would trigger the
  orchestrator's "pay expensive debts first" override on invented data). The instalment is
  the latest "Dívidas" statement entry naming the debt (0 when none was paid yet).
- **today / month_totals / spending_lines** (the question catalogue): today in São Paulo, each
  of the last months' income and expenses plus the current month's, and every expense of a
  period with its category and subcategory (the spending diagnosis).
- **profile**: the profile facts `perfil_risco`, `idade`, `metas` (";"-separated) when present,
  else the protocol's defaults.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Final, Literal, get_args

from dateutil.relativedelta import relativedelta

from switchboard import Clock
from switchboard.apps.finance.data_access.query import run_query
from switchboard.apps.finance.data_access.types import (
    Debt,
    EntryKind,
    Filters,
    Flow,
    Holding,
    MonthlyFlow,
    MonthTotals,
    NetWorth,
    QueryResult,
    SpendingLine,
    UserProfile,
)
from switchboard.apps.finance.ledger import Debt as LedgerDebt
from switchboard.apps.finance.ledger import Entry, FlowFilter, Instalment, Ledger, Scheduled
from switchboard.apps.finance.ledger.records import Kind, is_lent
from switchboard.apps.finance.nlu import LedgerQuery, today_in_sao_paulo
from switchboard.apps.finance.nlu.text import fold
from switchboard.core import SYSTEM_CLOCK

RiskProfile = Literal["conservador", "moderado", "arrojado"]

ASSET_CLASSES: Final[dict[str, str]] = {
    "acoes": "acoes",
    "acao": "acoes",
    "fii": "fii",
    "fundos imobiliarios": "fii",
    "cripto": "cripto",
    "criptomoedas": "cripto",
}
"""Folded ledger investment types that are not fixed income; everything else (CDB, tesouro,
LCI/LCA, poupança, debêntures...) is `renda_fixa`."""
CARD_DEBT: Final = "Parcelas do cartão"
RATE_FACT: Final = "taxa_mensal:"
"""Profile fact prefix of a debt's monthly rate, e.g. `taxa_mensal:Empréstimo pessoal = 0,045`."""
DEBT_CATEGORY: Final = "Dívidas"


class LedgerDataAccess:
    """§3.2 over one store's ledger, for every reader (see the package docstring). Every call
    names the user; the clock only resolves "today" (São Paulo) for the missions' periods."""

    def __init__(self, ledger: Ledger, clock: Clock = SYSTEM_CLOCK) -> None:
        self._ledger = ledger
        self._clock = clock

    @property
    def ledger(self) -> Ledger:
        return self._ledger

    async def run(self, user_id: str, query: LedgerQuery) -> QueryResult:
        """Answer a Simplista `LedgerQuery` (`query.run_query`)."""
        return await run_query(self, user_id, query)

    # -- the Simplista's reads -------------------------------------------------------------

    async def flows(self, user_id: str, filters: Filters) -> list[Flow]:
        """Income and spending rows (see the package docstring), oldest first."""
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
        if filters.excluded_words:
            names = "|".join(re.escape(fold(m)) for m in filters.excluded_words)
            unwanted = re.compile(rf"\b(?:{names})")
            rows = [f for f in rows if not unwanted.search(fold(f.description or ""))]
        return sorted(rows, key=lambda f: f.day)

    async def card_bills(self, user_id: str, filters: Filters) -> Decimal:
        """Card bill payments in the filters' period (never spending: see the package docstring)."""
        flt = FlowFilter(start=filters.start, end=filters.end, kind="despesa")
        entries = await self._ledger.entries(user_id, flt)
        return sum((e.amount for e in entries if e.nature == "fatura_cartao"), Decimal(0))

    async def flow_total(self, user_id: str, filters: Filters) -> Decimal:
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

    async def cash_balance(self, user_id: str) -> Decimal:
        """Cash in the user's accounts (package docstring: transfers change nothing, a loan
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
        return opening + signed + loans - bought - await self._lent_out(user_id)

    async def _lent_out(self, user_id: str) -> Decimal:
        """Money the user lent and has not got back yet (`records.LENT`): out of the accounts,
        still theirs (net worth counts it as an asset)."""
        open_ = await self._ledger.scheduled(user_id, "receita", paid=False)
        return sum((s.amount for s in open_ if is_lent(s)), Decimal(0))

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

    async def open_debts(self, user_id: str) -> list[LedgerDebt]:
        """The ledger's debts still owed (the missions' `debts` adds rates and instalments)."""
        return [d for d in await self._ledger.debts(user_id) if d.balance > 0]

    async def scheduled(self, user_id: str, kind: Kind) -> list[Scheduled]:
        return await self._ledger.scheduled(user_id, kind, paid=False)

    async def net_worth(self, user_id: str) -> NetWorth:
        balance = await self.cash_balance(user_id)
        owned = sum((a.value for a in await self._ledger.assets(user_id)), Decimal(0))
        owned += await self._lent_out(user_id)
        owed = sum((d.balance for d in await self.open_debts(user_id)), Decimal(0))
        owed += sum((i.amount for i in await self.open_instalments(user_id)), Decimal(0))
        return NetWorth(balance=balance, assets=balance + owned, liabilities=owed)

    # -- the missions' reads (`DataAccess`) ------------------------------------------------

    async def totals_by_category(
        self, user_id: str, kind: EntryKind, start: date, end: date
    ) -> dict[str, Decimal]:
        flows = await self.flows(user_id, Filters(start=start, end=end, kind=kind))
        totals: dict[str, Decimal] = {}
        for flow in flows:
            name = flow.categoria or "Outros"
            totals[name] = totals.get(name, Decimal(0)) + flow.amount
        return totals

    async def total(
        self, user_id: str, kind: EntryKind, start: date, end: date, category: str | None = None
    ) -> Decimal:
        totals = await self.totals_by_category(user_id, kind, start, end)
        if category is None:
            return sum(totals.values(), Decimal(0))
        wanted = fold(category)
        return sum((v for k, v in totals.items() if fold(k) == wanted), Decimal(0))

    async def monthly_flow(
        self, user_id: str, months: int = 3, *, current_if_empty: bool = False
    ) -> MonthlyFlow:
        months = max(1, months)
        this_month = today_in_sao_paulo(self._clock.now()).replace(day=1)
        start = this_month - relativedelta(months=months)
        end = this_month - relativedelta(days=1)
        income, expenses = await self.savings(user_id, Filters(start=start, end=end))
        if current_if_empty and income == 0 and expenses == 0:
            # nothing in the closed months: what is recorded is this month's, said as such
            today = today_in_sao_paulo(self._clock.now())
            now_in, now_out = await self.savings(user_id, Filters(start=this_month, end=today))
            if now_in or now_out:
                return MonthlyFlow(
                    months=1, income=_cents(now_in), expenses=_cents(now_out), current_month=True
                )
        return MonthlyFlow(
            months=months,
            income=_cents(income / months),
            expenses=_cents(expenses / months),
        )

    async def balance(self, user_id: str) -> Decimal:
        """Cash and savings available: the accounts plus the emergency reserve."""
        return await self.cash_balance(user_id) + await self.reserve(user_id)

    async def investments(self, user_id: str) -> list[Holding]:
        return [
            Holding(asset.name, asset_class(asset.investment_type), asset.value)
            for asset in await self._ledger.assets(user_id)
            if asset.kind == "investimento"
        ]

    async def debts(self, user_id: str) -> list[Debt]:
        facts = await self._ledger.profile(user_id)
        payments = await self._ledger.entries(
            user_id, FlowFilter(kind="despesa", categorias=(DEBT_CATEGORY,))
        )
        payments.sort(key=lambda e: e.day, reverse=True)
        out: list[Debt] = []
        for debt in await self.open_debts(user_id):
            name = fold(debt.name)
            paid = next((e.amount for e in payments if name in fold(e.description or "")), None)
            out.append(
                Debt(
                    name=debt.name,
                    balance=debt.balance,
                    monthly_rate=_rate(facts.get(RATE_FACT + debt.name)),
                    instalment=paid or Decimal(0),
                )
            )
        open_instalments = sorted(await self.open_instalments(user_id), key=_due)
        if open_instalments:
            first_due = open_instalments[0].due
            out.append(
                Debt(
                    name=CARD_DEBT,
                    balance=sum((i.amount for i in open_instalments), Decimal(0)),
                    monthly_rate=Decimal(0),
                    instalment=sum(
                        (i.amount for i in open_instalments if _same_month(i.due, first_due)),
                        Decimal(0),
                    ),
                )
            )
        return out

    async def profile(self, user_id: str) -> UserProfile:
        facts = {fold(k): v for k, v in (await self._ledger.profile(user_id)).items()}
        risk = fold(facts.get("perfil_risco", "")).strip()
        age = facts.get("idade", "").strip()
        goals = tuple(g.strip() for g in facts.get("metas", "").split(";") if g.strip())
        return UserProfile(
            risk_profile=_risk(risk),
            age=int(age) if age.isdigit() else None,
            goals=goals,
        )

    async def today(self) -> date:
        return today_in_sao_paulo(self._clock.now())

    async def month_totals(self, user_id: str, months: int = 3) -> list[MonthTotals]:
        this_month = (await self.today()).replace(day=1)
        out = []
        for back in range(max(0, months), -1, -1):
            start = this_month - relativedelta(months=back)
            end = start + relativedelta(months=1) - relativedelta(days=1)
            income, expenses = await self.savings(user_id, Filters(start=start, end=end))
            out.append(MonthTotals(start, income, expenses))
        return out

    async def spending_lines(self, user_id: str, start: date, end: date) -> list[SpendingLine]:
        flows = await self.flows(user_id, Filters(start=start, end=end, kind="despesa"))
        return [
            SpendingLine(f.categoria or "Outros", f.subcategoria, f.description, f.amount)
            for f in flows
        ]


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


def asset_class(investment_type: str | None) -> str:
    """The missions' asset class of a ledger investment type (see `ASSET_CLASSES`)."""
    return ASSET_CLASSES.get(fold(investment_type or "").strip(), "renda_fixa")


def _risk(value: str) -> RiskProfile | None:
    for option in get_args(RiskProfile):
        if value == option:
            return option  # type: ignore[no-any-return]  # get_args loses the Literal type
    return None


def _rate(value: str | None) -> Decimal:
    """A stored rate ("0,045", "4,5%" → 0.045); unknown or unreadable → 0 (unknown)."""
    if not value:
        return Decimal(0)
    text = value.strip().replace(",", ".")
    percent = text.endswith("%")
    try:
        rate = Decimal(text.rstrip("%").strip())
    except InvalidOperation:
        return Decimal(0)
    return rate / 100 if percent or rate >= 1 else rate


def _cents(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"))


def _due(instalment: Instalment) -> date:
    return instalment.due


def _same_month(a: date, b: date) -> bool:
    return (a.year, a.month) == (b.year, b.month)


__all__ = ["ASSET_CLASSES", "CARD_DEBT", "LedgerDataAccess", "asset_class"]
