"""TF-IDF features for the offline classifiers, without scikit-learn's per-call overhead.

The embedded intent classifier, the finance triage and the guardrail classifier all train a
linear SVM on concatenated TF-IDF blocks (character and word n-grams) and then score one short
message at a time. `TfidfVectorizer.transform` costs ~14 ms per call here (input validation,
sparse matrix construction); computing the same features by hand from the fitted vocabulary and
idf costs ~0.2 ms. `TfidfFeatures` is that computation, once for every classifier: sublinear tf ×
idf, L2-normalized per block, each block scaled by `weight` (1/√2 for two blocks keeps the
concatenated vector at unit length), exactly what the fitted vectorizers produce for training.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

WORD_CACHE_MAX = 50_000
"""Distinct words whose character n-grams one block remembers (see `_Block.counts`)."""


class _Block:
    """One fitted vectorizer's vocabulary and idf, and how to count its terms in a text.

    A `char_wb` block's n-grams never cross a word boundary, so a text's terms are the
    concatenation of its words' terms: those are computed once per distinct word (bounded;
    the cache is dropped when full) and a text costs one dict lookup per word instead of
    generating and looking up 2-5-grams of every letter. This is most of what scoring one short
    message costs, and words repeat across messages. Any other analyzer runs as fitted."""

    __slots__ = ("_analyze", "_ngram_range", "_preprocess", "_words", "idf", "offset", "vocabulary")

    def __init__(self, vectorizer: Any, offset: int) -> None:
        import numpy as np

        self._analyze: Callable[[str], list[str]] = vectorizer.build_analyzer()
        self.vocabulary: dict[str, int] = dict(vectorizer.vocabulary_)
        self.idf: Any = np.asarray(vectorizer.idf_, dtype=np.float64)
        self.offset = offset
        by_word = vectorizer.analyzer == "char_wb" and vectorizer.input == "content"
        self._words: dict[str, list[int]] | None = {} if by_word else None
        self._preprocess: Callable[[str], str] = vectorizer.build_preprocessor()
        self._ngram_range: tuple[int, int] = tuple(vectorizer.ngram_range)

    def counts(self, text: str) -> Counter[int]:
        """How often each vocabulary term (by index) occurs in `text`."""
        words = self._words
        if words is None:
            vocabulary = self.vocabulary
            return Counter(vocabulary[t] for t in self._analyze(text) if t in vocabulary)
        counts: Counter[int] = Counter()
        for word in self._preprocess(text).split():
            found = words.get(word)
            if found is None:
                if len(words) >= WORD_CACHE_MAX:
                    words.clear()
                found = words[word] = self._word_terms(word)
            counts.update(found)
        return counts

    def _word_terms(self, word: str) -> list[int]:
        """The vocabulary indices of one word's n-grams, padded with a space each side, as
        scikit-learn's `char_wb` analyzer makes them (a word shorter than n counts once)."""
        vocabulary = self.vocabulary
        padded = f" {word} "
        length = len(padded)
        low, high = self._ngram_range
        terms: list[int] = []
        for n in range(low, high + 1):
            if length <= n:
                if padded in vocabulary:
                    terms.append(vocabulary[padded])
                break
            for start in range(length - n + 1):
                index = vocabulary.get(padded[start : start + n])
                if index is not None:
                    terms.append(index)
        return terms


def char_and_word_vectorizers(
    char_ngrams: tuple[int, int], word_ngrams: tuple[int, int] = (1, 2)
) -> list[Any]:
    """The two unfitted blocks the intent classifier and the triage model share: character
    n-grams inside word boundaries (typos, inflections) and word n-grams (phrases), sublinear
    tf, no lowercasing (the callers normalise text themselves)."""
    import numpy as np
    from sklearn.feature_extraction.text import TfidfVectorizer

    return [
        TfidfVectorizer(
            analyzer="char_wb",
            ngram_range=char_ngrams,
            sublinear_tf=True,
            lowercase=False,
            dtype=np.float64,
        ),
        TfidfVectorizer(
            analyzer="word",
            ngram_range=word_ngrams,
            token_pattern=r"(?u)\b\w+\b",
            sublinear_tf=True,
            lowercase=False,
            dtype=np.float64,
        ),
    ]


class TfidfFeatures:
    """Fitted vectorizers as one feature space: `sparse(text)` gives (indices, values)."""

    __slots__ = ("_blocks", "_weight")

    def __init__(self, vectorizers: Sequence[Any], *, weight: float = 1.0) -> None:
        """`vectorizers` are fitted `TfidfVectorizer`s (sublinear_tf, L2 norm), in the order
        their matrices were concatenated for training."""
        self._weight = weight
        self._blocks: list[_Block] = []
        offset = 0
        for vectorizer in vectorizers:
            self._blocks.append(_Block(vectorizer, offset))
            offset += len(vectorizer.vocabulary_)

    @classmethod
    def fit(
        cls, vectorizers: Sequence[Any], texts: Sequence[str], *, weight: float = 1.0
    ) -> tuple[TfidfFeatures, Any]:
        """Fit every vectorizer on `texts`; the features and the training matrix (CSR, the
        blocks side by side, scaled by `weight`)."""
        from scipy.sparse import hstack

        matrices = [vectorizer.fit_transform(texts) for vectorizer in vectorizers]
        return cls(vectorizers, weight=weight), hstack(matrices).tocsr() * weight

    def sparse(self, text: str) -> tuple[Any, Any]:
        """The text's nonzero features as two numpy arrays: column indices and values."""
        import numpy as np

        indices: list[Any] = []
        values: list[Any] = []
        for block in self._blocks:
            counts = block.counts(text)
            if not counts:
                continue
            size = len(counts)
            index = np.fromiter(counts.keys(), dtype=np.intp, count=size)
            weights = np.log(np.fromiter(counts.values(), dtype=np.float64, count=size))
            weights += 1.0
            weights *= block.idf[index]
            weights *= self._weight / math.sqrt(weights @ weights)
            indices.append(index + block.offset)
            values.append(weights)
        if not indices:
            return np.empty(0, dtype=np.intp), np.empty(0, dtype=np.float64)
        if len(indices) == 1:
            return indices[0], values[0]
        return np.concatenate(indices), np.concatenate(values)

    def decision(self, text: str, coef: Any, intercept: Any) -> Any:
        """A linear model's decision values for `text`: `coef[:, x] · x + intercept`."""

        indices, values = self.sparse(text)
        if not len(indices):
            return intercept.copy()
        return coef[:, indices] @ values + intercept


__all__ = ["TfidfFeatures"]
