"""The ranker's features: readable signals one can check by hand on a passage."""

from __future__ import annotations

from dataclasses import replace

import pytest

from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.features import (
    FEATURES,
    defines,
    kind_said,
    profile,
    vectors,
    years,
)
from switchboard.knowledge.ingest import load_corpus
from switchboard.knowledge.query import analyse
from switchboard.knowledge.rank import CorpusStats, context, weigh


@pytest.fixture(scope="module")
def chunks() -> list[Chunk]:
    return [c for d in load_corpus() for c in d.chunks]


def item(chunks: list[Chunk], document: str, number: str) -> Chunk:
    return next(c for c in chunks if c.document == document and c.item == number)


def test_years_are_enem_editions_not_law_dates_or_the_program_year():
    assert years("referentes aos anos de 2023, 2024 ou 2025.") == {"2023", "2024", "2025"}
    assert years("Lei nº 12.711, de 29 de agosto de 2012") == frozenset()
    assert years("processo seletivo do Sisu de 2026, assinado em 07/01/2026") == frozenset()


def test_a_definition_spells_the_term_out():
    assert defines("sisprouni", "no Sistema Informatizado do Prouni – Sisprouni e a emissão")
    assert defines("cpf", "Cadastro de Pessoa Física (CPF)")
    assert not defines("sisprouni", "O Sisprouni ficará disponível para lançamento")


def test_web_addresses_are_not_words_of_the_passage(chunks):
    sisu_11 = item(chunks, "Edital Sisu 2026", "1.1")
    assert "acessounico.mec.gov.br" in sisu_11.text
    assert "mec" not in profile(sisu_11).all_stems
    assert "acessounic" not in profile(sisu_11).all_stems


def test_an_inciso_is_read_with_the_sentence_that_introduces_it(chunks):
    mec = item(chunks, "Edital Sisu 2026", "8.4")  # "O MEC não se responsabilizará por: … II - …"
    last = profile(mec).unit_stems[-1]
    assert analyse("divulgação do resultado").concepts[0].found_in(last)
    assert analyse("responsabiliza").concepts[0].found_in(last)


def test_a_date_must_be_said_about_the_question_s_subject(chunks):
    def said(question: str, collection: str, chunk: Chunk) -> bool:
        query = analyse(question)
        stats = CorpusStats.of(c for c in chunks if c.collection == collection)
        return kind_said(query, weigh(query, stats), chunk)

    inscricoes = item(chunks, "Edital Prouni 2026", "1.1")  # "… até as 23 horas e 59 minutos …"
    assert said("até que horas posso me inscrever no prouni?", "prouni", inscricoes)
    # the same item has a time and the word "horário", but not about the 0800 line
    assert not said("qual o horário de funcionamento do 0800 do mec?", "prouni", inscricoes)


def test_a_vector_has_one_number_per_feature_and_the_form_matters(chunks):
    sisu = [c for c in chunks if c.collection == "sisu"]
    stats = CorpusStats.of(sisu)
    query = analyse("quem tem que acompanhar as convocações da lista de espera?")
    assert "who" in query.asks
    rows = dict(zip([c.item for c in sisu], vectors(context(query, stats), sisu), strict=True))
    assert all(len(row) == len(FEATURES) for row in rows.values())
    form_ok = FEATURES.index("form_ok")
    assert rows["7.4"][form_ok] == 1.0  # "É de responsabilidade do CANDIDATO o acompanhamento…"
    assert rows["7.3"][form_ok] == 0.0  # "As instituições … poderão convocar…"


def test_a_profile_is_computed_once_per_chunk(chunks):
    chunk = chunks[3]
    assert profile(chunk) is profile(chunk)
    assert profile(replace(chunk, text=chunk.text + " Novo.")) is not profile(chunk)
