"""Knowledge for RAG agents: clean and chunk extracted editais, index them in the store, answer.

index = store.repository(KNOWLEDGE)            # FTS5 (memory, SQLite) or PostgreSQL FTS
await ingest_packaged(index)                   # the shipped Sisu/Prouni 2026 corpus
await ingest_dir(index, "shared/data/knowledge", collection="prouni")   # or rebuild
important_dates("prouni", "quando abrem as inscrições?")               # calendar first
answer = await answer_edital(index, "qual a nota mínima do enem pro prouni?")
answer.text        # "Segundo o Edital Prouni 2026, item 1.2, p. 1: “…”" or "Não encontrei…"
answer.citations   # [Citation(document, item, page)]; answer.excerpts: for a hosted model
hits = await index.search("nota mínima do Enem", collection="prouni", k=5)   # ranked passages
"""

from switchboard.knowledge.answer import (
    NOT_FOUND,
    Citation,
    EditalAnswer,
    Excerpt,
    Program,
    answer_edital,
)
from switchboard.knowledge.calendar import DateEntry, important_dates
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.index import KNOWLEDGE, KnowledgeIndex, SqlKnowledgeIndex
from switchboard.knowledge.ingest import IngestReport, ingest_dir, ingest_packaged, load_corpus
from switchboard.knowledge.models import (
    DocumentInfo,
    Hit,
    IngestError,
    KnowledgeQueryError,
    UnknownCollectionError,
)
from switchboard.knowledge.retrieval import Retriever, rrf

__all__ = [
    "KNOWLEDGE",
    "NOT_FOUND",
    "Chunk",
    "Citation",
    "DateEntry",
    "DocumentInfo",
    "EditalAnswer",
    "Excerpt",
    "Hit",
    "IngestError",
    "IngestReport",
    "KnowledgeIndex",
    "KnowledgeQueryError",
    "Program",
    "Retriever",
    "SqlKnowledgeIndex",
    "UnknownCollectionError",
    "answer_edital",
    "important_dates",
    "ingest_dir",
    "ingest_packaged",
    "load_corpus",
    "rrf",
]
