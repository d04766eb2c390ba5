"""A budget asked ("me ajuda a montar um orçamento, ganho 3500") got "Essa análise eu não
consigo fazer aqui" (lead probe, 2026-11-27): it is the spending diagnosis with the 50/30/20
guideline over the income the user states, said as a reference, and compared with what the
ledger holds when it holds something. Nothing is recorded."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.missions.catalogue.classify import classify
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.nlu.text import fold

from .app_helpers import app_with, ledger_of, make_app, say


@pytest.mark.parametrize(
    "text",
    [
        "me ajuda a montar um orçamento, ganho 3500",
        "como eu devo dividir meu salario de 2 mil?",
        "quero fazer um planejamento mensal",
        "como funciona a regra 50 30 20?",
        "preciso de um orçamento familiar",
    ],
)
def test_a_budget_is_the_diagnosis(text: str) -> None:
    assert classify(fold(text)) is QuestionKind.DIAGNOSTICO


def test_fitting_a_purchase_in_the_budget_is_not_a_budget() -> None:
    assert classify(fold("uma tv de 3 mil cabe no meu orçamento?")) is not QuestionKind.DIAGNOSTICO


async def test_the_guideline_is_said_over_the_stated_income_and_nothing_is_recorded() -> None:
    app = make_app()
    reply = await say(app, "me ajuda a montar um orçamento? recebo 2.800 liquido")
    assert "regra 50/30/20" in reply and "Com R$ 2.800,00 por mês" in reply
    assert "até R$ 1.400,00 (50%)" in reply and "até R$ 840,00 (30%)" in reply
    assert "pelo menos R$ 560,00 (20%)" in reply and "não consigo" not in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_without_an_income_the_income_is_asked() -> None:
    reply = await say(make_app(), "como divido meu salario?")
    assert "qual é a sua renda mensal" in reply


async def test_recorded_spending_is_set_against_the_guideline() -> None:
    app = await app_with(
        "aluguel 1200 dia 5", "mercado 600 ontem", "ifood 300 hoje", "cinema 80 hoje"
    )
    reply = await say(app, "ganho 3500, me ajuda a montar um orçamento")
    # essential: rent 1.200 + supermarket 600; the rest: delivery 300 + cinema 80
    assert "as necessidades somam R$ 1.800,00 (51% da renda), os desejos R$ 380,00 (11%)" in reply
    assert "sobram R$ 1.320,00 (38%)" in reply
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 4
