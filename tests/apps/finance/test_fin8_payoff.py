"""Branch fin8: a debt told with its rate and its monthly instalment, asked when it ends, is the
months-to-pay-off computation — whatever the tense ("peguei", "fiz um empréstimo",
"financiei") — and nothing is written to the ledger."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.quantities import scan
from switchboard.apps.finance.nlu.payoff import asks_payoff_time
from switchboard.apps.finance.nlu.text import fold

from .app_helpers import ledger_of, make_app


async def nothing_written(app: FinanceApp) -> bool:
    ledger = ledger_of(app)
    return (
        await ledger.entries("ana", FlowFilter()) == []
        and await ledger.debts("ana") == []
        and await ledger.scheduled("ana", None, paid=False) == []
    )


@pytest.mark.parametrize(
    ("text", "months", "name"),
    [
        # nper: 3 mil a 4% a.m. pagando 250 → 16,67 → 17 pagamentos
        ("peguei 3 mil emprestado a 4% a.m. e pago 250 por mes, quando acabo de pagar?",
         "17 meses", "no empréstimo"),
        ("fiz um empréstimo de 6 mil a 2% ao mês, pagando 400 mensais, quantas parcelas faltam?",
         "19 meses", "no empréstimo"),
        ("financiei 9 mil a 1,5% ao mes, parcela de 500, quando fico livre?",
         "22 meses", "no financiamento"),
        ("peguei 2 mil no banco a 3% am, pago 200 por mes, em quanto tempo zero?",
         "13 meses", ""),
    ],
)  # fmt: skip
async def test_a_debt_told_in_the_past_with_rate_and_instalment_gets_its_payoff_time(
    text: str, months: str, name: str
) -> None:
    assert asks_payoff_time(fold(text))
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.DIVIDAS
    assert q.params.operacao == "prazo_quitacao"  # type: ignore[attr-defined]
    app = make_app()
    reply = await app.reply("s1", text, user_id="ana")
    assert reply.agent == "orquestrador"
    assert f"quitada em {months}" in reply.text and name in reply.text
    assert "em média" not in reply.text
    assert await nothing_written(app)


@pytest.mark.parametrize(
    "text",
    [
        "guardando 500 por mês a 1% ao mês, em quanto tempo chego a 50 mil?",  # a goal
        "peguei 10 mil emprestado a 2,5% a.m.",  # nothing asked
        "pago 600 por mes, quando termino?",  # no rate: not this computation
    ],
)
def test_saving_plans_and_statements_are_not_payoff_questions(text: str) -> None:
    assert not asks_payoff_time(fold(text))


def test_an_instalment_of_an_amount_is_money_not_the_instalment_number() -> None:
    q = scan(fold("parcela de 700 e a parcela 12 vence amanha"))
    assert [m.value for m in q.money] == [700]
    assert q.ordinal == 12
