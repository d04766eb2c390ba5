"""Portuguese text analysis for full-text search: words → stems, and user text → a safe query.

Stemming happens in Python (Snowball's Portuguese stemmer, `snowballstemmer`: pure Python,
no model files) so SQLite FTS5 can index *stems* with its `unicode61 remove_diacritics 2`
tokenizer, which folds accents and case but knows no Portuguese. The original text is kept
beside the stems for display.

Two normalisations sit in front of the stemmer:
- `-ões`/`-ães` → `-ão` (the usual plural of `-ão` nouns): Snowball strips "-ações" but not
  "-ições"/"-ssões", so "inscrições" and "inscrição" would otherwise stem apart;
- query words in `QUERY_STOPWORDS` are dropped from *queries only* (documents keep every word):
  interrogatives and chat filler ("quando", "qual", "posso", "gostaria") are rare in an edital,
  so BM25 would give them a high weight and rank passages by them.

`fts5_query` turns any user text into a MATCH expression of double-quoted stems joined by OR:
FTS5 syntax characters (`"`, `*`, `:`, `^`, `(`, `NEAR`, `AND`/`OR`/`NOT`) never reach the
parser as syntax, because tokens are built only from word characters and then quoted.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import snowballstemmer  # type: ignore[import-untyped]  # pure-Python wheel, ships no type hints

WORD = re.compile(r"\w+", re.UNICODE)
MAX_QUERY_CHARS = 1000
MAX_QUERY_TERMS = 32
"""Longer questions are cut: 32 stems are far beyond any question about an edital."""

QUERY_STOPWORDS = frozenset(
    """
    a à ao aos as às o os um uma uns umas de da das do dos em na nas no nos num numa
    e ou mas se que quem qual quais quanto quanta quantos quantas quando onde como porque
    por pra pro para pelo pela pelos pelas com sem sobre entre até após ante
    é ser são era foi sou estou está estão esta este isso isto essa esse aquele aquela
    eu tu ele ela nós vós eles elas você vocês meu minha meus minhas seu sua seus suas
    me te lhe nos vos mim ti já não sim também só ainda então lá aqui
    posso pode podem preciso precisa precisam devo deve devem tenho tem têm ter
    quero queria gostaria saber sabe diga dizer explique explica fala falar
    oi olá ola obrigado obrigada favor coisa coisas algum alguma
    """.split()
)
"""Function words and chat filler dropped from queries (never from indexed text)."""


@lru_cache(maxsize=1)
def _stemmer() -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer("portuguese")


def fold(text: str) -> str:
    """Lower case without diacritics ("Inscrição" → "inscricao"), for comparisons."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """The search form of one lower-case word: plural "-ões/-ães" → "-ão", Snowball stem,
    accents folded (FTS5 folds them too; PostgreSQL-side analysis is PostgreSQL's own)."""
    if word.endswith(("ões", "ães")):
        word = word[:-3] + "ão"
    return fold(_stemmer().stemWord(word))


def stems(text: str) -> list[str]:
    """Every word of `text` as a stem, in order (for indexing)."""
    return [stem(w) for w in words(text)]


def stemmed_text(text: str) -> str:
    return " ".join(stems(text))


def query_terms(text: str) -> list[str]:
    """The distinct content stems of a user query, in order, at most `MAX_QUERY_TERMS`."""
    seen: dict[str, None] = {}
    for word in words(text[:MAX_QUERY_CHARS]):
        if word in QUERY_STOPWORDS or (len(word) == 1 and not word.isdigit()):
            continue
        seen.setdefault(stem(word), None)
    return list(seen)[:MAX_QUERY_TERMS]


def fts5_query(terms: list[str]) -> str:
    """An FTS5 MATCH expression: each term quoted, joined by OR ("" for no terms).

    Terms come from `query_terms` (word characters only); quotes are still doubled as FTS5
    string syntax requires, so even a hand-made term cannot break out of its string."""
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms if t)


def websearch_query(text: str) -> str:
    """A `websearch_to_tsquery` input for PostgreSQL: the content words joined by `or`.

    `websearch_to_tsquery` never raises on odd input; building the string from word characters
    only also keeps its operators (`-`, quotes, `or`) from being typed by the user."""
    kept: dict[str, None] = {}
    for word in words(text[:MAX_QUERY_CHARS]):
        if word in QUERY_STOPWORDS or word == "or" or (len(word) == 1 and not word.isdigit()):
            continue
        kept.setdefault(word, None)
    return " or ".join(list(kept)[:MAX_QUERY_TERMS])


__all__ = [
    "QUERY_STOPWORDS",
    "fold",
    "fts5_query",
    "query_terms",
    "stem",
    "stemmed_text",
    "stems",
    "websearch_query",
    "words",
]
