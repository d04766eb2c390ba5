"""Market questions Junior answers itself: a company's quote (dated, labelled illustrative) and
market news (said plainly to be unavailable offline, never read as the supermarket); and a
purchase analysed with an amount the user did not give says that the amount was chosen."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.trivial import ILLUSTRATIVE, NEWS_ANSWER, market_answer

from .app_helpers import answer, make_app, say


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
    app = make_app()
    await say(app, "comprei 10 mil de tesouro selic hoje")
    reply = await say(app, "devo comprar acoes da petrobras?")
    assert "você não disse quanto: simulei" in reply and "passa de 0,00% para 9,09%" in reply
    reply = await say(app, "devo investir 3 mil na vale?")
    assert "R$ 3.000,00 em VALE3" in reply and "simulei" not in reply
    reply = await answer("devo investir 3 mil na vale?")  # nothing invested yet
    assert "os R$ 3.000,00 em VALE3 seriam todo o seu investimento" in reply


async def test_with_nothing_invested_no_share_of_a_portfolio_is_measured() -> None:
    """With no investment recorded, "a parcela da sua carteira em ações passa de 0,00% para
    100,00%" measured nothing, and "para um perfil moderado" read as the user's own profile."""
    reply = await answer("vale a pena investir em petr4?")
    assert "Você ainda não tem investimentos registrados aqui: se PETR4 fosse" in reply
    assert "100,00%" not in reply and "perfil moderado" not in reply


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("qto dá 250 doletas em reais?", "US$ 250,00 dariam cerca de R$ 1.332,95"),
        ("converte 1.200 dólares pra real", "US$ 1.200,00 dariam cerca de R$ 6.398,16"),
    ],
)
async def test_a_dollar_amount_is_converted_at_the_dated_reference(text: str, shown: str) -> None:
    """Converted, dated, labelled illustrative and below a purchase's cost; nothing recorded
    and no ledger question asked back."""
    reply = await answer(text)
    assert shown in reply and "21/11/2026" in reply and ILLUSTRATIVE in reply
    assert "IOF" in reply and "registr" not in reply


async def test_a_currency_without_a_reference_asks_for_the_rate() -> None:
    reply = await answer("quanto fica 80 euros em reais?")
    assert reply.startswith("Não tenho uma cotação de referência") and "R$" not in reply
