"""The "não encontrei" decision read from the evidence of the best passage: an Enem year the
passage does not say, a date/time/amount said of another subject, a calendar entry of another
event, an edition (year, semester) the editais are not — questions written for these tests,
not taken from the benches."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.rag import cascade
from switchboard.knowledge.analysis import stem
from switchboard.knowledge.answer import answer_edital, entries_about
from switchboard.knowledge.aside import aside_stems
from switchboard.knowledge.calendar import important_dates
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.notfound import head_slot, year_missing
from switchboard.knowledge.query import analyse


@pytest.fixture
def index(packaged_index: SqlKnowledgeIndex) -> SqlKnowledgeIndex:
    return packaged_index


@pytest.mark.parametrize(
    ("question", "text", "missing"),
    [
        ("quanto custa a inscrição do enem de 2026?", "Não haverá cobrança de taxa.", True),
        ("a prova do enem 2025 é em que dia?", "edições de 2023, 2024 ou 2025", False),
        ("fiz o enem de 2021, serve?", "edições de 2023, 2024 ou 2025", False),
        ("a taxa do enem 2025 é cara?", "a taxa do Enem 2025", False),
        ("fiz o enem, serve pro sisu 2026?", "Não haverá cobrança de taxa.", False),
    ],
)
def test_an_enem_year_the_passage_does_not_say(question: str, text: str, missing: bool) -> None:
    """The year must be said, or the passage must list the editions (it answers any year by
    inclusion or exclusion)."""
    assert year_missing(analyse(question), text) is missing


@pytest.mark.parametrize(
    "question",
    ["qual o valor da inscrição do enem 2025?", "quanto custa a inscrição do enem de 2026?"],
)
async def test_the_fee_of_an_enem_is_not_the_sisu_s_own(index: SqlKnowledgeIndex, question: str):
    """Sisu 1.11 says its own inscription is free; it says nothing of the Enem's fee."""
    answer = await answer_edital(index, question)
    assert not answer.found, answer.text


async def test_the_editions_rule_still_answers_any_enem_year(index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(index, "fiz o enem de 2021, serve pro sisu?")
    assert answer.found and any(c.item == "1.4" for c in answer.citations), answer.text


async def test_a_time_of_another_event_does_not_answer(index: SqlKnowledgeIndex) -> None:
    """Sisu 1.1 has a time (23h59) for the inscriptions; the result's item has none."""
    assert not (
        await answer_edital(index, "que horas libera o resultado da chamada regular do sisu?")
    ).found
    kept = await answer_edital(index, "até que horas vai a inscrição do sisu no último dia?")
    assert kept.found and kept.citations[0].item == "1.1", kept.text


async def test_a_calendar_entry_must_say_the_question_s_subject(index: SqlKnowledgeIndex) -> None:
    """ "Enviar o comprovante de renda na lista de espera" shares "lista de espera" with the
    sign-up for it, not its subject: the calendar does not answer with that date."""
    question = "qual a data limite pra enviar o comprovante de renda na lista de espera do sisu?"
    entries = important_dates("sisu", question)
    assert entries  # the calendar alone matches an event by a shared word…
    assert await entries_about(index, question, entries) == []  # …that is not the one asked
    answer = await cascade(question, None, index)
    assert answer.source != "dates", answer.text
    matricula = "quando é a matrícula do sisu?"
    assert await entries_about(index, matricula, important_dates("sisu", matricula))


@pytest.mark.parametrize(
    ("question", "other"),
    [
        ("quais as datas do prouni do 2º semestre?", True),
        ("o segundo semestre do prouni tem inscrição quando?", True),
        ("quando abre o sisu do ano que vem?", True),
        ("posso começar o curso no segundo semestre pelo sisu?", False),
        ("a inscrição do prouni do primeiro semestre vai até quando?", False),
    ],
)
def test_a_semester_or_a_year_the_editais_are_not_is_another_edition(question, other):
    """The Prouni edital is the first semester's; neither is last or next year's."""
    assert analyse(question).outside is other


def test_a_sentence_opening_with_a_question_word_is_no_aside() -> None:
    found = aside_stems("posso trocar depois? quantas opções de curso eu tenho")
    assert stem("opções") not in found and stem("curso") not in found


async def test_chat_abbreviations_are_not_foreign_subjects(index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(index, "qnts opções de curso eu tenho no sisu?")
    assert answer.found and answer.citations[0].item == "1.5", answer.text


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("tem taxa pra fazer a matrícula no prouni?", "taxa"),
        ("qual o valor da taxa de inscrição do sisu?", "taxa"),  # after a word of the kind
        ("o que é nota de corte?", "nota"),
        ("qual o prazo pra entregar os documentos?", None),
        ("posso usar o enem de 2023?", None),
    ],
)
def test_the_slot_is_the_word_the_question_opens_with(question: str, slot: str | None) -> None:
    found = head_slot(analyse(question))
    assert (found and found.origin[0]) == (stem(slot) if slot else None)


async def test_a_passage_that_does_not_say_the_slot_does_not_answer(
    index: SqlKnowledgeIndex,
) -> None:
    """No Prouni item says a fee for its own inscription (its "taxa" is the institutions'
    own tests'); the Sisu's 1.11 says there is none; a paraphrase of the slot in the first
    passages still answers ("vaga" for the bolsas reserved to PcD)."""
    assert not (
        await answer_edital(index, "tem taxa de inscrição pra quem se inscreve no prouni?")
    ).found
    assert (await answer_edital(index, "qual o valor da taxa de inscrição do sisu?")).found
    assert (await answer_edital(index, "tem vaga pra pcd no prouni?")).found
