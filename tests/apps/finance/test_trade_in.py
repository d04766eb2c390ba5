"""A trade-in financed: the user's own asset given in the trade is the down payment and only the
difference is financed; and "vale" the verb is no stock ticker."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.params import FinanciamentoParams
from switchboard.apps.finance.missions.planner import extract_facts


@pytest.mark.parametrize(
    ("text", "down", "price"),
    [
        ("vou trocar meu carro de 45 mil por um de 80 mil em 36x a 1,69% am", 45_000, 80_000),
        (
            "trocar minha moto de 12 mil numa de 30 mil, financio o resto em 24x a 2% am",
            12_000,
            30_000,
        ),
        (
            "quero trocar de carro: o meu vale 40 mil e o novo custa 90 mil, 48x a 1,5% ao mes",
            40_000,
            90_000,
        ),
    ],
)
def test_the_asset_given_in_a_trade_is_the_down_payment(text: str, down: int, price: int) -> None:
    question = extract(text)
    assert question is not None and isinstance(question.params, FinanciamentoParams)
    assert question.params.entrada == Decimal(down)
    assert question.params.valor_bem == Decimal(price)
    assert any("troca" in a for a in question.assumptions)


def test_an_asset_without_a_trade_is_not_a_down_payment() -> None:
    question = extract("quero financiar um carro de 80 mil em 36x a 1,69% am")
    assert question is not None and isinstance(question.params, FinanciamentoParams)
    assert question.params.entrada is None
    assert not any("troca" in a for a in question.assumptions)


@pytest.mark.parametrize(
    "text",
    ["meu carro de 45 mil, quanto ele vale daqui 2 anos?", "o meu vale 40 mil e o novo 90"],
)
def test_the_verb_vale_is_no_ticker(text: str) -> None:
    assert extract_facts(text).tickers == []


@pytest.mark.parametrize(
    "text", ["acoes da vale cairam 5%, compro?", "to pensando em investir na vale", "e a vale?"]
)
def test_the_company_vale_is_still_found(text: str) -> None:
    assert extract_facts(text).tickers == ["VALE3"]
