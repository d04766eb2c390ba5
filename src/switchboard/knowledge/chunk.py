"""Chunk a cleaned edital by its numbered items: one chunk per item, with heading path and pages.

An edital is a tree of numbered items ("1. DAS INSCRIÇÕES", "1.2.", "1.2.1.", "4.4.1.1.");
the MEC documentation files are lists under unnumbered capitalised headings ("COMPROVANTES DE
RESIDÊNCIA", then "1.", "2.", …) or under short "Heading:" lines followed by bullets. A line
opens an item only when its number is a plausible *successor* of the previous item (a child
"x.1", the next sibling, or the next item of an ancestor; "n" or "n.1" to begin with or after an
unnumbered heading): this rejects numbers that merely start a wrapped line ("5.493, de …") and
the "0.1." of the signature block.

Chunks — one per unit a student's question is about, so a hit *is* the item to cite:
- **every numbered item and sub-item** is one chunk, however short ("6.3.1." is a rule of its
  own; the gold answer to a question is the smallest item that states the fact). No merging, no
  splitting: the longest item of these editais (Prouni 1.3, ~1,000 characters) is still a
  passage one can quote from, and the answer picks its sentences (`answer.py`);
- a numbered all-capitals title with nothing under it ("2. DAS CHAMADAS", "2.4 DECLARAÇÃO DE
  IMPOSTO DE RENDA – PESSOA FÍSICA") is not a chunk: it joins the **heading path** of the items
  below it, which is indexed with them (weighted as a title), so "lista de espera" finds the
  items of "DA LISTA DE ESPERA DO PROUNI" and "imposto de renda" finds 2.4.3;
- a **documentation list** (an unnumbered heading whose numbered entries are one-line leaves,
  or a numbered title followed by bullets, "1. ASSALARIADOS") is one chunk per heading: the list
  is the answer to "quais documentos…", and its entries are not rules with numbers of their own;
- the text before the first item of an edital is its **preamble** (issuing body, number and date).

Pages: a chunk keeps the page it starts on, the page it ends on, and `breaks`, the offsets in its
text where each following page begins, so a quoted sentence is cited with *its* page (Prouni
1.3 alínea a is on p. 1, alíneas b–e on p. 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from switchboard.knowledge.clean import CleanDocument

ITEM_LINE = re.compile(r"^(?P<num>[1-9]\d?(?:\.\d{1,2}){0,4})\.?\s+(?P<rest>\S.*)$")
"""An item number at the start of a line: "1.", "1.1.", "2.1 " (the documentation omits the
final dot), followed by text. A number followed by a comma or digits ("5.493, de …") is not."""
COLON_HEADING = re.compile(r"^[A-ZÀ-Ý][^.;:]{2,60}:$")
"""A short "Documentação básica:" line; it is a heading only when a bullet list follows."""
BULLET = "•"
UPPER_HEADING_MIN = 6
PREAMBLE = "Preâmbulo"
SIGNATURE = "Assinatura"
ACRONYMS = frozenset(
    [
        "CTPS",
        "FGTS",
        "INSS",
        "IRPF",
        "IRPJ",
        "SRFB",
        "RNE",
        "CPF",
        "IES",
        "MEC",
        "SISU",
        "PROUNI",
        "ENEM",
        "PPI",
        "PCD",
        "CLT",
        "IPTU",
        "IPVA",
    ]
)
"""Words kept in capitals when a heading is put in sentence case."""


@dataclass(slots=True)
class Block:
    """One parsed unit: a numbered item, an unnumbered heading, or a run of plain lines."""

    kind: str
    """"item" (numbered), "heading" (unnumbered title) or "text" (lines before any item)."""
    number: str | None
    title: list[str] = field(default_factory=list)
    """Capitalised title lines ("2. DAS CHAMADAS" → ["DAS CHAMADAS"])."""
    lines: list[tuple[int, str]] = field(default_factory=list)
    """(page, line) of the body, the item's number stripped from its first line."""
    page: int = 0


@dataclass(frozen=True, slots=True)
class Chunk:
    """A passage to index and quote: one item, one documentation list, or the preamble."""

    collection: str
    document: str
    """Human title of the source, e.g. "Edital Sisu 2026"."""
    ordinal: int
    """Position in the document (0-based), stable across re-ingestion of the same text."""
    item: str | None
    """The item number ("1.4.1"); None for a documentation list or the preamble."""
    items: tuple[str, ...]
    """The item numbers the passage covers: `(item,)`, or () for an unnumbered passage."""
    section: str
    """The heading path joined by " > " (titles in sentence case)."""
    page: int
    page_end: int
    text: str
    citation: str
    """Where the passage is, without page: "Edital Sisu 2026, item 1.4.1",
    "Documentação Prouni, Comprovantes de residência"."""
    path: tuple[str, ...] = ()
    """Heading path, outermost first: ("1. Das inscrições",) or ("Comprovantes de
    rendimentos", "Assalariados")."""
    breaks: tuple[int, ...] = ()
    """Offsets in `text` where pages `page + 1`, `page + 2`, … begin."""

    def page_at(self, offset: int) -> int:
        """The page of the character at `offset` of `text`."""
        return self.page + sum(1 for b in self.breaks if b <= offset)

    @property
    def label(self) -> str:
        """The heading a documentation list or preamble is cited by (the innermost one)."""
        return self.path[-1] if self.path else ""


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


def sentence_case(title: str) -> str:
    """ "DAS INSCRIÇÕES" → "Das inscrições"; acronyms stay ("- CTPS")."""
    words = title.strip().rstrip(":*").strip().split(" ")
    out = [w if w.strip("–-()*,") in ACRONYMS else w.lower() for w in words]
    text = " ".join(out)
    return text[:1].upper() + text[1:]


def parse_blocks(document: CleanDocument) -> list[Block]:
    """Split the document's lines into items, headings and plain runs, with their pages."""
    lines = [(page.number, line) for page in document.pages for line in page.lines]
    blocks: list[Block] = []
    previous: str | None = None
    current: Block | None = None
    title_open = False  # the current block's lines so far are a capitalised title
    for i, (page, line) in enumerate(lines):
        match = ITEM_LINE.match(line)
        if match and is_successor(previous, match.group("num")):
            number, rest = match.group("num"), match.group("rest")
            previous = number
            current = Block("item", number, page=page)
            title_open = is_upper_heading(rest)
            if title_open:
                current.title.append(rest)
            else:
                current.lines.append((page, rest))
            blocks.append(current)
            continue
        if current is not None and title_open and is_upper_heading(line):
            current.title.append(line)  # a title wrapped onto a second line
            continue
        title_open = False
        following = lines[i + 1][1] if i + 1 < len(lines) else ""
        upper = is_upper_heading(line) and not line.endswith(",")
        if upper or (COLON_HEADING.match(line) and following.startswith(BULLET)):
            current = Block("heading", None, title=[line], page=page)
            title_open = upper
            previous = None  # the numbering starts over under an unnumbered heading
            blocks.append(current)
            continue
        if current is None:
            current = Block("text", None, page=page)
            blocks.append(current)
        current.lines.append((page, line))
    return blocks


def _depth(block: Block) -> int:
    return len(parts(block.number)) if block.number else 0


def _is_list(blocks: list[Block], start: int) -> int:
    """How many blocks after the heading at `start` form its documentation list: numbered
    top-level entries that are neither titles nor parents (0 when the heading is followed by
    anything else, e.g. "1. DISPOSIÇÕES GERAIS" and its sub-items)."""
    end = start + 1
    while end < len(blocks) and blocks[end].kind == "item":
        block = blocks[end]
        if block.title or _depth(block) != 1:
            return 0
        end += 1
    return end - start - 1


@dataclass(slots=True)
class _Passage:
    number: str | None
    path: tuple[str, ...]
    lines: list[tuple[int, str]]


def passages(blocks: list[Block]) -> list[_Passage]:
    """The chunk-sized passages of a parsed document (see the module docstring)."""
    out: list[_Passage] = []
    titles: list[tuple[int, str]] = []  # (depth, label) of the numbered titles in force
    top: str | None = None  # the unnumbered heading in force
    seen_item = False
    edital = _edital(blocks)
    i = 0
    while i < len(blocks):
        block = blocks[i]
        if block.kind == "text" or (block.kind == "heading" and not seen_item and edital):
            # the preamble: everything before the first numbered title of an edital
            body: list[tuple[int, str]] = []
            while i < len(blocks) and blocks[i].kind != "item":
                b = blocks[i]
                body += [(b.page, t) for t in b.title] + b.lines
                i += 1
            if body and not seen_item:
                out.append(_Passage(None, (PREAMBLE,), body))
            elif body:
                out.append(_Passage(None, (sentence_case(body[0][1]),), body))
            continue
        if block.kind == "heading":
            top, titles = sentence_case(" ".join(block.title)), []
            if seen_item and edital:  # the signature block after the last item
                top = SIGNATURE
            entries = _is_list(blocks, i)
            body = list(block.lines)
            for entry in blocks[i + 1 : i + 1 + entries]:
                body += [(entry.lines[0][0], f"{entry.number}. {entry.lines[0][1]}")]
                body += entry.lines[1:]
            if body:
                out.append(_Passage(None, (top,), body))
            i += 1 + entries
            continue
        seen_item = True
        depth = _depth(block)
        titles = [(d, t) for d, t in titles if d < depth]
        path = ((top,) if top else ()) + tuple(t for _, t in titles)
        if block.title:
            label = sentence_case(" ".join(block.title))
            if block.lines:  # "1. ASSALARIADOS" + bullets: a list under a numbered title
                out.append(_Passage(None, (*path, label), list(block.lines)))
            titles.append((depth, f"{block.number}. {label}" if depth > 1 or not top else label))
        else:
            out.append(_Passage(block.number, path, list(block.lines)))
        i += 1
    return out


def _edital(blocks: list[Block]) -> bool:
    """An edital starts its numbering with a title ("1. DAS INSCRIÇÕES")."""
    first = next((b for b in blocks if b.kind == "item"), None)
    return first is not None and bool(first.title)


def join_lines(lines: list[tuple[int, str]]) -> tuple[str, int, int, tuple[int, ...]]:
    """(text, first page, last page, page-break offsets) of a passage's lines."""
    text = ""
    breaks: list[int] = []
    page = lines[0][0]
    last = page
    for line_page, line in lines:
        if text:
            text += " "
        while line_page > last:
            breaks.append(len(text))
            last += 1
        text += line
    return text, page, last, tuple(breaks)


def citation(document: str, item: str | None, path: tuple[str, ...], numbered: bool) -> str:
    """ "Edital Prouni 2026, item 1.1"; a documentation file names the heading too
    ("Documentação Prouni, Critérios para apuração de renda comprovada, item 2.4.3"), since its
    numbers restart under each heading; an unnumbered passage is cited by its heading."""
    if item is None:
        return f"{document}, {path[-1]}" if path else document
    if numbered or not path:
        return f"{document}, item {item}"
    return f"{document}, {path[0]}, item {item}"


def chunk_document(document: CleanDocument, *, collection: str, title: str) -> list[Chunk]:
    """The chunks of one cleaned document, in reading order."""
    blocks = parse_blocks(document)
    edital = _edital(blocks)
    chunks: list[Chunk] = []
    for passage in passages(blocks):
        if not passage.lines:
            continue
        text, page, page_end, breaks = join_lines(passage.lines)
        items = (passage.number,) if passage.number else ()
        chunks.append(
            Chunk(
                collection=collection,
                document=title,
                ordinal=len(chunks),
                item=passage.number,
                items=items,
                section=" > ".join(passage.path),
                page=page,
                page_end=page_end,
                text=text,
                citation=citation(title, passage.number, passage.path, edital),
                path=passage.path,
                breaks=breaks,
            )
        )
    return chunks


__all__ = ["Chunk", "chunk_document", "is_successor", "sentence_case"]
