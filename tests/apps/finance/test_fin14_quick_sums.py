"""Questions that carry the user's own numbers and ask a plain sum: a shared monthly cost over a
period ("racho o aluguel de 3 mil com 2 colegas, quanto pago por ano?") and what income less
spending puts aside ("ganho 5 mil e gasto 3 mil, quanto guardo em 2 anos?"). They are computed
with no rate assumed, and nothing is recorded."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.params import ContaParams
from tests.apps.finance.app_helpers import answer, brl, ledger_of, quick_params, say


@pytest.mark.parametrize(
    ("text", "whole", "people", "months"),
    [
        ("divido a luz de 300 com 2 amigos, quanto pago por ano?", 300, 3, 12),
        ("moro com mais 2 colegas e o aluguel de 1.800 e rachado, quanto pago em 5 meses?",
         1800, 3, 5),
        ("racha do condominio de 900 com meu irmao, qnto fica pra mim?", 900, 2, 1),
    ],
)  # fmt: skip
def test_a_shared_monthly_cost_is_the_part_times_the_period(
    text: str, whole: int, people: int, months: int
) -> None:
    params = quick_params(text)
    assert params.operacao == "rateio_periodo"
    assert (params.a, params.pessoas, params.n) == (Decimal(whole), people, months)


@pytest.mark.parametrize(
    ("text", "income", "spent", "months"),
    [
        ("meu salario e 3.800 e gasto uns 3.100, quanto junto em 18 meses?", 3800, 3100, 18),
        ("ganho 9 mil e gasto 6 mil por mes, em 1 ano quanto eu guardo?", 9000, 6000, 12),
    ],
)
def test_income_less_spending_over_a_period(
    text: str, income: int, spent: int, months: int
) -> None:
    params = quick_params(text)
    assert params.operacao == "sobra_periodo"
    assert (params.a, params.b, params.n) == (Decimal(income), Decimal(spent), months)


def test_the_time_to_a_target_from_income_less_spending() -> None:
    params = quick_params("recebo 4 mil e gasto 3.500, em quanto tempo junto 12 mil?")
    assert params.operacao == "sobra_prazo"
    assert (params.a, params.b, params.alvo) == (Decimal(4000), Decimal(3500), Decimal(12000))


def test_a_stated_monthly_saving_is_not_a_target() -> None:
    """ "consigo guardar 1.500 por mês" is the saving, not the amount to reach."""
    question = extract("ganho 5 mil, gasto 4 mil e guardo 1.500 por mes, em quantos meses chego?")
    assert question is None or not (
        isinstance(question.params, ContaParams) and question.params.operacao == "sobra_prazo"
    )


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("racho aluguel de 2.700 com 2 colegas, quanto pago por ano?", 10_800),  # 900 x 12
        ("ganho 6.500 e gasto 5.000, quanto guardo em 2 anos?", 36_000),  # 1.500 x 24
        ("ganho 3 mil e gasto 2.400 por mes, em quanto tempo junto 9 mil?", None),  # 15 months
    ],
)
async def test_answered_and_nothing_recorded(
    text: str, figure: int | None, app: FinanceApp
) -> None:
    reply = await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert "não registrei nada" in reply
    if figure is not None:
        assert brl(figure) in reply
    else:
        assert "15 meses" in reply


def test_each_ones_part_asked_is_the_share() -> None:
    """ "quanto fica pra cada um?" asks the part; it does not say the user's part was given."""
    params = quick_params(
        "eu e mais 3 dividimos a internet de 120, quanto fica pra cada um por mes?"
    )
    assert (params.operacao, params.pessoas, params.n) == ("rateio_periodo", 4, 1)


def test_income_in_slang_beside_the_spending() -> None:
    params = quick_params("tiro uns 4 mil por mes e gasto 3.200, em 2 anos quanto eu junto?")
    assert (params.operacao, params.a, params.b, params.n) == (
        "sobra_periodo",
        Decimal(4000),
        Decimal(3200),
        24,
    )


def test_spending_said_as_money_going_out() -> None:
    params = quick_params("entra 6 mil por mes e saem uns 5 mil, em 1 ano quanto sobra?")
    assert (params.operacao, params.a, params.b, params.n) == (
        "sobra_periodo",
        Decimal(6000),
        Decimal(5000),
        12,
    )


def test_the_people_count_is_not_a_second_amount() -> None:
    params = quick_params("rachamos a internet de 200 em 4, quanto eu pago em 6 meses?")
    assert (params.operacao, params.a, params.pessoas, params.n) == (
        "rateio_periodo",
        Decimal(200),
        4,
        6,
    )


async def test_what_sharing_saves_is_the_others_part() -> None:
    text = await answer("se eu dividir o aluguel de 2.100 com 2 amigos, quanto economizo por ano?")
    assert brl(1400) in text and brl(16_800) in text  # 2.100 - 700 a month, x 12


async def test_a_one_off_split_asked_is_the_part_of_that_bill() -> None:
    text = await answer("se eu rachar o taxi de 75 com 2 amigos, quanto pago?")
    assert brl(25) in text and "não registrei nada" in text


async def test_the_periods_savings_against_a_target() -> None:
    text = await answer("ganhando 3 mil e gastando 2.600, da pra juntar 6 mil em 1 ano?")
    assert brl(4800) in text  # 400 x 12
    assert "Não dá" in text and brl(1200) in text  # 6.000 - 4.800 short


def test_a_cost_shared_with_one_person_over_a_year() -> None:
    """ "em 1 ano" after the split is the period, not "dividido em 1"."""
    params = quick_params("eu divido a academia de 180 com minha esposa, quanto gasto em 1 ano?")
    assert (params.operacao, params.pessoas, params.n) == ("rateio_periodo", 2, 12)


async def test_income_and_spending_then_what_is_put_aside_is_a_sum_not_a_query() -> None:
    text = await answer("recebo 8 mil, meus gastos mensais sao 6.500. quanto junto em 2 anos?")
    assert brl(36_000) in text  # 1.500 x 24
