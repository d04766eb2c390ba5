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


class _Block:
    __slots__ = ("analyze", "idf", "offset", "vocabulary")

    def __init__(self, vectorizer: Any, offset: int) -> None:
        self.analyze: Callable[[str], list[str]] = vectorizer.build_analyzer()
        self.vocabulary: dict[str, int] = dict(vectorizer.vocabulary_)
        self.idf: list[float] = [float(v) for v in vectorizer.idf_]
        self.offset = offset


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

    def sparse(self, text: str) -> tuple[list[int], list[float]]:
        indices: list[int] = []
        values: list[float] = []
        for block in self._blocks:
            vocabulary, idf = block.vocabulary, block.idf
            counts = Counter(t for t in block.analyze(text) if t in vocabulary)
            if not counts:
                continue
            weighted = [
                (vocabulary[t], (1.0 + math.log(n)) * idf[vocabulary[t]]) for t, n in counts.items()
            ]
            scale = self._weight / math.sqrt(sum(w * w for _, w in weighted))
            for index, weight in weighted:
                indices.append(block.offset + index)
                values.append(weight * scale)
        return indices, values

    def decision(self, text: str, coef: Any, intercept: Any) -> Any:
        """A linear model's decision values for `text`: `coef[:, x] · x + intercept`."""
        import numpy as np

        indices, values = self.sparse(text)
        if not indices:
            return intercept.copy()
        return coef[:, indices] @ np.asarray(values) + intercept


__all__ = ["TfidfFeatures"]
