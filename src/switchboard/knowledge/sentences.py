"""Where a passage of an edital may be cut into quotable units: sentences, clauses, incisos.

An edital item is one long sentence more often than not, with its facts in incisos ("I - …;
II - …") and alíneas ("a) …"); the documentation lists are bullets ("• …") or numbered entries.
A *unit* is the smallest piece one can quote on its own: a sentence, or one inciso, alínea,
bullet or entry. The answer scores units, quotes the best ones with their lead-in, and cites the
page of the first quoted character.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

UNIT_BREAK = re.compile(
    r"(?<=[.;:])\s+(?=[A-ZÀ-Ý“\"(•]|[IVX]+ [-–] |[a-f]\) |- )|\s+(?=•)|\s+(?=[IVX]+ [-–] )"
    r"|\s+(?=[a-f]\) )|\s+(?=\d{1,2}\. [A-ZÀ-Ý])"
)
"""Where a quote may start or end: after a sentence or clause, before an inciso ("II - "), an
alínea ("b) "), a bullet, a dash-listed entry or a numbered list entry ("3. Carteira …")."""
ENUMERATED = re.compile(r"^(?:[IVX]+ [-–] |[a-f]\) |• |- |\d{1,2}\. )")
"""A unit that is one entry of an enumeration (it needs its lead-in to be understood)."""
NOT_ABBREVIATION = re.compile(r"(?:\b(?:art|arts|inc|n|nº|Art)\.|\d\.)$")
"""A dot that ends an abbreviation or a number, not a sentence."""


LEVELS = (
    (re.compile(r"^[IVX]+ [-–] "), 1),
    (re.compile(r"^\d{1,2}\. "), 1),
    (re.compile(r"^[a-f]\) "), 2),
    (re.compile(r"^(?:• |- )"), 2),
)
"""Enumeration levels: incisos and numbered entries (1) hold alíneas, bullets and dashes (2)."""


@dataclass(frozen=True, slots=True)
class Unit:
    """A quotable piece of a passage: `text` is `passage[start:end]` stripped."""

    start: int
    end: int
    text: str

    @property
    def enumerated(self) -> bool:
        return ENUMERATED.match(self.text) is not None

    @property
    def level(self) -> int:
        """0 for a sentence, 1 for an inciso or numbered entry, 2 for an alínea or bullet."""
        return next((lvl for pattern, lvl in LEVELS if pattern.match(self.text)), 0)

    @property
    def lead_in(self) -> bool:
        """A unit that introduces an enumeration ("… o CANDIDATO deverá:")."""
        return self.text.endswith(":")


def units(text: str) -> list[Unit]:
    """The units of `text`, in order; together they cover all of it."""
    cuts = [0]
    for match in UNIT_BREAK.finditer(text):
        if NOT_ABBREVIATION.search(text, max(0, match.start() - 8), match.start()):
            continue
        cuts.append(match.end())
    cuts.append(len(text))
    out = []
    for a, b in itertools.pairwise(cuts):
        piece = text[a:b].strip()
        if piece:
            offset = a + (len(text[a:b]) - len(text[a:b].lstrip()))
            out.append(Unit(offset, offset + len(piece), piece))
    return out


__all__ = ["ENUMERATED", "Unit", "units"]
