"""A first message about a university named by its acronym goes to the editais agent (which
answers from the editais or says it did not find it there), not to onboarding's "qual é o seu
nome?"; a student who only says where they study or live is not asking anything. Messages
written for these tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.router import route_offline


@pytest.mark.parametrize(
    "text",
    [
        "a unifesp aceita enem de 2023?",
        "quantas vagas de cota tem na ufmg",  # a keyword query naming the editais' world
        "e a banca da ufrgs, como funciona?",
        "o ifsp tem bônus pra quem é da região?",
    ],
)
def test_a_question_about_a_named_university_goes_to_the_editais(text: str) -> None:
    decision = route_offline(text, None)
    assert decision.intent == "CHANGE_WORKFLOW"
    assert decision.target in ("sisu", "prouni")


@pytest.mark.parametrize(
    "text",
    ["estudo na ufrj", "moro do lado da ufpe", "minha irmã faz ufba e eu tenho 17 anos"],
)
def test_saying_where_one_studies_or_lives_is_not_a_question(text: str) -> None:
    assert route_offline(text, None).intent == "CONTINUE_WORKFLOW"


def test_the_program_of_an_ongoing_editais_conversation_is_kept() -> None:
    decision = route_offline("e na ufsc, como é?", "prouni")
    assert decision.intent == "CONTINUE_WORKFLOW"  # the Prouni agent answers it
    assert route_offline("e na ufsc, como é?", "onboarding").target == "sisu"
