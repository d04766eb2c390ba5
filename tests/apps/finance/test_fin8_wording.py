"""Branch fin8: counts agree in number ("1 mês", "1 lançamento"), a debt of no named kind is
not "no dívida", and the Simplista says it did not understand rather than answer an average
nobody asked."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from switchboard.apps.finance.finmath.fmt import count
from switchboard.apps.finance.nlu.query import LedgerQuery, NeedsClarification, parse_query

from .app_helpers import make_app

TODAY = date(2026, 11, 26)


@pytest.mark.parametrize(
    ("n", "noun", "said"),
    [(1, "mês", "1 mês"), (2, "mês", "2 meses"), (0, "parcela", "0 parcelas"),
     (1, "lançamento", "1 lançamento"), (3, "transferência", "3 transferências"),
     (Decimal(1), "dia", "1 dia")],
)  # fmt: skip
def test_a_count_agrees_with_its_noun(n: int | Decimal, noun: str, said: str) -> None:
    assert count(n, noun) == said


async def test_a_monthly_average_over_one_month_says_one_month() -> None:
    app = make_app()
    await app.reply("s1", "gastei 90 no mercado hoje", user_id="ana")
    reply = await app.reply("s1", "quanto gastei em média por mês em novembro?", user_id="ana")
    assert "1 mês)" in reply.text and "1 meses" not in reply.text
    # with no period said the average is over closed months (fin10): one is "o único mês"
    await app.reply("s1", "gastei 60 no mercado dia 10/10", user_id="ana")
    closed = await app.reply("s1", "quanto gasto em média por mês?", user_id="ana")
    assert "o único mês fechado" in closed.text and "1 meses" not in closed.text


async def test_a_single_entry_found_is_one_entry() -> None:
    app = make_app()
    await app.reply("s1", "gastei 90 no mercado hoje", user_id="ana")
    reply = await app.reply("s1", "quantos lançamentos eu fiz esse mês?", user_id="ana")
    assert "1 lançamento " in reply.text and "1 lançamentos" not in reply.text


@pytest.mark.parametrize(
    "text",
    [
        "tenho uma dívida de 12 mil a 2% ao mês, pago 800 por mês, em quantos meses quito?",
        "to devendo 7 mil a 3% ao mes e pago 500 por mes, em quanto tempo eu quito?",
    ],
)
async def test_a_debt_of_no_named_kind_is_not_written_no_divida(text: str) -> None:
    reply = await make_app().reply("s1", text, user_id="ana")
    assert "é quitada em" in reply.text
    assert "no dívida" not in reply.text and "do dívida" not in reply.text


async def test_a_debt_paid_off_in_one_payment_says_one_month() -> None:
    text = "devo 500 no cartão a 10% ao mês, pago 600 por mês, em quantos meses quito?"
    reply = await make_app().reply("s1", text, user_id="ana")
    assert "quitada em 1 mês" in reply.text
    assert "1 meses" not in reply.text and "0 pagamentos" not in reply.text


def test_per_month_without_a_how_much_word_is_not_an_average() -> None:
    parsed = parse_query("pago 600 por mes, quando termino de pagar?", TODAY)
    assert isinstance(parsed, NeedsClarification) and parsed.field == "metric"
    asked = parse_query("quanto eu gasto por mes com uber?", TODAY)
    assert isinstance(asked, LedgerQuery) and asked.kind == "despesa"


async def test_should_i_buy_reads_this_month_when_no_closed_month_is_recorded() -> None:
    app = make_app()
    await app.reply("s1", "recebi 5 mil de salario hoje", user_id="ana")
    await app.reply("s1", "gastei 1.200 no aluguel hoje", user_id="ana")
    reply = await app.reply("s1", "devo comprar uma geladeira de 2 mil?", user_id="ana")
    assert reply.agent == "orquestrador"
    assert "Neste mês, até agora" in reply.text
    assert "R$ 5.000,00" in reply.text and "R$ 1.200,00" in reply.text
    assert "Ainda não tenho registros" not in reply.text


async def test_should_i_buy_with_only_spending_this_month_asks_for_the_income() -> None:
    app = make_app()
    await app.reply("s1", "gastei 80 no mercado hoje", user_id="ana")
    reply = await app.reply("s1", "devo comprar uma tv de 3 mil?", user_id="ana")
    assert "Neste mês, até agora" in reply.text and "R$ 80,00" in reply.text
    assert "me diga sua renda" in reply.text
    assert "consomem toda a sua renda" not in reply.text


async def test_a_one_month_follow_up_term_is_one_month() -> None:
    app = make_app()
    await app.reply(
        "s1", "financiamento de 10 mil em 24x a 2% ao mês, qual a parcela?", user_id="ana"
    )
    reply = await app.reply("s1", "e em 1 mês?", user_id="ana")
    assert "1 mês" in reply.text and "1 meses" not in reply.text
