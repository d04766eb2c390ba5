"""Branch ret8 (issue 20 item 7): what a bolsa pays for and the record in the course once
enrolled are outside the editais; chat laughter is no word of the question; "esse dinheiro"
is the income; a count of one of an enumeration's items ("quantos turnos…?") is the number of
options of them all; a teacher who tells an income asks the edital, not the simulation.
Questions written for these tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.router import route_offline
from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.features import counted_noun
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.lexicon import expand_chat
from switchboard.knowledge.query import analyse


@pytest.mark.parametrize(
    "question",
    [
        "a bolsa integral do prouni cobre o material didático?",
        "com a bolsa parcial, quanto por cento da mensalidade o prouni paga?",
        "a faculdade particular pode cobrar taxa de matrícula de quem é bolsista?",
        "se eu reprovar em física no primeiro semestre, perco a bolsa?",
        "reprovei em duas disciplinas, e agora, o prouni corta?",
        "o prouni no segundo semestre abre quando?",
    ],
)
def test_outside_the_editais(question: str) -> None:
    assert analyse(question).outside


@pytest.mark.parametrize(
    "question",
    [
        "tem taxa de inscrição no prouni?",
        "se eu reprovar na análise dos documentos, perco a vaga?",
        "quem foi reprovado no processo seletivo próprio da faculdade pode recorrer?",
        "a bolsa integral é pra quem tem renda de até quanto?",
    ],
)
def test_inside_the_editais(question: str) -> None:
    assert not analyse(question).outside


async def test_course_record_is_not_found(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(packaged_index, "reprovei em duas matérias, fico sem o prouni?")
    assert not answer.found


@pytest.mark.parametrize("laugh", ["kkk", "kkkkkk", "rsrsrs", "hahaha", "KKKK"])
def test_laughter_is_left_out(laugh: str) -> None:
    assert laugh.lower() not in expand_chat(f"mudei de opção várias vezes {laugh} qual vale?")
    assert all(laugh.lower()[:2] not in c.origin[0] for c in analyse(f"sisu {laugh}").concepts)


def test_a_state_is_no_laugh() -> None:
    assert "RS" in expand_chat("moro no RS, tem federal?")


async def test_laughter_does_not_make_a_question_unanswered(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index, "mudei de curso no sisu umas três vezes kkkk qual delas vale no final?"
    )
    assert answer.found, answer.text
    assert answer.citations[0].item == "1.9"


async def test_this_money_is_the_income(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        packaged_index,
        "a gente recebe o bolsa família todo mês, esse dinheiro entra na renda do prouni?",
    )
    assert answer.found, answer.text
    assert "3.1" in [c.item for c in answer.citations]
    assert "Bolsa Família" in answer.text


def test_an_enumerated_complement_counts_each_item() -> None:
    noun = counted_noun(" opções de faculdade, cidade, horário e modalidade, conforme a renda")
    assert noun.split() == ["opções", "faculdade", "cidade", "horário", "modalidade"]
    assert counted_noun(" opções de curso, em ordem de preferência") == "opções curso"


async def test_how_many_shifts_is_the_options(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(packaged_index, "quantos turnos diferentes eu escolho no prouni?")
    assert answer.found, answer.text
    assert answer.citations[0].item == "1.5"
    assert "2 (duas) opções" in answer.text


def test_a_teacher_telling_an_income_asks_the_edital() -> None:
    decision = route_offline(
        "sou professora da rede estadual e a renda aqui em casa dá 4 salários mínimos por "
        "pessoa, mesmo assim consigo bolsa do prouni pra licenciatura?",
        None,
    )
    assert decision.target == "prouni"


def test_an_income_alone_is_still_checked() -> None:
    decision = route_offline("minha renda passa de 3 mil, tenho direito ao prouni?", None)
    assert decision.target == "simulation"


def test_a_question_beside_a_wish_is_the_question() -> None:
    decision = route_offline("o prouni aceita curso semipresencial? queria cursar enfermagem", None)
    assert decision.target == "prouni"


def test_a_request_asked_as_a_question_is_still_a_request() -> None:
    assert route_offline("me mostra umas bolsas do prouni?", None).target == "match"
