"""Who may take part in the program: "quem pode fazer o prouni?", "quais os requisitos?",
"…, posso fazer o prouni?" — answered with the rules that say who may enrol (Prouni 1.2, 1.3,
1.4; Sisu 1.4), never "não encontrei", a responsibility ("compete ao CANDIDATO… a guarda da
senha", 7.3.1) or the item that only names the requirements ("certificar-se de que cumpre os
requisitos", 1.6). Questions written for these tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.features import CUES
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse

PROUNI_RULES = ["1.2", "1.3", "1.4"]


@pytest.mark.parametrize(
    "question",
    [
        "quem pode fazer o prouni?",
        "oi, quem pode fazer o prouni?",
        "quem pode participar do prouni",
        "quais os requisitos pro prouni",
        "quem tem direito ao prouni?",
        "o que precisa pra entrar no prouni?",
        "quais as condições pra ganhar bolsa do prouni?",
        "quem consegue se inscrever no prouni?",
        "quais são os pré-requisitos do prouni?",
    ],
)
async def test_who_may_take_part_is_answered_with_every_rule(
    packaged_index: SqlKnowledgeIndex, question: str
) -> None:
    answer = await answer_edital(packaged_index, question)
    assert answer.found, answer.text
    assert [c.item for c in answer.citations] == PROUNI_RULES, answer.citations


@pytest.mark.parametrize("question", ["quem pode usar o sisu?", "quem pode participar do sisu?"])
async def test_the_sisu_rule_is_item_1_4(packaged_index: SqlKnowledgeIndex, question: str) -> None:
    answer = await answer_edital(packaged_index, question)
    assert answer.found and answer.citations[0].item == "1.4", answer.citations


@pytest.mark.parametrize(
    ("question", "item"),
    [
        ("eu estudei em particular com bolsa integral, posso fazer o prouni?", "1.3"),
        ("sempre estudei em escola pública, posso fazer o prouni?", "1.3"),
        ("a renda da minha família é de 1 salário mínimo por pessoa, posso fazer o prouni?", "1.4"),
        ("fiz o enem como treineiro, posso fazer o prouni?", "1.2"),
    ],
)
async def test_the_students_situation_picks_the_rule(
    packaged_index: SqlKnowledgeIndex, question: str, item: str
) -> None:
    answer = await answer_edital(packaged_index, question)
    assert answer.found and answer.citations[0].item == item, answer.citations


@pytest.mark.parametrize(
    "question",
    [
        "até que dia dá pra se inscrever no sisu?",  # a date
        "onde posso me inscrever no prouni?",  # a place
        "como faço pra participar do prouni?",  # a procedure
        "quem pode usar cota no sisu?",  # a subject of its own
        "quais os requisitos de renda do prouni?",  # the income rule is the subject
        "quem é responsável pela senha?",
    ],
)
def test_other_questions_about_taking_part_are_not_eligibility(question: str) -> None:
    assert "eligible" not in analyse(question).asks


def test_only_the_rules_state_eligibility() -> None:
    cue = CUES["eligible"]
    assert cue.search("Somente poderá se inscrever no processo seletivo do Prouni o CANDIDATO")
    assert cue.search("o CANDIDATO deverá atender a pelo menos uma das condições a seguir")
    assert cue.search("A inscrição no processo seletivo do Prouni condiciona-se ao cumprimento")
    assert not cue.search(
        "Compete exclusivamente ao CANDIDATO certificar-se de que cumpre os requisitos legais"
    )
    assert not cue.search("compete exclusivamente ao CANDIDATO a responsabilidade pela senha")
