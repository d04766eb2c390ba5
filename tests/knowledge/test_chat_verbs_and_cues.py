"""Chat verbs are not subjects, the Prouni's own words point at the Prouni, and "no último dia"
is a time adjunct, not a question about a date — questions written for these tests."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.rag import cascade
from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse


@pytest.fixture
def index(packaged_index: SqlKnowledgeIndex) -> SqlKnowledgeIndex:
    return packaged_index


async def test_a_chat_verb_no_passage_has_is_not_a_foreign_subject(
    index: SqlKnowledgeIndex,
) -> None:
    """ "usam", "veio", "segue" are in no passage; they ask nothing the editais lack."""
    answer = await answer_edital(index, "no desempate do sisu eles usam o que pra decidir?")
    assert answer.found, answer.text


async def test_pre_selecionado_is_the_prouni_s_word(index: SqlKnowledgeIndex) -> None:
    assert analyse("fui pré-selecionada, e agora?").cued == {"prouni"}
    answer = await cascade(
        "fui pré-selecionada na segunda chamada, quando entrego os documentos?", "sisu", index
    )
    assert answer.source == "dates"
    assert any("Prouni 2026, item 4.1" in c for c in answer.citations), answer.citations


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("qual o último dia pra se inscrever?", "date"),
        ("último dia da inscrição do sisu", "date"),
        ("se eu me inscrever no último dia ainda concorro?", "other"),
    ],
)
def test_no_ultimo_dia_is_a_time_adjunct(question: str, kind: str) -> None:
    assert analyse(question).kind == kind


@pytest.mark.parametrize(
    "question",
    [
        "dá pra transferir para outra universidade depois de entrar pelo sisu?",
        "quanto de nota eu preciso pra passar em odontologia no sisu?",
    ],
)
async def test_what_the_editais_do_not_rule_on_is_not_found(
    index: SqlKnowledgeIndex, question: str
) -> None:
    """A transfer to another university, a course's score: the nearest rule about the Enem
    or about the MEC's responsibilities does not answer it."""
    answer = await answer_edital(index, question)
    assert not answer.found, answer.text


async def test_the_minimum_score_of_the_prouni_is_still_answered(index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(index, "quanto preciso tirar no enem pra passar no prouni?")
    assert answer.found and "450" in answer.text, answer.text


async def test_descobrir_is_a_chat_verb(index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        index, "como eu descubro em qual semestre meu curso começa?", "sisu"
    )
    assert answer.found and "1.2.1.2" in answer.text, answer.text


async def test_a_school_that_closed_is_an_escola_extinta(index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        index, "o colégio onde eu estudei fechou, como consigo o histórico?", "sisu"
    )
    assert answer.found and "escola extinta" in answer.text.lower(), answer.text
