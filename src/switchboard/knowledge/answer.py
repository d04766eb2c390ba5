"""Answers from the editais a student can check: the sentence that states the fact, its item and
page, or an honest "não encontrei".

    answer = await answer_edital(index, "qual a nota mínima do enem pro prouni?")
    answer.text        # 'Segundo o Edital Prouni 2026, item 1.2, p. 1: “… 450 …”'
    answer.citations   # [Citation("Edital Prouni 2026", "1.2", 1)]
    answer.found       # False → "Não encontrei isso nos editais de 2026…" + where to look
    answer.excerpts    # the top passages (item + page), what a hosted model gets as tool output

Offline nothing may be invented, so the answer is *extractive*: from the best passage it quotes
the sentence(s) that say the most of the question's concepts (IDF-weighted, synonyms counted; a
date for a "quando…?", a number for a "quantos…?"), with the lead-in of an enumeration when the
fact is one of its incisos ("… o CANDIDATO deverá: … II - informar endereço de e-mail …").

**Program.** A question naming Sisu or Prouni (or Sisprouni) is answered from that program's
documents only; one pointing at a program without naming it ("numa federal", "bolsa numa
faculdade particular") likewise; otherwise the caller's `program` (the conversation's) decides;
with neither, both programs are searched and the answer says which text is whose ("No Sisu: …
No Prouni: …"), or keeps only the one whose evidence is clearly stronger.

**Not found.** The evidence is what the best passage *covers* (`rank.py`): the idf weight of
the question's concepts it says. Below `MIN_COVERED`, or when the question's words that no
passage of the program has at all ("FIES", "quilombola", "mestrado") outweigh
`MAX_UNKNOWN_RATIO` of it, or when a "quando…?" finds no date of the process, a "quantos X?" no
number of X, a "quanto custa?" no amount, the answer is "Não encontrei isso nos editais de
2026", where to look (the program's page on acessounico.mec.gov.br, the institution) and the
nearest item, so the student can check it. The thresholds were chosen on the dev split
(bench/knowledge/RESULTS.md), not guessed.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.index import KnowledgeIndex, RankedSearch
from switchboard.knowledge.query import Query, analyse
from switchboard.knowledge.rank import (
    DATE,
    NUMBER,
    Ranked,
    Weighted,
    missing_share,
    passage_stems,
    weigh,
)

Program = Literal["sisu", "prouni"]
PROGRAMS: tuple[Program, ...] = ("sisu", "prouni")
PROGRAM_NAMES: dict[Program, str] = {"sisu": "Sisu", "prouni": "Prouni"}

MIN_COVERED = 1.0
"""The best passage must say concepts of the question worth at least this much idf (one word
found in a few dozen passages): a passage that shares only "Enem" or "bolsa" with the question
does not answer it."""
MAX_UNKNOWN_RATIO = 0.5
"""Not found when the question's words that no passage of the program has at all ("FIES",
"quilombola", "mestrado"; `rank.UNKNOWN_WEIGHT` each) weigh more than half of what the best
passage covers: the question is about something the editais do not treat. Both thresholds
were chosen on the dev split by a grid search (bench/knowledge/RESULTS.md)."""
BOTH_MARGIN = 0.25
"""With no program named, keep only one program's answer when its coverage beats the other's by
more than this."""
QUOTE_CHARS = 650
"""Quotes longer than this are cut to the best sentences (most items are shorter: quoted whole,
so the fact is there even when it shares no word with the question)."""
SECOND_SHARE = 0.9
"""A second item of the same program is quoted too ("Veja também") when it covers at least
this share of what the first covers: a rule and its sub-item often split one fact."""
EXCERPTS = 4
"""Passages handed to a hosted model as tool output."""

NOT_FOUND = "Não encontrei isso nos editais de 2026"
WHERE_TO_LOOK = {
    "sisu": "https://acessounico.mec.gov.br/sisu",
    "prouni": "https://acessounico.mec.gov.br/prouni",
}

UNIT_BREAK = re.compile(
    r"(?<=[.;:])\s+(?=[A-ZÀ-Ý“\"(•]|[IVX]+ [-–] |[a-f]\) |- )|\s+(?=•)|\s+(?=[IVX]+ [-–] )"
    r"|\s+(?=[a-f]\) )"
)
"""Where a quote may start or end: after a sentence or clause, before an inciso ("II - "), an
alínea ("b) "), a bullet or a dash-listed entry."""
ENUMERATED = re.compile(r"^(?:[IVX]+ [-–] |[a-f]\) |• |- |\d{1,2}\. )")
NOT_ABBREVIATION = re.compile(r"(?:\b(?:art|arts|inc|n|nº|Art)\.|\d\.)$")


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a quoted fact is: document, item (or heading) and page."""

    document: str
    """ "Edital Prouni 2026", "Documentação Sisu"."""
    item: str | None
    """The item number ("1.2"), or None for an unnumbered passage (a documentation list)."""
    page: int
    heading: str | None = None
    """The heading that names an unnumbered passage ("Comprovantes de residência"), or the
    heading under which a documentation file restarts its numbering."""

    @property
    def label(self) -> str:
        """ "Edital Prouni 2026, item 1.2, p. 1" /
        "Documentação Prouni, Comprovantes de residência, p. 2"."""
        parts = [self.document]
        if self.heading:
            parts.append(self.heading)
        if self.item:
            parts.append(f"item {self.item}")
        parts.append(f"p. {self.page}")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Excerpt:
    """A passage with its citation (what a hosted model may quote and must cite)."""

    citation: Citation
    text: str
    program: Program

    @property
    def line(self) -> str:
        return f"[{self.citation.label}] {self.text}"


@dataclass(frozen=True, slots=True)
class EditalAnswer:
    """An answer about the editais, ready to show (pt-BR), and its parts."""

    text: str
    citations: list[Citation]
    found: bool
    program: Program | None
    """The program answered from; None when both were (each part labelled)."""
    excerpts: list[Excerpt] = field(default_factory=list)
    """The best passages of the search (the cited ones first), for a hosted model."""
    evidence: float = 0.0
    """Coverage of the best passage (0–1): what the not-found decision read."""


# quoting ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Unit:
    start: int
    end: int
    text: str


def units(text: str) -> list[Unit]:
    cuts = [0]
    for match in UNIT_BREAK.finditer(text):
        if NOT_ABBREVIATION.search(text[: match.start()]):
            continue
        cuts.append(match.end())
    cuts.append(len(text))
    out = []
    for a, b in itertools.pairwise(cuts):
        piece = text[a:b].strip()
        if piece:
            out.append(Unit(a, a + len(text[a:b].rstrip()), piece))
    return out


def unit_score(query: Query, weights: Sequence[Weighted], unit: Unit) -> float:
    found = passage_stems(unit.text)
    score = sum(w.weight for w in weights if query.concepts[w.concept_index].found_in(found))
    if query.kind == "date" and DATE.search(unit.text):
        score += 1.0
    if query.kind == "count" and NUMBER.search(unit.text):
        score += 1.0
    return score


def quote_span(query: Query, weights: Sequence[Weighted], chunk: Chunk) -> tuple[int, int, int]:
    """(start, end) in the chunk's text of the sentences that answer best (see the module
    docstring; the whole item when it is short), and where the best sentence starts (its page
    is the one cited)."""
    text = chunk.text
    parts = units(text)
    scores = [unit_score(query, weights, u) for u in parts]
    best = max(range(len(parts)), key=lambda i: (scores[i], -i)) if parts else 0
    anchor = parts[best].start if parts else 0
    if len(text) <= QUOTE_CHARS:
        return 0, len(text), anchor
    start, end = best, best
    if ENUMERATED.match(parts[best].text):  # an inciso: add the sentence that introduces it
        lead = best
        while lead > 0 and ENUMERATED.match(parts[lead].text):
            lead -= 1
        if parts[best].end - parts[lead].start <= QUOTE_CHARS:
            start = lead
    elif parts[best].text.endswith(":"):  # a lead-in: add what it introduces
        while end + 1 < len(parts) and parts[end + 1].end - parts[start].start <= QUOTE_CHARS:
            end += 1
            if not ENUMERATED.match(parts[end].text):
                end -= 1
                break
    # grow around the best unit while the quote stays short and the neighbours say something
    while True:
        grown = False
        for j in (end + 1, start - 1):
            if 0 <= j < len(parts) and scores[j] > 0:
                a, b = min(start, j), max(end, j)
                if parts[b].end - parts[a].start <= QUOTE_CHARS:
                    start, end, grown = a, b, True
        if not grown:
            break
    return parts[start].start, parts[end].end, anchor


def quote(query: Query, weights: Sequence[Weighted], chunk: Chunk) -> tuple[str, int]:
    """The quoted text ("…" where cut) and the offset of its best sentence."""
    start, end, anchor = quote_span(query, weights, chunk)
    body = chunk.text[start:end].strip()
    if start > 0:
        body = "…" + body
    if end < len(chunk.text):
        body = body.rstrip(",;:") + "…"
    return body, anchor


def citation_of(chunk: Chunk, offset: int = 0) -> Citation:
    """The citation of a chunk, with the page of the character at `offset`."""
    heading: str | None = None
    if chunk.item is None:
        heading = chunk.label or None
    elif chunk.document.startswith("Documentação") and chunk.path:
        heading = chunk.path[0]
    return Citation(chunk.document, chunk.item, chunk.page_at(offset), heading)


def excerpt(query: Query, weights: Sequence[Weighted], ranked: Ranked) -> Excerpt:
    chunk = ranked.hit.chunk
    text, offset = quote(query, weights, chunk)
    program: Program = "prouni" if chunk.collection == "prouni" else "sisu"
    return Excerpt(citation_of(chunk, offset), text, program)


# deciding ---------------------------------------------------------------------------------------
def programs_for(query: Query, program: Program | None) -> tuple[Program, ...]:
    """Which programs to search (see the module docstring)."""
    for found in (query.named, query.cued):
        chosen = tuple(p for p in PROGRAMS if p in found)
        if chosen:
            return chosen
    return (program,) if program else PROGRAMS


@dataclass(frozen=True, slots=True)
class Evidence:
    program: Program
    search: RankedSearch
    weights: list[Weighted]
    coverage: float
    missing: float
    kind_ok: bool
    covered: float = 0.0
    """Absolute weight of the concepts the best passage says."""
    unknown: float = 0.0
    """Absolute weight of the concepts no passage says."""

    @property
    def strong(self) -> bool:
        return (
            bool(self.search.ranked)
            and self.covered >= MIN_COVERED
            and self.unknown <= MAX_UNKNOWN_RATIO * self.covered
            and self.kind_ok
        )


def evidence(program: Program, search: RankedSearch) -> Evidence:
    query = search.query
    weights = weigh(query, search.stats)
    missing = missing_share(weights)
    if not search.ranked:
        return Evidence(program, search, weights, 0.0, missing, False)
    best = search.ranked[0]
    kind_ok = query.kind == "other" or any(r.kind_match for r in search.ranked[:1])
    known = sum(w.weight for w in weights if w.known)
    unknown = sum(w.weight for w in weights if not w.known)
    return Evidence(
        program, search, weights, best.coverage, missing, kind_ok, best.coverage * known, unknown
    )


def second(query: Query, found: Evidence) -> Excerpt | None:
    """The runner-up item worth quoting too (see `SECOND_SHARE`), or None."""
    ranked = found.search.ranked
    if len(ranked) < 2 or ranked[1].coverage < SECOND_SHARE * ranked[0].coverage:
        return None
    if query.kind != "other" and not ranked[1].kind_match:
        return None
    return excerpt(query, found.weights, ranked[1])


def render_found(parts: Sequence[tuple[Program, Excerpt]], labelled: bool) -> str:
    lines = []
    for program, ex in parts:
        lead = f"No {PROGRAM_NAMES[program]} — " if labelled else ""
        lines.append(f"{lead}Segundo {the(ex.citation.label)}: “{ex.text}”")
    return "\n\n".join(lines)


def render_not_found(programs: Sequence[Program], nearest: Excerpt | None) -> str:
    names = " e do ".join(PROGRAM_NAMES[p] for p in programs)
    pages = " ou ".join(WHERE_TO_LOOK[p] for p in programs)
    text = (
        f"{NOT_FOUND} do {names}. Confira na página oficial ({pages}) ou diretamente com a "
        f"instituição de ensino."
    )
    if nearest is not None:
        short = nearest.text if len(nearest.text) <= 220 else nearest.text[:217].rstrip() + "…"
        text += f" O trecho mais próximo que encontrei ({nearest.citation.label}) diz: “{short}”"
    return text


def the(label: str) -> str:
    """The label with its pt-BR article: "o Edital …", "a Documentação …"."""
    return f"{'a' if label.startswith('Documentação') else 'o'} {label}"


async def answer_edital(
    index: KnowledgeIndex, question: str, program: Program | None = None, *, k: int = 5
) -> EditalAnswer:
    """Answer `question` from the 2026 editais (see the module docstring).

    `program` is the conversation's program, used only when the question neither names nor
    points at one; None searches both. Raises `KnowledgeQueryError` for an empty question and
    `UnknownCollectionError` when a program's documents are not ingested."""
    query = analyse(question)
    chosen = programs_for(query, program)
    found = [evidence(p, await index.ranked(query, collection=p, k=k)) for p in chosen]
    strong = [e for e in found if e.strong]
    if len(strong) == 2 and not query.named:
        a, b = strong
        if abs(a.coverage - b.coverage) > BOTH_MARGIN:
            strong = [a if a.coverage > b.coverage else b]
    excerpts = [
        excerpt(query, e.weights, r) for e in (strong or found) for r in e.search.ranked[:EXCERPTS]
    ]
    if not strong:
        nearest = max(found, key=lambda e: e.coverage, default=None)
        near = (
            excerpt(query, nearest.weights, nearest.search.ranked[0])
            if nearest is not None and nearest.search.ranked
            else None
        )
        return EditalAnswer(
            text=render_not_found(chosen, near),
            citations=[],
            found=False,
            program=chosen[0] if len(chosen) == 1 else None,
            excerpts=excerpts,
            evidence=max((e.coverage for e in found), default=0.0),
        )
    parts = [(e.program, excerpt(query, e.weights, e.search.ranked[0])) for e in strong]
    labelled = len(parts) > 1 or (len(chosen) > 1 and not query.named)
    text = render_found(parts, labelled)
    citations = [ex.citation for _, ex in parts]
    if len(parts) == 1:
        also = second(query, strong[0])
        if also is not None:
            text += f"\n\nVeja também {the(also.citation.label)}: “{also.text}”"
            citations.append(also.citation)
    return EditalAnswer(
        text=text,
        citations=citations,
        found=True,
        program=parts[0][0] if len(parts) == 1 else None,
        excerpts=excerpts,
        evidence=max(e.coverage for e in strong),
    )


__all__ = [
    "MAX_UNKNOWN_RATIO",
    "MIN_COVERED",
    "NOT_FOUND",
    "PROGRAMS",
    "Citation",
    "EditalAnswer",
    "Excerpt",
    "Program",
    "answer_edital",
    "citation_of",
    "programs_for",
]
