"""Plans to pay, wishes with an adverb and money someone asked of the user are never recorded
unasked (issue 19, wf6 class): own phrasings."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.triage.intent import read_intent


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("vou pagar o boleto da internet de 99 na segunda", "intencao"),
        ("amanha vou pagar o condominio de 640", "intencao"),
        ("queria muito trocar de carro, uns 60 mil", "intencao"),
        ("queria demais comprar um notebook de 5 mil", "intencao"),
        ("um cara me pediu 400 no pix dizendo que era meu irmao, era golpe", "informacao"),
        ("minha vizinha vive me pedindo 150 emprestado", "informacao"),
    ],
)
def test_not_recorded_unasked(text: str, intent: str) -> None:
    assert read_intent(fold(text)).intent == intent


@pytest.mark.parametrize(
    "text",
    [
        "meu primo me pediu 300 e eu emprestei",
        "tenho que pagar 180 de luz dia 10",
        "queria um cafe e paguei 12",
    ],
)
def test_an_act_or_a_bill_stated_still_records(text: str) -> None:
    assert read_intent(fold(text)).intent == "registro"
