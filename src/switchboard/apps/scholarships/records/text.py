"""Accent- and case-insensitive text keys, and the course matcher.

Why not a fuzzy score over whole names (rapidfuzz `token_set_ratio` ≥ N)? Its errors are hard to
predict: "medicina" scores 100 against "Medicina Veterinária" and ~70 against nothing useful.
Instead a course matches when *every* word of the query matches a word of the course name:

- words are compared without accents, case or punctuation, ignoring filler words
  ("de", "da", "curso", "quero", "bacharelado", ...);
- a query word matches a course word when equal, equal up to a plural "s" ("ciencia" /
  "ciências"), a prefix of at least 4 letters ("odonto" → "odontologia"), or, for words of 5+
  letters, a typo away (normalized Levenshtein similarity ≥ 0.8: "engenaria", "medicna");
- a few common short forms expand first ("ads", "adm", "biologia" → "ciências biológicas", ...).

Then *specificity*: if some matching course is fully named by the query (every word of the
course matched), only those are returned. So "medicina" is Medicina and not Medicina
Veterinária (ask "veterinária" or "medicina veterinária" for that one), "engenharia civil" is
Engenharia Civil, while "engenharia" (no course is named just that) returns every Engenharia
and "computação" both Ciência da Computação and Engenharia de Computação.

A query with no usable word ("%", "_", "'; --") matches nothing: no input is ever a wildcard.
The matching runs in Python over the distinct course names (a few dozen), never inside SQL.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

_NON_WORD = re.compile(r"[^0-9a-z]+")

_GRAMMAR = ("a", "o", "as", "os", "de", "da", "do", "das", "dos", "e", "em", "na", "no")
_MORE_GRAMMAR = ("nas", "nos", "para", "com", "um", "uma")
_STUDY = ("curso", "cursos", "faculdade", "graduacao", "bacharelado", "licenciatura", "superior")
_WANTS = ("tecnologo", "quero", "queria", "gostaria", "fazer", "cursar", "estudar", "area")
FILLER_WORDS = frozenset(_GRAMMAR + _MORE_GRAMMAR + _STUDY + _WANTS)
"""Words that never name a course."""

ALIASES: dict[str, str] = {
    "ads": "analise desenvolvimento sistemas",
    "adm": "administracao",
    "bcc": "ciencia computacao",
    "cc": "ciencia computacao",
    "si": "sistemas informacao",
    "eng": "engenharia",
    "biologia": "ciencias biologicas",
    "bio": "ciencias biologicas",
    "contabilidade": "ciencias contabeis",
    "economia": "ciencias economicas",
    "vet": "medicina veterinaria",
    "rh": "gestao recursos humanos",
    "edfisica": "educacao fisica",
    "ri": "relacoes internacionais",
    "pp": "publicidade propaganda",
}
"""Common short forms, by normalized word, and what they stand for."""

MIN_PREFIX = 4
MIN_FUZZY = 5
FUZZY_SIMILARITY = 0.8


def storable(text: str) -> str:
    """`text` without NUL characters, which PostgreSQL cannot store in text columns (SQLite
    can): dropped on every backend, so both keep the same thing."""
    return text.replace("\x00", "")


@lru_cache(maxsize=8192)
def normalize(text: str) -> str:
    """Lower case, no accents, words separated by single spaces: "São  João-del Rei" →
    "sao joao del rei"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", stripped).strip()


@lru_cache(maxsize=4096)
def words(text: str) -> tuple[str, ...]:
    """The meaningful words of `text`, normalized, short forms expanded, filler dropped.
    (Cached, like `normalize`: the same few hundred course and city names come back all the
    time.)"""
    out: list[str] = []
    for word in normalize(text).split():
        expansion = ALIASES.get(word)
        out.extend(expansion.split() if expansion else [word])
    return tuple(word for word in out if word not in FILLER_WORDS)


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def word_matches(query_word: str, course_word: str) -> bool:
    """Equal, equal up to a plural "s", a 4+ letter prefix, or one typo in five letters."""
    if query_word == course_word or _singular(query_word) == _singular(course_word):
        return True
    if len(query_word) >= MIN_PREFIX and course_word.startswith(query_word):
        return True
    return (
        len(query_word) >= MIN_FUZZY
        and Levenshtein.normalized_similarity(query_word, course_word) >= FUZZY_SIMILARITY
    )


def match_courses(query: str, courses: Iterable[str]) -> list[str]:
    """The names in `courses` that `query` designates (see the module docstring), in the
    order given; [] when nothing matches or the query has no usable word."""
    return list(_match(query, tuple(courses)))


@lru_cache(maxsize=2048)
def _match(query: str, courses: tuple[str, ...]) -> tuple[str, ...]:
    """Cached: the catalogue rarely changes and students ask for the same courses."""
    query_words = words(query)
    if not query_words:
        return ()
    matched: list[str] = []
    fully_named: list[str] = []
    for course in courses:
        course_words = words(course)
        if not course_words:
            continue
        if all(any(word_matches(q, c) for c in course_words) for q in query_words):
            matched.append(course)
            if all(any(word_matches(q, c) for q in query_words) for c in course_words):
                fully_named.append(course)
    return tuple(fully_named or matched)


__all__ = [
    "ALIASES",
    "FILLER_WORDS",
    "match_courses",
    "normalize",
    "storable",
    "word_matches",
    "words",
]
