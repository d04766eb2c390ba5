"""Readings fixed by branch fincx6 (buy vs rent, retirement ages, reserve months, no-record)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.quantities import scan
from switchboard.apps.finance.nlu.movements import is_balance
from switchboard.apps.finance.nlu.payer import third_party_payer
from switchboard.apps.finance.triage.multi import _records


def test_financing_said_by_its_parts_in_buy_or_rent() -> None:
    q = extract(
        "alugar ou comprar? casa de 250 mil, entrada 50 mil, 300 meses a 0,8% am, aluguel 1.500"
    )
    p = q.params
    assert p.financiar and p.entrada == Decimal("50000") and p.meses == 300


def test_only_the_financed_amount_gives_the_price() -> None:
    q = extract("financiar 150 mil em 200 meses a 1% a.m. ou pagar aluguel de 900? diferenca?")
    assert q.params.valor_bem == Decimal("150000")
    assert not q.missing


def test_thousand_x_is_versus() -> None:
    assert all(d.unit != "parcelas" for d in scan("aluguel 3 mil x financiar 400 mil").durations)


@pytest.mark.parametrize(
    ("text", "now", "target"),
    [
        ("tenho 33 anos e quero chegar nos 58 com 1 milhao a 0,6% am", 33, 58),
        ("idade atual 42, quero 700 mil aos 67", 42, 67),
        ("50 anos de idade, quero juntar 300 mil com 70, rende 0,5% ao mes", 50, 70),
    ],
)
def test_ages(text: str, now: int, target: int) -> None:
    q = scan(text)
    assert (q.age_now, q.age_target) == (now, target)


def test_reserve_months_and_saving_without_per_month() -> None:
    q = extract(
        "reserva de emergencia = 5 meses, gasto 2 mil por mes e consigo guardar 400. qtos meses?"
    )
    assert q.params.meses_reserva == 5
    assert q.params.sobra_mensal == Decimal("400")


def test_not_recorded() -> None:
    assert third_party_payer("a carla pagou a pizza de 90") is not None
    assert third_party_payer("o cliente pagou 500") is None
    # who pays the user is not someone paying for the user: an employer, an insurer
    assert third_party_payer("o chefe pagou o bonus de 800 hoje") is None
    assert third_party_payer("a empresa pagou meu salario de 3500") is None
    assert third_party_payer("a seguradora pagou o reembolso de 450") is None
    assert is_balance("meu limite do cartao ta em 5 mil")
    assert not is_balance("minha fatura ta em 900 e vence dia 5")
    assert not _records("acho que uns 150")
