"""Branch fin7: complex answers that give the figure asked, with the user's numbers — the 4%
rule, a debt paid off in N equal instalments, monthly deposits at a stated rate."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind

from .app_helpers import answer, make_app


async def test_the_four_percent_rule_is_annual_income_over_the_rate() -> None:
    text = await answer("pra ter 5 mil por mes de renda passiva pela regra dos 4%, quanto preciso?")
    assert "R$ 1.500.000,00" in text  # 5.000 × 12 ÷ 0,04
    assert "Regra dos 4%" in text


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("tenho 2 mil no cheque especial a 8% am, quero quitar em 5 parcelas. qual a parcela?",
         "R$ 500,91"),
        ("rotativo de 3.000 a 12% ao mes, se eu parcelar em 12x, quanto fica a parcela?",
         "R$ 484,31"),
    ],
)  # fmt: skip
async def test_a_debt_paid_in_equal_instalments_is_a_price_instalment(
    text: str, figure: str
) -> None:
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.FINANCIAMENTO
    assert figure in await answer(text)


async def test_monthly_deposits_at_a_stated_rate_give_the_future_value() -> None:
    text = "150 reais por mes na poupanca a 0,5% am por 10 anos vira quanto?"
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.APOSENTADORIA
    assert "R$ 24.581,90" in await answer(text)  # FV(0,5%; 120; 150)


async def test_the_13th_against_the_rotativo_reads_balance_and_extra_and_projects_both() -> None:
    text = (
        "estou com 5.000 no rotativo do cartao a 14% am. vou receber o 13o de 3.000. se eu "
        "abater com ele, o resto rola 2 meses e vira quanto? e sem abater?"
    )
    q = extract(text)
    assert q is not None
    (debt,) = q.params.dividas  # type: ignore[attr-defined]
    assert debt.saldo == 5000 and q.params.valor_extra == 3000  # type: ignore[attr-defined]
    assert debt.parcelas_restantes is None  # "rola 2 meses" is a horizon, not instalments
    reply = await answer(text)
    assert "R$ 2.599,20" in reply  # 2.000 × 1,14²
    assert "R$ 6.498,00" in reply  # 5.000 × 1,14²


async def test_buy_or_rent_for_one_year_counts_the_appreciation_said() -> None:
    text = (
        "comprar um ape de 400 mil ou alugar por 2.000 por mes? o dinheiro rende 9% ao ano e o "
        "ape valoriza 5% ao ano, me mostra em 1 ano"
    )
    q = extract(text)
    assert q is not None and q.params.valorizacao_anual == Decimal("0.05")  # type: ignore[attr-defined]
    reply = await answer(text)
    assert "R$ 36.000,00" in reply  # 9% of 400 mil
    assert "R$ 20.000,00" in reply  # 5% of 400 mil
    assert "R$ 16.000,00" in reply  # owning for a year
    assert "R$ 24.000,00" in reply  # 12 rents
    assert "nem a valorização" not in reply  # it was counted


async def test_buy_or_rent_without_a_rate_weighs_the_money_at_the_cdi_and_says_so() -> None:
    """ "comprar um ap de 400 mil ou continuar pagando 2 mil de aluguel?" compared nothing (the
    money's yield was left out for want of a rate): it is assumed at 100% of the CDI, whose
    illustrative value and date are stated."""
    reply = await answer(
        "vale mais a pena comprar um ap de 400 mil ou continuar pagando 2 mil de aluguel?"
    )
    assert "100% do CDI" in reply and "valor de referência ilustrativo" in reply
    assert "(0% ao mês" not in reply and "Diferença:" in reply
    assert "Não considerei quanto o dinheiro" not in reply


async def test_a_payoff_question_uses_the_rate_and_balance_recorded_with_the_loan() -> None:
    app = make_app()
    await app.reply("s1", "peguei 6 mil emprestado no banco a 4% ao mes", user_id="ana")
    reply = await app.reply(
        "s1", "em quanto tempo quito o emprestimo pagando 800 por mes?", user_id="ana"
    )
    assert "R$ 6.000,00" in reply.text and "4% ao mês" in reply.text
    assert "registrou" in reply.text  # where the numbers came from is said
    assert "10 meses" in reply.text  # nper(4%, 800, 6000) = 9,09


async def test_a_loan_recorded_without_a_rate_is_still_asked_never_guessed() -> None:
    app = make_app()
    await app.reply("s1", "peguei 6 mil emprestado no banco", user_id="ana")
    reply = await app.reply(
        "s1", "em quanto tempo quito o emprestimo pagando 800 por mes?", user_id="ana"
    )
    assert "a taxa de juros da dívida" in reply.text


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("peguei 10 mil a 3% ao mes", Decimal("0.03")),
        ("devo 5 mil no cartao a 14,5% a.m.", Decimal("0.145")),
        ("emprestimo de 20 mil a 12% ao ano", Decimal("0.009489")),
        ("emprestimo de 20 mil a 3%", None),
        ("a 2% am ou 3% am", None),
    ],
)
def test_the_monthly_rate_stated_with_its_period(text: str, rate: Decimal | None) -> None:
    from switchboard.apps.finance.nlu.rate import stated_monthly_rate

    assert stated_monthly_rate(text) == rate
