"""Text folding shared by the pt-BR extractors.

Every matcher in this package runs on `fold(text)`: NFC, lower case, accents stripped. Folding is
done character by character so the folded string has the SAME LENGTH as `nfc(text)`: a span found
in the folded text indexes the original (NFC) text too, which lets extractors cut descriptions and
report amount spans without a second pass. Users type "orcamento", "orçamento" and "ORÇAMENTO"
interchangeably; patterns are written once, without accents.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["fold", "nfc"]


def nfc(text: str) -> str:
    """The canonical composed form; spans reported by this package index this form."""
    return unicodedata.normalize("NFC", text)


_ORDINALS = {"º": "o", "ª": "a", "°": "o"}
"""Ordinal indicators read as letters: "13º" folds to "13o", "1ª" to "1a"."""


@lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    if char in _ORDINALS:
        return _ORDINALS[char]
    base = unicodedata.normalize("NFD", char)[0]
    lower = base.lower()
    # A few characters lower-case to two code points ("İ"); keep the length invariant.
    return lower if len(lower) == 1 else base


def fold(text: str) -> str:
    """Lower-cased, accent-free copy of `nfc(text)`, with exactly the same length."""
    if text.isascii():
        return text.lower()
    return "".join(_fold_char(c) for c in nfc(text))
