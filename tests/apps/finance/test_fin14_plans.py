"""Future value of monthly deposits and retirement time asked in everyday spellings ("junto
quanto?", "em qnts anos"): computed, not answered with a request for a goal."""

from __future__ import annotations

import math

from tests.apps.finance.app_helpers import answer, brl


def _fv(rate: float, months: int, deposit: float) -> float:
    """Future value of end-of-month deposits, written independently of the app's finmath."""
    return deposit * ((1 + rate) ** months - 1) / rate


async def test_the_end_amount_asked_as_junto_quanto_is_the_future_value() -> None:
    text = await answer("depositando 500 mensais a 0,8% ao mes, em 10 anos junto quanto?")
    assert brl(_fv(0.008, 120, 500)) in text


async def test_the_time_asked_as_qnts_anos_is_computed() -> None:
    text = await answer(
        "quero chegar em 300 mil pra aposentar, ponho 1.000 por mes a 0,8% ao mes,"
        " em qnts anos chego?"
    )
    assert "Para calcular, preciso" not in text
    months = math.log(1 + 300_000 * 0.008 / 1000) / math.log(1.008)  # nper, about 153,6
    assert f"{math.ceil(months)} meses" in text


async def test_a_lump_sum_put_in_now_is_the_initial_capital() -> None:
    text = await answer("coloco 8 mil hoje e depois 400 por mes a 0,7% am, em 6 anos da quanto?")
    initial = 8000 * 1.007**72
    assert brl(initial + _fv(0.007, 72, 400)) in text


async def test_investing_per_month_for_a_target_is_a_goal_not_a_lump_sum() -> None:
    text = await answer("quanto tenho que investir por mes pra ter 200 mil em 10 anos a 0,8% am?")
    deposit = 200_000 * 0.008 / (1.008**120 - 1)
    assert brl(deposit) in text


async def test_a_lump_sum_at_a_monthly_rate_is_an_investment_not_a_deposit() -> None:
    """ "aplicar 12 mil a 1% ao mês": the "ao mês" is the rate's period, not a deposit."""
    text = await answer("se eu aplicar 9 mil a 1% ao mes por 3 anos, quanto rende liquido de IR?")
    gross = 9000 * (1.01**36 - 1)
    assert brl(gross * 0.85) in text  # more than 720 days: IR 15%
