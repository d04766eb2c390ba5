"""`LedgerDataAccess`: the missions' `DataAccess` protocol (§3.2) over the user's real ledger.

Missions read through the small protocol in `missions/data_access.py`; the finance app's data
lives in the ledger, read by part 1's `apps/finance/data_access.py::DataAccess`. This adapter
maps one onto the other, so a mission's numbers are exactly the Simplista's:

- **Flows** (`totals_by_category`, `total`, `monthly_flow`): statement entries plus card
  purchases at their purchase date (part 1's definition of "what the user spent"). Category
  keys are the ledger's own names ("Alimentação"); `total(category=...)` matches them ignoring
  case and accents, so "alimentacao" works too.
- **monthly_flow(months)**: averages over the last `months` *full* calendar months before
  today's month in São Paulo (the current month is partial and would drag the average down).
- **balance**: accounts' balance plus the emergency reserve (the protocol's "cash and savings
  available, not investments").
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

from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Final, Literal, get_args

from dateutil.relativedelta import relativedelta

from switchboard import Clock
from switchboard.apps.finance.data_access import DataAccess as LedgerQueries
from switchboard.apps.finance.data_access import Filters
from switchboard.apps.finance.ledger import FlowFilter, Instalment, Ledger
from switchboard.apps.finance.missions.data_access import (
    Debt,
    EntryKind,
    Holding,
    MonthlyFlow,
    MonthTotals,
    NetWorth,
    SpendingLine,
    UserProfile,
)
from switchboard.apps.finance.nlu import today_in_sao_paulo
from switchboard.apps.finance.nlu.text import fold

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
    """The missions' `DataAccess` over one store's ledger (see the module docstring)."""

    def __init__(self, ledger: Ledger, clock: Clock) -> None:
        self._ledger = ledger
        self._queries = LedgerQueries(ledger)
        self._clock = clock

    async def totals_by_category(
        self, user_id: str, kind: EntryKind, start: date, end: date
    ) -> dict[str, Decimal]:
        flows = await self._queries.flows(user_id, Filters(start=start, end=end, kind=kind))
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

    async def monthly_flow(self, user_id: str, months: int = 3) -> MonthlyFlow:
        months = max(1, months)
        this_month = today_in_sao_paulo(self._clock.now()).replace(day=1)
        start = this_month - relativedelta(months=months)
        end = this_month - relativedelta(days=1)
        income, expenses = await self._queries.savings(user_id, Filters(start=start, end=end))
        return MonthlyFlow(
            months=months,
            income=_cents(income / months),
            expenses=_cents(expenses / months),
        )

    async def balance(self, user_id: str) -> Decimal:
        return await self._queries.balance(user_id) + await self._queries.reserve(user_id)

    async def net_worth(self, user_id: str) -> NetWorth:
        worth = await self._queries.net_worth(user_id)
        return NetWorth(assets=worth.assets, liabilities=worth.liabilities)

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
        for debt in await self._queries.debts(user_id):
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
        open_instalments = sorted(await self._queries.open_instalments(user_id), key=_due)
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
            income, expenses = await self._queries.savings(user_id, Filters(start=start, end=end))
            out.append(MonthTotals(start, income, expenses))
        return out

    async def spending_lines(self, user_id: str, start: date, end: date) -> list[SpendingLine]:
        flows = await self._queries.flows(user_id, Filters(start=start, end=end, kind="despesa"))
        return [
            SpendingLine(f.categoria or "Outros", f.subcategoria, f.description, f.amount)
            for f in flows
        ]


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
