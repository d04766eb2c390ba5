"""Evaluate the triage on labelled rows: accuracy, latency percentiles, confusion matrix.

The `switchboard finance classify` command and bench/finance/bench_triage.py are built on
`evaluate`. Latency is the wall time of `Triage.classify` per call; with `repeats > 1` each
message is classified that many times and every call is a sample (stable percentiles on a
shared machine). Percentiles are nearest-rank.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field

from switchboard.apps.finance.triage.classifier import Triage
from switchboard.apps.finance.triage.data import TriageExample
from switchboard.apps.finance.triage.types import CATEGORIES, Categoria


class ClassMetrics(BaseModel):
    """Precision and recall of one category."""

    model_config = ConfigDict(frozen=True)

    precision: float
    recall: float
    support: int


class Mistake(BaseModel):
    """One misclassified row."""

    model_config = ConfigDict(frozen=True)

    text: str
    label: Categoria
    predicted: Categoria
    source: str
    rule: str | None


class EvalReport(BaseModel):
    """The outcome of `evaluate`."""

    model_config = ConfigDict(frozen=True)

    n: int
    accuracy: float
    p50_ms: float
    p99_ms: float
    confusion: dict[Categoria, dict[Categoria, int]]
    """confusion[label][predicted] = count, every category present in both levels."""
    per_class: dict[Categoria, ClassMetrics]
    by_source: dict[str, int] = Field(default_factory=dict)
    """How many rows each decision source settled (rules / model / history)."""
    mistakes: list[Mistake] = Field(default_factory=list)

    def summary_json(self) -> str:
        """One JSON object: n, accuracy, p50_ms, p99_ms, confusion, per_class, by_source."""
        return json.dumps(
            self.model_dump(mode="json", exclude={"mistakes"}), ensure_ascii=False, sort_keys=False
        )


def percentile(samples: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0–100) of non-empty samples."""
    ordered = sorted(samples)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def evaluate(
    rows: Iterable[TriageExample], *, triage: Triage | None = None, repeats: int = 1
) -> EvalReport:
    """Classify every labelled row (each `repeats` times) and score the predictions."""
    if repeats < 1:
        raise ValueError("repeats must be at least 1")
    model = triage or Triage.default()
    confusion: dict[Categoria, dict[Categoria, int]] = {
        label: dict.fromkeys(CATEGORIES, 0) for label in CATEGORIES
    }
    timings: list[float] = []
    by_source: dict[str, int] = {}
    mistakes: list[Mistake] = []
    n = 0
    for row in rows:
        n += 1
        for _ in range(repeats):
            started = time.perf_counter()
            result = model.classify(row.text)
            timings.append((time.perf_counter() - started) * 1000)
        confusion[row.label][result.categoria] += 1
        by_source[result.source] = by_source.get(result.source, 0) + 1
        if result.categoria != row.label:
            mistakes.append(
                Mistake(
                    text=row.text,
                    label=row.label,
                    predicted=result.categoria,
                    source=result.source,
                    rule=result.rule,
                )
            )
    if n == 0:
        raise ValueError("evaluate needs at least one labelled row")
    correct = sum(confusion[c][c] for c in CATEGORIES)
    per_class: dict[Categoria, ClassMetrics] = {}
    for c in CATEGORIES:
        predicted = sum(confusion[label][c] for label in CATEGORIES)
        support = sum(confusion[c].values())
        per_class[c] = ClassMetrics(
            precision=round(confusion[c][c] / predicted, 4) if predicted else 0.0,
            recall=round(confusion[c][c] / support, 4) if support else 0.0,
            support=support,
        )
    return EvalReport(
        n=n,
        accuracy=round(correct / n, 4),
        p50_ms=round(percentile(timings, 50), 4),
        p99_ms=round(percentile(timings, 99), 4),
        confusion=confusion,
        per_class=per_class,
        by_source=by_source,
        mistakes=mistakes,
    )
