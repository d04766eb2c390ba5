"""Extractive answers: the best passage(s), trimmed to what matches the question, with citations.

Offline, nothing may be invented, so an answer is only ever *quoted* text from the hits:

- the best hit is quoted whole when it fits in `QUOTE_CHARS` (items of these editais usually
  do, and the fact asked about — a date, a limit — often sits in a clause that shares no word
  with the question: "quando abrem as inscrições" → "…no período de 26 de janeiro…");
- a longer passage is cut at sentence/clause boundaries to the longest window of at most
  `QUOTE_CHARS` that contains the most distinct question stems (ties: the earliest), marked
  with "…" where text was left out;
- a second hit is added ("Veja também …") when it matches the question about as well as the
  first (`SECOND_HIT_SHARE` of its matched stems) and the budget `TOTAL_CHARS` leaves room;
- each quote cites the item(s) the quoted window actually covers, so a chunk that merged items
  6.1 and 6.2 cites "item 6.2" when only 6.2 is quoted.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from switchboard.knowledge.analysis import query_terms, stems
from switchboard.knowledge.models import Hit

QUOTE_CHARS = 600
TOTAL_CHARS = 900
MIN_SECOND_CHARS = 160
SECOND_HIT_SHARE = 0.75
NOT_FOUND = (
    "Não encontrei essa informação nos documentos oficiais que tenho (editais do Sisu e do "
    "Prouni 2026). Confira a página oficial do programa em https://acessounico.mec.gov.br."
)

BOUNDARY = re.compile(r"(?<=[.;:,])\s+|\s+(?=[IVX]+ - )|\s+(?=[a-f]\) )|\s+(?=• )")
"""Where a quote may start or end: after sentence or clause punctuation, before an inciso
("II - "), an alínea ("b) ") or a bullet."""
ABBREVIATION = re.compile(r"(?:\b(?:art|arts|inc|n|nº|Art)\.|\d\.)$")
"""Boundaries after these are not real ones ("art. 3º", "1.1. As inscrições")."""
LEADING_ITEM = re.compile(r"^[1-9]\d?(?:\.\d{1,2}){0,4}\.?\s+")


@dataclass(frozen=True, slots=True)
class Passage:
    citation: str
    quote: str


@dataclass(frozen=True, slots=True)
class Answer:
    """An extractive answer ready to show (pt-BR) and its parts."""

    text: str
    passages: tuple[Passage, ...]
    found: bool

    @property
    def citations(self) -> tuple[str, ...]:
        return tuple(p.citation for p in self.passages)


@dataclass(frozen=True, slots=True)
class Piece:
    start: int
    end: int
    stems: frozenset[str]


def pieces(text: str) -> list[Piece]:
    cuts = [0]
    for match in BOUNDARY.finditer(text):
        if ABBREVIATION.search(text[: match.start()]):
            continue
        cuts.append(match.end())
    cuts.append(len(text))
    spans = [(a, b) for a, b in itertools.pairwise(cuts) if b > a]
    return [Piece(a, b, frozenset(stems(text[a:b]))) for a, b in spans]


def best_window(text: str, terms: frozenset[str], limit: int) -> tuple[int, int, int]:
    """(start, end, matched) of the longest window ≤ `limit` with the most matched stems."""
    if len(text.strip()) <= limit:
        return 0, len(text), len(terms & frozenset(stems(text)))
    parts = pieces(text)
    best = (-1, 0, 0, 0)  # matched, length, start, end
    for i in range(len(parts)):
        covered: set[str] = set()
        for j in range(i, len(parts)):
            if parts[j].end - parts[i].start > limit:
                break
            covered |= parts[j].stems & terms
            candidate = (len(covered), parts[j].end - parts[i].start, parts[i].start, parts[j].end)
            if candidate[:2] > best[:2]:
                best = candidate
    if best[0] < 0:  # a single piece longer than the limit: cut it at a word boundary
        end = text.rfind(" ", 0, limit)
        return 0, end if end > 0 else limit, 0
    return best[2], best[3], best[0]


def item_spans(hit: Hit) -> list[tuple[str, int, int]]:
    """(item, start, end) of each item inside a merged chunk; [] when they cannot be located."""
    chunk = hit.chunk
    offsets = []
    for item in chunk.items:
        found = re.search(rf"(?:^|\s){re.escape(item)}\.?\s", chunk.text)
        if found is None:
            return []
        offsets.append(found.start())
    if offsets != sorted(offsets):
        return []
    offsets[0] = 0  # text before the first item (a section heading) belongs to it
    bounds = [*offsets[1:], len(chunk.text)]
    return list(zip(chunk.items, offsets, bounds, strict=True))


def item_citation(hit: Hit, start: int, end: int) -> str:
    """The citation narrowed to the items whose text the window [start, end) touches."""
    chunk = hit.chunk
    spans = item_spans(hit) if len(chunk.items) > 1 else []
    covered = [item for item, a, b in spans if a < end and b > start]
    if not covered:
        return chunk.citation
    prefix = chunk.citation.split(", iten", 1)[0]
    if len(covered) == 1:
        return f"{prefix}, item {covered[0]}"
    return f"{prefix}, itens {covered[0]} a {covered[-1]}"


def quote(hit: Hit, terms: frozenset[str], limit: int) -> tuple[Passage, int]:
    text = hit.chunk.text
    start, end, matched = best_window(text, terms, limit)
    body = text[start:end].strip()
    body = LEADING_ITEM.sub("", body)
    if start > 0:
        body = "…" + body
    if end < len(text) and not body.endswith("."):
        body = body.rstrip(",;:") + "…"
    return Passage(citation=item_citation(hit, start, end), quote=body), matched


def the(citation: str) -> str:
    """The citation with its pt-BR article: "o Edital …", "a Documentação …"."""
    feminine = citation.split(" ", 1)[0].endswith(("ção", "a"))
    return f"{'a' if feminine else 'o'} {citation}"


def extractive_answer(question: str, hits: Sequence[Hit]) -> Answer:
    """Quote the best hit (and possibly a second one) for `question`, with citations."""
    terms = frozenset(query_terms(question, expand=True))
    if not hits:
        return Answer(text=NOT_FOUND, passages=(), found=False)
    first, first_matched = quote(hits[0], terms, QUOTE_CHARS)
    passages = [first]
    room = TOTAL_CHARS - len(first.quote)
    for hit in hits[1:3]:
        if room < MIN_SECOND_CHARS:
            break
        second, matched = quote(hit, terms, min(room, QUOTE_CHARS))
        if second.citation == first.citation or second.quote in first.quote:
            continue
        if matched and matched >= SECOND_HIT_SHARE * first_matched:
            passages.append(second)
            break
    lines = [f"Segundo {the(first.citation)}: “{first.quote}”"]
    lines += [f"Veja também {the(p.citation)}: “{p.quote}”" for p in passages[1:]]
    return Answer(text="\n\n".join(lines), passages=tuple(passages), found=True)


__all__ = ["NOT_FOUND", "Answer", "Passage", "extractive_answer"]
