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
from dataclasses import dataclass
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
    def train(
        cls,
        texts: Sequence[str],
        unsafe: Sequence[bool],
        weights: Sequence[float] | None = None,
    ) -> SecondOpinion:
        """Fit on canonical texts (idioms already blanked) and whether each is unsafe, each row
        weighted by `weights` in the regression (1 when None)."""
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
        lr.fit(matrix.multiply(ratio).tocsr(), y, sample_weight=weights)
        # x·(w∘r) = (x∘r)·w: the ratio folds into the weights, so scoring is one dot product
        coef = np.asarray(lr.coef_, dtype=np.float64) * ratio
        return cls(features, coef, np.asarray(lr.intercept_, dtype=np.float64))

    def p_unsafe(self, text: str) -> float:
        """The probability that canonical `text` is unsafe."""
        z = float(self._features.decision(text, self._coef, self._intercept)[0])
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the stacked combination reads of a message the SVM's cascade let through."""

    crisis: float
    """The SVM's p(self_harm) + p(immediate_danger)."""
    fraud: float
    """The SVM's p(eligibility_fraud) + p(fraud)."""
    other: float
    """The SVM's probability of every other unsafe category."""
    safe: float
    """The SVM's p(SAFE) (with the "none of them" mass)."""
    second: float
    """The second model's p(unsafe)."""
    crisis_cue: bool
    """The text has a crisis word (`rules.cues.CRISIS_CUE`)."""
    fraud_cue: bool
    """The text has a word of concealment, doctoring, lying or evasion
    (`rules.concealment.FRAUD_CUE`)."""


@dataclass(frozen=True, slots=True)
class StackedOpinion:
    """A logistic regression over the two models' outputs (`Evidence`): p(unsafe) of a message
    the SVM's cascade let through. Its coefficients are fitted on leave-one-writer-out scores
    (`bench/guardrails/bench_stack.py`): each row scored by models that never saw its writer,
    so the combination learns how far each model is to be trusted on a writer it does not
    know, not how well it remembers its training rows."""

    coef: tuple[float, ...]
    """Weights of `inputs`, in its order."""
    intercept: float

    @staticmethod
    def inputs(evidence: Evidence) -> list[float]:
        """The regression's inputs: the log-odds of the five probabilities, then the two cues."""
        e = evidence
        odds = [_logit(p) for p in (e.crisis, e.fraud, e.other, e.safe, e.second)]
        return [*odds, float(e.crisis_cue), float(e.fraud_cue)]

    def p_unsafe(self, evidence: Evidence) -> float:
        """The combined probability that the message is unsafe."""
        z = self.intercept + sum(
            w * x for w, x in zip(self.coef, self.inputs(evidence), strict=True)
        )
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


def _logit(p: float) -> float:
    p = min(max(p, _EPSILON), 1.0 - _EPSILON)
    return math.log(p / (1.0 - p))


_EPSILON = 1e-6
"""Probabilities are clipped to [ε, 1 − ε] before their log-odds."""

STACK = StackedOpinion((-0.2846, -0.1612, -0.0521, -1.4743, 0.2601, 0.2160, -0.3873), -1.2734)
"""The fitted combination (`bench/guardrails/bench_stack.py`, branch guard11: 2,092 out-of-fold
rows the SVM's cascade let through — twenty-five writers' sources, the eval suites' ordinary
turns and the train half of the students' questions about the editais —, 88 of them unsafe;
RESULTS.md guard11). The SVM's own doubt (log-odds of p(SAFE), −1.47) still weighs most, then the
second model's log-odds (+0.26) and the crisis cue words; a concealment word lowers it (the cued
fraud the SVM was sure of is already blocked by the cascade's `fraud_cued` gate). Fewer unsafe
rows reach it than in guard10 (101 → 88: the new rules decide them first), so the intercept is
lower (−1.16 → −1.27)."""
