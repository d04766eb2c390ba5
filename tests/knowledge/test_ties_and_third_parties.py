"""Branch ret8 (issue 20 item 7): a tie is the Sisu's (only its edital rules on ties), identical
notes are a tie and not an identity card, and "os dois" of a tie are the tied candidates; a
first passage that says next to nothing of the question gives way to one that says most of it;
a cousin or a neighbour is a third party and "desfazer" an alteration. Questions written for
these tests (none is a dev row)."""

from __future__ import annotations

from switchboard.knowledge.answer import answer_edital, said_first
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.notfound import both_unstated
from switchboard.knowledge.query import analyse


def test_a_tie_cues_the_sisu() -> None:
    assert analyse("deu empate na nota da última vaga, o que acontece?").cued == {"sisu"}
    assert analyse("se a pontuação for idêntica, quem leva?").cued == {"sisu"}


def test_identical_notes_are_no_identity_card() -> None:
    query = analyse("notas idênticas, como fica?")
    alternatives = {s for c in query.concepts for s in c.stems}
    assert "carteir" not in alternatives
    assert "empat" in alternatives


def test_the_two_of_a_tie_are_candidates() -> None:
    query = analyse("se ficarem empatados, eles chamam os dois pra matrícula?")
    assert not both_unstated(query, "texto que não decide nada sobre isso")
    held = analyse("passei em dois cursos, posso ficar com os dois?")
    assert both_unstated(held, "texto que não decide nada sobre isso")


async def test_identical_notes_call_everyone(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        packaged_index, "duas pessoas com a nota idêntica na última vaga, chamam as duas?"
    )
    assert answer.found, answer.text
    assert answer.citations[0].item == "3.4", answer.text


async def test_a_tie_named_without_program_is_the_sisu_rule(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index, "a galera ficou empatada bem na última vaga, como decidem quem entra?"
    )
    assert answer.found, answer.text
    assert answer.program == "sisu"
    assert {c.item for c in answer.citations} & {"3.4", "4.4"}, answer.text


def test_said_first_keeps_an_empty_ranking() -> None:
    assert said_first([]) == []


async def test_how_a_tie_is_broken_follows_the_item_that_takes_it_up(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index,
        "deu todo mundo empatado na última vaga, como eles decidem quem fica?",
        "sisu",
    )
    items = [c.item for c in answer.citations]
    assert items[:2] == ["3.4", "4.4"], answer.text  # the rule, then the item saying how
    assert "comprovação da renda familiar" in answer.text


async def test_a_cousin_who_changed_the_course_is_a_third_party(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index,
        "passei minha senha pra minha vizinha e ela trocou minha opção no sisu, "
        "o mec consegue desfazer?",
    )
    assert answer.found, answer.text
    assert answer.citations[0].item.startswith("8.5"), answer.text


async def test_the_rule_leaving_the_told_case_out_is_quoted(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index,
        "no enem de 2023 eu fui treineiro e no de 2024 fiz pra valer, qual nota o sisu considera?",
        "sisu",
    )
    assert "1.4.2" in [c.item for c in answer.citations], answer.text
