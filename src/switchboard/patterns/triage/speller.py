"""Typo repair for folded chat text: one edit away from a known word.

Generic over the language: the vocabulary comes from the app's training texts and lexicon
(finance: pt-BR), the tokenizer from the app when its words are not plain letter runs.

Chat is full of "qunato gastie", "fatuura", "beleaz". The rules match whole words, so a typo
would silently skip them; the model's character n-grams survive typos better but not always.
Both therefore see the text after this repair: every word of 4+ letters that is not in the
vocabulary and is one edit (deletion, insertion, substitution or transposition) away from a
vocabulary word becomes that word (the most frequent one on ties).

The lookup is the symmetric-delete scheme (as in SymSpell): the vocabulary is indexed by its
words and their single-letter deletions, and a query checks itself and its own deletions, so a
repair costs a few dict lookups, never a scan. Words of 3 letters or fewer are left alone: at
that length one edit reaches too many words ("mes", "mas", "meu"). The first letter is never
changed (people rarely get it wrong, and "passa" must not become "massa").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable

MIN_LENGTH = 4
"""Shorter words are never repaired."""
MIN_COUNT = 2
"""A word seen fewer times in the training texts is not trusted as a correction target (the
noisy training rows contain typos too); lexicon words are always trusted."""
ALIAS_MAX_COUNT = 5
ALIAS_RATIO = 10
"""A vocabulary word seen fewer than ALIAS_MAX_COUNT times that is one edit from a word seen
ALIAS_RATIO times as often is a typo of it ("quannto" twice, "quanto" 300 times) and is
repaired like an unknown word."""


_WORD = re.compile(r"[^\W\d_]+|\w+")


def words(folded: str) -> list[str]:
    """Runs of letters (or of other word characters): the default tokenizer."""
    return _WORD.findall(folded)


class Speller:
    """Repairs one-edit typos against a vocabulary."""

    def __init__(
        self,
        texts: Iterable[str],
        lexicon: Iterable[str] = (),
        *,
        tokenize: Callable[[str], list[str]] = words,
    ) -> None:
        """`texts` are folded training texts; `lexicon` words are always in the vocabulary;
        `tokenize` splits a folded text (only its all-letter tokens are counted)."""
        counts: Counter[str] = Counter()
        for text in texts:
            counts.update(t for t in tokenize(text) if t.isalpha())
        self._count: dict[str, int] = {w: n for w, n in counts.items() if n >= MIN_COUNT}
        lexicon_set = frozenset(lexicon)
        for word in lexicon_set:
            self._count[word] = self._count.get(word, 0) + MIN_COUNT
        self._alias: dict[str, str] = {}
        trusted = {w for w, n in self._count.items() if n >= ALIAS_RATIO * MIN_COUNT}
        index = _index(trusted)
        for word, n in self._count.items():
            if n < ALIAS_MAX_COUNT and word not in lexicon_set and len(word) >= MIN_LENGTH:
                target = _lookup(word, index, self._count)
                if target is not None and self._count[target] >= ALIAS_RATIO * n:
                    self._alias[word] = target
        for word in self._alias:
            del self._count[word]
        self._known = frozenset(self._count)
        self._deletes = _index(self._count)
        self._cache: dict[str, str] = {}

    def correct_word(self, word: str) -> str:
        """`word` itself when known or short, else its one-edit repair if there is one."""
        if len(word) < MIN_LENGTH or word in self._known or not word.isalpha():
            return word
        alias = self._alias.get(word)
        if alias is not None:
            return alias
        cached = self._cache.get(word)
        if cached is not None:
            return cached
        best = _lookup(word, self._deletes, self._count) or word
        if len(self._cache) < 50_000:
            self._cache[word] = best
        return best

    def correct(self, folded: str) -> str:
        """The folded text with each word repaired (punctuation and spacing kept)."""
        out: list[str] = []
        start = 0
        word = ""
        for index, char in enumerate(folded + " "):
            if char.isalpha():
                if not word:
                    start = index
                word += char
                continue
            if word:
                out.append(
                    self.correct_word(word)
                    if start == 0 or not folded[start - 1].isdigit()
                    else word
                )
                word = ""
            if index < len(folded):
                out.append(char)
        return "".join(out)


def _index(words: Iterable[str]) -> dict[str, list[str]]:
    """Each word and each of its single deletions → the words that produce it."""
    index: dict[str, list[str]] = {}
    for word in words:
        for variant in (word, *_deletions(word)):
            index.setdefault(variant, []).append(word)
    return index


def _lookup(word: str, index: dict[str, list[str]], count: dict[str, int]) -> str | None:
    """The best indexed word one edit from `word` with the same first letter.

    A dropped, doubled or swapped letter is a likelier typo than a wrong one, so those repairs
    win over substitutions ("coto" → "conto", not "como"); then the most frequent word.
    """
    best: tuple[int, int, str] | None = None
    for variant in (word, *_deletions(word)):
        for target in index.get(variant, ()):
            if target != word and target[0] == word[0] and _one_edit(word, target):
                substitution = len(target) == len(word) and sorted(target) != sorted(word)
                key = (0 if substitution else 1, count[target], target)
                if best is None or key > best:
                    best = key
    return best[2] if best is not None else None


def _deletions(word: str) -> list[str]:
    return [word[:i] + word[i + 1 :] for i in range(len(word))]


def _one_edit(a: str, b: str) -> bool:
    """True when a and b differ by exactly one deletion, insertion, substitution or swap."""
    if a == b:
        return False
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diff = [i for i in range(la) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        i, j = diff[0], diff[-1]
        return len(diff) == 2 and j == i + 1 and a[i] == b[j] and a[j] == b[i]
    short, long = (a, b) if la < lb else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))
