"""Text rules of the generic checks: folding, whole-word phrases, questions, "não encontrei".

Everything here compares *folded* text: Unicode compatibility form (a no-break space from a
currency formatter is a space), accents and case removed, whitespace runs collapsed. Phrases
match as whole words at their edges — "SAC" is not found in "saco", "188" not in "1880" — the
substring matching STYLE.md warns about ("99" inside "R$ 99,90") has no place in a grader. A
phrase that ends with `*` is a word stem: "gratuit*" matches "gratuita" and "gratuito".
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

NOT_FOUND_PHRASES: tuple[str, ...] = (
    r"nao (?:encontrei|encontramos|localizei|achei)",
    r"nao (?:foi possivel|consegui) (?:encontrar|localizar|achar)",
    r"nao (?:tenho|possuo|disponho de|temos) (?:(?:essa|esta|essas|estas|a|as|tal|nenhuma) )?"
    r"informac(?:ao|oes)",
    r"nao (?:ha|existe|existem) (?:(?:essa|esta|nenhuma) )?"
    r"(?:informac(?:ao|oes)|registro|mencao|referencia)",
    r"nao (?:consta|constam)",
    r"nao (?:esta|estao|aparece|aparecem) (?:nos|no|nas|na) "
    r"(?:editais|edital|documentos?|fontes?|base|regras|faq)",
    r"(?:os editais|o edital|os documentos|o documento|as fontes|a faq) nao "
    r"(?:falam?|tratam?|mencionam?|dizem?|trazem?|cobrem?)",
    r"sem informac(?:ao|oes) (?:sobre|a respeito)",
    r"nao sei (?:responder|informar|dizer)",
)
"""An honest "my sources do not have it", as regular expressions over folded text (no accents,
lower case), matched as whole words. `not_found: true` passes when one of them occurs;
`not_found: false` when none does. Add a phrasing here (with a test) rather than in a suite."""

_CITATION = re.compile(
    r"(?<!\w)(?:sub)?ite(?:m|ns)\s+(\d+(?:\.\d+)*(?:\s*(?:,|;|/|\be\b|\bou\b)\s*\d+(?:\.\d+)*)*)"
)
_ITEM = re.compile(r"\d+(?:\.\d+)*")
_NOT_FOUND = re.compile(r"(?<!\w)(?:" + "|".join(NOT_FOUND_PHRASES) + r")(?!\w)")
_SPACE = re.compile(r"\s+")
_TRAILING_ASIDE = re.compile(r"\s*\([^()]*\)\s*$")
_CLOSERS = frozenset("\"'”’»)]*_~")


def fold(text: str) -> str:
    """`text` for comparison: NFKD, no combining marks, case-folded, whitespace collapsed."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SPACE.sub(" ", bare.casefold()).strip()


@lru_cache(maxsize=4096)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    stem = phrase.rstrip().endswith("*")
    folded = fold(phrase.rstrip().removesuffix("*") if stem else phrase)
    body = r"\s+".join(re.escape(word) for word in folded.split(" "))
    start = r"(?<!\w)" if folded[:1].isalnum() else ""
    end = r"(?!\w)" if folded[-1:].isalnum() and not stem else ""
    return re.compile(start + body + end)


def has_phrase(folded_text: str, phrase: str) -> bool:
    """Whether `phrase` occurs in already-folded text, as whole words at its edges."""
    if not phrase.strip():
        return False
    return _phrase_pattern(phrase).search(folded_text) is not None


def says_not_found(text: str) -> bool:
    """Whether the answer says its sources do not have what was asked (`NOT_FOUND_PHRASES`)."""
    return _NOT_FOUND.search(fold(text)) is not None


def cited_items(text: str) -> list[str]:
    """Item numbers the answer cites: "item 1.2", "itens 2.1 e 2.3", "subitem 4.1.2"."""
    found: list[str] = []
    for match in _CITATION.finditer(fold(text)):
        found.extend(_ITEM.findall(match.group(1)))
    return found


def cites(text: str, items: list[str]) -> bool:
    """Whether the answer cites one of `items`: an item number ("1.2"; a sub-item "1.2.3" cites
    it too) or, for a document without numbered items, its section heading ("Comprovantes de
    residência"), named in the answer."""
    cited = cited_items(text)
    folded = fold(text)
    for want in items:
        if _ITEM.fullmatch(want.strip()):
            if any(c == want or c.startswith(want + ".") for c in cited):
                return True
        elif has_phrase(folded, want):
            return True
    return False


def asks_question(text: str) -> bool:
    """Whether the answer ends by asking the user something: its last sentence ends with "?",
    once trailing asides in parentheses ("(Se não disser, considero as despesas.)"), closing
    quotes, emphasis marks and emoji are set aside."""
    rest = text.strip()
    while True:
        shorter = _TRAILING_ASIDE.sub("", rest)
        if shorter == rest:
            break
        rest = shorter
    end = len(rest)
    while end and (
        rest[end - 1].isspace()
        or rest[end - 1] in _CLOSERS
        or unicodedata.category(rest[end - 1]).startswith("S")  # emoji and other symbols
    ):
        end -= 1
    return rest[:end].endswith("?")


__all__ = [
    "NOT_FOUND_PHRASES",
    "asks_question",
    "cited_items",
    "cites",
    "fold",
    "has_phrase",
    "says_not_found",
]
