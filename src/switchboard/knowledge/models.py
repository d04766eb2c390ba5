"""Records of the knowledge index and its typed errors."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from switchboard.core.errors import SwitchboardError
from switchboard.knowledge.chunk import Chunk

COLLECTION = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
"""Collection names are short slugs ("sisu", "prouni"): they are also the ingest file prefix."""


class KnowledgeQueryError(SwitchboardError):
    """A search the index cannot run: an empty query, a malformed collection name, a bad `k`."""

    code = "invalid_knowledge_query"
    http_status = 422


class UnknownCollectionError(SwitchboardError):
    """The collection has no documents: a typo ("prounii") must not look like "no answer"."""

    code = "unknown_collection"
    http_status = 404


class IngestError(SwitchboardError):
    """A path to ingest that is missing, empty or unreadable."""

    code = "ingest_error"
    http_status = 422


def check_collection(collection: str) -> str:
    """The normalised collection name ("Prouni " → "prouni"), or `KnowledgeQueryError`."""
    name = collection.strip().lower()
    if not COLLECTION.match(name):
        raise KnowledgeQueryError(f"invalid collection name {collection!r}", collection=collection)
    return name


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """One ingested document. `content_hash` decides whether re-ingesting it changes anything."""

    id: str
    """"<collection>/<file stem>", e.g. "prouni/prouni_edital_2026"."""
    collection: str
    title: str
    source: str
    content_hash: str
    chunk_count: int
    ingested_at: datetime


@dataclass(frozen=True, slots=True)
class Hit:
    """A chunk found by a search, best first. `score` is higher-is-better within one search
    (BM25 or `ts_rank_cd`, or an RRF score after fusion); compare ranks, not scores, across
    backends."""

    chunk: Chunk
    score: float
    document_id: str

    @property
    def citation(self) -> str:
        return self.chunk.citation

    @property
    def text(self) -> str:
        return self.chunk.text


__all__ = [
    "DocumentInfo",
    "Hit",
    "IngestError",
    "KnowledgeQueryError",
    "UnknownCollectionError",
    "check_collection",
]
