"""Questions about the edital itself, answered from its preamble.

- "When was the edital published / what is its date?": an edital's date is in its header
  ("EDITAL Nº 29, DE 22 DE DEZEMBRO DE 2025"), not in an item, and its last item says when it
  takes effect ("Este Edital entra em vigor na data de sua publicação"). Both are quoted: the
  header from the preamble, cited as such, and the item.
- "O que é o Sisu / o Prouni?": the program's name is in every passage, so no passage ranks
  for it; the preamble says what the edital makes public ("torna público o cronograma e demais
  procedimentos relativos ao processo seletivo do Sistema de Seleção Unificada – Sisu…").

Every Brazilian edital is built this way, so nothing here is specific to the 2026 texts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from switchboard.knowledge.chunk import PREAMBLE, Chunk
from switchboard.knowledge.cite import Citation, Program, citation_of, the
from switchboard.knowledge.index import KnowledgeIndex
from switchboard.knowledge.query import Query

HEADER = re.compile(
    r"EDITAL N[º°o]\s*\d+(?:/\d+)?,\s*DE\s+\d{1,2}º?\s+DE\s+[A-ZÇÃÉÊÍÓÔÚ]+\s+DE\s+\d{4}",
    re.IGNORECASE,
)
IN_FORCE = re.compile(r"entra(?:rá)? em vigor", re.IGNORECASE)
NAMES = {"sisu": "Sisu", "prouni": "Prouni"}


PURPOSE = re.compile(r"torna público[^.]*\.", re.IGNORECASE)


def asks_program(query: Query) -> bool:
    """The question asks what the program is ("o que é o Prouni?")."""
    return "program" in query.asks


async def program_answer(
    index: KnowledgeIndex, programs: Sequence[Program], *, labelled: bool
) -> tuple[str, list[Citation]] | None:
    """The preamble's sentence that says what the edital makes public, per program, or None."""
    blocks: list[str] = []
    citations: list[Citation] = []
    for program in programs:
        parts = edital_parts(await index.passages(program))
        found = PURPOSE.search(parts[0].text) if parts is not None else None
        if parts is None or found is None:
            return None
        head = citation_of(parts[0], found.start())
        lead = f"No {NAMES[program]} — " if labelled else ""
        blocks.append(f"{lead}Segundo {the(head.label)}: “…{found.group(0)}”")
        citations.append(head)
    return "\n\n".join(blocks), citations


def asks_publication(query: Query) -> bool:
    """The question asks for the edital's own date ("quando foi publicado o edital?", "o edital
    é de que data?", "desde quando vale o edital?")."""
    return "publication" in query.asks


def edital_parts(passages: Sequence[Chunk]) -> tuple[Chunk, str, Chunk] | None:
    """(preamble, its header line, the item that says when the edital takes effect)."""
    edital = [c for c in passages if c.document.startswith("Edital")]
    preamble = next((c for c in edital if c.item is None and c.label == PREAMBLE), None)
    in_force = next((c for c in edital if c.item and IN_FORCE.search(c.text)), None)
    header = HEADER.search(preamble.text) if preamble is not None else None
    if preamble is None or in_force is None or header is None:
        return None
    return preamble, header.group(0), in_force


async def publication_answer(
    index: KnowledgeIndex, programs: Sequence[Program], *, labelled: bool
) -> tuple[str, list[Citation]] | None:
    """The header and the in-force item of each program's edital, or None when an edital has
    neither (the question is then answered like any other)."""
    blocks: list[str] = []
    citations: list[Citation] = []
    for program in programs:
        parts = edital_parts(await index.passages(program))
        if parts is None:
            return None
        preamble, header, in_force = parts
        start = preamble.text.find(header)
        head = citation_of(preamble, start)
        item = citation_of(in_force)
        lead = f"No {NAMES[program]} — " if labelled else ""
        blocks.append(
            f"{lead}Segundo {the(head.label)}: “{header}”. E {the(item.label)}: “{in_force.text}”"
        )
        citations += [head, item]
    return "\n\n".join(blocks), citations


__all__ = ["asks_program", "asks_publication", "program_answer", "publication_answer"]
