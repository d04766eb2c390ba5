"""A second, independent look at a message the first model let through (issue 20, branch guard8).

NB-LR (Wang & Manning 2012): a binary unsafe-vs-SAFE logistic regression over character 2–5-grams
and word 1–3-grams, each feature scaled by its naive-Bayes log-count ratio (how much more often it
occurs in unsafe rows than in SAFE ones). It shares the training rows of the linear SVM but not
its shape: one binary question instead of twelve one-vs-rest classes, longer word n-grams, no
stems or intent classes, and the Bayes weights favour rare, telling n-grams the SVM's L2 margin
spreads thin. Its use in `classifier.py` only ever adds a block, at a high-precision point
(`GuardThresholds.second`): when the SVM says SAFE and no allow rule touched the text, a second
model that is very sure it is unsafe blocks it, and the SVM's likeliest category names why.

Chosen leave-one-writer-out (`bench/guardrails/bench_lowo.py`), where it sat on a better recall /
false-positive curve than lowering the SVM's own thresholds (`bench/guardrails/RESULTS.md`,
guard8).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from switchboard.models.embedded.tfidf import TfidfFeatures

_C = 4.0
"""Logistic-regression regularization (liblinear)."""
_ALPHA = 1.0
"""Smoothing of the naive-Bayes counts."""


class SecondOpinion:
    """p(unsafe) of one canonical text; build with `train`."""

    def __init__(self, features: TfidfFeatures, coef: Any, intercept: Any) -> None:
        self._features = features
        self._coef = coef
        self._intercept = intercept

    @classmethod
    def train(cls, texts: Sequence[str], unsafe: Sequence[bool]) -> SecondOpinion:
        """Fit on canonical texts (idioms already blanked) and whether each is unsafe."""
        import numpy as np
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.linear_model import LogisticRegression

        vectorizers = [
            TfidfVectorizer(
                analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, lowercase=False, min_df=2
            ),
            TfidfVectorizer(ngram_range=(1, 3), sublinear_tf=True, lowercase=False),
        ]
        features, matrix = TfidfFeatures.fit(vectorizers, texts)
        y = np.asarray(unsafe, dtype=bool)
        present = matrix.copy()
        present.data[:] = 1.0
        p = _ALPHA + np.asarray(present[y].sum(axis=0)).ravel()
        q = _ALPHA + np.asarray(present[~y].sum(axis=0)).ravel()
        ratio = np.log((p / p.sum()) / (q / q.sum()))
        lr = LogisticRegression(C=_C, solver="liblinear", max_iter=200)
        lr.fit(matrix.multiply(ratio).tocsr(), y)
        # x·(w∘r) = (x∘r)·w: the ratio folds into the weights, so scoring is one dot product
        coef = np.asarray(lr.coef_, dtype=np.float64) * ratio
        return cls(features, coef, np.asarray(lr.intercept_, dtype=np.float64))

    def p_unsafe(self, text: str) -> float:
        """The probability that canonical `text` is unsafe."""
        z = float(self._features.decision(text, self._coef, self._intercept)[0])
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0
