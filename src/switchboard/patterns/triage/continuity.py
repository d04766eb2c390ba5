"""Dialog continuity (spec 001 §2.1, generic): does a message answer the open question?

An agent that asked a clarifying question leaves an `OpenDialog`; the next message is checked
against it before any triage. `ContinuityResult` is the verdict every checker returns (offline
rules, a learned model, a hosted model): `continues` → straight to the agent that asked;
`cancel` → the user dropped the question (with `continues`, a bare cancel the owning agent
answers; without, a cancel followed by a new request, triaged normally).

`LearnedContinuity` is the statistical half an app reuses: a logistic regression over the
(question, message) features *the app* computes (its language's words for amounts, dates, yes
and no...), trained on the app's labelled pairs. The app puts its own rules in front (finance:
cancel words and complexity cues, `apps/finance/triage/continuity.py`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

Features = Callable[["OpenDialog", str], dict[str, float]]
"""(open dialog, message) → sparse named features."""


@dataclass(slots=True, frozen=True)
class OpenDialog:
    """The clarifying question waiting for an answer: which agent asked it, and the question."""

    agent: str
    question: str


@dataclass(slots=True, frozen=True)
class ContinuityResult:
    """The verdict on one message."""

    continues: bool
    confianca: float
    """0–1: the rule's fixed confidence or the model's probability of its verdict."""
    cancel: bool = False
    """The message cancels the open dialog (with `continues` False it also asks something
    new)."""
    reason: str = "model"
    """What decided: "model", or the name of the app's rule ("cancel", "complexity", ...)."""
    ms: float = 0.0


class LearnedContinuity:
    """A logistic regression over an app's continuity features."""

    def __init__(self, features: Features, vectorizer: Any, model: Any) -> None:
        self._features = features
        self._vectorizer = vectorizer
        self._model = model
        self._positive = list(model.classes_).index(1)

    @classmethod
    def train(
        cls, features: Features, pairs: Iterable[tuple[OpenDialog, str, bool]]
    ) -> LearnedContinuity:
        """Fit on (dialog, message, continues) triples."""
        from sklearn.feature_extraction import DictVectorizer
        from sklearn.linear_model import LogisticRegression

        rows = list(pairs)
        vectorizer = DictVectorizer()
        matrix = vectorizer.fit_transform([features(d, m) for d, m, _ in rows])
        targets = [1 if label else 0 for _, _, label in rows]
        model = LogisticRegression(C=2.0, max_iter=1000).fit(matrix, targets)
        return cls(features, vectorizer, model)

    def predict(self, dialog: OpenDialog, message: str, started: float) -> ContinuityResult:
        """The model's verdict (`started`: `time.perf_counter()` when the check began)."""
        matrix = self._vectorizer.transform([self._features(dialog, message)])
        probability = float(self._model.predict_proba(matrix)[0][self._positive])
        continues = probability >= 0.5
        confianca = probability if continues else 1 - probability
        ms = round((time.perf_counter() - started) * 1000, 4)
        return ContinuityResult(continues, round(confianca, 4), False, "model", ms)


def load_pairs(lines: Iterable[str]) -> list[tuple[OpenDialog, str, bool]]:
    """Pairs from JSONL: {"agent", "question", "message", "continues"}."""
    out = []
    for line in lines:
        if line.strip():
            row = json.loads(line)
            dialog = OpenDialog(agent=str(row["agent"]), question=str(row["question"]))
            out.append((dialog, str(row["message"]), bool(row["continues"])))
    return out


__all__ = ["ContinuityResult", "Features", "LearnedContinuity", "OpenDialog", "load_pairs"]
