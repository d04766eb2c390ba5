"""Citations and excerpts: what an answer quotes, from which document, item (or heading) and page.

A numbered item is cited by its number ("Edital Prouni 2026, item 1.2, p. 1"); an unnumbered
documentation list by its heading ("Documentação Prouni, Comprovantes de residência, p. 1");
a documentation file that restarts its numbering under a heading names the heading too
("Documentação Prouni, Critérios para apuração de renda comprovada, item 2.4.3, p. 5"). The page
is the page of the first quoted character's unit, so Prouni 1.3 alínea b is cited with p. 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.features import Weighted
from switchboard.knowledge.query import Query
from switchboard.knowledge.quote import quote

Program = Literal["sisu", "prouni"]
"""The programs whose editais are indexed (Sisu, Prouni)."""


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

    @property
    def quoted(self) -> str:
        """ "o Edital Prouni 2026, item 6.1, p. 5: “…”" — what an answer says after "Segundo"
        or "Veja também"."""
        return f"{the(self.citation.label)}: “{self.text}”"


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


def citation_of(chunk: Chunk, offset: int = 0) -> Citation:
    """The citation of a chunk, with the page of the character at `offset`."""
    heading: str | None = None
    if chunk.item is None:
        heading = " — ".join(chunk.path) or None
    elif chunk.document.startswith("Documentação") and chunk.path:
        heading = chunk.path[0]
    return Citation(chunk.document, chunk.item, chunk.page_at(offset), heading)


def program_of(chunk: Chunk) -> Program:
    return "prouni" if chunk.collection == "prouni" else "sisu"


def excerpt_of(
    query: Query, weights: Sequence[Weighted], chunk: Chunk, fact: str | None = None
) -> Excerpt:
    """The excerpt of `chunk` to show for `query` (`quote.quote`; `fact` preferred)."""
    found = quote(query, weights, chunk, fact)
    return Excerpt(citation_of(chunk, found.anchor), found.text, program_of(chunk))


def the(label: str) -> str:
    """The label with its pt-BR article: "o Edital …", "a Documentação …"."""
    return f"{'a' if label.startswith('Documentação') else 'o'} {label}"


__all__ = [
    "Citation",
    "EditalAnswer",
    "Excerpt",
    "Program",
    "citation_of",
    "excerpt_of",
    "program_of",
    "the",
]
