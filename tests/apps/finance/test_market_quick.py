"""Market questions Junior answers itself: a company's quote (dated, labelled illustrative) and
market news (said plainly to be unavailable offline, never read as the supermarket); and a
purchase analysed with an amount the user did not give says that the amount was chosen."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.trivial import ILLUSTRATIVE, NEWS_ANSWER, market_answer

from .app_helpers import answer


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("quanto ta a acao da petrobras hoje?", "Petrobras (PETR4): R$ 38,42"),
        (
            "qual a cotação da vale e do itau?",
            "Vale (VALE3): R$ 61,35 (-0,45% no dia); Itaú (ITUB4): R$ 37,10",
        ),
        ("preço da wege3 agora", "WEG (WEGE3): R$ 44,20"),
    ],
)
async def test_a_quote_asked_is_dated_and_labelled_illustrative(text: str, shown: str) -> None:
    reply = await answer(text)
    assert shown in reply and "em 21/11/2026" in reply and ILLUSTRATIVE in reply


@pytest.mark.parametrize(
    "text", ["quais as noticias do mercado hoje?", "tem alguma manchete da bolsa?"]
)
async def test_market_news_is_said_to_be_unavailable_not_read_as_the_supermarket(
    text: str,
) -> None:
    assert await answer(text) == NEWS_ANSWER


@pytest.mark.parametrize(
    "text",
    [
        "devo comprar acoes da petrobras?",  # a decision: the analysis, not a quote
        "quanto gastei no mercado hoje?",  # the supermarket: a ledger question
        "quanto ele vale hoje?",  # the verb
    ],
)
def test_decisions_and_ledger_questions_are_no_quote(text: str) -> None:
    assert market_answer(text) is None


async def test_an_amount_the_user_did_not_give_is_said_to_be_chosen() -> None:
    reply = await answer("devo comprar acoes da petrobras?")
    assert "você não disse quanto: simulei" in reply
    reply = await answer("devo investir 3 mil na vale?")
    assert "R$ 3.000,00 em VALE3" in reply and "simulei" not in reply
