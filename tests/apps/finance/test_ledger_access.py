"""`LedgerDataAccess` against the demo ledger on the in-memory store."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from switchboard.apps.finance.data_access import (
    CARD_DEBT,
    DataAccess,
    Filters,
    LedgerDataAccess,
)
from switchboard.apps.finance.demo import load_demo
from switchboard.apps.finance.ledger import LEDGER
from switchboard.store.factory import open_store

from .app_helpers import TODAY, make_clock

D = Decimal


async def _access() -> LedgerDataAccess:
    store = open_store("memory://", clock=make_clock())
    await store.init()
    ledger = store.repository(LEDGER)
    await load_demo(ledger, "ana", TODAY)
    return LedgerDataAccess(ledger, make_clock())


async def test_satisfies_the_missions_protocol() -> None:
    access = await _access()
    proto: DataAccess = access
    assert await proto.balance("ana") > 0


async def test_monthly_flow_averages_the_last_full_months() -> None:
    access = await _access()
    flow = await access.monthly_flow("ana", 3)
    income, expenses = await access.savings(
        "ana", Filters(start=date(2026, 8, 1), end=date(2026, 10, 31))
    )
    assert flow.months == 3
    assert flow.income == (income / 3).quantize(D("0.01"))
    assert flow.expenses == (expenses / 3).quantize(D("0.01"))
    assert D("6500") <= flow.income <= D("7500")  # salary plus a freelance every other month
    assert flow.surplus > 0


async def test_totals_by_category_and_total() -> None:
    access = await _access()
    start, end = date(2026, 10, 1), date(2026, 10, 31)
    totals = await access.totals_by_category("ana", "despesa", start, end)
    assert totals["Moradia"] == D("2250.00")  # rent + condo
    assert await access.total("ana", "despesa", start, end, "moradia") == D("2250.00")
    assert await access.total("ana", "despesa", start, end) == await access.flow_total(
        "ana", Filters(start=start, end=end, kind="despesa")
    )
    assert await access.total("ana", "receita", start, end, "nada") == 0


async def test_balance_worth_investments_debts() -> None:
    access = await _access()
    assert await access.balance("ana") == await access.cash_balance("ana") + D("15000.00")
    holdings = {h.asset: h for h in await access.investments("ana")}
    assert holdings["Ações (carteira)"].asset_class == "acoes"
    assert holdings["CDB Banco X"].asset_class == "renda_fixa"
    assert sum((h.value for h in holdings.values()), D(0)) == D("25500.00")
    worth = await access.net_worth("ana")
    debts = {d.name: d for d in await access.debts("ana")}
    assert sum((d.balance for d in debts.values()), D(0)) == worth.liabilities
    loan = debts["Empréstimo pessoal"]
    assert loan.balance == D("4040.00")
    assert loan.instalment == D("480.00")
    assert loan.monthly_rate == 0  # unknown: the ledger stores no rate
    assert debts[CARD_DEBT].instalment == D("300.00")


async def test_profile_and_rates_from_facts() -> None:
    access = await _access()
    assert (await access.profile("ana")).risk_profile is None
    ledger = access._ledger
    await ledger.set_profile(
        "ana",
        {
            "perfil_risco": "Conservador",
            "idade": "38",
            "metas": "aposentadoria aos 55; viagem",
            "taxa_mensal:Empréstimo pessoal": "4,5%",
        },
    )
    profile = await access.profile("ana")
    assert profile.risk_profile == "conservador"
    assert profile.age == 38
    assert profile.goals == ("aposentadoria aos 55", "viagem")
    loan = next(d for d in await access.debts("ana") if d.name == "Empréstimo pessoal")
    assert loan.monthly_rate == D("0.045")
