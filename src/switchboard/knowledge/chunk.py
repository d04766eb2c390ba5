"""Chunk a cleaned edital by its numbered items, keeping item number, section title and page.

An edital is a tree of numbered items ("1. DAS INSCRIÇÕES", "1.2.", "1.2.1.", "4.4.1.1.");
the MEC documentation lists restart their numbering under unnumbered capitalised headings
("COMPROVANTES DE RESIDÊNCIA", then "1.", "2.", …). A line opens an item only when its number is
a plausible *successor* of the previous item (a child "x.1", the next sibling, or the next item
of an ancestor; "n" or "n.1" to begin with or after an unnumbered heading): this rejects
numbers that merely start a wrapped line and the "0.1." of the signature block.

Chunks:
- an item whose first line is all capitals with nothing under it ("2. DAS CHAMADAS") is a
  *section title*: it is not a chunk, it becomes the `section` of the items below it (and is
  indexed with them, so "lista de espera" finds the items of "DA LISTA DE ESPERA DO PROUNI");
- an item is one chunk; an item under `MIN_CHARS` is merged into the previous chunk when that
  chunk starts with its parent ("6.3.1. …", one line, means little without 6.3), and tiny
  siblings pile up together until they reach `MIN_CHARS` (the one-line entries of the
  documentation lists); a tiny item after a *long* sibling stays alone, so it is not drowned
  in a passage about something else (BM25 normalises by length);
- an item over `MAX_CHARS` is split at sentence (or, failing that, word) boundaries into windows
  that overlap by about `OVERLAP_CHARS`, each keeping the item's number and citation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from switchboard.knowledge.clean import CleanDocument

MAX_CHARS = 1200
"""Long enough for a whole item of these editais (the longest rule, Prouni 1.2, is ~830
characters), short enough that a hit is still a focused passage to quote."""
MIN_CHARS = 160
"""Items shorter than this (one line of the PDF, about 110 characters, plus a little) are
merged into their parent's or sibling's chunk."""
OVERLAP_CHARS = 200

ITEM_LINE = re.compile(r"^(?P<num>[1-9]\d?(?:\.\d{1,2}){0,4})\.?\s+(?P<rest>\S.*)$")
"""An item number at the start of a line: "1.", "1.1.", "2.1 " (the documentation omits the
final dot), followed by text. A number followed by a comma or digits ("5.493, de …") is not."""
SENTENCE_END = re.compile(r"(?<=[.;:!?])\s+(?=[A-ZÀ-Ý0-9IVX“\"(•-])")
UPPER_HEADING_MIN = 6


@dataclass(slots=True)
class Block:
    """One item (or the unnumbered text before/between items) as parsed from the lines."""

    item: str | None
    section: str
    page: int
    page_end: int
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join(self.lines)


@dataclass(frozen=True, slots=True)
class Chunk:
    """A passage to index and quote."""

    collection: str
    document: str
    """Human title of the source, e.g. "Edital Sisu 2026"."""
    ordinal: int
    """Position in the document (0-based), stable across re-ingestion of the same text."""
    item: str | None
    """Number of the (first) item the passage belongs to; None for unnumbered text."""
    items: tuple[str, ...]
    """All item numbers the passage covers (more than one after merging tiny items)."""
    section: str
    page: int
    page_end: int
    text: str
    citation: str


def is_upper_heading(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= UPPER_HEADING_MIN and all(c.isupper() for c in letters)


def parts(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


def is_successor(previous: str | None, candidate: str) -> bool:
    """Whether `candidate` can follow item `previous` in a well-formed numbered document."""
    new = parts(candidate)
    if previous is None:  # the first item (or the first after an unnumbered heading)
        return len(new) == 1 or (len(new) == 2 and new[1] == 1)
    old = parts(previous)
    if new == (*old, 1):
        return True
    return any(new == (*old[: d - 1], old[d - 1] + 1) for d in range(len(old), 0, -1))


def parse_blocks(document: CleanDocument) -> list[Block]:
    """Split the document's lines into items (and unnumbered runs), tracking sections and pages."""
    blocks: list[Block] = []
    section = ""
    previous: str | None = None
    current: Block | None = None
    heading_open = False  # the current item's first line was a capitalised title

    for page in document.pages:
        for line in page.lines:
            match = ITEM_LINE.match(line)
            if match and is_successor(previous, match.group("num")):
                number, rest = match.group("num"), match.group("rest")
                previous = number
                heading_open = is_upper_heading(rest)
                if heading_open and "." not in number:
                    section = rest
                current = Block(item=number, section=section, page=page.number, page_end=0)
                current.page_end = page.number
                current.lines.append(line)
                blocks.append(current)
                continue
            if current is not None and heading_open and is_upper_heading(line):
                current.lines.append(line)  # a title wrapped onto a second line
                if current.item is not None and "." not in current.item:
                    section = current.text.split(" ", 1)[1]
                current.page_end = page.number
                continue
            heading_open = False
            if is_upper_heading(line) and not line.endswith(","):
                # An unnumbered heading: a new section whose numbering starts over.
                section, previous = line, None
                current = Block(item=None, section=section, page=page.number, page_end=0)
                current.page_end = page.number
                current.lines.append(line)
                blocks.append(current)
                continue
            if current is None:
                current = Block(item=None, section="", page=page.number, page_end=page.number)
                blocks.append(current)
            current.lines.append(line)
            current.page_end = page.number
    return blocks


def is_title_only(block: Block) -> bool:
    """A numbered all-capitals line with nothing under it: a section title, not a passage."""
    if block.item is None:
        return len(block.lines) == 1 and is_upper_heading(block.lines[0])
    first = block.text.split(" ", 1)[1] if " " in block.text else ""
    return is_upper_heading(first)


def is_descendant(anchor: str | None, item: str | None) -> bool:
    """`item` lies under `anchor` (any numbered item lies under an unnumbered heading)."""
    if item is None:
        return False
    if anchor is None:
        return True
    return parts(item)[: len(parts(anchor))] == parts(anchor) and item != anchor


def is_family(anchor: str | None, item: str | None) -> bool:
    """`item` is a descendant or a sibling of `anchor` (so merging keeps one topic)."""
    if anchor is None or item is None:
        return anchor is None and item is not None
    a, b = parts(anchor), parts(item)
    return b[: len(a)] == a or (len(a) == len(b) and a[:-1] == b[:-1])


def split_long(text: str) -> list[str]:
    """Windows of at most `MAX_CHARS` at sentence boundaries, overlapping by ~`OVERLAP_CHARS`."""
    if len(text) <= MAX_CHARS:
        return [text]
    pieces = [p for p in SENTENCE_END.split(text) if p]
    units: list[str] = []
    for piece in pieces:  # a sentence longer than a window is cut at word boundaries
        while len(piece) > MAX_CHARS:
            cut = piece.rfind(" ", 0, MAX_CHARS - OVERLAP_CHARS)
            cut = cut if cut > 0 else MAX_CHARS - OVERLAP_CHARS
            units.append(piece[:cut])
            piece = piece[cut:].lstrip()
        units.append(piece)
    windows: list[str] = []
    start = 0
    while start < len(units):
        end, size = start, 0
        while end < len(units) and (size == 0 or size + len(units[end]) + 1 <= MAX_CHARS):
            size += len(units[end]) + 1
            end += 1
        windows.append(" ".join(units[start:end]))
        if end >= len(units):
            break
        back, overlap = end, 0
        while back - 1 > start and overlap + len(units[back - 1]) <= OVERLAP_CHARS:
            back -= 1
            overlap += len(units[back])
        start = back
    return windows


def citation(
    document: str, items: tuple[str, ...], section: str, page: int, ambiguous: bool
) -> str:
    """ "Edital Prouni 2026, item 1.1"; the section is named when the document restarts its
    numbering (so "item 3" alone would be ambiguous); the page when there is no item."""
    where = f", {section.capitalize()}" if ambiguous and section else ""
    if not items:
        return f"{document}{where}, p. {page}"
    if len(items) == 1:
        return f"{document}{where}, item {items[0]}"
    return f"{document}{where}, itens {items[0]} a {items[-1]}"


def chunk_document(document: CleanDocument, *, collection: str, title: str) -> list[Chunk]:
    """The chunks of one cleaned document, in reading order."""
    blocks = [b for b in parse_blocks(document) if not is_title_only(b)]
    numbers = [b.item for b in blocks if b.item is not None]
    ambiguous = len(numbers) != len(set(numbers))

    merged: list[tuple[list[Block], str]] = []  # (blocks, joined text)
    for block in blocks:
        text = block.text
        if merged:
            group, joined = merged[-1]
            anchor = group[0]
            child = len(text) < MIN_CHARS and is_descendant(anchor.item, block.item)
            siblings = len(joined) < MIN_CHARS and is_family(anchor.item, block.item)
            if (
                (child or siblings)
                and anchor.section == block.section
                and len(joined) + len(text) + 1 <= MAX_CHARS
            ):
                group.append(block)
                merged[-1] = (group, f"{joined} {text}")
                continue
        merged.append(([block], text))

    chunks: list[Chunk] = []
    for group, joined in merged:
        items = tuple(b.item for b in group if b.item is not None)
        first = group[0]
        cite = citation(title, items, first.section, first.page, ambiguous)
        for window in split_long(joined):
            chunks.append(
                Chunk(
                    collection=collection,
                    document=title,
                    ordinal=len(chunks),
                    item=items[0] if items else None,
                    items=items,
                    section=first.section,
                    page=first.page,
                    page_end=group[-1].page_end,
                    text=window,
                    citation=cite,
                )
            )
    return chunks


__all__ = ["MAX_CHARS", "MIN_CHARS", "Chunk", "chunk_document", "is_successor", "split_long"]
