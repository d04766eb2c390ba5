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
