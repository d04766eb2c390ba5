"""Seams and ranking helpers around the full-text index.

- `Retriever`: anything that ranks chunks for a query (the FTS index today; a dense-vector
  retriever behind an optional extra later). No embedding code ships now, and none is needed.
- `rrf`: reciprocal-rank fusion of several rankings, the standard way to combine a lexical and a
  dense ranking without calibrating their scores against each other (Cormack et al. 2009:
  score = Σ 1 / (k + rank), k = 60).
- the lexical hybrid itself (BM25 fused with concept coverage) lives in `rank.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from switchboard.knowledge.models import Hit

RRF_K = 60


class Retriever(Protocol):
    """Anything that ranks passages for a question (the index, a fusion of indexes): answering
    code depends on this, not on a backend."""

    async def search(
        self, query: str, *, collection: str | None = None, k: int = 5
    ) -> list[Hit]: ...


def hit_key(hit: Hit) -> tuple[str, int]:
    return hit.document_id, hit.chunk.ordinal


def rrf(
    rankings: Sequence[Sequence[Hit]], *, k: int = RRF_K, limit: int | None = None
) -> list[Hit]:
    """Fuse rankings (each best first) into one; a hit's score becomes its RRF score."""
    scores: dict[tuple[str, int], float] = {}
    first_seen: dict[tuple[str, int], Hit] = {}
    for ranking in rankings:
        for rank, hit in enumerate(ranking, 1):
            key = hit_key(hit)
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
            first_seen.setdefault(key, hit)
    ordered = sorted(scores, key=lambda key: (-scores[key], key))
    fused = [replace(first_seen[key], score=scores[key]) for key in ordered]
    return fused[:limit] if limit is not None else fused


__all__ = ["Retriever", "rrf"]
