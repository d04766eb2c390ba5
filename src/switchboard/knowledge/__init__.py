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

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach
from switchboard.knowledge.answer import NOT_FOUND as NOT_FOUND
from switchboard.knowledge.answer import Citation as Citation
from switchboard.knowledge.answer import EditalAnswer as EditalAnswer
from switchboard.knowledge.answer import Excerpt as Excerpt
from switchboard.knowledge.answer import Program as Program
from switchboard.knowledge.answer import answer_edital as answer_edital
from switchboard.knowledge.answer import dated_excerpts as dated_excerpts
from switchboard.knowledge.answer import entries_about as entries_about
from switchboard.knowledge.answer import question_parts as question_parts
from switchboard.knowledge.answer import treats_subject as treats_subject
from switchboard.knowledge.calendar import DateEntry as DateEntry
from switchboard.knowledge.calendar import end_not_stated as end_not_stated
from switchboard.knowledge.calendar import important_dates as important_dates
from switchboard.knowledge.calendar import sharing_entries as sharing_entries
from switchboard.knowledge.calendar import sign_up_only as sign_up_only
from switchboard.knowledge.chunk import Chunk as Chunk
from switchboard.knowledge.index import KNOWLEDGE as KNOWLEDGE
from switchboard.knowledge.index import KnowledgeIndex as KnowledgeIndex
from switchboard.knowledge.index import SqlKnowledgeIndex as SqlKnowledgeIndex
from switchboard.knowledge.ingest import IngestReport as IngestReport
from switchboard.knowledge.ingest import ingest_dir as ingest_dir
from switchboard.knowledge.ingest import ingest_packaged as ingest_packaged
from switchboard.knowledge.ingest import load_corpus as load_corpus
from switchboard.knowledge.models import DocumentInfo as DocumentInfo
from switchboard.knowledge.models import Hit as Hit
from switchboard.knowledge.models import IngestError as IngestError
from switchboard.knowledge.models import KnowledgeQueryError as KnowledgeQueryError
from switchboard.knowledge.models import UnknownCollectionError as UnknownCollectionError
from switchboard.knowledge.retrieval import Retriever as Retriever
from switchboard.knowledge.retrieval import rrf as rrf

if TYPE_CHECKING:
    from switchboard.knowledge.analysis import editais_terms as editais_terms
    from switchboard.knowledge.analysis import stems as stems
    from switchboard.knowledge.answer import programs_for as programs_for
    from switchboard.knowledge.query import Query as Query
    from switchboard.knowledge.query import analyse as analyse
else:
    __getattr__, __dir__, __all__ = attach(__name__)
