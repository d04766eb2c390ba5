""" "gastei mais com comida ou transporte?" got the two categories' sum ("gastou R$ 340,00 com
Alimentação e Transporte"), which answers nothing asked (lead probe, 2026-11-27): the named
categories are ranked and the larger one said first."""

from __future__ import annotations

from datetime import date

import pytest

from switchboard.apps.finance.nlu.query import LedgerQuery, parse_query

from .app_helpers import app_with, say


@pytest.mark.parametrize(
    "text",
    [
        "gastei mais com comida ou transporte?",
        "gastei mais com transporte ou lazer esse mes?",
        "eu gasto mais em mercado ou em restaurante?",
    ],
)
def test_which_of_two_is_a_ranking(text: str) -> None:
    query = parse_query(text, date(2026, 11, 27))
    assert isinstance(query, LedgerQuery) and query.metric == "top_category"


def test_the_sum_of_two_is_still_a_total() -> None:
    query = parse_query("quanto gastei com comida e transporte?", date(2026, 11, 27))
    assert isinstance(query, LedgerQuery) and query.metric == "total"


async def test_the_larger_of_the_two_is_said() -> None:
    app = await app_with("mercado 250 dia 3", "uber 30 ontem", "ifood 60 hoje", "cinema 45 ontem")
    reply = await say(app, "gastei mais com comida ou transporte?")
    assert "gastou mais com Alimentação: R$ 310,00 de R$ 340,00" in reply
    assert "Transporte R$ 30,00" in reply
