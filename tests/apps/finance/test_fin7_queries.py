"""Branch fin7: ledger questions said as statements with a tag, "oq eu comprei…", and who paid
the user's income (issue 19)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from switchboard.apps.finance.nlu.payer import pays_the_user, third_party_payer
from switchboard.apps.finance.nlu.query import LedgerQuery, parse_query
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold

TODAY = date(2026, 11, 27)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("entao foram uns 80 de ifood hj, ne?", date(2026, 11, 27)),
        ("deu 120 de uber essa semana, certo?", date(2026, 11, 23)),
    ],
)
def test_a_total_checked_with_a_tag_is_a_total(text: str, start: date) -> None:
    q = parse_query(text, TODAY)
    assert isinstance(q, LedgerQuery)
    assert q.metric == "total" and q.kind == "despesa"
    assert q.period is not None and q.period.start == start
    assert q.min_value is None and q.max_value is None  # the amount said is not a filter


def test_what_did_i_buy_is_a_list_with_its_filters() -> None:
    q = parse_query("oque eu paguei no pix acima de 50 conto essa semana", TODAY)
    assert isinstance(q, LedgerQuery)
    assert q.metric == "list" and q.min_value == Decimal("50")
    assert q.payment_methods == ("pix",)


@pytest.mark.parametrize(
    "text",
    ["o chefe pagou o bonus de 800", "a empresa depositou a plr de 3 mil", "meu patrao pagou o 13"],
)
def test_someone_paying_the_users_income_is_income(text: str) -> None:
    assert pays_the_user(fold(text))
    assert third_party_payer(fold(text)) is None
    assert read_intent(fold(text)).intent == "registro"


def test_someone_paying_for_themselves_is_still_not_the_user() -> None:
    assert not pays_the_user(fold("meu amigo pagou 800 no show"))
    assert read_intent(fold("meu amigo pagou 800 no show")).intent == "informacao"


@pytest.mark.parametrize(
    "text",
    ["quanto tenho de parcela no cartão?", "quanto falta de prestação no cartão?"],
)
def test_a_single_instalment_named_asks_for_the_open_card_instalments(text: str) -> None:
    """ "Parcela" in the singular was read as the month's card spending (the purchase's whole
    price), not the instalments still to pay."""
    q = parse_query(text, TODAY)
    assert isinstance(q, LedgerQuery) and q.metric == "card_installments"
