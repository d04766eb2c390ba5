"""Word-level token analyzers of the guard's models (TF-IDF blocks over canonical text,
`rules.canonical`): the words, and their Snowball stems single and in pairs (`stem_grams`), so
one training phrasing covers its inflections ("desaparecesse", "desaparecer", "desapareço" meet
at "desaparec")."""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from typing import Any, Final

TOKEN: Final = re.compile(r"[a-z0-9]+")
"""A word of canonical text."""


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import snowballstemmer  # type: ignore[import-untyped]  # pure Python, no type hints

    return snowballstemmer.stemmer("portuguese")


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """The Snowball (Portuguese) stem of one canonical word."""
    return str(_stemmer().stemWord(word))


def stem_grams(text: str) -> list[str]:
    """Snowball stems of canonical text, single and in pairs: "desaparecesse", "desaparecer"
    and "desapareço" meet at "desaparec", so one training phrasing covers its inflections."""
    stems = [stem(token) for token in TOKEN.findall(text)]
    return stems + [f"{a} {b}" for a, b in itertools.pairwise(stems)]
