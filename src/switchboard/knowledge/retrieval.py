"""Seams and ranking helpers around the full-text index.

- `Retriever`: anything that ranks chunks for a query (the FTS index today; a dense-vector
  retriever behind an optional extra later). No embedding code ships now, and none is needed.
- `rrf`: reciprocal-rank fusion of several rankings, the standard way to combine a lexical and a
  dense ranking without calibrating their scores against each other (Cormack et al. 2009:
  score = Σ 1 / (k + rank), k = 60).
- `coverage_rerank`: re-orders full-text candidates by how many of the question's *own* content
  words they contain. The index is queried with an OR of the question's stems plus expansions
  (synonyms, month names for "quando…?" questions); BM25 sums over whatever matched, so a passage
  full of dates can outrank the one about the asked topic. Multiplying by `1 + coverage` (the
  share of the question's stems found in the passage, titles included) is Lucene's classic
  "coordination factor". For a question about *when*, containing a full date ("26 de janeiro
  de 2026") counts as one more term covered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Protocol

from switchboard.knowledge.analysis import stems
from switchboard.knowledge.models import Hit

RRF_K = 60
FULL_DATE = re.compile(
    r"\b\d{1,2}º? (?:a \d{1,2} )?de (?:janeiro|fevereiro|março|abril|maio|junho|julho|agosto|"
    r"setembro|outubro|novembro|dezembro) de 20\d\d\b"
)


class Retriever(Protocol):
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


@lru_cache(maxsize=4096)
def passage_stems(text: str) -> frozenset[str]:
    """Stems of a passage (with its titles), cached: the same chunks come back query after
    query, and stemming them is most of a search's CPU time."""
    return frozenset(stems(text))


def coverage(hit: Hit, terms: frozenset[str], *, wants_date: bool = False) -> float:
    total = len(terms) + wants_date
    if not total:
        return 0.0
    chunk = hit.chunk
    found = passage_stems(f"{chunk.document} {chunk.section} {chunk.text}")
    dated = wants_date and FULL_DATE.search(chunk.text) is not None
    return (len(terms & found) + dated) / total


def coverage_rerank(
    hits: Sequence[Hit], terms: Sequence[str], k: int, *, wants_date: bool = False
) -> list[Hit]:
    """The best `k` of `hits` by score × (1 + coverage of `terms`); scores must be ≥ 0."""
    wanted = frozenset(terms)
    rescored = [
        replace(h, score=h.score * (1.0 + coverage(h, wanted, wants_date=wants_date))) for h in hits
    ]
    rescored.sort(key=lambda h: -h.score)
    return rescored[:k]


__all__ = ["Retriever", "coverage_rerank", "rrf"]
