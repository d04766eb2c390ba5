"""Hybrid lexical ranking: the full-text engine's rank fused with a concept-coverage rank.

Two signals, each good where the other is weak, combined by reciprocal-rank fusion (Cormack et
al. 2009; ranks, not scores, so BM25 on SQLite and `ts_rank` on PostgreSQL fuse the same way):

1. **BM25** (FTS5 `bm25()`, or `ts_rank` on PostgreSQL) over the stems of the passage and its
   heading path, queried with every alternative of every concept. It rewards rare words and
   many occurrences, so one rare word repeated can win ("bolsa" in every line of Prouni 1.3).
2. **Concept coverage**: the IDF-weighted share of the question's *concepts* a passage says
   (any alternative counts once, in the passage or its headings), plus `KIND_BONUS` when the
   question asks *when* and the passage holds a date, or *how many* and it holds a number. It
   is Lucene's coordination factor made synonym-aware: the passage that answers all of the
   question beats the one that repeats part of it.

`coverage` (0–1) of the best passage is also the evidence strength the not-found decision reads
(`answer.py`); `missing` is the IDF mass of concepts no passage of the program has at all
("quilombola", "FIES", "mestrado").
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from switchboard.knowledge.analysis import stems
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.lexicon import Concept
from switchboard.knowledge.models import Hit
from switchboard.knowledge.query import Query

RRF_K = 5
"""Fusion constant. The classic 60 flattens short candidate lists; with ~30 candidates and
the answer usually in the top three of one signal, a small k lets a signal's first places
count (chosen on the dev split, bench/knowledge)."""
KIND_BONUS = 0.15
"""Added to coverage when the passage has the kind of answer asked for (a date, a number)."""
KIND_FUSED = 0.1
"""And to the fused score: a "quando…?" is answered by a passage with a date, however well
another passage matches its words (about the gap between fused ranks 1 and 4)."""
DATE = re.compile(
    r"\b\d{1,2}º?(?: (?:e|a) \d{1,2})? de (?:janeiro|fevereiro|março|abril|maio|junho|julho|"
    r"agosto|setembro|outubro|novembro|dezembro)(?! de (?!2026)\d{4})\b"
    r"|\ba partir de \d",
    re.IGNORECASE,
)
"""A date of the selection process ("26 de janeiro de 2026", "3 a 13 de fevereiro", "a partir de
2 de fevereiro"); the dates of the laws an edital cites ("de 7 de fevereiro de 2002") are not
answers to "quando…?"."""
NUMBER = re.compile(
    r"\b\d+(?:,\d+)? \([a-zà-ú ]+\)|\b(?:uma|duas|dois|três) (?:única|opções|chamadas)\b"
    r"|\búnica\b"
)
"""A number as the editais write one ("2 (duas)", "450 (quatrocentos e cinquenta)", "uma única")."""


@lru_cache(maxsize=8192)
def passage_stems(text: str) -> frozenset[str]:
    """Stems of a passage with its headings, cached: the same chunks come back query after
    query, and stemming them is most of a search's CPU time."""
    return frozenset(stems(text))


def chunk_stems(chunk: Chunk) -> frozenset[str]:
    return passage_stems(f"{' '.join(chunk.path)} {chunk.text}")


@dataclass(frozen=True, slots=True)
class CorpusStats:
    """The stem sets of the chunks searched (one collection, or all) and their document
    frequencies."""

    n: int
    df: dict[str, int]
    sets: tuple[frozenset[str], ...] = ()

    @classmethod
    def of(cls, chunks: Iterable[Chunk]) -> CorpusStats:
        df: Counter[str] = Counter()
        sets = tuple(chunk_stems(chunk) for chunk in chunks)
        for found in sets:
            df.update(found)
        return cls(n=len(sets), df=dict(df), sets=sets)

    def idf_of(self, d: int) -> float:
        """BM25's idf for a document frequency, floored at a small positive value (a word in
        every passage still counts a little toward coverage)."""
        return max(0.05, math.log(1 + (self.n - d + 0.5) / (d + 0.5)))

    def idf(self, stem: str) -> float:
        return self.idf_of(self.df.get(stem, 0))

    def known(self, stem: str) -> bool:
        return stem in self.df

    def concept_df(self, concept: Concept) -> int:
        """In how many chunks the concept is said, in any of its ways."""
        return sum(1 for found in self.sets if concept.found_in(found))


UNKNOWN_WEIGHT = 2.0
"""Weight of a concept no searched passage says in any way ("quilombola", "FIES"), about the
idf of a word found in a few passages: it counts toward `missing`, never toward coverage."""


@dataclass(frozen=True, slots=True)
class Weighted:
    """A concept and its weight: the idf of the concept (the chunks that say it in any of its
    ways), or `UNKNOWN_WEIGHT` when no chunk does."""

    concept_index: int
    weight: float
    known: bool
    """Some alternative occurs somewhere in the searched chunks."""


def weigh(query: Query, stats: CorpusStats) -> list[Weighted]:
    out = []
    for i, concept in enumerate(query.concepts):
        d = stats.concept_df(concept)
        if d:
            out.append(Weighted(i, stats.idf_of(d), True))
            continue
        # a number the corpus lacks ("tirei 600") is the student's data, not a topic
        numeric = all(s.isdigit() for s in concept.origin)
        out.append(Weighted(i, 0.0 if numeric else UNKNOWN_WEIGHT, False))
    return out


def missing_share(weights: Sequence[Weighted]) -> float:
    """Weight share of the question's concepts that no searched passage says in any way."""
    total = sum(w.weight for w in weights)
    return sum(w.weight for w in weights if not w.known) / total if total else 0.0


MONEY = re.compile(r"R\$|\breais\b|por cento|%|gratuit|cobrança", re.IGNORECASE)
"""What a "quanto custa / qual o valor…?" needs in its answer: an amount, or that it is free."""
NEAR_CHARS = 60


def has_kind(query: Query, chunk: Chunk) -> bool:
    """Whether the chunk has the kind of answer the question asks for: a date of the process for
    "quando…?"; for "quantos X…?" a number followed closely by X (or a synonym: "2 (duas)
    opções de curso"); for "quanto custa / qual o valor…?" an amount, a percentage or "free"."""
    if query.kind == "date":
        return DATE.search(chunk.text) is not None
    if query.kind == "money":
        return MONEY.search(chunk.text) is not None
    if query.kind == "count":
        counted = query.concepts[0] if query.concepts else None
        for match in NUMBER.finditer(chunk.text):
            if counted is None:
                return True
            after = chunk.text[match.start() : match.end() + NEAR_CHARS]
            if counted.stems & passage_stems(after):
                return True
    return False


def coverage(query: Query, chunk: Chunk, weights: Sequence[Weighted]) -> float:
    """Weighted share of the question's *known* concepts the chunk says (0–1), kind bonus
    aside. Unknown concepts are left out: no passage can say them, so they cannot rank."""
    known = [w for w in weights if w.known]
    total = sum(w.weight for w in known)
    if not total:
        return 0.0
    found = chunk_stems(chunk)
    said = sum(w.weight for w in known if query.concepts[w.concept_index].found_in(found))
    return said / total


HEADING_BONUS = 1.0
"""Weight of the concepts said by the passage's *headings* (on top of coverage): "quais
documentos…" is answered by the lists titled "Documentos de identificação", "Comprovantes de
…", not by every item that mentions a document."""


def heading_coverage(query: Query, chunk: Chunk, weights: Sequence[Weighted]) -> float:
    """Weighted share of the question's known concepts said by the chunk's heading path."""
    known = [w for w in weights if w.known]
    total = sum(w.weight for w in known)
    if not total or not chunk.path:
        return 0.0
    found = passage_stems(" ".join(chunk.path))
    said = sum(w.weight for w in known if query.concepts[w.concept_index].found_in(found))
    return said / total


@dataclass(frozen=True, slots=True)
class Ranked:
    """A hit with both signals: `hit.score` is the fused score."""

    hit: Hit
    coverage: float
    """0–1, without the kind bonus: the evidence strength."""
    kind_match: bool


def fuse(query: Query, hits: Sequence[Hit], stats: CorpusStats, k: int) -> list[Ranked]:
    """The best `k` of `hits` (best first by the full-text engine) by RRF of both signals."""
    if not hits:
        return []
    weights = weigh(query, stats)
    cov = [coverage(query, h.chunk, weights) for h in hits]
    kinds = [has_kind(query, h.chunk) for h in hits]
    titled = [heading_coverage(query, h.chunk, weights) for h in hits]
    second = [
        c + HEADING_BONUS * t + (KIND_BONUS if m else 0.0)
        for c, t, m in zip(cov, titled, kinds, strict=True)
    ]
    order = sorted(range(len(hits)), key=lambda i: (-second[i], i))
    rank2 = {i: r for r, i in enumerate(order, 1)}
    fused = [
        1.0 / (RRF_K + i + 1) + 1.0 / (RRF_K + rank2[i]) + (KIND_FUSED if kinds[i] else 0.0)
        for i in range(len(hits))
    ]
    best = sorted(range(len(hits)), key=lambda i: (-fused[i], -second[i], i))[:k]
    return [Ranked(replace(hits[i], score=fused[i]), cov[i], kinds[i]) for i in best]


__all__ = ["CorpusStats", "Ranked", "chunk_stems", "fuse", "missing_share", "passage_stems"]
