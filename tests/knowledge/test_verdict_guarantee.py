"""Yes/no verdicts from sentences that decide the case: a right that is only expected or that
depends on something else answers "tá garantido?" with no; a negated modal rules only on the act
it governs; a question that opens with a condition and then asks yes or no gets a verdict.
Passages and questions written for these tests."""

from __future__ import annotations

import pytest

from switchboard.knowledge.query import analyse
from switchboard.knowledge.verdict import kind_of, verdict

EXPECTED = (
    "A aprovação na etapa de entrevista assegura ao CANDIDATO apenas a expectativa de direito à "
    "moradia estudantil oferecida pela instituição."
)
CONDITIONED = (
    "A aprovação na entrevista constitui requisito para a moradia estudantil, estando a "
    "concessão da vaga na moradia condicionada à disponibilidade de quartos."
)
RIGOROUS = (
    "As instituições comunicarão aos estudantes os critérios da entrevista, os quais não "
    "poderão ser mais longos do que os aplicados aos demais estudantes."
)
FORBIDS_ACT = "O estudante aprovado não poderá trocar de alojamento durante o semestre letivo."


@pytest.mark.parametrize(
    ("question", "passages", "expected"),
    [
        ("passei na entrevista, a moradia estudantil é garantida?", [EXPECTED], "Não"),
        ("fui aprovado na entrevista, tenho certeza da moradia estudantil?", [CONDITIONED], "Não"),
        ("se eu passar na entrevista, a moradia estudantil ta garantida?", [EXPECTED], "Não"),
        ("a moradia estudantil fica com quem passou na entrevista?", [CONDITIONED], None),
        ("posso trocar de alojamento no meio do semestre?", [FORBIDS_ACT], "Não"),
        # "não poderão ser mais longos" governs the criteria, not the student's asking
        ("o estudante pode pedir os critérios da entrevista?", [RIGOROUS], None),
    ],
)
def test_a_sentence_that_decides_the_case_gives_the_verdict(
    question: str, passages: list[str], expected: str | None
) -> None:
    assert verdict(analyse(question), passages) == expected


def test_a_condition_followed_by_a_yes_or_no_question_asks_yes_or_no() -> None:
    assert kind_of(analyse("se eu reprovar numa matéria, perco a moradia estudantil?")) == "fact"
    assert kind_of(analyse("e se eu perder o prazo da entrevista?")) is None
    assert kind_of(analyse("se eu faltar na entrevista, o que acontece?")) is None


EITHER_WAY = (
    "A inscrição na moradia estudantil poderá ser feita por comparecimento à secretaria ou pelo "
    "site da instituição."
)
ONE_WAY = "A inscrição na moradia estudantil deverá ser feita por comparecimento à secretaria."


@pytest.mark.parametrize(
    ("question", "passage", "expected"),
    [
        ("tenho que ir pessoalmente fazer a inscrição na moradia estudantil?", EITHER_WAY, "Não"),
        ("preciso fazer a inscrição da moradia estudantil pela internet?", EITHER_WAY, "Não"),
        ("tenho que ir pessoalmente fazer a inscrição na moradia estudantil?", ONE_WAY, "Sim"),
    ],
)
def test_a_way_asked_as_required_is_not_when_the_sentence_permits_either(
    question: str, passage: str, expected: str
) -> None:
    assert verdict(analyse(question), [passage]) == expected
