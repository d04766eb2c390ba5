"""Documents questions answered with the documentation lists themselves, cited by their heading.

"Quais documentos…", "o que preciso levar", "qual comprovante…" (`query.asks` has "list") ask
for a *list*: the MEC documentation files keep one per heading — identification, residence,
income per activity (assalariados, autônomos, aposentados…), Sisu's basic and quota lists.

- A question that names what it is about — a heading's own word ("residência", "aposentada",
  "autônomo", "cota") — gets the list the ranker puts first, and the next ones when the ranker
  is nearly as sure of them (`LIST_RATIO`).
- A generic question ("quais documentos preciso apresentar no Prouni?") gets every top-level
  list of the program's documentation — identification, residence, the income rules — and the
  names of the income lists by activity, so the student can ask for theirs.

Each list is quoted whole and cited by its heading path ("Documentação Prouni, Comprovantes de
rendimentos — Assalariados, p. 2"). A question about one entry ("passaporte serve?") is not a
list question: it is answered like any other, with that entry and the sentence that introduces
the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from switchboard.knowledge.analysis import QUERY_STOPWORDS, stem, words
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.cite import Excerpt, citation_of, program_of
from switchboard.knowledge.features import profile
from switchboard.knowledge.query import Query
from switchboard.knowledge.rank import Ranked
from switchboard.knowledge.sentences import units

LIST_RATIO = 0.5
"""Another list is given too when the ranker gives it at least this share of the first list's
probability."""
MAX_LISTS = 3
LIST_CHARS = 1600
"""A list longer than this (none in the 2026 documentation) is cut after its last whole entry."""
GENERIC = frozenset(
    stem(w) for w in words("documento documentos documentação comprovante comprovantes comprovação")
)
"""Words every documentation heading shares: naming them does not pick a list."""


def list_text(text: str) -> str:
    """The list quoted whole, or cut after the last entry that fits in `LIST_CHARS`."""
    if len(text) <= LIST_CHARS:
        return text
    end = max((u.end for u in units(text) if u.end <= LIST_CHARS), default=LIST_CHARS)
    return text[:end].rstrip(",;:") + "…"


def heading_words(chunk: Chunk) -> frozenset[str]:
    """Content stems of a list's heading path, without the words every heading shares."""
    text = " ".join(chunk.path)
    return frozenset(stem(w) for w in words(text) if w not in QUERY_STOPWORDS) - GENERIC


def names_a_list(query: Query, lists: Sequence[Chunk]) -> bool:
    """Whether the question says what its documents are for ("residência", "aposentada")."""
    asked = frozenset(query.stems) - GENERIC
    for concept in query.concepts:
        if concept.origin[0] in asked and any(concept.found_in(heading_words(c)) for c in lists):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Lists:
    """The lists to quote, and a note (plain text, not a quote) naming the lists by activity
    a generic question did not get."""

    excerpts: list[Excerpt]
    note: str = ""


def excerpt(chunk: Chunk) -> Excerpt:
    return Excerpt(citation_of(chunk), list_text(chunk.text), program_of(chunk))


def list_answer(query: Query, ranked: Sequence[Ranked], passages: Sequence[Chunk]) -> Lists | None:
    """The documentation lists that answer a documents question (see the module docstring),
    or None when the question is not one or the program has no list."""
    if "list" not in query.asks:
        return None
    every = [c for c in passages if profile(c).listing]
    if not every:
        return None
    if names_a_list(query, every):
        lists = [r for r in ranked if profile(r.hit.chunk).listing]
        if not lists:
            return None
        first = lists[0]
        close = [r for r in lists[1:] if r.probability >= LIST_RATIO * first.probability]
        chosen = [first, *close[: MAX_LISTS - 1]]
        return Lists([excerpt(r.hit.chunk) for r in chosen])
    top = [c for c in every if len(c.path) == 1]
    notes = []
    for parent in top:
        children = [c.path[-1] for c in every if len(c.path) > 1 and c.path[0] == parent.path[0]]
        if children:
            notes.append(
                f"{parent.path[0]} por atividade ({parent.document}): {'; '.join(children)}. "
                "Pergunte pela sua que eu mostro a lista."
            )
    return Lists([excerpt(c) for c in top], " ".join(notes))


__all__ = ["LIST_RATIO", "Lists", "list_answer", "list_text"]
