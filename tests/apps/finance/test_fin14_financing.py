"""Financing questions with a vehicle, a down payment said in other words, a trade-in without
the word "troca" and a loan asked as "simula": the amount financed is the price minus what the
user gives, and the answer's instalment is computed on it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import FinanciamentoParams
from tests.apps.finance.app_helpers import answer, brl, params_of, price_instalment, say


def _financing(text: str) -> FinanciamentoParams:
    return params_of(text, QuestionKind.FINANCIAMENTO, FinanciamentoParams)


@pytest.mark.parametrize(
    ("text", "price", "down"),
    [
        # the user's asset described first, the trade named after it
        (
            "minha moto atual vale uns 9 mil, dou ela na troca de uma de 25 mil em 24x a 2% am",
            25_000,
            9_000,
        ),
        # the asset given without the word "troca", plus cash
        (
            "o carro custa 60k, dou meu usado de 15k mais 5k em dinheiro, 36x a 1,5% a.m.",
            60_000,
            20_000,
        ),
        # a down payment said as "entrar com"
        ("caminhonete de 150 mil, vou entrar com 50 mil, 60 vezes a 1,3% ao mes", 150_000, 50_000),
        # a percentage down payment on a "0km"
        ("moto 0km de 20 mil, entrada de 25%, 36 parcelas a 2% a.m.", 20_000, 5_000),
    ],
)
def test_the_amount_given_is_the_down_payment(text: str, price: int, down: int) -> None:
    params = _financing(text)
    assert params.valor_bem == Decimal(price)
    assert params.entrada == Decimal(down)
    assert params.financed() == Decimal(price - down)


def test_a_simulated_loan_is_a_financing_not_a_debt() -> None:
    params = _financing("simula um emprestimo de 40 mil em 18x a 2,5% am")
    assert params.financed() == Decimal(40_000)
    assert params.sistemas == ("price",)


async def test_the_answer_states_the_instalment_on_the_financed_difference() -> None:
    text = await answer(
        "vou dar meu carro que vale 30 mil na troca de um de 80 mil, o resto em 48x a 1,5% am."
        " quanto fica a parcela?"
    )
    expected = price_instalment(0.015, 48, 50_000)
    assert f"{expected:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".") in text


def test_a_trade_in_plus_cash_in_thousands_is_two_amounts() -> None:
    """ "meu carro de 15 mil e 5 mil no pix": 15 mil and 5 mil, not R$ 15.005."""
    params = _financing(
        "quero um carro de 40 mil dando meu carro de 15 mil e 5 mil no pix, o resto em 36x a"
        " 1,8% am, qual a parcela?"
    )
    assert (params.valor_bem, params.entrada) == (Decimal(40_000), Decimal(20_000))


def test_a_purchase_with_rate_and_term_and_no_financing_word_is_a_financing() -> None:
    params = _financing(
        "a moto custa 24 mil, consigo dar 4 mil, a loja cobra 2,1% ao mes em 36 meses,"
        " da quanto por mes?"
    )
    assert params.financed() == Decimal(20_000)
    assert (params.meses, params.taxa_mensal) == (36, Decimal("0.021"))


@pytest.mark.parametrize(
    "follow", ["no sac fica quanto?", "qual seria a primeira parcela no SAC?", "compara com o sac"]
)
async def test_a_sac_follow_up_in_any_words_redoes_the_financing(
    follow: str, app: FinanceApp
) -> None:
    await say(app, "carro de 40 mil em 36x a 2% am, qual a parcela?")
    text = await say(app, follow)
    first = 40_000 / 36 + 40_000 * 0.02  # SAC: amortisation + the first month's interest
    assert brl(first) in text
    if follow.startswith("compara"):
        assert brl(price_instalment(0.02, 36, 40_000)) in text


@pytest.mark.parametrize(
    ("text", "down"),
    [
        ("carro de 80 mil, dou metade de entrada, o resto em 24x a 1,7% am, parcela?", 40_000),
        ("ape de 300 mil com entrada de metade, 120 meses a 0,9% am, parcela?", 150_000),
    ],
)
def test_a_down_payment_said_as_a_fraction(text: str, down: int) -> None:
    assert _financing(text).entrada == Decimal(down)


def test_a_down_payment_said_with_a_copula_on_a_0km() -> None:
    params = _financing(
        "kwid 0km por 62 mil, minha entrada e de 12 mil, 60x a 1,49% a.m., parcela?"
    )
    assert params.financed() == Decimal(50_000)
    assert params.sistemas == ("price",)  # a 0km is a vehicle: fixed instalments
