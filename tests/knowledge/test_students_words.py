"""Students' everyday words for what the editais name — paperwork ("papelada", "papel"), a
relative who is the one asking about ("meu filho fez o enem…"), "liberar" for "disponibilizar",
"tem problema?" as a frame, "passa na frente" for priority — answered, not "não encontrei".
Questions written for these tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse


def test_paperwork_words_are_documents() -> None:
    for question in ("onde entrego a papelada?", "qual papel comprova a escola?"):
        concepts = analyse(question).concepts
        assert any(frozenset({"document"}) in c.sets for c in concepts), (question, concepts)


@pytest.mark.parametrize(
    ("question", "item"),
    [
        ("a minha filha fez o enem de treineira, essa nota conta no sisu?", "1.4"),
        ("a faculdade libera computador com internet pra quem vai se inscrever no sisu?", "1.12"),
        ("se eu deixar minha irmã usar minha senha do gov no sisu tem problema?", "8.5"),
    ],
)
async def test_everyday_words_do_not_make_a_question_unanswerable(
    packaged_index: SqlKnowledgeIndex, question: str, item: str
) -> None:
    answer = await answer_edital(packaged_index, question)
    assert answer.found, answer.text
    assert any((c.item or "").startswith(item) for c in answer.citations), answer.citations


async def test_passing_ahead_is_priority(packaged_index: SqlKnowledgeIndex) -> None:
    question = "no prouni quem passa na frente na classificação, professor ou quem tem deficiência?"
    answer = await answer_edital(packaged_index, question)
    assert answer.found and any(c.item == "3.3.1" for c in answer.citations), answer.text


async def test_who_comes_first_is_quoted_from_the_top_of_the_order(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    question = (
        "no prouni quem tem preferência na classificação, quem veio de particular ou pública?"
    )
    answer = await answer_edital(packaged_index, question)
    assert answer.found and "seguinte ordem: I - professor" in answer.text, answer.text


async def test_who_comes_last_is_not_the_head_of_the_order(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    question = "na ordem de prioridade do prouni quem fica por último? fiz particular sem bolsa"
    answer = await answer_edital(packaged_index, question)
    assert answer.found and "seguinte ordem: I - professor" not in answer.text, answer.text
