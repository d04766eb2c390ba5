"""Knowledge for RAG agents: clean and chunk extracted editais, index them in the store, search.

index = store.repository(KNOWLEDGE)            # FTS5 (memory, SQLite) or PostgreSQL FTS
await ingest_packaged(index)                   # the shipped Sisu/Prouni 2026 corpus
await ingest_dir(index, "shared/data/knowledge", collection="prouni")   # or rebuild
important_dates("prouni", "quando abrem as inscrições?")               # calendar first
hits = await index.search("nota mínima do Enem", collection="prouni", k=5)
extractive_answer("nota mínima do Enem", hits).text   # "Segundo o Edital Prouni 2026, …"
"""

from switchboard.knowledge.answer import Answer, Passage, extractive_answer
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
    "Answer",
    "Chunk",
    "DateEntry",
    "DocumentInfo",
    "Hit",
    "IngestError",
    "IngestReport",
    "KnowledgeIndex",
    "KnowledgeQueryError",
    "Passage",
    "Retriever",
    "SqlKnowledgeIndex",
    "UnknownCollectionError",
    "extractive_answer",
    "important_dates",
    "ingest_dir",
    "ingest_packaged",
    "load_corpus",
    "rrf",
]
