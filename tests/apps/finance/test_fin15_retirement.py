"""Retirement questions finance_w17's writer asked (fin15): the capital by a safe-withdrawal
rule ("regra dos 4%", "retirada segura de 3,5%") whatever the monthly amount is called, and a
plan with one rate while saving and another while living off the capital."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.missions.catalogue.compute import retirement
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import AposentadoriaParams
from switchboard.apps.finance.triage.rules import apply
from switchboard.apps.finance.triage.text import fold as triage_fold
from tests.apps.finance.app_helpers import brl, params_of, say


def _retirement(text: str) -> AposentadoriaParams:
    return params_of(text, QuestionKind.APOSENTADORIA, AposentadoriaParams)


@pytest.mark.parametrize(
    ("text", "capital"),
    [
        ("gasto 8 mil por mes. pela regra dos 4% ao ano, quanto preciso ter investido?", 2_400_000),
        ("pela regra dos 4%, quanto preciso juntar pra ter 5 mil por mes?", 1_500_000),
        ("meu custo de vida é 6.500 por mes; com a regra do 4% ao ano qual o patrimonio "
         "necessario pra parar de trabalhar?", 1_950_000),
        ("com retirada segura de 3,5% ao ano, quanto preciso ter pra uma renda de 7 mil/mes?",
         2_400_000),
    ],
)  # fmt: skip
def test_the_capital_by_a_withdrawal_rule(text: str, capital: int) -> None:
    params = _retirement(text)
    assert params.operacao == "capital"
    result = retirement(params)
    assert result.capital_necessario is not None
    assert abs(result.capital_necessario - capital) < 1
    hit = apply(triage_fold(text))
    assert hit is not None and hit.categoria == "complexa"


@pytest.mark.parametrize(
    ("text", "capital", "monthly"),
    [
        # numpy_financial: -pmt(0.007, 240, -100000, 1_500_000) = 1561.06
        ("Quero me aposentar com renda de R$ 6.000/mês vivendo só do rendimento de 0,4% a.m. "
         "(sem mexer no principal). Tenho 20 anos pela frente, já tenho 100 mil e consigo 0,7% "
         "a.m. até lá. Qual patrimônio preciso e quanto aportar por mês?", 1_500_000, 1561.06),
        # -pmt(0.01, 120, -200000, 1_000_000) = 1477.68
        ("pra me aposentar em 10 anos com 4 mil por mes so de rendimento (0,4% am), ja tendo "
         "200 mil aplicados a 1% am, quanto tenho q depositar todo mes?", 1_000_000, 1477.68),
    ],
)  # fmt: skip
def test_a_rate_while_saving_and_another_while_living_off_it(
    text: str, capital: int, monthly: float
) -> None:
    params = _retirement(text)
    assert params.operacao == "capital"
    assert params.taxa_acumulacao_mensal is not None
    result = retirement(params)
    assert result.capital_necessario == Decimal(capital)
    assert result.aporte_mensal is not None
    assert abs(result.aporte_mensal - Decimal(str(monthly))) < Decimal("0.02")


def test_one_rate_is_both_phases() -> None:
    params = _retirement(
        "quero renda de 5 mil por mes sem mexer no principal, rendendo 0,5% ao mes; faltam 20 "
        "anos, quanto aportar?"
    )
    assert params.taxa_acumulacao_mensal is None


async def test_the_answer_says_both_rates(app: FinanceApp) -> None:
    reply = await say(
        app,
        "quero renda de 5 mil por mes vivendo dos juros de 0,5% a.m.; faltam 15 anos, tenho "
        "50 mil guardados e consigo 0,8% a.m. ate la. quanto aportar por mes?",
    )
    assert brl(1_000_000) in reply
    assert "0,8% ao mês até lá" in reply


def test_years_until_retiring_are_the_time_left_not_an_age() -> None:
    from switchboard.apps.finance.missions.catalogue.quantities import scan

    q = scan("tenho 30 anos ate me aposentar, quanto guardo por mes pra ter 1 milhao?")
    assert q.age_now is None
    assert [d.months for d in q.durations] == [360]
    assert scan("tenho 30 anos e quero me aposentar aos 60").age_now == 30


def test_the_saving_phase_rate_said_after_it() -> None:
    params = _retirement(
        "quero viver so dos juros de 0,6% ao mes com renda de 9 mil; tenho 30 anos ate me "
        "aposentar, comecando do zero, rendendo 0,85% a.m. enquanto junto. quanto guardo por mes?"
    )
    assert (params.taxa_mensal, params.taxa_acumulacao_mensal, params.meses) == (
        Decimal("0.006"),
        Decimal("0.0085"),
        360,
    )
