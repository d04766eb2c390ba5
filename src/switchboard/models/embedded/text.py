"""Text normalization shared by the classifier and the extractors."""

from __future__ import annotations

import unicodedata


def normalize(text: str) -> str:
    """Lowercase, strip accents, collapse whitespace: `"  Não  CONSIGO "` → `"nao consigo"`."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.split())
