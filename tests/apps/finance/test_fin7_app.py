"""Branch fin7 through the offline app: wishes are never written, an employer's bonus is
income, and "devo comprar…?" answers with the user's numbers only (issue 19)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.missions.planner import extract_facts, stated_annual_rate
from switchboard.apps.finance.trivial import CONSIDERING_ANSWER

from .app_helpers import ledger_of, make_app

D = Decimal


async def ask(app: FinanceApp, text: str) -> tuple[str | None, str]:
    reply = await app.reply("s1", text, user_id="ana")
    return reply.agent, reply.text


async def entries(app: FinanceApp) -> list[object]:
    return list(await ledger_of(app).entries("ana", FlowFilter()))


@pytest.mark.parametrize(
    "text",
    ["queria demais uma moto de 18 mil", "meu sonho é ter 50 mil na poupança"],
)
async def test_a_wish_is_answered_and_never_written(text: str) -> None:
    app = make_app()
    assert await ask(app, text) == ("junior", CONSIDERING_ANSWER)
    assert await entries(app) == []


async def test_the_bonus_the_boss_paid_is_the_users_income() -> None:
    app = make_app()
    agent, text = await ask(app, "o chefe pagou o bonus de 800")
    assert agent == "lancador" and "Receita de R$ 800,00" in text
    (entry,) = await entries(app)
    assert entry.kind == "receita" and entry.amount == D("800.00")  # type: ignore[attr-defined]


async def test_should_i_buy_with_nothing_recorded_says_so_and_invents_nothing() -> None:
    app = make_app()
    agent, text = await ask(app, "devo comprar um notebook de 5 mil?")
    assert agent == "orquestrador"
    assert "não tenho registros da sua renda" in text
    assert "me diga sua renda e seus gastos" in text
    assert "R$ 0,00" not in text  # zeros are not the user's situation
    assert "parcela seria" not in text  # no financing the user never mentioned
    assert await entries(app) == []


async def test_instalments_without_a_rate_are_an_explicit_assumption() -> None:
    app = make_app()
    _, text = await ask(app, "posso comprar uma tv de 3 mil em 10x?")
    assert "R$ 300,00" in text and "sem juros" in text


async def test_should_i_buy_with_a_history_uses_the_users_surplus() -> None:
    app = make_app()
    for line in (
        "recebi 6 mil de salario dia 05/09",
        "recebi 6 mil de salario dia 05/10",
        "paguei 3 mil de aluguel dia 10/10",
    ):
        await ask(app, line)
    _, text = await ask(app, "devo comprar um notebook de 5 mil?")
    assert "Sua sobra mensal média é de R$ 3.000,00" in text
    assert "parcela seria" not in text


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("financiar em 48 meses a 1,5% am", D("0.195618")),
        ("48x a 2% ao mes", D("0.268242")),
        ("60 meses a 18% a.a.", D("0.18")),
        ("em 12x sem juros", None),
    ],
)
def test_the_rate_the_user_stated(text: str, rate: Decimal | None) -> None:
    assert stated_annual_rate(text) == rate


def test_vale_the_verb_is_not_the_company() -> None:
    assert extract_facts("vale mais pegar um seminovo de 45 mil ou um 0km de 70?").tickers == []
    assert extract_facts("devo investir 2 mil na vale?").tickers == ["VALE3"]


async def test_a_total_with_an_amount_supposed_adds_it_and_records_nothing() -> None:
    app = make_app()
    await ask(app, "gastei 80 de farmacia")
    agent, text = await ask(app, "e se eu gastar mais 45 na farmacia esse mes, qnto fica o total?")
    assert agent == "simplista"
    assert "R$ 80,00" in text and "R$ 125,00" in text and "não registrei" in text
    assert len(await entries(app)) == 1


def test_a_what_if_with_a_rate_is_not_a_ledger_total() -> None:
    from switchboard.apps.finance.nlu.what_if import hypothetical_extra

    assert hypothetical_extra("e se eu investir mais 200 a 1% am, quanto fica?") is None
    assert hypothetical_extra("e se eu pagar mais 300 por mes, em quantos meses quito?") is None
    what_if = hypothetical_extra("se eu abastecer mais 1.200 esse mes, vai dar quanto?")
    assert what_if is not None and what_if.extra == D("1200")
    assert "1.200" not in what_if.question


@pytest.mark.parametrize(
    "text",
    [
        "será que compro uma geladeira de 3.200 agora?",
        "vale comprar uma bike de 4 mil pra ir pro trabalho?",
        "quero comprar uma moto de 20 mil, financio ou junto dinheiro?",
    ],
)
async def test_a_purchase_weighed_with_nothing_recorded_invents_no_financing(text: str) -> None:
    app = make_app()
    agent, answer = await ask(app, text)
    assert agent == "orquestrador"
    assert "não tenho registros da sua renda" in answer
    assert "1,99%" not in answer and "parcela seria" not in answer and "CDI" not in answer
    assert await entries(app) == []


@pytest.mark.parametrize(
    "text", ["adoraria ter um carro de 80 mil", "ai que vontade de um perfume de 400"]
)
async def test_more_wishes_are_never_written(text: str) -> None:
    app = make_app()
    assert await ask(app, text) == ("junior", CONSIDERING_ANSWER)
    assert await entries(app) == []
