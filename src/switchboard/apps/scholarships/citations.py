"""Does an answer's citation hold? The check behind the judge and the few-shot (issue 20, point 8).

`switchboard judge` proposed wrong or off-topic answers as golden examples, and a hosted
few-shot then taught them to the model. An answer that cites the editais ("Edital Prouni 2026,
item 1.2", "Fonte: Edital Sisu 2026, item 1.1", "(item 1.4)") is checked against the cited
text itself before it may become an example:

- every cited item must exist in the cited document (the packaged corpus of the 2026 editais,
  `knowledge/data/editais.jsonl`; a bare "item N" is looked up in the document named last, or
  in any document);
- the facts of the line that cites it must be in the cited text: every number (scores, days,
  counts, years, "1,5") and every month named, and any passage quoted between “ ”. Money
  amounts ("R$ 2.431,50") and percentages are left out: they are the student's own figures or
  limits computed from the minimum wage, which the editais state as multiples. An answer about
  the student's own numbers ("com média 449,8 …") therefore does not hold: it is a fine answer,
  but not an example to teach.

This is deliberately literal: it cannot tell a correct paraphrase from a wrong one when no
number is involved, but it never lets "a nota mínima é 500 (item 1.2)" or "item 9.9" through.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

MONTHS = (
    "janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro",
    "outubro", "novembro", "dezembro",
)  # fmt: skip
_DOCUMENT = re.compile(r"(edital (?:sisu|prouni) 2026|documentacao (?:sisu|prouni))", re.IGNORECASE)
_ITEMS = re.compile(
    r"(?<!\w)(?:sub)?ite(?:m|ns)\s+(\d+(?:\.\d+)*(?:\s*(?:,|;|/|\be\b|\bou\b|\ba\b)\s*\d+(?:\.\d+)*)*)"
)
_NUMBER = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)(?![\w%])(?!\s*%)")
_MONEY = re.compile(r"r\$\s*\d[\d.,]*")
_QUOTE = re.compile(r"“([^”]{12,})”")
_PAGE = re.compile(r"\b(?:p|pg|pag|pagina|paginas|pp)\.?\s*\d+(?:\s*(?:-|a|e)\s*\d+)?\b")


def fold(text: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", bare.casefold()).strip()


@cache
def corpus() -> dict[str, dict[str, str]]:
    """Folded document name → item → folded text of the chunk(s) that carry it."""
    raw = (
        resources.files("switchboard.knowledge.data")
        .joinpath("editais.jsonl")
        .read_text(encoding="utf-8")
    )
    docs: dict[str, dict[str, str]] = {}
    for line in raw.splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        items = docs.setdefault(fold(row["document"]), {})
        for item in row.get("items") or [row.get("item")]:
            if item:
                items[str(item)] = (items.get(str(item), "") + " " + fold(row["text"])).strip()
    return docs


@dataclass(frozen=True, slots=True)
class Citation:
    document: str | None
    item: str


@dataclass(frozen=True, slots=True)
class CitationCheck:
    """Whether every citation of an answer holds, and why not."""

    citations: tuple[Citation, ...]
    problems: tuple[str, ...] = field(default_factory=tuple)

    @property
    def cited(self) -> bool:
        return bool(self.citations)

    @property
    def holds(self) -> bool:
        """At least one citation, and none that fails."""
        return self.cited and not self.problems


def _items(span: str) -> list[str]:
    return re.findall(r"\d+(?:\.\d+)*", span)


def _expand(document: dict[str, str], first: str, last: str) -> list[str]:
    """ "itens 1.5 a 1.6": the items from `first` to `last` as the corpus orders them."""
    keys = list(document)
    if first in keys and last in keys and keys.index(first) <= keys.index(last):
        return keys[keys.index(first) : keys.index(last) + 1]
    return [first, last]


def _facts(paragraph: str) -> tuple[list[str], list[str], list[str]]:
    """Numbers (not money, not item numbers), months and quotes of a folded paragraph."""
    quotes = [q.strip() for q in _QUOTE.findall(paragraph)]
    bare = _QUOTE.sub(" ", paragraph)
    bare = _MONEY.sub(" ", bare)
    bare = _ITEMS.sub(" ", bare)
    bare = _PAGE.sub(" ", bare)
    bare = re.sub(r"\b(?:edital|documentacao) (?:sisu|prouni) 2026\b", " ", bare)
    bare = re.sub(r"\bprouni 2026\b|\bsisu 2026\b", " ", bare)
    numbers = [n.rstrip(".,") for n in _NUMBER.findall(bare)]
    months = [m for m in MONTHS if re.search(rf"\b{m}\b", bare)]
    return numbers, months, quotes


def _number_in(number: str, text: str) -> bool:
    variants = {number, number.replace(".", ""), number.replace(",", ".")}
    return any(re.search(rf"(?<![\d]){re.escape(v)}(?![\d])", text) for v in variants)


def check(answer: str) -> CitationCheck:
    """Check every citation of `answer` against the editais (see the module docstring)."""
    docs = corpus()
    found: list[Citation] = []
    problems: list[str] = []
    for paragraph in re.split(r"\n", answer):
        folded = fold(paragraph)
        outside = _QUOTE.sub(lambda m: " " * len(m.group(0)), folded)  # items a quote mentions
        spans = list(_ITEMS.finditer(outside))  # (another edital's "item 2.4") are not cited
        if not spans:
            continue
        texts: list[str] = []
        for span in spans:
            before = outside[: span.start()]
            named = _DOCUMENT.findall(before[-60:]) or _DOCUMENT.findall(outside)
            doc_key = named[-1] if named else None
            numbers = _items(span.group(1))
            if " a " in span.group(1) and len(numbers) == 2 and doc_key in docs:
                numbers = _expand(docs[doc_key], numbers[0], numbers[1])
            for item in numbers:
                found.append(Citation(doc_key, item))
                pool = [docs[doc_key]] if doc_key in docs else list(docs.values())
                hit = [d[item] for d in pool if item in d]
                if not hit:
                    where = doc_key or "nos editais"
                    problems.append(f"item {item} does not exist ({where})")
                    continue
                texts.extend(hit)
        if not texts:
            continue
        cited_text = " ".join(texts)
        numbers, months, quotes = _facts(folded)
        for number in numbers:
            if not _number_in(number, cited_text):
                problems.append(f"{number!r} is not in the cited item(s)")
        for month in months:
            if month not in cited_text:
                problems.append(f"{month!r} is not in the cited item(s)")
        for quote in quotes:
            if fold(quote).strip(" .…") not in cited_text:
                problems.append("the quoted passage is not in the cited item(s)")
    return CitationCheck(tuple(found), tuple(dict.fromkeys(problems)))


def cited_text(answer: str) -> str:
    """The editais' text of every item `answer` cites (what a hosted judge reads)."""
    docs = corpus()
    parts: list[str] = []
    for citation in check(answer).citations:
        pool = [docs[citation.document]] if citation.document in docs else list(docs.values())
        for document in pool:
            if citation.item in document:
                parts.append(f"[item {citation.item}] {document[citation.item][:1500]}")
                break
    return "\n".join(dict.fromkeys(parts))


__all__ = ["Citation", "CitationCheck", "check", "cited_text", "corpus"]
