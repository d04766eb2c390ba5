"""The answer must state the fact asked, not a passage that shares its words: the calendar entry
that says the whole event, the thing a number counts, the act a "posso…?" asks about, a date or
edition stated relative to another event, and a message that asks two things — questions
written for these tests, not taken from the benches."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.rag import NO_END_DATE, cascade
from switchboard.apps.scholarships.router import route_offline
from switchboard.knowledge.answer import answer_edital, question_parts
from switchboard.knowledge.features import counted_noun
from switchboard.knowledge.index import SqlKnowledgeIndex


@pytest.fixture
def index(packaged_index: SqlKnowledgeIndex) -> SqlKnowledgeIndex:
    return packaged_index


async def test_the_entry_that_says_the_whole_event_beats_one_that_shares_two_words(
    index: SqlKnowledgeIndex,
) -> None:
    """ "Matrícula da chamada regular": the ranker prefers the result's item (it says "chamada
    regular" and has a date); the matrícula's entry says the whole subject. Its end is not in
    the edital, so the answer says so, with the start it gives."""
    answer = await cascade(
        "qual é o último dia pra fazer a matrícula da chamada regular do sisu?", None, index
    )
    assert answer.citations == ("Edital Sisu 2026, item 4.1, p. 4",), answer.text
    assert answer.text.startswith(NO_END_DATE)


def test_a_number_counts_its_noun_and_its_complement() -> None:
    assert counted_noun(" opções de curso.") == "opções curso"
    assert counted_noun(" única etapa de inscrições de CANDIDATOS.") == "etapa inscrições"
    assert counted_noun(" últimos contracheques") == "contracheques"


async def test_a_count_of_another_thing_does_not_answer(index: SqlKnowledgeIndex) -> None:
    """ "1 (uma) única etapa de inscrições de CANDIDATOS" counts a stage, not the candidates."""
    answer = await answer_edital(index, "quantos alunos se inscreveram no prouni 2026?")
    assert not answer.found, answer.text
    answer = await answer_edital(index, "quantas opções de curso dá pra escolher no sisu?")
    assert answer.found and answer.citations[0].item == "1.5", answer.text


async def test_the_act_asked_must_be_said_by_the_passage_quoted(index: SqlKnowledgeIndex) -> None:
    """ "Posso *mudar* pra integral…?": the income item says "integral", nothing of changing."""
    question = "já sou bolsista parcial do prouni, posso mudar pra bolsa integral no meio do curso?"
    assert not (await answer_edital(index, question)).found
    answer = await answer_edital(index, "posso usar o enem de 2024 no prouni?")  # admission
    assert answer.found and answer.citations[0].item == "1.2", answer.text


@pytest.mark.parametrize(
    ("question", "item"),
    [
        ("até quando preciso ter terminado o ensino médio pra usar o enem no sisu?", "4.3.1.1"),
        (
            "no sisu, se a média ponderada empatar entre duas edições do enem, qual edição vale?",
            "1.4.3.1",
        ),
    ],
)
async def test_a_date_or_edition_stated_relative_to_another_event_answers(
    index: SqlKnowledgeIndex, question: str, item: str
) -> None:
    """ "até o ano referente à edição do Enem", "a edição mais recente"."""
    answer = await answer_edital(index, question)
    assert answer.found and answer.citations[0].item == item, answer.text


def test_a_message_with_two_questions_is_split_only_where_the_second_stands_alone() -> None:
    assert question_parts("tem cota no sisu? quantas opções de curso posso escolher") == [
        "tem cota no sisu?",
        "quantas opções de curso posso escolher",
    ]
    assert question_parts("o sisu tem lista de espera? como funciona") == [
        "o sisu tem lista de espera? como funciona"
    ]


@pytest.mark.parametrize(
    ("message", "target"),
    [
        ("bolsista do prouni tem direito a vale transporte?", "prouni"),
        ("consigo trocar minha bolsa do prouni de curso?", "prouni"),
        ("já me inscrevi no sisu mas quero mudar de curso, dá tempo?", "sisu"),
        ("eu tenho direito a alguma bolsa?", "simulation"),
    ],
)
def test_a_rule_question_goes_to_the_editais_not_to_the_eligibility_check(
    message: str, target: str
) -> None:
    assert route_offline(message, None).target == target


async def test_holding_two_things_needs_a_rule_that_picks_one(index: SqlKnowledgeIndex) -> None:
    """ "Fico com as duas?" is answered by the rule that picks one (Sisu 3.5, "apenas uma de
    suas opções"), promoted over passages that only share the words; a rule of one program says
    nothing of holding a place in both."""
    answer = await answer_edital(
        index, "passei na primeira e na segunda opção do sisu, qual delas eu pego?"
    )
    assert answer.found and answer.citations[0].item == "3.5", answer.text
    both = "fui aprovado no sisu e no prouni, dá pra ficar com as duas vagas?"
    assert not (await answer_edital(index, both)).found


async def test_a_program_named_as_a_comparison_is_not_the_one_asked(
    index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(index, "o sisu tem bolsa parcial que nem o prouni?")
    assert not answer.found, answer.text


async def test_the_slot_of_something_else_does_not_answer(index: SqlKnowledgeIndex) -> None:
    """The Prouni's only "taxa" is the institutions' own tests' (4.4.2): it says nothing of a
    fee *to sign up*; the Sisu's 1.11 does."""
    assert not (await answer_edital(index, "tem taxa pra se inscrever no prouni?")).found
    answer = await answer_edital(index, "tem taxa pra se inscrever no sisu?")
    assert answer.found and answer.citations[0].item == "1.11", answer.text


@pytest.mark.parametrize(
    "question",
    ["qual o valor maximo de renda pra bolsa parcial?", "qual a renda máxima pra bolsa integral?"],
)
async def test_a_bound_said_of_the_kind_is_no_subject(
    index: SqlKnowledgeIndex, question: str
) -> None:
    """ "Qual o valor *máximo* de renda…": the edital says "não exceda o valor de 3 salários
    mínimos" and never "máximo"; the renda is what is asked."""
    answer = await answer_edital(index, question, "prouni")
    assert answer.found and answer.citations[0].item == "1.4", answer.text
