"""A first message that asks about the editais' world, named by the editais' own words, goes to
the editais agent even without a program name or a listed domain word (sch6)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.router import route_offline
from switchboard.knowledge.analysis import editais_terms


@pytest.mark.parametrize(
    "text",
    [
        "a gente precisa apresentar o certificado de alistamento militar?",
        "com a carteira de trabalho digital eles aceitam como identidade?",
        "imovel alugado em nome do proprietario aceito como endereco",  # a keyword query
        "quem mora sozinho comprova residencia com o q",
    ],
)
def test_cold_question_with_editais_words_goes_to_the_editais(text: str) -> None:
    decision = route_offline(text, None)
    assert decision.intent == "CHANGE_WORKFLOW"
    assert decision.target in ("sisu", "prouni")


@pytest.mark.parametrize(
    "text",
    [
        "por que importa minha idade?",
        "meu nome nao importa",
        "moro em sao paulo, tenho 18 anos",
        "oi, tudo bem?",
        "minha tia mora aqui faz anos, conta no grupo familiar",  # about the student, no ask
    ],
)
def test_onboarding_chat_is_not_taken_for_an_editais_question(text: str) -> None:
    assert route_offline(text, None).intent == "CONTINUE_WORKFLOW"


def test_the_rule_is_only_for_a_cold_start() -> None:
    """Inside the onboarding a reply keeps going to it (the pattern decides digressions)."""
    text = "a carteira de trabalho serve de identidade?"
    assert route_offline(text, None).intent == "CHANGE_WORKFLOW"
    assert route_offline(text, "onboarding").intent == "CONTINUE_WORKFLOW"


def test_editais_terms_are_the_documents_words() -> None:
    assert set(editais_terms("preciso levar titulo de eleitor?")) == {"titulo", "eleitor"}
    assert editais_terms("qual seu time de futebol?") == []
