"""The calendar of important dates, read from the editais into data."""

from __future__ import annotations

import re
from datetime import date

import pytest

from switchboard.knowledge.calendar import calendar, end_not_stated, important_dates
from switchboard.knowledge.ingest import load_corpus
from switchboard.knowledge.models import UnknownCollectionError


def keys(entries):
    return [e.key for e in entries]


def test_each_date_is_in_the_cited_item_of_the_edital():
    chunks = {
        (c.document, item): c.text for d in load_corpus() for c in d.chunks for item in c.items
    }
    months = ["", "janeiro", "fevereiro", "março", "abril"]
    for entry in calendar():
        text = chunks[(entry.document, entry.item)]
        assert re.search(rf"\b{entry.start.day}\b", text), entry.key
        assert months[entry.start.month] in text, entry.key
        if entry.end is not None:
            assert f"{entry.end.day} de {months[entry.end.month]} de 2026" in text, entry.key


def test_sisu_and_prouni_dates():
    sisu = {e.key: e for e in important_dates("sisu")}
    assert (sisu["inscricoes"].start, sisu["inscricoes"].end) == (
        date(2026, 1, 19),
        date(2026, 1, 23),
    )
    assert sisu["resultado"].start == date(2026, 1, 29)
    assert sisu["matricula"].open_ended and sisu["matricula"].start == date(2026, 2, 2)
    prouni = {e.key: e for e in important_dates("prouni")}
    assert prouni["inscricoes"].start == date(2026, 1, 26)
    assert prouni["lista_de_espera"].end == date(2026, 3, 26)


@pytest.mark.parametrize(
    ("collection", "question", "expected"),
    [
        ("prouni", "Quando abrem as inscrições do Prouni?", ["inscricoes"]),
        ("sisu", "Até quando posso me inscrever no Sisu?", ["inscricoes"]),
        (
            "prouni",
            "Quando sai o resultado do Prouni?",
            ["resultado_primeira_chamada", "resultado_segunda_chamada"],
        ),
        ("prouni", "quando sai o resultado da segunda chamada?", ["resultado_segunda_chamada"]),
        ("sisu", "Qual o prazo da lista de espera do Sisu?", ["lista_de_espera"]),
        ("sisu", "Quando começa a matrícula?", ["matricula"]),
        ("prouni", "prouni fecha que dia?", ["inscricoes"]),  # a programme "closes": sign-up
        ("sisu", "que dia fecham as inscrições do sisu", ["inscricoes"]),
        ("sisu", "quando abre o sisu?", ["inscricoes"]),  # the programme alone: its sign-up
        ("prouni", "ate quando vai o prouni?", ["inscricoes"]),
    ],
)
def test_questions_about_dates(collection, question, expected):
    assert keys(important_dates(collection, question)) == expected


def test_whole_calendar_and_non_date_questions():
    assert len(important_dates("prouni", "Quais são as datas importantes do Prouni?")) == 11
    assert important_dates("sisu", "Qual a nota mínima do Enem?") == []
    assert important_dates("sisu", "Quando chove em Marte?") == []
    assert {e.collection for e in important_dates(None, "quando são as inscrições?")} == {
        "sisu",
        "prouni",
    }


def test_unknown_collection():
    with pytest.raises(UnknownCollectionError):
        important_dates("fies", "quando abrem as inscrições?")


def test_the_ranker_s_item_decides_between_entries_that_share_words():
    question = "depois de entregar os documentos, até quando a faculdade confirma a minha bolsa?"
    by_words = important_dates("prouni", question)
    # what the student already did ("depois de entregar os documentos,") names no event
    assert "4.1" not in {e.item for e in by_words}
    chosen = important_dates("prouni", question, item_scores={("prouni", "5.1"): 0.7})
    assert {e.item for e in chosen} == {"5.1"}


def test_questions_that_mention_dates_without_asking_one_are_not_calendar_questions():
    assert important_dates("sisu", "as datas do sisu podem mudar?") == []
    assert important_dates("prouni", "o edital do prouni é de que data?") == []
    assert important_dates("sisu", "quais são as datas do sisu?")  # the whole calendar


def test_an_unspecific_question_gets_every_step_the_ranker_finds_as_likely() -> None:
    question = "lista de espera do prouni é quando"
    scores = {("prouni", "6.2"): 0.3, ("prouni", "6.1"): 0.25, ("prouni", "1.1"): 0.01}
    assert {e.item for e in important_dates("prouni", question, item_scores=scores)} == {
        "6.1",
        "6.2",
    }


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("até quando as faculdades podem lançar a ocupação das vagas no sisu?", True),
        ("até quando posso me inscrever no sisu?", False),  # the edital gives the last day
        ("quando começa o lançamento da ocupação das vagas no sisu?", False),  # not the end
    ],
)
def test_an_end_the_editais_do_not_state(question: str, expected: bool) -> None:
    assert end_not_stated(question, important_dates("sisu", question)) is expected
