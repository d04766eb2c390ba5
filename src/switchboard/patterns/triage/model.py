"""A triage's statistical model: TF-IDF (characters + words) and a linear SVM.

Trained at start-up, on an app's labelled examples over its own fixed classes (finance's Junior:
trivial / lancamento / simplista / complexa). Generic: no app vocabulary here.

Same recipe as the embedded model's intent classifier (models/embedded/classifier.py), tuned
for a few fixed classes: character n-grams 2–5 inside word boundaries (robust to typos, missing
accents and inflection: "gastei"/"gastie"/"gasto") plus word unigrams and bigrams ("vale a",
"quanto gastei"), both sublinear TF-IDF on folded, typo-repaired text, concatenated at equal
weight. One-vs-rest linear SVM (C=0.5: the dev split was flat between 0.3 and 1.0).

Scores are a softmax over the decision values times SCALE. The value is used as the
result's confidence and for the margin check of the app's classifier; it is a ranking score, not a
calibrated probability.

Prediction does not go through scikit-learn: the fitted vocabularies, idf weights and
coefficients are reused directly (`models/embedded/tfidf.py`), which keeps one message around
0.1 ms (scikit-learn's own `transform` costs ~1 ms per call in overhead).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from switchboard.models.embedded.tfidf import TfidfFeatures, char_and_word_vectorizers

C = 0.5
SCALE = 2.0
"""Decision value → logit factor: a message on the boundary between two classes gets ≈ 0.5/0.5,
one a full unit inside its class ≈ 0.85."""
CHAR_NGRAMS = (2, 5)
WORD_NGRAMS = (1, 2)
_BLOCK_WEIGHT = 1 / math.sqrt(2)
"""Each block is L2-normalized; scaling both keeps the concatenated vector at unit length."""


class LinearTextModel:
    """Fit on (folded text, label) pairs; `scores(text)` gives one score per class, in the
    order of `classes` (the app's label tuple: its confusion matrices use the same order)."""

    def __init__(self, texts: Sequence[str], labels: Sequence[str], classes: Sequence[str]) -> None:
        import numpy as np
        from sklearn.svm import LinearSVC

        if len(texts) != len(labels) or not texts:
            raise ValueError("the triage model needs as many labels as texts, at least one")
        self.classes: tuple[str, ...] = tuple(classes)
        missing = set(self.classes) - set(labels)
        if missing:
            raise ValueError(f"the triage model needs examples of every class: {missing}")
        vectorizers = char_and_word_vectorizers(CHAR_NGRAMS, WORD_NGRAMS)
        self._features, features = TfidfFeatures.fit(vectorizers, texts, weight=_BLOCK_WEIGHT)
        targets = [self.classes.index(label) for label in labels]
        svm = LinearSVC(C=C, random_state=0, max_iter=5000).fit(features, targets)
        rows = [list(svm.classes_).index(k) for k in range(len(self.classes))]
        self._coef = np.asarray(svm.coef_, dtype=np.float64)[rows]
        self._intercept = np.asarray(svm.intercept_, dtype=np.float64)[rows]

    def decision(self, text: str) -> list[float]:
        """One SVM decision value per class (`classes` order)."""
        out = self._features.decision(text, self._coef, self._intercept)
        return [float(v) for v in out]

    def scores(self, text: str) -> list[float]:
        """Softmax of SCALE × decision values, `classes` order, summing to 1."""
        logits = [SCALE * d for d in self.decision(text)]
        top = max(logits)
        weights = [math.exp(z - top) for z in logits]
        total = sum(weights)
        return [w / total for w in weights]
