"""Which passage leads the answer once the ranker has spoken: the rule before its exception, the
documentation lists for "preciso levar o que…?", and "não encontrei" when the editais never name
the told case (EJA / supletivo in the Prouni). Questions written for these tests (none is a dev
row)."""

from __future__ import annotations

import pytest

from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse


@pytest.mark.parametrize(
    "question",
    ["qual o teto de renda do prouni?", "e qual a renda maxima?", "renda maxima por pessoa?"],
)
async def test_the_rule_leads_and_its_exception_follows(
    packaged_index: SqlKnowledgeIndex, question: str
) -> None:
    answer = await answer_edital(packaged_index, question, "prouni")
    items = [c.item for c in answer.citations]
    assert items[0] == "1.4", answer.text
    assert items.index("1.4") < items.index("1.4.1") if "1.4.1" in items else True


async def test_the_exception_leads_when_the_student_tells_its_case(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index, "os limites de renda se aplicam a professor da rede publica no prouni?"
    )
    assert answer.citations[0].item in {"1.4.1", "1.3.1"}, answer.text


@pytest.mark.parametrize(
    "question",
    [
        "preciso levar o que na matricula do prouni?",
        "tenho que entregar o que na faculdade pelo prouni?",
    ],
)
def test_what_to_bring_with_the_object_after_the_verb_asks_for_the_lists(question: str) -> None:
    assert "list" in analyse(question).asks


async def test_what_to_bring_is_answered_with_the_documentation_lists(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(packaged_index, "vou levar o que na matricula do prouni?")
    assert answer.found
    assert all(c.document == "Documentação Prouni" for c in answer.citations), answer.citations
    assert "7.5" not in [c.item for c in answer.citations]


@pytest.mark.parametrize(
    "question",
    ["o prouni aceita quem estudou no eja?", "quem fez supletivo consegue bolsa do prouni?"],
)
async def test_the_prouni_never_names_eja_so_it_is_not_found(
    packaged_index: SqlKnowledgeIndex, question: str
) -> None:
    answer = await answer_edital(packaged_index, question)
    assert not answer.found, answer.text
    assert "acessounico.mec.gov.br/prouni" in answer.text


async def test_the_sisu_documentation_names_the_encceja_certificate(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index, "terminei pelo encceja, o certificado vale na matricula do sisu?"
    )
    assert answer.found
    assert "Encceja" in answer.text
