"""Branch fin7: an amount is recorded only when the user says they did something (issue 19).

Wishes, dreams, window-shopping, prices quoted and price complaints carry amounts but no act;
a choice asked ("compro agora ou espero?") is an analysis; a "né?" tag checks the ledger; "oq
eu comprei…" asks without a question mark. The phrasings here are not the eval suites'.
"""

from __future__ import annotations

import pytest

from switchboard.apps.finance.triage import Triage
from switchboard.apps.finance.triage.intent import is_considering, read_intent
from switchboard.apps.finance.triage.text import fold


@pytest.mark.parametrize(
    "text",
    [
        "queria muito uma tv de 4 mil, quem sabe no natal",
        "quero mto um ps5 de 3.500",
        "meu sonho é ter 500 mil guardado",
        "sonho em juntar 20 mil pra viagem",
        "to de olho numa geladeira de 3 mil",
        "doida pra comprar um vestido de 300",
        "morrendo de vontade de um tenis de 800",
        "um dia eu pego aquela moto de 15 mil",
        "meu objetivo é chegar em 1 milhão aos 50",
        "minha meta é juntar 30 mil até dezembro",
        "preciso de uma geladeira nova, uns 3 mil",
        "tô juntando pra um intercâmbio de 20 mil",
    ],
)
def test_wishes_are_not_entries(triage: Triage, text: str) -> None:
    reading = read_intent(fold(text))
    assert reading.intent == "intencao" and is_considering(reading)
    assert triage.classify(text).categoria == "trivial"


@pytest.mark.parametrize(
    "text",
    [
        "alcool a 4,59 no posto da esquina",
        "o ifood tá cobrando 12 de entrega",
        "pao frances custando 18 o quilo",
        "a diaria do hotel ta uns 400",
    ],
)
def test_prices_quoted_are_information(triage: Triage, text: str) -> None:
    assert read_intent(fold(text)).intent == "informacao"
    assert triage.classify(text).categoria == "trivial"


def test_a_complaint_without_an_act_is_asked_not_recorded(triage: Triage) -> None:
    reading = read_intent(fold("estacionamento 40 reais, um roubo"))
    assert reading.intent == "pergunta" and reading.unsure  # the Lançador asks first
    assert triage.classify("estacionamento 40 reais, um roubo").categoria == "lancamento"


@pytest.mark.parametrize(
    "text",
    [
        "paguei 40 de estacionamento, um roubo",
        "comprei a tv que eu queria, 4 mil",
        "gastei 300 no mercado, absurdo",
        "uber 30",
        "quero anotar 50 de uber",
        "dois pasteis a 8 cada",
    ],
)
def test_an_act_is_still_an_entry(triage: Triage, text: str) -> None:
    assert read_intent(fold(text)).intent == "registro"
    assert triage.classify(text).categoria == "lancamento"


@pytest.mark.parametrize(
    "text",
    [
        "celular de 3 mil, pego agora ou espero a promoção?",
        "melhor pagar a vista ou parcelar a geladeira de 2.500?",
        "vale mais um apê de 300 mil ou continuar no aluguel?",
        "moto de 12 mil: financio ou junto dinheiro?",
        "dá pra pagar 2 mil de aluguel ganhando 5 mil?",
        "cabe uma parcela de 600 no meu orçamento?",
    ],
)
def test_a_choice_asked_is_an_analysis(triage: Triage, text: str) -> None:
    assert read_intent(fold(text)).intent == "hipotese"
    assert triage.classify(text).categoria == "complexa"


@pytest.mark.parametrize(
    "text",
    [
        "entao foram uns 80 de mercado hoje, né?",
        "deu 120 de ifood essa semana, certo?",
        "oq eu gastei no pix acima de 50 essa semana",
        "o que eu paguei no debito ontem",
        "foram 75 de ifood hoje ne",
    ],
)
def test_ledger_questions_go_to_the_simplista(triage: Triage, text: str) -> None:
    assert read_intent(fold(text)).intent == "pergunta"
    assert triage.classify(text).categoria == "simplista"


def test_an_item_for_a_price_at_a_store_is_asked_first(triage: Triage) -> None:
    reading = read_intent(fold("air fryer por 400 na shopee"))
    assert reading.intent == "pergunta" and reading.unsure
    assert triage.classify("air fryer por 400 na shopee").categoria == "lancamento"


def test_asking_to_record_politely_is_still_a_recording() -> None:
    assert read_intent(fold("da pra anotar 50 de uber?")).intent == "registro"
