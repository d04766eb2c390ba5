"""Cross-references between items of one edital: "conforme o subitem 3.3", "nos termos do
inciso II do subitem 7.3", "os CANDIDATOS referidos no subitem 1.3, inciso III".

An edital states many rules by pointing at another item instead of repeating it: the Sisu's
tie-break for two Enem editions (1.4.3.1) says only "será considerada a ordem de critérios
estabelecida no subitem 3.3", and the order itself (redação first) is in 3.3; the Prouni's
"os limites de renda … não se aplicam aos CANDIDATOS referidos no subitem 1.3, inciso III"
(1.4.1) never says "professor" — inciso III of 1.3 does. A reader follows the pointer; so does
the answer:

- `Resolver.referenced` gives the text an item points at (the named inciso of the referenced
  item when one is named, else the whole item), so a passage is read together with what it
  says by reference;
- the answer quotes the referenced item next to the passage that points at it when that text
  says what the passage itself does not (`answer.chosen_passages`).

References to another act ("item 2.4 … do Edital INEP nº …", "art. 1º da Lei …") are not
followed: only items of the same document that exist as passages.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.sentences import units

ITEM_NUMBER = r"\d+(?:\.\d+)+"
"""A numbered item ("1.4", "4.3.1"); a bare section number ("item 4") names a whole chapter,
not one rule, and is not followed."""
ROMAN = r"[IVX]+"
REFERENCE = re.compile(
    rf"\b(?:sub)?ite(?:m|ns) (?P<items>{ITEM_NUMBER}(?:(?:, | e ){ITEM_NUMBER})*)"
    rf"(?:, incisos? (?P<post>{ROMAN})\b)?"
)
"""A pointer to an item of the same edital: "subitem 3.3", "subitens 8.5 e 8.5.1", "subitem 1.3,
inciso III"…"""
INCISO_BEFORE = re.compile(rf"\bincisos? (?P<pre>{ROMAN})(?: e {ROMAN})? d[oa] $")
"""… "inciso II do subitem 7.3" (read just before the item number)…"""
CAPUT = re.compile(rf"\binciso (?P<caput>{ROMAN}) do caput\b")
"""… and "inciso III do caput" (the item the sub-item belongs to)."""
FOREIGN_ACT = re.compile(
    r"^(?: e seus subitens)?,? d[oa] (?:Edital|Portaria|Lei|Resolução|Decreto) (?!deste)", re.I
)
"""What follows a reference to another act's item ("item 2.4 e seus subitens do Edital INEP
nº …"): not an item of this edital."""


@dataclass(frozen=True, slots=True)
class Reference:
    item: str
    """The item pointed at ("3.3")."""
    inciso: str | None
    """The inciso named ("III"), if any."""
    start: int
    """Where the pointer is in the passage's text."""


def parent(item: str) -> str | None:
    """The item a sub-item belongs to ("1.3.1" → "1.3"); None for a top-level item."""
    head, _, _ = item.rpartition(".")
    return head or None


def references(chunk: Chunk) -> tuple[Reference, ...]:
    """The items of the same edital `chunk` points at, in order of appearance, each once (its
    own number excluded)."""
    out: dict[tuple[str, str | None], Reference] = {}
    text = chunk.text
    above = parent(chunk.item) if chunk.item else None
    if above is not None and "caput" in text:
        for match in CAPUT.finditer(text):
            ref = Reference(above, match.group("caput"), match.start())
            out.setdefault((ref.item, ref.inciso), ref)
    for match in REFERENCE.finditer(text) if "ite" in text else ():
        if FOREIGN_ACT.search(text[match.end() : match.end() + 40]):
            continue
        before = INCISO_BEFORE.search(text[max(0, match.start() - 24) : match.start()])
        inciso = before.group("pre") if before else match.group("post")
        for item in re.findall(ITEM_NUMBER, match.group("items")):
            if item != chunk.item:
                out.setdefault((item, inciso), Reference(item, inciso, match.start()))
    return tuple(out.values())


def inciso_text(text: str, inciso: str) -> str | None:
    """The inciso `inciso` ("III - …") of an item's text, with the sentence that introduces
    it; None when the item has no such inciso."""
    parts = units(text)
    lead = ""
    for unit in parts:
        if re.match(rf"{inciso} [-–] ", unit.text):
            return f"{lead} {unit.text}".strip()
        if unit.lead_in and not unit.enumerated:
            lead = unit.text
    return None


class Resolver:
    """The passages of some documents by (document, item), to read what a passage points at."""

    def __init__(self, chunks: Iterable[Chunk]) -> None:
        self._items: dict[tuple[str, str], Chunk] = {}
        self._back: dict[tuple[str, str], list[Chunk]] = {}
        chunks = list(chunks)
        for chunk in chunks:
            if chunk.item is not None:
                self._items.setdefault((chunk.document, chunk.item), chunk)
        for chunk in chunks:
            for ref in references(chunk):
                self._back.setdefault((chunk.document, ref.item), []).append(chunk)

    def chunk(self, document: str, item: str) -> Chunk | None:
        return self._items.get((document, item))

    def referenced(self, chunk: Chunk) -> list[tuple[Chunk, str]]:
        """(the item pointed at, the text pointed at) for each reference of `chunk` that
        resolves to a passage of its document."""
        out = []
        for ref in references(chunk):
            target = self.chunk(chunk.document, ref.item)
            if target is None:
                continue
            text = inciso_text(target.text, ref.inciso) if ref.inciso else None
            out.append((target, text or target.text))
        return out

    def pointing_at(self, chunk: Chunk) -> list[Chunk]:
        """The items of `chunk`'s document that point at it (its exceptions and applications:
        "os limites de renda de que trata o subitem 1.4 não se aplicam…")."""
        if chunk.item is None:
            return []
        return list(dict.fromkeys(self._back.get((chunk.document, chunk.item), [])))


__all__ = ["CAPUT", "REFERENCE", "Reference", "Resolver", "inciso_text", "parent", "references"]
