"""Repair the text layer of the editais as `pdftotext`-style tools extracted it.

The input format is the one in `shared/data/knowledge/*.txt`: a `FONTE: file.pdf` line, then
each page introduced by `--- Página N ---`. Cleaning is deterministic and line-preserving (a
page's lines stay lines) so the chunker can still see item numbers at line starts; it returns the
pages with their numbers, which become the chunks' page metadata.

What is repaired, in this order:

1. **Glyph ids** (`(cid:NN)`): the PDFs embed subsetted fonts whose ligature glyphs have no
   Unicode mapping, so the extractor printed their glyph ids. `CID_TABLE` is every id that occurs
   in the corpus, each checked against the words it appears in (see the table).
2. **Known text-layer misorderings**: the heading "SECRETÁRIO DE EDUCAÇÃO SUPERIOR, no uso" comes
   out as "SUPERIO, nRo uso" in both editais (the R was placed after the comma).
3. **Private-use bullets** (U+F0B7, the Symbol-font bullet) become "•".
4. **Repeated headers and footers**: a line that, with its digits masked, sits in the first or
   last `EDGE_LINES` lines of at least `REPEAT_SHARE` of the pages (and of two pages at least) is
   page furniture ("Edital 2 (6452508) SEI 23000.032004/2021-95 / pg. 3") and is dropped.
5. **Bare page numbers**: a last line that is just the page's number ("7").
6. **Hyphenation across line breaks**: "inscri-" + "ção" → "inscrição" when the next line starts
   in lower case (a capital or digit after "-" is a real dash, as in "Brasília-DF").
7. **Whitespace**: runs of spaces/tabs collapse to one; lines are stripped; empty lines dropped.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

CID_TABLE: dict[str, str] = {
    # Prouni edital (font A): "Norma(cid:61)va", "sele(cid:61)vo", "par(cid:61)cipado",
    # "(cid:61)po de bolsa" → Normativa, seletivo, participado, tipo.
    "60": "ti",  # Sisu edital (font B): "Norma(cid:60)va", "sele(cid:60)vo", "ins(cid:60)tuição"
    "61": "ti",
    "56": "ti",  # Sisu edital: "a par(cid:56)r de 2 de fevereiro" → "a partir de" (item 4.1)
    "68": "tt",  # Prouni edital: "h(cid:68)ps://acessounico.mec.gov.br/prouni" → https
    "69": "tt",  # Sisu edital: "h(cid:69)ps://acessounico.mec.gov.br/sisu" → https
    "81": "tí",  # Prouni 1.3.2: "Esta(cid:81)s(cid:61)cas" → "Estatísticas" (with 61 = ti)
    "87": "fí",  # Prouni 4.3: "seja (cid:87)sico ou virtual/eletrônico" → "físico"
}
"""Every `(cid:NN)` in the corpus and the letters it stands for. The ligature glyphs differ per
font subset, hence several ids for "ti"; 81 ("tí") and 87 ("fí") are accented ligatures."""

CID = re.compile(r"\(cid:(\d+)\)")
GLITCHES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bSUPERIO, nRo\b"), "SUPERIOR, no"),
)
PAGE_MARK = re.compile(r"^--- Página (\d+) ---$", re.MULTILINE)
SOURCE_LINE = re.compile(r"^FONTE:\s*(.+)$", re.MULTILINE)
BULLET = "\uf0b7"
HYPHEN_BREAK = re.compile(r"(\w)-\n([a-zà-ÿ])")
SPACES = re.compile(r"[ \t\u00a0]+")
DIGITS = re.compile(r"\d+")

EDGE_LINES = 3
"""Headers and footers live in a page's first or last lines; only those are candidates, so a
body line that happens to repeat ("Primeira chamada: …") is never taken for furniture."""
REPEAT_SHARE = 0.6
"""A masked line on at least 60% of the pages is furniture (the footers are on 100%)."""


class UnknownGlyphError(ValueError):
    """A `(cid:NN)` that `CID_TABLE` does not know: a new PDF needs its mapping checked."""


@dataclass(frozen=True, slots=True)
class Page:
    """One cleaned page: its number as printed in the extraction and its lines."""

    number: int
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CleanDocument:
    source: str
    """The PDF the text came from (the `FONTE:` line), or "" when absent."""
    pages: tuple[Page, ...]

    @property
    def text(self) -> str:
        return "\n".join(line for page in self.pages for line in page.lines)


def replace_cids(text: str) -> str:
    def glyph(match: re.Match[str]) -> str:
        try:
            return CID_TABLE[match.group(1)]
        except KeyError:
            raise UnknownGlyphError(f"unmapped glyph id (cid:{match.group(1)})") from None

    return CID.sub(glyph, text)


def clean_text(text: str) -> str:
    """Character-level repairs (steps 1–3 and 6–7) of a piece of text, page structure aside."""
    text = replace_cids(text)
    for pattern, fixed in GLITCHES:
        text = pattern.sub(fixed, text)
    text = text.replace(BULLET, "•")
    lines = (SPACES.sub(" ", line).strip() for line in text.splitlines())
    text = "\n".join(line for line in lines if line)
    return HYPHEN_BREAK.sub(r"\1\2", text)


def split_pages(raw: str) -> tuple[str, list[tuple[int, str]]]:
    """The source name and `(page number, raw page text)` pairs; a text without page marks is
    one page numbered 1."""
    source_match = SOURCE_LINE.search(raw)
    source = source_match.group(1).strip() if source_match else ""
    marks = list(PAGE_MARK.finditer(raw))
    if not marks:
        body = SOURCE_LINE.sub("", raw)
        return source, [(1, body)]
    pages = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(raw)
        pages.append((int(mark.group(1)), raw[mark.end() : end]))
    return source, pages


def furniture(pages: list[list[str]]) -> set[str]:
    """Digit-masked lines repeated at the edges of most pages (headers and footers)."""
    if len(pages) < 2:
        return set()
    seen: Counter[str] = Counter()
    for lines in pages:
        edges = lines[:EDGE_LINES] + lines[-EDGE_LINES:]
        seen.update({DIGITS.sub("#", line) for line in edges})
    needed = max(2, int(len(pages) * REPEAT_SHARE + 0.999))
    return {masked for masked, count in seen.items() if count >= needed}


def clean_document(raw: str) -> CleanDocument:
    """Clean a whole extraction, keeping page numbers."""
    source, raw_pages = split_pages(raw)
    pages = [clean_text(text).split("\n") if text.strip() else [] for _, text in raw_pages]
    repeated = furniture(pages)
    cleaned: list[Page] = []
    for (number, _), lines in zip(raw_pages, pages, strict=True):
        edge = {*range(EDGE_LINES), *range(len(lines) - EDGE_LINES, len(lines))}
        kept = [
            line
            for i, line in enumerate(lines)
            if not (i in edge and DIGITS.sub("#", line) in repeated)
        ]
        if kept and kept[-1] == str(number):
            kept.pop()
        cleaned.append(Page(number=number, lines=tuple(kept)))
    return CleanDocument(source=source, pages=tuple(cleaned))


__all__ = [
    "CID_TABLE",
    "CleanDocument",
    "Page",
    "UnknownGlyphError",
    "clean_document",
    "clean_text",
    "replace_cids",
]
