"""Branch fin11: someone else's spending, reported ("o Caio me contou que gastou 600 no show"),
is information — the "me" of who was told does not make it the user's — while money that
touches the user ("o Caio me pagou 200") or that pays the user ("o cdb pagou 40 de juros")
is not someone else's spending."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.triage.intent import read_intent


@pytest.mark.parametrize(
    "text",
    [
        "o Caio me contou que gastou 600 no show",
        "a Bia comprou uma bolsa de 900",
        "meu cunhado me falou q gastou 2 mil na viagem",
        "a Lu me disse que torrou 300 no shopping ontem",
    ],
)
def test_someone_elses_spending_reported_is_information(text: str) -> None:
    assert read_intent(fold(text)).intent == "informacao"


@pytest.mark.parametrize(
    "text",
    [
        "o Caio me pagou 200",
        "a Bia gastou 100 comigo no cinema",
        "o cdb pagou 40 de juros",
        "o freela pagou 1.200",
        "gastei 600 no show",
        "a gente gastou 250 no rodizio",
        "a familia gastou 700 no mercado",
    ],
)
def test_money_that_touches_the_user_is_not_someone_elses(text: str) -> None:
    reading = read_intent(fold(text))
    assert reading.intent != "informacao" or (reading.payer is None and reading.cue is None)
