"""What to quote from a passage: the units that state what the question asks, with their lead-in.

Most items are short and quoted whole, so the fact is there even when it shares no word with
the question ("uma única etapa" for "vai ter duas etapas?"). A long item (Prouni 1.3, the
classification order, the income exclusions) is cut to its best unit — the sentence, inciso or
alínea that says the most of the question's concepts, holds the kind of answer asked (a date
for "quando…?", a number for "quantos…?") — with the sentences that introduce it when it is
an inciso or alínea ("Estão excluídos do cálculo…: … II - os rendimentos… programas: … e)
Auxílio Emergencial…"), grown around it while the neighbours still say something and the quote
stays short. Pieces that are not contiguous are joined by "…", so every piece is the edital's
own text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from switchboard.knowledge.analysis import fold, stems
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.features import (
    COUNT_TOLD,
    DATE,
    LIMIT_STATED,
    NUMBER,
    PERCENT,
    SHARE,
    Weighted,
    share,
)
from switchboard.knowledge.query import Query
from switchboard.knowledge.schooling import fitting
from switchboard.knowledge.sentences import Unit, units

QUOTE_CHARS = 650
"""Quotes longer than this are cut to the best units (most items are shorter: quoted whole)."""
KIND_UNIT_BONUS = 0.5
"""Added to a unit's share when it holds the kind of answer asked (a date, a number, a share)."""
FACT_BONUS = 1.0
"""Added to a unit's score when it holds the *fact* of the student question that matched the
question (`student_questions`: the verbatim span that answers it): the unit that states the
answer is the one quoted and cited, whatever words it shares with the question."""

FACT_WHOLE = 0.999
"""…unless another unit says the whole question (every concept it names, share ≥ this) and the
fact's unit does not: a student question close in its frame ("quem estudou o ensino médio
inteiro em escola pública pode participar?", alínea a) is not the one asked when an alínea
says all of "…ensino médio inteiro em colégio *particular* com *bolsa integral*…" (alínea b).
When no unit says it all (a list of documents, whose entries share no word with "o que levo a
mais?"), the fact is what locates the answer."""


ORDER_ASKED = re.compile(
    r"\b(?:prioridade|prioriza\w*|preferencia|ordem|na frente|vem primeiro|quem primeiro)\b"
)
"""A question about who comes first ("quem tem prioridade…?", "quem vem na frente…?")…"""
ORDER_LEAD = re.compile(r"\bordem\s*:\s*$")
"""… is answered by the head of an ordered list ("…priorizada a seguinte ordem: I - …; II -
…"): its lead-in gets `ORDER_BONUS`, so the quote starts at the top of the order (the lead-in
grows with its first entries) rather than at the entries that share the most words or hold a
matched student question's fact."""
ORDER_LAST = re.compile(r"\b(?:ultim[oa]s?|final|no fim)\b")
"""… unless it asks who comes *last* ("quem fica por último…?"): the entries that say the
question's words answer that."""
ORDER_BONUS = 2.0
"""More than `FACT_BONUS` plus any share: the head of the order is what was asked."""


@dataclass(frozen=True, slots=True)
class Quote:
    """A piece of a passage to show: `text` ("…" where cut) and where its best unit starts
    (the page of that character is the one cited)."""

    text: str
    anchor: int


def unit_score(query: Query, weights: Sequence[Weighted], unit: Unit, lead: str) -> float:
    """Share of the question's known concepts the unit says (read with its lead-in), plus
    `KIND_UNIT_BONUS` when it holds the kind of answer asked."""
    found = frozenset(stems(f"{lead} {unit.text}"))
    score = share(query, weights, found)
    kinds = {"date": DATE, "count": NUMBER, "percent": PERCENT}
    pattern = SHARE if "amount" in query.asks else kinds.get(query.kind)
    kind_held = pattern is not None and pattern.search(unit.text) is not None
    limit_held = (
        "yesno" in query.asks
        and COUNT_TOLD.search(fold(query.normalized)) is not None
        and LIMIT_STATED.search(unit.text) is not None
    )
    if kind_held or limit_held:
        score += KIND_UNIT_BONUS
    return score


def fact_span(text: str, fact: str | None) -> tuple[int, int] | None:
    """Where `fact` (a verbatim span) is in `text`, None when absent or empty."""
    at = text.find(fact) if fact else -1
    return (at, at + len(fact or "")) if at >= 0 else None


def scored_units(
    query: Query, weights: Sequence[Weighted], text: str, fact: str | None = None
) -> tuple[list[Unit], list[float]]:
    parts = units(text)
    scores = []
    lead = ""
    span = fact_span(text, fact)
    asked = fold(query.normalized)
    order = ORDER_ASKED.search(asked) is not None and not ORDER_LAST.search(asked)
    for unit in parts:
        scores.append(unit_score(query, weights, unit, lead))
        if unit.lead_in:
            lead = unit.text  # it introduces what follows (see `features.unit_stems`)
    whole = max(scores, default=0.0) >= FACT_WHOLE
    for i, unit in enumerate(parts):
        fact_here = span is not None and unit.start < span[1] and span[0] < unit.end
        if fact_here and (scores[i] >= FACT_WHOLE or not whole):
            scores[i] += FACT_BONUS
        if order and unit.lead_in and ORDER_LEAD.search(fold(unit.text)):
            scores[i] += ORDER_BONUS
    return parts, scores


def lead_chain(parts: Sequence[Unit], best: int) -> list[int]:
    """The units that introduce `best` when it is an inciso or alínea, outermost first: "Estão
    excluídos do cálculo…:" then "II - os rendimentos… programas:" for "e) Auxílio
    Emergencial…"."""
    chain: list[int] = []
    at = best
    while parts[at].level:
        level = parts[at].level
        lead = next(
            (j for j in range(at - 1, -1, -1) if parts[j].lead_in and parts[j].level < level),
            None,
        )
        if lead is None:
            break
        chain.insert(0, lead)
        at = lead
    return chain


def situation_ranges(
    text: str, parts: Sequence[Unit], chosen: Sequence[int]
) -> list[tuple[int, int]]:
    """The ranges of the alternatives `chosen` (`schooling.fitting`) and of the lead-ins above
    them: the words the alternatives share do not pick one, the told situation does."""
    keep = sorted({j for i in chosen for j in [*lead_chain(parts, i), i]})
    merged: list[tuple[int, int]] = []
    for j in keep:
        a, b = parts[j].start, parts[j].end
        if merged and not text[merged[-1][1] : a].strip():
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged


def quote_ranges(
    query: Query, weights: Sequence[Weighted], text: str, fact: str | None = None
) -> tuple[list[tuple[int, int]], int]:
    """The (start, end) ranges of `text` to quote, in order, and where the best unit starts
    (see the module docstring; the unit holding `fact` first, `FACT_BONUS`)."""
    parts, scores = scored_units(query, weights, text, fact)
    if not parts:
        return [(0, len(text))], 0
    situation = fitting(query, parts)
    if situation:  # the alternatives the student's told situation fits, with their lead-ins
        return situation_ranges(text, parts, situation), parts[situation[0]].start
    best = max(range(len(parts)), key=lambda i: (scores[i], -i))
    anchor = parts[best].start
    if len(text) <= QUOTE_CHARS:
        return [(0, len(text))], anchor
    chain = lead_chain(parts, best)
    budget = QUOTE_CHARS - sum(parts[j].end - parts[j].start for j in chain)
    start, end = best, best
    if parts[best].lead_in:  # a lead-in: add what it introduces
        while end + 1 < len(parts) and parts[end + 1].end - parts[start].start <= budget:
            if not parts[end + 1].enumerated:
                break
            end += 1
    floor = chain[-1] + 1 if chain else 0
    while True:  # grow while the quote stays short and the neighbours say something
        grown = False
        for j in (end + 1, start - 1):
            if floor <= j < len(parts) and scores[j] > 0 and j not in chain:
                a, b = min(start, j), max(end, j)
                if parts[b].end - parts[a].start <= budget:
                    start, end, grown = a, b, True
        if not grown:
            break
    ranges: list[tuple[int, int]] = []
    for j in chain:
        ranges.append((parts[j].start, parts[j].end))
    ranges.append((parts[start].start, parts[end].end))
    merged: list[tuple[int, int]] = []
    for a, b in ranges:  # contiguous units make one range
        if merged and not text[merged[-1][1] : a].strip():
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged, anchor


def quote(
    query: Query, weights: Sequence[Weighted], chunk: Chunk, fact: str | None = None
) -> Quote:
    """The quote of `chunk` for `query` (see the module docstring): its ranges joined by "…".
    `fact`, the span that answers the student question the question matched, is preferred."""
    if len(chunk.text) <= QUOTE_CHARS and not chunk.breaks:
        return Quote(chunk.text, 0)  # quoted whole, on one page: nothing to choose
    ranges, anchor = quote_ranges(query, weights, chunk.text, fact)
    pieces = []
    for a, b in ranges:
        piece = chunk.text[a:b].strip()
        if b < len(chunk.text):
            piece = piece.rstrip(",;:")
        pieces.append(piece)
    body = " … ".join(pieces)
    if ranges[0][0] > 0:
        body = "…" + body
    if ranges[-1][1] < len(chunk.text):
        body += "…"
    return Quote(body, anchor)


__all__ = [
    "FACT_BONUS",
    "QUOTE_CHARS",
    "Quote",
    "fact_span",
    "quote",
    "quote_ranges",
    "scored_units",
    "unit_score",
]
