"""The finance app's probe for `switchboard eval` (docs/eval.md): route, ledger effects, fixtures.

- **route**: the answering agent says which way Junior sent the message — junior → `trivial`,
  lancador → `lancamento`, simplista → `simplista`, orquestrador → `complexa` (a clarifying
  question's answer keeps its agent's route).
- **effects**: the user's ledger is read after every turn; the rows that appeared since the
  previous turn become effects through `ledger_effect`, the one place that says what a ledger
  row *means* in the suite vocabulary (docs/eval_format: expense, income, refund, transfer,
  loan, debt_payment, asset_purchase, bill, receivable). A new kind of record gets a `case` there:
  an estorno or a Reembolso receipt is a refund; a debt or card-bill payment a debt_payment;
  a `Transfer` a transfer; a `Debt` with `cash_in` a loan; an `AssetPurchase` the
  asset_purchase (its `Asset`, and the `Debt` of its financed part, are not effects of their
  own).
- **setup**: `{"ledger": "empty"}` (the default) or `{"ledger": "demo"}` (six months of demo
  data as of the case's date, `demo.py`).

Registered in pyproject's `switchboard.eval_probes` group; nothing in the app imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from switchboard import ChatApp
from switchboard.apps.finance.demo import load_demo
from switchboard.apps.finance.ledger import (
    LEDGER,
    Asset,
    AssetPurchase,
    CardPurchase,
    Debt,
    Entry,
    FlowFilter,
    Ledger,
    Scheduled,
    Transfer,
)
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.pattern import JUNIOR, LANCADOR, ORQUESTRADOR, SIMPLISTA
from switchboard.evals import (
    CaseContext,
    Effect,
    EffectKind,
    EvalProbe,
    TurnFacts,
    TurnObservation,
)

ROUTES: dict[str, str] = {
    JUNIOR: "trivial",
    LANCADOR: "lancamento",
    SIMPLISTA: "simplista",
    ORQUESTRADOR: "complexa",
}
LEDGER_FIXTURES = ("empty", "demo")
PAYMENT_METHODS = frozenset({"pix", "debito", "credito", "dinheiro", "boleto"})
ASSET_KINDS = frozenset({"imovel", "veiculo", "investimento", "outro"})

EFFECT_KINDS: dict[str, EffectKind] = {
    "expense": EffectKind(
        frozenset(
            {"amount", "category", "subcategory", "date", "payment_method", "instalments"}
            | {"description"}
        ),
        {"payment_method": PAYMENT_METHODS},
    ),
    "income": EffectKind(frozenset({"amount", "category", "subcategory", "date", "description"})),
    "refund": EffectKind(frozenset({"amount", "date", "description"})),
    "transfer": EffectKind(frozenset({"amount", "to", "from", "date", "description"})),
    "loan": EffectKind(frozenset({"amount", "date", "description"})),
    "debt_payment": EffectKind(frozenset({"amount", "debt", "date", "description"})),
    "asset_purchase": EffectKind(
        frozenset({"amount", "asset", "date", "instalments", "description"}),
        {"asset": ASSET_KINDS},
    ),
    "bill": EffectKind(frozenset({"amount", "due", "category", "subcategory", "description"})),
    "receivable": EffectKind(frozenset({"amount", "due", "category", "description"})),
}
"""The finance effect vocabulary of the suite format (a superset: `description` everywhere)."""

LedgerRecord = Entry | CardPurchase | Scheduled | Debt | Asset | Transfer | AssetPurchase


@dataclass(frozen=True, slots=True)
class LedgerView:
    """One user's ledger rows by id, as of one moment."""

    entries: dict[str, Entry]
    purchases: dict[str, CardPurchase]
    scheduled: dict[str, Scheduled]
    debts: dict[str, Debt]
    assets: dict[str, Asset]
    transfers: dict[str, Transfer]
    asset_purchases: dict[str, AssetPurchase]

    @classmethod
    async def read(cls, ledger: Ledger, user_id: str) -> LedgerView:
        everything = FlowFilter()
        scheduled = [
            *await ledger.scheduled(user_id, None, paid=False),
            *await ledger.scheduled(user_id, None, paid=True),
        ]
        return cls(
            entries={r.id: r for r in await ledger.entries(user_id, everything)},
            purchases={r.id: r for r in await ledger.purchases(user_id, everything)},
            scheduled={r.id: r for r in scheduled},
            debts={r.id: r for r in await ledger.debts(user_id)},
            assets={r.id: r for r in await ledger.assets(user_id)},
            transfers={r.id: r for r in await ledger.transfers(user_id, everything)},
            asset_purchases={r.id: r for r in await ledger.asset_purchases(user_id)},
        )

    def added_since(self, before: LedgerView) -> list[LedgerRecord]:
        """Rows present now and not in `before`, kind by kind, in the ledger's order."""
        added: list[LedgerRecord] = []
        for now, then in (
            (self.entries, before.entries),
            (self.purchases, before.purchases),
            (self.scheduled, before.scheduled),
            (self.debts, before.debts),
            (self.assets, before.assets),
            (self.transfers, before.transfers),
            (self.asset_purchases, before.asset_purchases),
        ):
            added.extend(row for key, row in now.items() if key not in then)
        return added


def _is_refund(entry: Entry) -> bool:
    if entry.nature == "estorno":
        return True
    category = fold(entry.categoria or "")
    return category.startswith("reembolso") or (
        category == "receitas" and fold(entry.subcategoria or "") == "reembolso"
    )


def ledger_effect(row: LedgerRecord, view: LedgerView) -> Effect | None:
    """What one new ledger row means in the suite vocabulary (None: not an effect by itself,
    e.g. an instalment of a card purchase). `view` is the ledger after the turn (a debt
    payment names its debt)."""
    match row:
        case Entry(kind="receita") if _is_refund(row):
            return Effect.of(
                "refund", amount=float(row.amount), date=_day(row.day), description=row.description
            )
        case Entry(kind="receita"):
            return Effect.of(
                "income",
                amount=float(row.amount),
                category=row.categoria,
                subcategory=row.subcategoria,
                date=_day(row.day),
                description=row.description,
            )
        case Entry() if (
            row.debt_id is not None
            or row.nature in ("pagamento_divida", "fatura_cartao")
            or row.categoria == "Dívidas"
        ):
            debt = view.debts.get(row.debt_id) if row.debt_id else None
            return Effect.of(
                "debt_payment",
                amount=float(row.amount),
                debt=debt.name if debt else row.description,
                date=_day(row.day),
                description=row.description,
            )
        case Entry():
            return Effect.of(
                "expense",
                amount=float(row.amount),
                category=row.categoria,
                subcategory=row.subcategoria,
                date=_day(row.day),
                payment_method=row.payment_method,
                instalments=None,
                description=row.description,
            )
        case CardPurchase():
            return Effect.of(
                "expense",
                amount=float(row.amount),
                category=row.categoria,
                subcategory=row.subcategoria,
                date=_day(row.day),
                payment_method="credito",
                instalments=row.instalments,
                description=row.description,
            )
        case Scheduled(kind="despesa"):
            return Effect.of(
                "bill",
                amount=float(row.amount),
                due=_day(row.due),
                category=row.categoria,
                subcategory=row.subcategoria,
                description=row.description,
            )
        case Scheduled():
            return Effect.of(
                "receivable",
                amount=float(row.amount),
                due=_day(row.due),
                category=row.categoria,
                description=row.description,
            )
        case Transfer():
            return Effect.of(
                "transfer",
                amount=float(row.amount),
                to=row.to_account,
                date=_day(row.day),
                description=row.description,
                **{"from": row.from_account},
            )
        case AssetPurchase():
            return Effect.of(
                "asset_purchase",
                amount=float(row.amount),
                asset=row.kind,
                date=_day(row.day),
                instalments=row.instalments,
                description=row.description,
            )
        case Debt() if not row.cash_in and _financing_of_a_purchase(row, view):
            return None  # the financed part of an asset purchase: that purchase is the effect
        case Debt():
            return Effect.of(
                "loan", amount=float(row.principal), date=_day(row.day), description=row.name
            )
        case Asset() if any(p.asset_id == row.id for p in view.asset_purchases.values()):
            return None  # bought: its `AssetPurchase` is the effect
        case Asset():
            asset = "investimento" if row.kind == "reserva" else row.kind
            return Effect.of(
                "asset_purchase", amount=float(row.value), asset=asset, description=row.name
            )
    return None


def _financing_of_a_purchase(debt: Debt, view: LedgerView) -> bool:
    return any(
        p.financed == debt.principal and p.day == debt.day for p in view.asset_purchases.values()
    )


def _day(day: date | None) -> str | None:
    return day.isoformat() if day is not None else None


class _FinanceCase:
    """One case: the ledger as of the previous turn, to report each turn's new rows."""

    def __init__(self, ledger: Ledger, user_id: str, view: LedgerView) -> None:
        self._ledger = ledger
        self._user_id = user_id
        self._view = view

    async def observe(self, turn: TurnObservation) -> TurnFacts:
        view = await LedgerView.read(self._ledger, self._user_id)
        rows = view.added_since(self._view)
        self._view = view
        effects = tuple(e for row in rows if (e := ledger_effect(row, view)) is not None)
        return TurnFacts(route=ROUTES.get(turn.agent or ""), effects=effects)


class FinanceProbe:
    """The finance app's `EvalProbe`."""

    reports = frozenset({"route", "effects"})
    effect_kinds: Mapping[str, EffectKind] = EFFECT_KINDS

    def __init__(self, app: ChatApp) -> None:
        self._ledger = app.store.repository(LEDGER)

    def setup_problems(self, setup: Mapping[str, Any]) -> list[str]:
        problems = [
            f"unknown key {key!r} (finance knows: ledger)" for key in setup if key != "ledger"
        ]
        if "ledger" in setup and setup["ledger"] not in LEDGER_FIXTURES:
            problems.append(
                f"ledger: {setup['ledger']!r} is not one of {', '.join(LEDGER_FIXTURES)}"
            )
        return problems

    async def open_case(self, case: CaseContext) -> _FinanceCase:
        if case.setup.get("ledger") == "demo":
            await load_demo(self._ledger, case.user_id, case.today)
        view = await LedgerView.read(self._ledger, case.user_id)
        return _FinanceCase(self._ledger, case.user_id, view)


def probe(app: ChatApp) -> EvalProbe:
    """The `switchboard.eval_probes` entry point."""
    return FinanceProbe(app)


__all__ = ["EFFECT_KINDS", "ROUTES", "FinanceProbe", "LedgerView", "ledger_effect", "probe"]
