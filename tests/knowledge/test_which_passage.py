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


@pytest.mark.parametrize(
    "question",
    [
        "quem ja é formado pode pegar bolsa do prouni?",
        "já tenho faculdade, posso fazer o sisu de novo?",
        "dá pra fazer uma segunda graduação pelo prouni?",
    ],
)
async def test_a_degree_already_held_is_outside_the_editais(
    packaged_index: SqlKnowledgeIndex, question: str
) -> None:
    assert analyse(question).outside
    answer = await answer_edital(packaged_index, question)
    assert not answer.found, answer.text


@pytest.mark.parametrize(
    "question",
    [
        "quem se formou no ensino médio ano passado pode fazer o sisu?",
        "de que forma eu me inscrevo?",
    ],
)
def test_finishing_school_or_a_form_is_no_degree(question: str) -> None:
    assert not analyse(question).outside


def test_qual_valor_asks_for_money() -> None:
    assert analyse("qual valor do salario minimo que o prouni usa?").kind == "money"


async def test_the_salario_minimo_value_is_not_in_the_editais(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index, "qual valor de salario minimo eles usam na conta da renda do prouni?"
    )
    assert not answer.found, answer.text


async def test_a_first_passage_that_says_nothing_gives_way(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(packaged_index, "quem fez supletivo pode se matricular pelo sisu?")
    assert answer.found, answer.text
    assert answer.citations[0].heading == "Documentação básica", answer.citations


async def test_an_eligibility_case_no_rule_says_adds_the_passage_that_does(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(packaged_index, "quem fez supletivo pode usar o sisu?")
    assert answer.found, answer.text
    assert "Documentação básica" in [c.heading for c in answer.citations], answer.citations
