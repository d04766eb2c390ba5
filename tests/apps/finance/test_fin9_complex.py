"""Branch fin9: complex questions whose parameters were misread — monthly deposits in any
spelling ("2k/mes", "1.000 mensais", "aporte mensal de"), an initial amount ("tenho 10 mil e
vou depositar"), the end amount asked ("qual o montante", "qto fica"), the time asked in its
abbreviations ("qnto tempo leva")."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind

from .app_helpers import answer, brl, price_instalment


def _fv(rate: float, months: int, deposit: float, initial: float = 0.0) -> float:
    growth = (1 + rate) ** months
    return initial * growth + deposit * (growth - 1) / rate


@pytest.mark.parametrize(
    ("text", "deposit", "initial", "months"),
    [
        ("colocando 400 mensais num cdb a 0,9% am por 3 anos, qual o montante?", 400, 0, 36),
        ("aportes mensais de R$ 250 durante 5 anos a 0,6% a.m., qnto acumula?", 250, 0, 60),
        ("ja tenho 8 mil e vou aportar 3k/mes a 0,7% ao mes por 4 anos, qto fica?", 3000, 8000, 48),
        ("comecando com 12 mil, depositando 600 por mes a 1% am, quanto tenho em 2 anos?",
         600, 12000, 24),
    ],
)  # fmt: skip
async def test_monthly_deposits_in_any_spelling_give_their_future_value(
    text: str, deposit: int, initial: int, months: int
) -> None:
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.APOSENTADORIA
    params = q.params
    assert params.operacao == "valor_futuro"  # type: ignore[union-attr]
    assert params.aporte_mensal == Decimal(deposit)  # type: ignore[union-attr]
    assert params.inicial == Decimal(initial)  # type: ignore[union-attr]
    rate = float(params.taxa_mensal)  # type: ignore[union-attr]
    assert brl(_fv(rate, months, deposit, initial))[:-3] in await answer(text)


@pytest.mark.parametrize(
    "text",
    [
        "aplico 1500 por mes a 0,8% a.m., qnto tempo pra chegar em 1 milhao pra me aposentar?",
        "tenho 20 mil e invisto 900 todo mes a 1% am, em quantos meses chego a 200 mil?",
    ],
)
def test_the_time_asked_in_abbreviations_is_a_term(text: str) -> None:
    q = extract(text)
    assert q is not None
    assert q.params.operacao == "prazo"  # type: ignore[union-attr]


def test_quanto_tenho_q_investir_is_the_monthly_amount_not_the_end_amount() -> None:
    text = "daqui 15 anos quero ter 600 mil, quanto tenho q investir por mes a 0,7% am?"
    q = extract(text)
    assert q is not None and q.kind in (QuestionKind.APOSENTADORIA, QuestionKind.META)
    assert q.params.operacao == "aporte"  # type: ignore[union-attr]
    assert q.params.meses == 180  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "months", "total"),
    [
        ("minha reserva de emergencia tem q cobrir 4 meses dos meus gastos, gasto 3.200 por mes. "
         "qnto da?", 4, "R$ 12.800,00"),
        ("colchao de emergencia de 9 meses, meu custo de vida e 2 mil por mes, quanto e?",
         9, "R$ 18.000,00"),
        ("gasto 2.100 por mes e quero uma reserva de um ano, qual o valor?", 12, "R$ 25.200,00"),
    ],
)  # fmt: skip
async def test_the_reserve_size_in_months_or_a_year_is_read(
    text: str, months: int, total: str
) -> None:
    q = extract(text)
    assert q is not None
    if q.kind is QuestionKind.RESERVA:  # "N meses × gasto" may also be a quick sum (CONTA)
        assert q.params.meses_reserva == months  # type: ignore[union-attr]
    assert total in await answer(text)


async def test_half_the_salary_saved_builds_the_reserve_without_inventing_a_surplus() -> None:
    text = (
        "recebo 6 mil, gasto 3 mil por mes e guardo metade do salario. "
        "reserva de 6 meses, em qnts meses eu monto?"
    )
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.RESERVA
    assert q.params.sobra_mensal == Decimal("3000.00")  # type: ignore[union-attr]
    reply = await answer(text)
    assert "R$ 18.000,00" in reply and "6 meses" in reply


async def test_a_stated_saving_is_not_told_as_income_minus_expenses() -> None:
    reply = await answer(
        "fundo de emergencia de 3 meses, despesas de 4 mil por mes, ganho 5 mil e consigo guardar "
        "1.500 por mes. em quantos meses chego?"
    )
    assert "R$ 12.000,00" in reply and "8 meses" in reply  # 12.000 ÷ 1.500
    assert "menos despesas" not in reply


@pytest.mark.parametrize(
    ("text", "principal", "months", "annual"),
    [
        ("credito pessoal de 8 mil em 24x a 36% a.a., parcela?", 8000, 24, 0.36),
        ("emprestimo de 12 mil em 30 vezes, juros 22% ao ano, a parcela de quanto?",
         12000, 30, 0.22),
        ("cdc de 7.500 em 20 parcelas a 28% a.a., prestacao fica em quanto?", 7500, 20, 0.28),
    ],
)  # fmt: skip
async def test_a_new_loans_instalment_asked_in_any_form_is_a_price_at_the_annual_rate(
    text: str, principal: int, months: int, annual: float
) -> None:
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.FINANCIAMENTO
    monthly = (1 + annual) ** (1 / 12) - 1
    assert brl(price_instalment(monthly, months, principal))[:-3] in await answer(text)


async def test_quanto_ganho_por_mes_at_a_stated_monthly_rate_is_one_months_yield() -> None:
    reply = await answer("deixo 40 mil na poupanca a 0,6% ao mes, quanto ganho por mes?")
    assert "R$ 240,00" in reply  # 40.000 × 0,6%


@pytest.mark.parametrize(
    ("text", "entrada"),
    [
        ("casa de 400 mil financiada 100% em 240 meses a 1% am ou aluguel de 2 mil?", "0.00"),
        ("apto de 500 mil, financiar 80% em 360x a 0,9% a.m., ou alugar por 2.500?", "100000.00"),
    ],
)
def test_a_share_financed_is_not_the_financings_rate(text: str, entrada: str) -> None:
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.COMPRAR_ALUGAR
    assert q.params.entrada == Decimal(entrada)  # type: ignore[union-attr]
    assert q.params.taxa_mensal in (Decimal("0.01"), Decimal("0.009"))  # type: ignore[union-attr]


async def test_compara_no_ano_gives_the_years_figures() -> None:
    reply = await answer(
        "casa de 300 mil ou aluguel de 1.500? meu dinheiro rende 10% ao ano, compara no ano"
    )
    assert "R$ 30.000,00" in reply and "R$ 18.000,00" in reply  # 10% of 300 mil; 12 rents


async def test_passive_income_at_a_yearly_rate_also_gives_the_annual_division() -> None:
    reply = await answer("pra ter renda passiva de 4 mil por mes com o dinheiro rendendo 8% a.a., "
                         "qnto preciso juntar?")  # fmt: skip
    assert "R$ 600.000,00" in reply  # 48 mil por ano ÷ 8%
    monthly = (1.08 ** (1 / 12)) - 1
    assert brl(4000 / monthly)[:-6] in reply  # the month-by-month capital stays the headline


async def test_passive_income_at_a_monthly_rate_has_no_annual_division() -> None:
    reply = await answer(
        "quero viver de renda de 3 mil por mes, rende 0,5% ao mes, quanto preciso?"
    )
    assert "R$ 600.000,00" in reply and "conta anual" not in reply


def test_a_small_percentage_after_financiamento_is_still_the_rate() -> None:
    q = extract("apto de 300 mil, financiamento de 1,1% em 240 meses, ou aluguel de 1.500?")
    assert q is not None and q.kind is QuestionKind.COMPRAR_ALUGAR
    assert q.params.taxa_mensal == Decimal("0.011")  # type: ignore[union-attr]
    assert q.params.entrada is None  # type: ignore[union-attr]
