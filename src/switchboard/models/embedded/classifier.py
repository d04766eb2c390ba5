"""The intent classifier of the embedded model: pt-BR normalisation, TF-IDF n-grams and lexicon
features, a linear SVM, and probabilities calibrated on held-out folds. Trained at start-up.

Text first goes through the pt-BR chat normaliser (normalizer.py: accents, case, elongations,
abbreviations and slang, the policy's synonyms), and loses a greeting it opens with. Features
are three blocks side by side: character n-grams 2–5 inside word boundaries (robust to typos
and inflection), word unigrams and bigrams ("segunda via", "sem sinal"), and one feature per
intent for its declared keywords (lexicon.py). One linear SVM per intent (one-vs-rest) scores
the text; a synthetic background class — the examples with their letters shuffled, generated
with a fixed seed — teaches every intent that a random bag of letters is not it.

Probabilities are a softmax over the intents' decision values times a temperature, plus a
"none of them" option with a logit of its own: a text no intent claims gets low probabilities
whatever the number of intents, so a threshold means the same for a policy of two intents and
one of forty. The temperature and the "none" logit are calibrated: decision values for every
training example are computed by models that did not see it (`FOLDS`-fold cross-fitting), and
the two numbers minimise the log-loss of those held-out predictions (background examples count
as "none"). A policy's threshold therefore reads as a probability of being right, which the
bench checks on a dev set (bench/support/RESULTS.md: reliability table, expected calibration
error).

Training the same intents twice is avoided: classifiers are shared by content (`shared`), so
the agents of one app that declare the same intent inventory (with different actions) train
once. Prediction does not go through scikit-learn: it reuses the fitted analyzers, vocabularies
and weights directly, well under a millisecond per message (bench/support).

scikit-learn, scipy and numpy are imported when a classifier is built, never at package import.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from switchboard.core.policy import Intent
from switchboard.models.embedded.lexicon import LEXICON_WEIGHT, Lexicon
from switchboard.models.embedded.normalizer import ChatNormalizer, without_greeting
from switchboard.models.embedded.tfidf import TfidfFeatures, char_and_word_vectorizers

DEFAULT_C = 0.5
"""SVM regularization: lower is smoother. On the support dev set 0.3–1.0 were within a point."""
DEFAULT_NGRAMS = (2, 5)
"""Character n-gram sizes (inside word boundaries)."""
WORD_NGRAMS = (1, 2)
SMOOTHING = 0.02
"""Label smoothing of the calibration targets. Without it a policy whose held-out examples are
all right would get an unbounded temperature (certainty for anything near an example); with
it the top probability saturates around 0.98–0.99, which the support dev set bears out."""
FOLDS = 2
"""Cross-fitting folds for calibration: each fold's model sees half of the examples, and the
two fits together cost about one fit on all of them. Three folds gave the same temperature
within 5% on the support policy at twice the start-up cost."""
MIN_CALIBRATION_EXAMPLES = 4
"""Every intent needs this many examples for held-out folds to say anything; smaller policies
keep `DEFAULT_TEMPERATURE` and a "none" logit of 0 (the decision boundary)."""
DEFAULT_TEMPERATURE = 3.0
"""Uncalibrated decision value → logit factor (a text on an intent's boundary gets ≈ 0.5)."""
TOLERANCE = 1e-3
"""liblinear's stopping tolerance (its default is 1e-4): the same predictions on the support dev
set, a third less training time."""
_BACKGROUND = -1
_SEED = 1729
_MIN_BACKGROUND = 60
"""Background examples at least: enough that a text with no known feature leans to "none" even
in a policy of one intent with three examples."""
_BACKGROUND_SHARE = 4
"""Beyond the minimum, one background example per this many real ones: a random bag of letters
is easy to tell apart, and more of them only makes training slower."""
_BLOCK_WEIGHT = 1 / math.sqrt(2)
"""Each TF-IDF block is L2-normalized; scaling both keeps their concatenation at unit length."""
_SHARED_MAX = 16
PREDICTIONS_KEPT = 256
"""Texts whose ranking a classifier keeps (the oldest goes first). One chat turn asks for the
same text two or three times (the coordinator's model, then the specialist's, sharing one
classifier), and short messages ("obrigado", "oi") recur across sessions."""
_shared: OrderedDict[str, IntentClassifier] = OrderedDict()


class IntentClassifier:
    """Train on the intents' examples; `predict(text)` ranks the intents by probability."""

    def __init__(
        self,
        intents: Sequence[Intent],
        *,
        synonyms: Mapping[str, list[str]] | None = None,
        c: float = DEFAULT_C,
        ngram_range: tuple[int, int] = DEFAULT_NGRAMS,
        calibrate: bool = True,
    ) -> None:
        import numpy as np
        from scipy.sparse import csr_matrix, hstack

        trained = [i for i in intents if i.examples]
        if not trained:
            raise ValueError("the classifier needs at least one intent with examples")
        self.labels: list[str] = [i.name for i in trained]
        self.normalizer = ChatNormalizer(synonyms)
        texts: list[str] = []
        targets: list[int] = []
        for index, intent in enumerate(trained):
            for example in intent.examples:
                texts.append(self.normalized(example))
                targets.append(index)
        background = _shuffled(texts)
        texts += background
        targets += [_BACKGROUND] * len(background)

        vectorizers = char_and_word_vectorizers(ngram_range, WORD_NGRAMS)
        self._features, features = TfidfFeatures.fit(vectorizers, texts, weight=_BLOCK_WEIGHT)
        self._lexicon = Lexicon([i.keywords for i in trained], self.normalizer.tokens)
        self._width = features.shape[1]
        if self._lexicon:
            rows, cols = [], []
            for row, text in enumerate(texts):
                for hit in self._lexicon.hits(text.split()):
                    rows.append(row)
                    cols.append(hit)
            values = np.full(len(rows), LEXICON_WEIGHT)
            lexical = csr_matrix((values, (rows, cols)), shape=(len(texts), self._lexicon.size))
            features = hstack([features, lexical]).tocsr()
        y = np.asarray(targets)
        coef, intercept = _fit(features, y, len(trained), c)
        self._coef_t = np.ascontiguousarray(coef.T)
        """Weights as (feature, intent): a message's few active features are contiguous rows."""
        self._intercept = intercept
        self.temperature, self.none_logit = DEFAULT_TEMPERATURE, 0.0
        counts = [len(i.examples) for i in trained]
        if calibrate and len(trained) >= 2 and min(counts) >= MIN_CALIBRATION_EXAMPLES:
            held_out = _cross_fitted(features, y, len(trained), c)
            self.temperature, self.none_logit = _calibration(held_out, y)
        self._predictions: dict[str, tuple[tuple[str, float], ...]] = {}
        """`predict`'s answers by text: a pure function of the text once trained."""

    @classmethod
    def shared(
        cls, intents: Sequence[Intent], *, synonyms: Mapping[str, list[str]] | None = None
    ) -> IntentClassifier:
        """A classifier for these intents, trained once per process for the same content (the
        names, examples, keywords and synonyms; neither actions, labels nor the order in which
        a policy lists its intents change it: they are trained in name order)."""
        ordered = sorted((i for i in intents if i.examples), key=lambda i: i.name)
        key = _content_key(ordered, synonyms)
        found = _shared.get(key)
        if found is None:
            found = cls(ordered, synonyms=synonyms)
            _shared[key] = found
            while len(_shared) > _SHARED_MAX:
                _shared.popitem(last=False)
        else:
            _shared.move_to_end(key)
        return found

    def normalized(self, text: str) -> str:
        """The text as the features see it: normalised, without a greeting opener ("boa noite,
        a internet caiu" is about the internet; a greeting alone stays a greeting)."""
        return " ".join(without_greeting(self.normalizer.tokens(text)))

    def decision(self, text: str) -> list[float]:
        """One SVM decision value per intent (`labels` order); positive means "this intent"."""
        import numpy as np

        normalized = self.normalized(text)
        indices, values = self._features.sparse(normalized)
        if self._lexicon:
            hits = [self._width + hit for hit in self._lexicon.hits(normalized.split())]
            if hits:
                indices = np.concatenate([indices, np.asarray(hits, dtype=np.intp)])
                values = np.concatenate([values, np.full(len(hits), LEXICON_WEIGHT)])
        if not len(indices):
            return [float(v) for v in self._intercept]
        scores = values @ self._coef_t[indices] + self._intercept
        return scores.tolist()  # type: ignore[no-any-return]

    def predict(self, text: str) -> list[tuple[str, float]]:
        """`[(intent, probability), ...]`, most probable first (ties in declaration order).
        The probabilities sum to less than one: the rest is "none of them". The ranking of a
        text asked for recently is remembered (`PREDICTIONS_KEPT`): the caller gets its own
        list either way."""
        predictions = self._predictions
        found = predictions.get(text)
        if found is not None:
            return list(found)
        ranking = self._rank(text)
        if len(predictions) >= PREDICTIONS_KEPT:
            predictions.pop(next(iter(predictions), ""), None)  # the oldest; one dict call each
        predictions[text] = tuple(ranking)
        return ranking

    def _rank(self, text: str) -> list[tuple[str, float]]:
        temperature = self.temperature
        logits = [temperature * d for d in self.decision(text)]
        top = max(self.none_logit, *logits)
        weights = [math.exp(z - top) for z in logits]
        total = sum(weights) + math.exp(self.none_logit - top)
        ranked = [(label, w / total) for label, w in zip(self.labels, weights, strict=True)]
        order = sorted(range(len(ranked)), key=lambda i: (-ranked[i][1], i))
        return [ranked[i] for i in order]


def _fit(features: Any, targets: Any, count: int, c: float) -> tuple[Any, Any]:
    """(coef, intercept) with one row per intent 0..count-1; an intent absent from `targets`
    (a fold without its only example) gets a row that never claims anything."""
    import numpy as np
    from sklearn.svm import LinearSVC

    svm = LinearSVC(C=c, tol=TOLERANCE, random_state=0, max_iter=5000).fit(features, targets)
    classes = [int(k) for k in svm.classes_]
    coef = np.asarray(svm.coef_, dtype=np.float64)
    intercept = np.asarray(svm.intercept_, dtype=np.float64)
    if len(classes) == 2:  # binary SVMs keep one row, positive for classes[1]
        coef = np.vstack([-coef[0], coef[0]])
        intercept = np.array([-intercept[0], intercept[0]])
    out_coef = np.zeros((count, features.shape[1]))
    out_intercept = np.full(count, -1.0)
    for k in range(count):
        if k in classes:
            out_coef[k] = coef[classes.index(k)]
            out_intercept[k] = intercept[classes.index(k)]
    return out_coef, out_intercept


def _cross_fitted(features: Any, targets: Any, count: int, c: float) -> Any:
    """Decision values of every example by a model trained without it (FOLDS folds, examples
    dealt to folds in turn within each class, so every fold sees every class it can)."""
    import numpy as np

    folds = np.zeros(len(targets), dtype=int)
    seen: dict[int, int] = {}
    for row, target in enumerate(targets):
        folds[row] = seen.get(int(target), 0) % FOLDS
        seen[int(target)] = folds[row] + 1
    out = np.zeros((len(targets), count))
    for fold in range(FOLDS):
        test = folds == fold
        if not test.any() or test.all():
            continue
        coef, intercept = _fit(features[~test], targets[~test], count, c)
        out[test] = features[test] @ coef.T + intercept
    return out


def _calibration(decisions: Any, targets: Any) -> tuple[float, float]:
    """(temperature, none logit) minimising the log-loss of held-out decision values."""
    import numpy as np
    from scipy.optimize import minimize

    rows = np.arange(len(targets))
    index = np.where(targets == _BACKGROUND, decisions.shape[1], targets)

    def loss(params: Any) -> float:
        temperature, none = math.exp(params[0]), params[1]
        logits = np.hstack([temperature * decisions, np.full((len(targets), 1), none)])
        logits -= logits.max(axis=1, keepdims=True)
        log_p = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        smoothed = (1 - SMOOTHING) * log_p[rows, index] + SMOOTHING * log_p.mean(axis=1)
        return float(-np.mean(smoothed))

    best = minimize(loss, x0=np.array([math.log(3.0), 0.0]), method="Nelder-Mead")
    return float(math.exp(best.x[0])), float(best.x[1])


def _content_key(intents: Sequence[Intent], synonyms: Mapping[str, list[str]] | None) -> str:
    content = [[i.name, i.examples, i.keywords] for i in intents if i.examples]
    raw = json.dumps([content, synonyms or {}], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(raw.encode()).hexdigest()


def _shuffled(texts: list[str]) -> list[str]:
    """Background examples: each example's letters shuffled and cut into pseudo-words."""
    rng = random.Random(_SEED)
    out = []
    wanted = max(_MIN_BACKGROUND, len(texts) // _BACKGROUND_SHARE)
    rounds = -(-wanted // len(texts))
    source = texts * rounds
    step = max(1, len(source) // wanted)
    for text in source[::step][:wanted]:
        letters = list(text.replace(" ", ""))
        rng.shuffle(letters)
        joined = "".join(letters)
        out.append(" ".join(joined[i : i + rng.randint(3, 7)] for i in range(0, len(joined), 5)))
    return out
