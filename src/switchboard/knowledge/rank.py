"""Ranking in Python, the same on every backend: a linear model over readable features.

The full-text engine (FTS5 on SQLite, `tsvector` on PostgreSQL) only *finds* the candidates —
every passage that shares a stem with the question's concepts (`index.CANDIDATES` of them at
most, more than any question of these editais matches). They are then ordered here, from the
corpus statistics both backends compute from the same chunks, so SQLite and PostgreSQL rank
the same candidates the same way (`ts_rank` ordered them worse than BM25: 6 points of
recall@1 in the first pass).

The order is a logistic model over `features.FEATURES` (BM25, concept coverage, headings,
whether the passage has the kind of answer asked, the question's form against the kind of
statement the passage makes…), with weights learned on the dev question set only and
cross-validated inside it (`bench/knowledge/train_ranker.py`; numbers in
bench/knowledge/RESULTS.md). The weights ship as `data/ranker.json`; a missing or mismatched
file is an error at load, never a silent fallback.

`coverage` (0–1) of a passage is also the evidence strength the not-found decision reads
(`answer.py`); `missing` is the IDF mass of concepts no passage of the program has at all
("quilombola", "FIES", "mestrado").
"""

from __future__ import annotations

import bisect
import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources

from switchboard.knowledge.analysis import stems
from switchboard.knowledge.chunk import SIGNATURE, Chunk
from switchboard.knowledge.features import (
    FEATURES,
    Context,
    Weighted,
    kind_said,
    profile,
    share,
    vectors,
)
from switchboard.knowledge.lexicon import Concept, lexicon
from switchboard.knowledge.models import Hit
from switchboard.knowledge.query import Query
from switchboard.knowledge.student_questions import QuestionMatcher
from switchboard.knowledge.xref import Resolver

UNKNOWN_WEIGHT = 2.0
"""Weight of a concept no searched passage says in any way ("quilombola", "FIES"), about the
idf of a word found in a few passages: it counts toward `missing`, never toward coverage."""
NUMBER_WEIGHT = 0.5
"""Share of its idf a number of the question keeps ("fiz o Enem em 2023", "tenho 17 anos"): a
number a student types is usually their own data, not the subject of the question."""


@dataclass(frozen=True, slots=True)
class CorpusStats:
    """The chunks searched (one collection, or all), their stem sets, document frequencies,
    idf and mean length."""

    n: int
    df: dict[str, int]
    sets: tuple[frozenset[str], ...] = ()
    idf: dict[str, float] | None = None
    avg_length: float = 1.0
    postings: dict[str, frozenset[int]] | None = None
    """Stem → the indexes (in `sets`) of the chunks that have it."""
    pointed: dict[tuple[str, int], frozenset[str]] = field(default_factory=dict)
    """(document, ordinal) of a chunk → the stems of the texts it points at (`xref`: "a ordem
    de critérios estabelecida no subitem 3.3" reads 3.3 too)."""
    resolver: Resolver = field(default_factory=lambda: Resolver(()))
    """The cross-references of these chunks (built once per collection snapshot)."""
    asked: QuestionMatcher | None = None
    """The students' questions of these chunks (`student_questions`), None when none has any."""

    @classmethod
    def of(cls, chunks: Iterable[Chunk], document_ids: Sequence[str] = ()) -> CorpusStats:
        """The statistics of `chunks`; with their `document_ids` (parallel), also the matcher
        of their student questions."""
        chunks = list(chunks)
        profiles = [profile(chunk) for chunk in chunks]
        df: Counter[str] = Counter()
        for p in profiles:
            df.update(p.all_stems)
        n = len(profiles)
        avg = sum(p.length for p in profiles) / n if n else 1.0
        postings: dict[str, set[int]] = {}
        for i, p in enumerate(profiles):
            for term in p.all_stems:
                postings.setdefault(term, set()).add(i)
        stats = cls(n=n, df=dict(df), sets=tuple(p.all_stems for p in profiles), avg_length=avg)
        resolver = Resolver(chunks)
        pointed = {
            (chunk.document, chunk.ordinal): frozenset(s for _, text in found for s in stems(text))
            for chunk in chunks
            if (found := resolver.referenced(chunk))
        }
        return replace(
            stats,
            idf={term: stats.idf_of(d) for term, d in df.items()},
            postings={term: frozenset(found) for term, found in postings.items()},
            pointed=pointed,
            resolver=resolver,
            asked=QuestionMatcher.of(zip(document_ids, chunks, strict=False)),
        )

    def idf_of(self, d: int) -> float:
        """BM25's idf for a document frequency, floored at a small positive value (a word in
        every passage still counts a little toward coverage)."""
        return max(0.05, math.log(1 + (self.n - d + 0.5) / (d + 0.5)))

    def concept_df(self, concept: Concept) -> int:
        """In how many chunks the concept is said, in any of its ways."""
        if self.postings is None:
            return sum(1 for found in self.sets if concept.found_in(found))
        said: set[int] = set()
        empty: frozenset[int] = frozenset()
        for alternative in concept.sets:
            lists = [self.postings.get(term, empty) for term in alternative]
            said.update(frozenset.intersection(*lists) if lists else empty)
        return len(said)


ASIDE_WEIGHT = 0.5
"""What a concept said only in the question's asides (`Query.aside`: "*já entreguei a
documentação*, até quando eles confirmam a bolsa?") weighs in the ranker's features against one
of the part that asks: the student's situation is context, the interrogative clause is the
question."""


def weigh(query: Query, stats: CorpusStats, aside: float = 1.0) -> list[Weighted]:
    """Each concept of the question with its weight (see `Weighted`); a concept said only in
    the asides weighs `aside` times its idf (the ranker's `ASIDE_WEIGHT`; the not-found
    evidence weighs every concept in full: "fiz o enem de 2022, serve pro sisu?" is about the
    2022 Enem all the same)."""
    out = []
    generic = lexicon().generic
    terms = sorted(stats.df)
    for i, concept in enumerate(query.concepts):
        numeric = concept.numeric
        d = stats.concept_df(concept)
        if d:
            told = aside if set(concept.origin) <= query.told else 1.0
            out.append(
                Weighted(i, stats.idf_of(d) * (NUMBER_WEIGHT if numeric else 1.0) * told, True)
            )
            continue
        if all(s in generic or truncated(s, terms) for s in concept.origin):
            # "significa", "colocar": no subject; "declara" → "decl", a stem the stemmer cut
            # shorter than the corpus's "declar": the same word
            out.append(Weighted(i, 0.0, False))
            continue
        # a number the corpus lacks ("tirei 600") is the student's data, not a topic; a phrase
        # whose words the corpus has, only not together ("nota mínima" in the Sisu edital),
        # counts by the share of its words that are missing
        missing = sum(1 for s in concept.origin if s not in stats.df) / len(concept.origin)
        out.append(Weighted(i, 0.0 if numeric else UNKNOWN_WEIGHT * missing, False))
    return out


TRUNCATED_MIN = 4
"""A question stem at least this long that begins a corpus stem is that word cut short by the
stemmer ("declara" → "decl", "declaração" → "declar") — when the corpus stem is at most
`TRUNCATED_EXTRA` letters longer ("transferir" → "transfer" is not "transferência" of data)."""
TRUNCATED_EXTRA = 2


def truncated(stem_: str, terms: Sequence[str]) -> bool:
    """Whether `stem_` (unknown) is the beginning of a stem of the sorted `terms`."""
    if len(stem_) < TRUNCATED_MIN:
        return False
    at = bisect.bisect_left(terms, stem_)
    while at < len(terms) and terms[at].startswith(stem_):
        if len(terms[at]) - len(stem_) <= TRUNCATED_EXTRA:
            return True
        at += 1
    return False


def missing_share(weights: Sequence[Weighted]) -> float:
    """Weight share of the question's concepts that no searched passage says in any way."""
    total = sum(w.weight for w in weights if w.weight)
    return sum(w.weight for w in weights if not w.known) / total if total else 0.0


class RankerError(RuntimeError):
    """The packaged ranker weights do not match the features this code computes."""


@dataclass(frozen=True, slots=True)
class Ranker:
    """A linear scorer: `bias + Σ weight·feature` (a logit: higher is more likely the passage
    that answers)."""

    weights: tuple[float, ...]
    bias: float

    def score(self, vector: Sequence[float]) -> float:
        return self.bias + sum(w * x for w, x in zip(self.weights, vector, strict=True))

    @classmethod
    def parse(cls, data: dict[str, object]) -> Ranker:
        names = data.get("features")
        weights = data.get("weights")
        bias = data.get("bias")
        if names != list(FEATURES) or not isinstance(weights, list):
            raise RankerError(f"ranker features {names!r} do not match {list(FEATURES)!r}")
        if len(weights) != len(FEATURES) or not isinstance(bias, int | float):
            raise RankerError("ranker weights are malformed")
        return cls(tuple(float(w) for w in weights), float(bias))


@lru_cache(maxsize=1)
def packaged_ranker() -> Ranker:
    """The shipped weights (`data/ranker.json`, written by bench/knowledge/train_ranker.py)."""
    text = (
        resources.files("switchboard.knowledge")
        .joinpath("data", "ranker.json")
        .read_text(encoding="utf-8")
    )
    return Ranker.parse(json.loads(text))


@dataclass(frozen=True, slots=True)
class Ranked:
    """A hit with what the ranker saw: `hit.score` is the model's logit."""

    hit: Hit
    coverage: float
    """0–1: the IDF-weighted share of the question's known concepts the passage says."""
    kind_match: bool
    """The passage has the kind of answer asked (a date, a number, an amount)."""
    features: tuple[float, ...] = ()
    probability: float = 0.0
    """The ranker's probability that this is the passage that answers, among the candidates of
    its search (softmax of the logits: the model is a conditional logit)."""


def context(query: Query, stats: CorpusStats) -> Context:
    asked = stats.asked.match(query.text, query.asking) if stats.asked is not None else {}
    return Context(
        query,
        tuple(weigh(query, stats, ASIDE_WEIGHT)),
        stats.idf or {},
        stats.avg_length,
        stats.pointed,
        {key: m.similarity for key, m in asked.items()},
    )


def rank(
    query: Query,
    hits: Sequence[Hit],
    stats: CorpusStats,
    k: int,
    ranker: Ranker | None = None,
) -> list[Ranked]:
    """The best `k` of `hits` by the ranker (ties: the engine's order). An edital's signature
    block ("Documento assinado eletronicamente… A autenticidade deste documento pode ser
    conferida no site…") is never an answer."""
    hits = [h for h in hits if h.chunk.label != SIGNATURE or h.chunk.item is not None]
    if not hits:
        return []
    model = ranker or packaged_ranker()
    ctx = context(query, stats)
    feats = vectors(ctx, [h.chunk for h in hits])
    scores = [model.score(f) for f in feats]
    top = max(scores)
    mass = sum(math.exp(s - top) for s in scores)
    best = sorted(range(len(hits)), key=lambda i: (-scores[i], i))[:k]
    cov = FEATURES.index("cov")
    return [
        Ranked(
            replace(hits[i], score=scores[i]),
            feats[i][cov],
            query.kind != "other" and kind_said(query, ctx.weights, hits[i].chunk),
            feats[i],
            math.exp(scores[i] - top) / mass,
        )
        for i in best
    ]


def coverage(query: Query, chunk: Chunk, weights: Sequence[Weighted]) -> float:
    """Weighted share of the question's *known* concepts the chunk says (0–1)."""
    return share(query, weights, profile(chunk).all_stems)


__all__ = [
    "CorpusStats",
    "Ranked",
    "Ranker",
    "RankerError",
    "coverage",
    "missing_share",
    "packaged_ranker",
    "rank",
    "weigh",
]
