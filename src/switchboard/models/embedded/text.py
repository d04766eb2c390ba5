"""Text normalization shared by the classifier and the extractors."""

from __future__ import annotations

import unicodedata


def normalize(text: str) -> str:
    """Lowercase, strip accents, collapse whitespace: `"  Não  CONSIGO "` → `"nao consigo"`."""
    lowered = text.lower()
    if lowered.isascii():  # nothing to decompose or strip (`isascii` is O(1))
        return " ".join(lowered.split())
    decomposed = unicodedata.normalize("NFKD", lowered)
    # The combining marks of Latin accents go in one C call; anything left is filtered as before.
    stripped = decomposed.translate(_LATIN_MARKS)
    if not stripped.isascii():
        stripped = "".join(c for c in stripped if not unicodedata.combining(c))
    return " ".join(stripped.split())


_LATIN_MARKS = dict.fromkeys(c for c in range(0x300, 0x370) if unicodedata.combining(chr(c)))
"""The combining characters of U+0300–U+036F (Combining Diacritical Marks): dropping them first
removes only what the filter would drop."""
