"""The fixed instalment that pays a debt off in N months, asked in any order and tense (fin15):
a PRICE instalment at the debt's own rate, not a projection of the debt left unpaid."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import FinanciamentoParams
from tests.apps.finance.app_helpers import brl, say


@pytest.mark.parametrize(
    "text",
    [
        "divida de 5 mil a 4% a.m. — qual parcela fixa quita em 12 meses?",
        "devo 8 mil no cartao a 6% ao mes, qual parcela fixa zera em 24 meses?",
        "pra acabar com uma divida de 20 mil em 36 meses a 3% am, quanto tenho que pagar todo mes?",
        "cheque especial com 4 mil de saldo devedor a 8% ao mês: que prestação quita isso em 6 meses?",
    ],
)
def test_the_payoff_instalment_is_a_price_instalment(text: str) -> None:
    question = extract(text)
    assert question is not None and question.kind is QuestionKind.FINANCIAMENTO
    assert isinstance(question.params, FinanciamentoParams)


@pytest.mark.parametrize(
    "text",
    [
        "devo 8 mil no cartao a 6% ao mes pagando 500 por mes, em quanto tempo quito?",
        "devo 3 mil no rotativo a 12% ao mes, quanto vira em 6 meses se eu nao pagar?",
    ],
)
def test_a_payoff_time_or_a_projection_stays_a_debt(text: str) -> None:
    question = extract(text)
    assert question is not None and question.kind is QuestionKind.DIVIDAS


async def test_the_answer_states_the_instalment(app: FinanceApp) -> None:
    reply = await say(app, "divida de 5 mil a 4% a.m. — qual parcela fixa quita em 12 meses?")
    assert brl(532.76) in reply  # numpy_financial.pmt(0.04, 12, 5000)


def test_the_debt_amount_and_rate_are_the_users() -> None:
    question = extract("devo 8 mil no cartao a 6% ao mes, qual parcela fixa zera em 24 meses?")
    assert question is not None and isinstance(question.params, FinanciamentoParams)
    params = question.params
    assert (params.principal, params.taxa_mensal, params.meses) == (
        Decimal(8000),
        Decimal("0.06"),
        24,
    )
    assert params.sistemas == ("price",)
