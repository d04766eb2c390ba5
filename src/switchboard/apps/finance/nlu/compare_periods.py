"""Two periods compared in one question ("gastei mais com restaurante em outubro ou em
novembro?"): the Simplista answers both totals and which is larger, instead of the first period
alone (issue 19: answer the question that was asked; a filter left out is never silent)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .money import MONTH_WORDS
from .text import fold

__all__ = ["PeriodPair", "two_periods"]

_MONTH = rf"(?:{MONTH_WORDS})(?:\s+(?:de\s+)?(?:19|20)\d\d)?"
_PAIR = re.compile(
    rf"\b(?:em|no\s+mes\s+de)\s+(?P<a>{_MONTH})\s*,?\s+ou\s+(?:em\s+|no\s+mes\s+de\s+)?"
    rf"(?P<b>{_MONTH})\b"
)
_WHICH_MORE = re.compile(r"\b(?:mais|menos|maior|menor)\b")


@dataclass(frozen=True, slots=True)
class PeriodPair:
    """The question about the first period (the second cut out) and the second period's
    words, to parse as the same query on another period."""

    question: str
    other_question: str
    """The same question about the second period."""
    first: str
    second: str
    more: bool
    """Asked which is larger ("mais", "maior"); False for "menos"/"menor"."""


def two_periods(text: str) -> PeriodPair | None:
    """The two months a question compares, or None (see the module docstring)."""
    folded = fold(text)
    m = _PAIR.search(folded)
    if m is None or not _WHICH_MORE.search(folded):
        return None
    question = folded[: m.end("a")] + folded[m.end("b") :]
    other = folded[: m.start("a")] + m["b"] + folded[m.end("b") :]
    fewer = re.search(r"\b(?:menos|menor)\b", folded) is not None
    return PeriodPair(
        " ".join(question.split()), " ".join(other.split()), m["a"], m["b"], more=not fewer
    )
