"""The intent classifier of the embedded model: TF-IDF features + a linear SVM, trained at start-up.

Features are character n-grams inside word boundaries (robust to typos, missing accents and
inflection) plus word unigrams, both on normalized text. One linear SVM per intent (one-vs-rest)
scores the text; a synthetic background class — the examples with their letters shuffled,
generated with a fixed seed — teaches every intent that a random bag of letters is not it, and
keeps the problem well posed with one or two intents.

Probabilities are a softmax over the intents' scaled decision values plus an implicit "none of
them" option pinned at the SVM decision boundary (logit 0): a text no intent claims (all decision
values negative) gets low probabilities whatever the number of intents, so a policy's threshold
means the same thing for a policy of two intents and one of twenty. The probabilities of the
intents sum to less than one; the rest is the "none" mass.

scikit-learn and numpy are imported when a classifier is built, never at package import.
Prediction does not go through scikit-learn: it reuses the fitted analyzers, vocabularies and
weights directly, which keeps a query well under a millisecond.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from switchboard.core.policy import Intent
from switchboard.models.embedded.text import normalize
from switchboard.models.embedded.tfidf import TfidfFeatures

DEFAULT_C = 1.0
"""SVM regularization: lower is smoother. 1.0 kept every paraphrase of the reference policies
ranked first while pushing gibberish below 0.15."""
DEFAULT_SCALE = 3.0
"""Decision value → logit factor. At 3.0 a text on the decision boundary of one intent gets ≈ 0.5
and a policy threshold of 0.3 sits a little on the negative side of it."""
DEFAULT_NGRAMS = (2, 4)
"""Character n-gram sizes (inside word boundaries)."""
_BACKGROUND = -1
_SEED = 1729
_MIN_BACKGROUND = 60
"""Background examples at least: enough that a text with no known feature leans to "none" even
in a policy of one intent with three examples."""


class IntentClassifier:
    """Train on the intents' examples; `predict(text)` ranks the intents by probability."""

    def __init__(
        self,
        intents: Sequence[Intent],
        *,
        c: float = DEFAULT_C,
        scale: float = DEFAULT_SCALE,
        ngram_range: tuple[int, int] = DEFAULT_NGRAMS,
    ) -> None:
        import numpy as np
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.svm import LinearSVC

        self.scale = scale
        trained = [i for i in intents if i.examples]
        if not trained:
            raise ValueError("the classifier needs at least one intent with examples")
        self.labels: list[str] = [i.name for i in trained]
        texts: list[str] = []
        targets: list[int] = []
        for index, intent in enumerate(trained):
            for example in intent.examples:
                texts.append(normalize(example))
                targets.append(index)
        background = _shuffled(texts)
        texts += background
        targets += [_BACKGROUND] * len(background)

        vectorizers = [
            TfidfVectorizer(
                analyzer="char_wb",
                ngram_range=ngram_range,
                sublinear_tf=True,
                lowercase=False,
                dtype=np.float64,
            ),
            TfidfVectorizer(
                analyzer="word",
                token_pattern=r"(?u)\b\w+\b",
                sublinear_tf=True,
                lowercase=False,
                dtype=np.float64,
            ),
        ]
        self._features, features = TfidfFeatures.fit(vectorizers, texts, weight=_BLOCK_WEIGHT)
        svm = LinearSVC(C=c, random_state=0, max_iter=5000).fit(features, targets)
        classes = [int(k) for k in svm.classes_]
        coef = np.asarray(svm.coef_, dtype=np.float64)
        intercept = np.asarray(svm.intercept_, dtype=np.float64)
        if len(classes) == 2:  # binary SVMs keep one row, positive for classes[1]
            coef = np.vstack([-coef[0], coef[0]])
            intercept = np.array([-intercept[0], intercept[0]])
        rows = [classes.index(k) for k in range(len(trained))]
        self._coef = coef[rows]
        self._intercept = intercept[rows]

    def decision(self, text: str) -> Any:
        """One SVM decision value per intent (`labels` order); positive means "this intent"."""
        return self._features.decision(normalize(text), self._coef, self._intercept)

    def predict(self, text: str) -> list[tuple[str, float]]:
        """`[(intent, probability), ...]`, most probable first (ties in declaration order)."""
        logits = [self.scale * float(d) for d in self.decision(text)]
        top = max(0.0, *logits)
        weights = [math.exp(z - top) for z in logits]
        total = sum(weights) + math.exp(-top)  # the "none of them" option, logit 0
        ranked = [(label, w / total) for label, w in zip(self.labels, weights, strict=True)]
        order = sorted(range(len(ranked)), key=lambda i: (-ranked[i][1], i))
        return [ranked[i] for i in order]


_BLOCK_WEIGHT = 1 / math.sqrt(2)
"""Each block is L2-normalized; scaling both keeps the concatenated vector at unit length."""


def _shuffled(texts: list[str]) -> list[str]:
    """Background examples: each example's letters shuffled and cut into pseudo-words."""
    rng = random.Random(_SEED)
    out = []
    rounds = -(-_MIN_BACKGROUND // len(texts))
    for text in texts * rounds:
        letters = list(text.replace(" ", ""))
        rng.shuffle(letters)
        joined = "".join(letters)
        out.append(" ".join(joined[i : i + rng.randint(3, 7)] for i in range(0, len(joined), 5)))
    return out
