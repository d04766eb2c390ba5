"""'Should I buy X' with the user's own terms: cash with a discount against "sem juros"
instalments, a price against the instalments stated ("12x de 399"), and the 13º left over
once the rotativo is paid."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import ContaParams
from switchboard.apps.finance.missions.planner import extract_facts
from tests.apps.finance.app_helpers import answer, brl, say


def _rate(pv: float, pmt: float, n: int) -> float:
    """The monthly rate of n payments pmt for pv (bisection, written for the test)."""
    low, high = 0.0, 1.0
    for _ in range(200):
        mid = (low + high) / 2
        low, high = (mid, high) if pv * mid / (1 - (1 + mid) ** -n) < pmt else (low, mid)
    return (low + high) / 2


def test_cash_with_a_discount_against_interest_free_instalments_is_a_quick_sum() -> None:
    question = extract("sofa de 2.000: a vista com 10% de desconto ou 5x sem juros, qual compensa?")
    assert question is not None and question.kind is QuestionKind.CONTA
    params = question.params
    assert isinstance(params, ContaParams) and params.operacao == "a_vista_ou_parcelado"
    assert (params.a, params.b, params.n) == (Decimal("1800.00"), Decimal("400.00"), 5)
    assert params.taxa_mensal is None


async def test_the_discount_is_the_interest_hidden_in_sem_juros() -> None:
    text = await answer("notebook de 4.000 a vista com 5% de desconto ou em 8x sem juros?")
    assert brl(3800) in text and brl(500) in text  # cash price, instalment
    embedded = _rate(3800, 500, 8) * 100
    assert f"{embedded:.2f}".replace(".", ",") + "% ao mês" in text
    assert "não registrei nada" in text


def test_the_instalment_stated_with_its_count_is_a_fact() -> None:
    facts = extract_facts("devo comprar uma bike de 3 mil em 10x de 340?")
    assert facts.months == 10 and facts.instalment == Decimal(340)
    assert extract_facts("devo comprar uma bike de 3 mil em 10x?").instalment is None


async def test_should_i_buy_states_what_the_stated_instalments_add_up_to() -> None:
    text = await answer("vale a pena comprar uma bike de 3 mil em 10x de 340?")
    assert brl(3400) in text and brl(400) in text  # 10 x 340; 400 more than the price
    assert brl(300) not in text  # not the price divided by 10


async def test_the_13th_left_over_after_the_rotativo_is_said() -> None:
    text = await answer("vou receber 5 mil de 13o e devo 3.800 no rotativo a 12% am, pago tudo?")
    assert brl(1200) in text  # 5.000 - 3.800 left
    assert brl(456) in text  # 3.800 x 12% of interest avoided in a month


def test_the_stated_instalment_before_a_comma() -> None:
    assert extract_facts("celular de 3 mil em 12x de 289, compensa?").instalment == Decimal(289)


async def test_the_13th_said_with_a_verb_pays_the_dearest_debt_first() -> None:
    text = await answer(
        "tenho 2 mil no cheque especial a 7% am e 1 mil no rotativo a 15% am, o 13 e 2.500,"
        " como uso?"
    )
    assert brl(500) in text  # 1.000 rotativo paid, then 1.500 of the overdraft: 500 left
    assert brl(255) in text  # 1.000 x 15% + 1.500 x 7% avoided in a month


async def test_the_stated_instalment_is_weighed_against_what_is_left_each_month(
    app: FinanceApp,
) -> None:
    for entry in (
        "recebi 4 mil de salario",
        "paguei 1.500 de aluguel",
        "gastei 700 no mercado",
    ):
        await say(app, entry)
    text = await say(app, "devo comprar um celular de 2.400 em 8x de 330?")
    assert "cabe na sobra de " + brl(1800) in text  # 4.000 - 2.200
    assert brl(2640) in text  # 8 x 330
    fits_not = await say(app, "e uma moto de 30 mil em 24x de 1.900, devo comprar?")
    assert "maior que o que sobra" in fits_not


async def test_the_13th_amount_after_a_comma() -> None:
    text = await answer(
        "recebi o decimo terceiro, 3 mil. devo 4 mil no rotativo a 15% ao mes. quito?"
    )
    assert brl(1000) in text and brl(450) in text  # 1.000 left; 3.000 x 15% avoided


async def test_buy_now_in_instalments_or_wait_is_weighed_not_a_saving_goal() -> None:
    text = await answer("compro um sofa de 2.400 em 8x de 330 ou espero juntar?")
    assert brl(2640) in text and brl(240) in text  # 8 x 330; 240 more than the price
