"""Arithmetic on the numbers a question states (nlu/arithmetic.py, issue 19)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.nlu import TransactionDraft
from switchboard.apps.finance.nlu.arithmetic import stated_arithmetic


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("quanto dá 10x de 59,90?", "R$ 599,00"),
        ("4 parcelas de 230 dá quanto no total?", "R$ 920,00"),
        ("se eu comprar uma geladeira de 3.600 em 12x quanto fica?", "R$ 300,00"),
        ("um notebook de 4 mil em 8 vezes, quanto fica cada parcela?", "R$ 500,00"),
        ("se eu gastar 150 por mês com academia, quanto dá no ano?", "R$ 1.800,00"),
        ("se eu cortar 80 de delivery por mes, economizo quanto em 6 meses?", "R$ 480,00"),
        ("quanto economizo cancelando o spotify de 21,90 em um ano?", "R$ 262,80"),
        ("quanto é 15% de 2.000?", "R$ 300,00"),
        ("se eu guardar 500 por mes durante 3 anos, junto quanto?", "R$ 18.000,00"),
    ],
)
def test_the_stated_numbers_are_computed(text: str, figure: str) -> None:
    answer = stated_arithmetic(text)
    assert answer is not None and figure in answer, answer


def test_cash_against_instalments_says_the_difference() -> None:
    answer = stated_arithmetic("1.800 à vista ou 10x de 200?")
    assert answer is not None
    assert "R$ 2.000,00" in answer and "R$ 200,00 a mais" in answer


def test_no_interest_is_assumed_out_loud() -> None:
    answer = stated_arithmetic("celular de 2 mil em 10x, quanto fica?")
    assert answer is not None and "sem juros" in answer


@pytest.mark.parametrize(
    "text", ["quanto gastei de uber esse mês?", "gastei 300 no mercado", "qual meu saldo?"]
)
def test_nothing_to_compute(text: str) -> None:
    assert stated_arithmetic(text) is None


def test_the_instalment_of_the_purchase_just_recorded() -> None:
    last = TransactionDraft(valor=Decimal(3000), tipo="despesa", parcelas=10)
    answer = stated_arithmetic("quanto vou pagar por mes disso?", last=last)
    assert answer is not None and "R$ 300,00 por mês" in answer
    assert stated_arithmetic("quanto vou pagar por mes?", last=last) is None
