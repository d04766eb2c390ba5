"""RAG answers over the real editais: extractive, quoted, with citations (in-memory index)."""

from __future__ import annotations

import re

import pytest

from switchboard.knowledge.answer import NOT_FOUND, QUOTE_CHARS, extractive_answer
from switchboard.knowledge.calendar import important_dates
from switchboard.knowledge.index import in_memory_index
from switchboard.knowledge.ingest import ingest_packaged, load_corpus

CITATION = re.compile(r"(Edital|Documentação) (Sisu|Prouni)( 2026)?, (item|itens) \d")


@pytest.fixture(scope="module")
def corpus_text() -> str:
    return " ".join(c.text for d in load_corpus() for c in d.chunks)


async def ask(question: str, collection: str):
    index = in_memory_index()
    await ingest_packaged(index)
    hits = await index.search(question, collection=collection, k=5)
    return hits, extractive_answer(question, hits)


def assert_quoted(answer, corpus_text: str) -> None:
    """Every quote is text of the editais (nothing invented), each with a citation."""
    assert answer.found and answer.passages
    for passage in answer.passages:
        assert CITATION.match(passage.citation), passage.citation
        for piece in passage.quote.strip("…").split("…"):
            assert piece.strip() in corpus_text, piece
        assert len(passage.quote) <= QUOTE_CHARS + 2


async def test_inscription_dates_of_prouni(corpus_text):
    _, answer = await ask("Quando são as inscrições do Prouni?", "prouni")
    assert answer.text.startswith("Segundo o Edital Prouni 2026, item 1.1:")
    assert "26 de janeiro de 2026" in answer.text and "29 de janeiro de 2026" in answer.text
    assert_quoted(answer, corpus_text)


async def test_minimum_enem_score_for_prouni(corpus_text):
    _, answer = await ask("Qual a nota mínima do Enem para concorrer ao Prouni?", "prouni")
    assert "Edital Prouni 2026, item 1.2" in answer.citations
    assert "450 (quatrocentos e cinquenta) pontos" in answer.text
    assert_quoted(answer, corpus_text)


async def test_prouni_income_limits(corpus_text):
    _, answer = await ask(
        "Qual o limite de renda per capita para bolsa integral e parcial?", "prouni"
    )
    assert "Edital Prouni 2026, item 1.4" in answer.citations
    assert "1,5 (um vírgula cinco) salário mínimo" in answer.text
    assert "3 (três) salários mínimos" in answer.text
    assert_quoted(answer, corpus_text)


async def test_treineiros_in_sisu(corpus_text):
    _, answer = await ask("Treineiro pode usar a nota do Enem no Sisu?", "sisu")
    assert answer.citations[0] in ("Edital Sisu 2026, item 1.4.1", "Edital Sisu 2026, item 1.4.2")
    assert "treineiro" in answer.text
    assert_quoted(answer, corpus_text)


async def test_valid_enem_editions_for_sisu(corpus_text):
    _, answer = await ask("Quais edições do Enem valem para o Sisu 2026?", "sisu")
    assert "Edital Sisu 2026, item 1.4" in answer.citations
    assert "2023, 2024 ou 2025" in answer.text
    assert_quoted(answer, corpus_text)


async def test_a_long_passage_is_trimmed_to_the_matching_clauses(corpus_text):
    index = in_memory_index()
    await ingest_packaged(index)
    hits = await index.search("conta gov.br Login Único CPF senha", collection="prouni", k=1)
    assert len(hits[0].text) > QUOTE_CHARS
    answer = extractive_answer("Preciso de conta gov.br e senha?", hits)
    (passage,) = answer.passages
    assert "gov.br" in passage.quote and len(passage.quote) <= QUOTE_CHARS + 2
    assert passage.quote.endswith("…") or passage.quote.startswith("…")
    assert_quoted(answer, corpus_text)


def test_no_hits_is_an_honest_answer():
    answer = extractive_answer("Qual a cor do céu?", [])
    assert not answer.found and answer.text == NOT_FOUND and answer.citations == ()


def test_the_calendar_answers_when_inscriptions_open():
    (entry,) = important_dates("prouni", "quando abrem as inscrições do Prouni?")
    assert entry.text == (
        "Inscrições do Prouni: de 26 de janeiro de 2026 a 29 de janeiro de 2026 "
        "(até as 23h59 do último dia). Fonte: Edital Prouni 2026, item 1.1."
    )
    assert entry.page == 1


def test_a_quote_cites_only_the_items_it_covers():
    from switchboard.knowledge.answer import item_citation
    from switchboard.knowledge.chunk import Chunk
    from switchboard.knowledge.models import Hit

    text = (
        "6.1. Para participar da lista de espera, manifeste interesse nos dias 25 e 26 de março. "
        "6.2. A lista de espera estará disponível no dia 31 de março de 2026."
    )
    chunk = Chunk(
        collection="prouni",
        document="Edital Prouni 2026",
        ordinal=0,
        item="6.1",
        items=("6.1", "6.2"),
        section="DA LISTA DE ESPERA DO PROUNI",
        page=5,
        page_end=5,
        text=text,
        citation="Edital Prouni 2026, itens 6.1 a 6.2",
    )
    hit = Hit(chunk=chunk, score=1.0, document_id="prouni/edital")
    second = text.index("6.2.")
    assert item_citation(hit, second, len(text)) == "Edital Prouni 2026, item 6.2"
    assert item_citation(hit, 0, 20) == "Edital Prouni 2026, item 6.1"
    assert item_citation(hit, 0, len(text)) == "Edital Prouni 2026, itens 6.1 a 6.2"


async def test_documentation_answers_use_the_feminine_article():
    _, answer = await ask("Quais documentos de identificação são aceitos no Prouni?", "prouni")
    assert answer.text.startswith("Segundo a Documentação Prouni, ")
    assert "Carteira Nacional de Habilitação" in answer.text
