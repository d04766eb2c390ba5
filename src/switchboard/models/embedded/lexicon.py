"""Intent lexicons as classifier features: which intents' keywords a message contains.

A policy declares keywords beside each intent ("sinal", "decodificador", "segunda via"). They
are not rules: each intent's hit is one feature of the linear classifier, weighted like any
other from the examples, so "a tv está sem sinal" leans to the TV intent even if no example used
those words together, and a keyword shared by two intents decides nothing by itself. Matching is
on normalised tokens, whole words and whole phrases only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

LEXICON_WEIGHT = 0.5
"""The value of a hit. The TF-IDF blocks are unit vectors; a hit of 0.5 is a strong feature
without drowning the text's own n-grams."""


class Lexicon:
    """`hits(tokens)` → the indices (in `intents` order) of the intents whose keywords occur."""

    __slots__ = ("_first", "_phrases", "size")

    def __init__(
        self, keywords: Sequence[Sequence[str]], tokenize: Callable[[str], list[str]]
    ) -> None:
        """`keywords[i]` are intent i's keywords; `tokenize` is the classifier's normaliser."""
        phrases: dict[tuple[str, ...], set[int]] = {}
        for index, words in enumerate(keywords):
            for keyword in words:
                key = tuple(tokenize(keyword))
                if key:
                    phrases.setdefault(key, set()).add(index)
        self._phrases = {key: tuple(sorted(v)) for key, v in phrases.items()}
        first: dict[str, int] = {}
        for key in self._phrases:
            first[key[0]] = max(first.get(key[0], 0), len(key))
        self._first = first
        self.size = len(keywords)

    def __bool__(self) -> bool:
        return bool(self._phrases)

    def hits(self, tokens: Sequence[str]) -> list[int]:
        found: set[int] = set()
        phrases, first = self._phrases, self._first
        count = len(tokens)
        for start, token in enumerate(tokens):
            longest = first.get(token, 0)
            for size in range(1, min(longest, count - start) + 1):
                intents = phrases.get(tuple(tokens[start : start + size]))
                if intents:
                    found.update(intents)
        return sorted(found)


__all__ = ["LEXICON_WEIGHT", "Lexicon"]
