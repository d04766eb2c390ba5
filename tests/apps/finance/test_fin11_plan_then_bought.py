"""Branch fin11: after Junior's offer to weigh a planned purchase ("… cabe no seu orçamento?"),
"comprei, registra" is the plan happening — recorded with the plan's amount — not a "sim" to the
offer; a plain "sim" still gets the month's budget."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.ledger import FlowFilter

from .app_helpers import ledger_of, make_app, say


async def test_bought_after_a_plan_records_the_plans_amount() -> None:
    app = make_app()
    offer = await say(app, "to querendo comprar uma cadeira gamer de 1.300")
    assert offer.endswith("?")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    reply = await say(app, "comprei hoje, pode registrar, foi no debito")
    assert "Registrado" in reply
    (entry,) = await ledger_of(app).entries("ana", FlowFilter())
    assert entry.amount == Decimal("1300.00")


async def test_a_plain_yes_to_the_offer_is_still_the_budget() -> None:
    app = make_app()
    await say(app, "to querendo comprar uma cadeira gamer de 1.300")
    reply = await say(app, "sim")
    assert "Registrado" not in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_an_income_and_costs_with_the_leftover_asked_are_data_not_entries() -> None:
    app = make_app()
    reply = await say(app, "com salario de 6 mil e despesas de 3.900, quanto sobra por mes?")
    assert "R$ 2.100,00" in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_movements_told_with_the_leftover_asked_are_still_recorded() -> None:
    app = make_app()
    await say(app, "recebi o salario de 6 mil e paguei 3.900 de contas, quanto sobrou?")
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 2
