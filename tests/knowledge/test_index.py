"""The knowledge repository on memory, SQLite and PostgreSQL: search, filters, safety, ingest."""

from __future__ import annotations

import pytest

from switchboard.knowledge.index import KNOWLEDGE
from switchboard.knowledge.ingest import ingest_dir, ingest_packaged
from switchboard.knowledge.models import KnowledgeQueryError, UnknownCollectionError
from switchboard.store.in_memory import InMemoryStore

PROUNI_EDITAL = """FONTE: editalProUni2026.pdf

--- Página 1 ---
1. DAS INSCRIÇÕES
1.1. As inscrições para o processo sele(cid:61)vo do Programa Universidade para Todos – Prouni\
 referente ao
primeiro semestre de 2026 serão efetuadas no período de 26 de janeiro de 2026 até as 23 horas e 59
minutos de 29 de janeiro de 2026, observado o horário oficial de Brasília-DF.
Edital 2 (6452508) SEI 23000.032004/2021-95 / pg. 1

--- Página 2 ---
1.2. Somente poderá se inscrever no processo sele(cid:61)vo do Prouni o CANDIDATO que tenha\
 ob(cid:61)do nota
igual ou superior a 450 (quatrocentos e cinquenta) pontos na média das cinco provas do Enem.
Edital 2 (6452508) SEI 23000.032004/2021-95 / pg. 2
"""

INJECTIONS = [
    '"',
    '""',
    "*",
    "inscri*",
    "NEAR(inscrição prouni)",
    "inscrição OR",
    "OR OR OR",
    "AND NOT",
    "body: inscrições",
    "heading:prouni ^",
    "'; DROP TABLE knowledge_chunks; --",
    "1); DELETE FROM knowledge_documents; --",
    "\\x00 % _ ' \" ( ) { } [ ] - + : ^ ~",
    'inscrição" OR "*',
]


async def test_search_finds_the_item_and_honours_the_collection(index):
    await ingest_packaged(index)
    prouni = await index.search("qual a nota mínima do Enem?", collection="prouni", k=5)
    assert prouni and all(h.chunk.collection == "prouni" for h in prouni)
    assert "1.2" in [h.chunk.item for h in prouni[:3]]
    sisu = await index.search("qual a nota mínima do Enem?", collection="sisu", k=5)
    assert sisu and all(h.chunk.collection == "sisu" for h in sisu)
    both = await index.search("inscrições", k=50)
    assert {h.chunk.collection for h in both} == {"sisu", "prouni"}
    assert [h.score for h in prouni] == sorted((h.score for h in prouni), reverse=True)


async def test_collection_names_are_checked(index):
    await ingest_packaged(index)
    assert await index.search("inscrições", collection=" Prouni ", k=1)
    with pytest.raises(UnknownCollectionError):
        await index.search("inscrições", collection="prounii")
    with pytest.raises(KnowledgeQueryError):
        await index.search("inscrições", collection="prouni' OR 1=1 --")


async def test_bad_queries_are_typed_errors(index):
    with pytest.raises(KnowledgeQueryError):
        await index.search("   ")
    with pytest.raises(KnowledgeQueryError):
        await index.search("inscrições", k=0)


async def test_fts_and_sql_syntax_in_user_text_is_inert(index):
    await ingest_packaged(index)
    before = await index.documents()
    for query in INJECTIONS:
        hits = await index.search(query, k=5)  # never an FTS5/SQL syntax error
        assert isinstance(hits, list), query
    assert await index.documents() == before
    assert len(await index.search("inscrições", k=50)) >= 30
    quoted = await index.search('inscrição" OR "*', collection="prouni", k=3)
    plain = await index.search("inscrição", collection="prouni", k=3)
    assert [h.citation for h in quoted] == [h.citation for h in plain]


async def test_ingest_is_idempotent_and_replaces_changed_documents(index, tmp_path, clock):
    (tmp_path / "prouni_edital_2026.txt").write_text(PROUNI_EDITAL, encoding="utf-8")
    first = await ingest_dir(index, tmp_path, collection="prouni", clock=clock)
    assert first.counts == {"added": 1, "replaced": 0, "unchanged": 0, "removed": 0, "chunks": 2}
    again = await ingest_dir(index, tmp_path, collection="prouni", clock=clock)
    assert again.counts["unchanged"] == 1 and again.chunks == 0
    assert len(await index.search("processo seletivo", collection="prouni", k=10)) == 2

    changed = PROUNI_EDITAL.replace("450 (quatrocentos e cinquenta)", "500 (quinhentos)")
    (tmp_path / "prouni_edital_2026.txt").write_text(changed, encoding="utf-8")
    replaced = await ingest_dir(index, tmp_path, collection="prouni", clock=clock)
    assert replaced.replaced == ["prouni/prouni_edital_2026"]
    hits = await index.search("processo seletivo", collection="prouni", k=10)
    assert len(hits) == 2 and not any("450" in h.text for h in hits)
    assert any("500 (quinhentos)" in h.text for h in hits)
    (info,) = await index.documents("prouni")
    assert info.chunk_count == 2 and info.title == "Edital Prouni 2026"


async def test_prune_removes_documents_whose_files_are_gone(index, tmp_path, clock):
    (tmp_path / "prouni_a.txt").write_text(PROUNI_EDITAL, encoding="utf-8")
    (tmp_path / "prouni_b.txt").write_text(PROUNI_EDITAL, encoding="utf-8")
    await ingest_dir(index, tmp_path, collection="prouni", clock=clock)
    (tmp_path / "prouni_b.txt").unlink()
    report = await ingest_dir(index, tmp_path, collection="prouni", prune=True, clock=clock)
    assert report.removed == ["prouni/prouni_b"]
    assert [d.id for d in await index.documents()] == ["prouni/prouni_a"]
    assert {h.document_id for h in await index.search("inscrições", k=10)} == {"prouni/prouni_a"}


async def test_the_shared_corpus_ingests_by_collection(index, corpus_dir, clock):
    report = await ingest_dir(index, corpus_dir, collection="sisu", clock=clock)
    assert sorted(report.added) == ["sisu/sisu_documentacao", "sisu/sisu_edital_2026"]
    assert await index.collections() == ["sisu"]
    packaged = await ingest_packaged(index, clock=clock)  # same texts, same hashes
    assert sorted(packaged.unchanged) == ["sisu/sisu_documentacao", "sisu/sisu_edital_2026"]
    assert sorted(packaged.added) == ["prouni/prouni_documentacao", "prouni/prouni_edital_2026"]


def test_the_store_builds_one_index_per_store():
    store = InMemoryStore()
    assert store.repository(KNOWLEDGE) is store.repository(KNOWLEDGE)
    assert InMemoryStore().repository(KNOWLEDGE) is not store.repository(KNOWLEDGE)


async def test_ingest_errors_are_typed(tmp_path):
    from switchboard.knowledge.index import in_memory_index
    from switchboard.knowledge.models import IngestError

    index = in_memory_index()
    with pytest.raises(IngestError):
        await ingest_dir(index, tmp_path / "missing", collection="sisu")
    with pytest.raises(IngestError):
        await ingest_dir(index, tmp_path, collection="sisu")  # no sisu_*.txt there
    with pytest.raises(KnowledgeQueryError):
        await ingest_dir(index, tmp_path, collection="../etc")


FIRST = {
    "qual a nota minima do enem pra concorrer no prouni?": ("prouni", "1.2"),
    "treineiro pode usar a nota no sisu?": ("sisu", "1.4.1"),
    "quantas chamadas tem o prouni?": ("prouni", "2.1"),
}
PARITY = [
    *FIRST,
    "como o prouni calcula a renda pela declaração do imposto de renda?",
    "onde eu vejo se passei no sisu?",
    "quais documentos preciso levar na matricula do sisu?",
    "minha vo é aposentada, qual comprovante de renda ela entrega no prouni?",
    "tem cota pra quilombola no sisu?",
]


async def ranking(index, question: str) -> list[tuple[str, float]]:
    out = []
    for collection in ("sisu", "prouni"):
        hits = await index.search(question, collection=collection, k=8)
        out += [(h.citation, round(h.score, 9)) for h in hits]
    return out


async def test_every_backend_ranks_the_same_item_first(index):
    await ingest_packaged(index)
    for question, (collection, item) in FIRST.items():
        hits = await index.search(question, collection=collection, k=3)
        assert hits[0].chunk.item == item, (question, [h.citation for h in hits])


async def test_every_backend_ranks_exactly_like_the_in_memory_index(index):
    """The engines only find the candidates (both index the same Python stems); the ranking
    runs in Python over the same chunks and statistics, so SQLite and PostgreSQL return the
    same passages in the same order with the same scores as the in-memory index."""
    await ingest_packaged(index)
    reference = InMemoryStore().repository(KNOWLEDGE)
    await ingest_packaged(reference)
    for question in PARITY:
        assert await ranking(index, question) == await ranking(reference, question), question
