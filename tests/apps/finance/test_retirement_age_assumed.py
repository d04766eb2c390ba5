"""A retirement income asked with the age now but no retirement age ("quero uma aposentadoria
de 3 mil por mês, tenho 25 anos, quanto preciso guardar por mês?") got the capital only, and
"quero me aposentar com 5 mil por mês aos 60" read the income as the monthly deposit (lead
probe, 2026-11-27). The income is the income; the deposit asked is computed to the INSS age,
said as an assumption."""

from __future__ import annotations

from .app_helpers import answer


async def test_the_income_to_retire_with_is_not_a_deposit() -> None:
    reply = await answer(
        "tenho 30 anos e quero me aposentar com 5 mil por mês aos 60, quanto guardo?"
    )
    assert "Para viver de uma renda de R$ 5.000,00 por mês" in reply
    assert "Para chegar lá aos 60 (em 360 meses (30 anos)), aporte" in reply


async def test_the_deposit_asked_without_a_retirement_age_assumes_65_and_says_so() -> None:
    reply = await answer(
        "quero uma aposentadoria de 3 mil por mes, tenho 25 anos, quanto preciso guardar por mes?"
    )
    assert "Para chegar lá aos 65 (em 480 meses (40 anos)), aporte" in reply
    assert "Aposentadoria aos 65 anos: você não disse a idade" in reply


async def test_the_capital_asked_assumes_no_age() -> None:
    reply = await answer("tenho 40 anos, quanto preciso ter pra viver de renda de 4 mil?")
    assert "aporte" not in reply.split("Premissas")[0] and "aos 65" not in reply
