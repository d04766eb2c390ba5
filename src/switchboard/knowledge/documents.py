"""Documents questions answered with the documentation list itself, cited by its heading.

"Quais documentos…", "o que preciso levar", "qual comprovante…" (`query.asks` has "list") ask
for a *list*: the MEC documentation files keep one per heading — identification, residence,
income per category (assalariados, autônomos, aposentados…), Sisu's basic and quota lists. The
answer is the list the ranker puts first (the heading the question names: "aposentada" →
"Aposentados e pensionistas"), and the next lists when the ranker is nearly as sure of them (a
generic "quais documentos do Prouni?" gets identification, residence and income), each quoted
whole and cited by its heading path ("Documentação Prouni, Comprovantes de rendimentos —
Assalariados, p. 2"). A question about one entry ("passaporte serve?") is not a list question:
it is answered like any other, with that entry and the sentence that introduces the list.
"""

from __future__ import annotations

from collections.abc import Sequence

from switchboard.knowledge.cite import Excerpt, citation_of, program_of
from switchboard.knowledge.features import Weighted, profile
from switchboard.knowledge.query import Query
from switchboard.knowledge.rank import Ranked
from switchboard.knowledge.sentences import units

LIST_RATIO = 0.5
"""Another list is given too when the ranker gives it at least this share of the first list's
probability."""
MAX_LISTS = 3
LIST_CHARS = 1600
"""A list longer than this (none in the 2026 documentation) is cut after its last whole entry."""


def list_text(text: str) -> str:
    """The list quoted whole, or cut after the last entry that fits in `LIST_CHARS`."""
    if len(text) <= LIST_CHARS:
        return text
    end = max((u.end for u in units(text) if u.end <= LIST_CHARS), default=LIST_CHARS)
    return text[:end].rstrip(",;:") + "…"


def list_answer(
    query: Query, weights: Sequence[Weighted], ranked: Sequence[Ranked]
) -> list[Excerpt] | None:
    """The documentation lists that answer a documents question (see the module docstring),
    or None when the question is not one or no list is among the ranked passages."""
    del weights  # a list is quoted whole: the ranker chose it for the question already
    if "list" not in query.asks:
        return None
    lists = [r for r in ranked if profile(r.hit.chunk).listing]
    if not lists:
        return None
    first = lists[0]
    chosen = [first] + [
        r for r in lists[1:] if r.probability >= LIST_RATIO * first.probability
    ][: MAX_LISTS - 1]
    out = []
    for r in chosen:
        chunk = r.hit.chunk
        out.append(Excerpt(citation_of(chunk), list_text(chunk.text), program_of(chunk)))
    return out


__all__ = ["LIST_RATIO", "list_answer"]
