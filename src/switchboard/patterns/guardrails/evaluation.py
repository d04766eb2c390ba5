"""Scoring a guard on labelled rows — what `switchboard scholarships guard FILE` summarizes.

A false positive is a SAFE message the guard marked UNSAFE (a student blocked for nothing); the
false-positive rate is over all SAFE rows. Recall per category counts an UNSAFE row as caught
when the verdict is UNSAFE, whatever category the guard named (the user is stopped either way);
`category_accuracy` reports how often the named category was also right. A row labelled plain
"UNSAFE" (no category) counts in recall under "UNSAFE" and not in `category_accuracy`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict

from switchboard.patterns.guardrails.classifier import (
    SAFE_LABEL,
    UNSAFE_LABEL,
    GuardClassifier,
    target_of,
)
from switchboard.patterns.guardrails.verdict import GuardVerdict


class GuardEval(BaseModel):
    """Summary of a guard run on labelled rows."""

    model_config = ConfigDict(frozen=True)

    n: int
    """Rows scored."""
    accuracy: float
    """SAFE/UNSAFE decisions that match the label."""
    false_positive_rate: float
    """SAFE rows marked UNSAFE, over all SAFE rows (0.0 when there are none)."""
    n_safe: int
    n_unsafe: int
    recall: dict[str, float]
    """Per unsafe category: share of its rows marked UNSAFE."""
    category_accuracy: float
    """Among UNSAFE rows marked UNSAFE, the share with the right category."""
    p50_ms: float
    p99_ms: float

    def summary(self) -> dict[str, float | int]:
        """The CLI's summary line."""
        return {
            "n": self.n,
            "accuracy": round(self.accuracy, 4),
            "false_positive_rate": round(self.false_positive_rate, 4),
        }


def evaluate(
    rows: Iterable[Mapping[str, Any]],
    guard: Callable[[str], GuardVerdict] | None = None,
) -> GuardEval:
    """Run `guard` (default: the offline classifier) on rows with `text`, `label`, `category`."""
    check = guard or GuardClassifier.default().check
    n = correct = n_safe = false_pos = cat_hits = caught_total = 0
    per_cat: dict[str, list[int]] = {}
    timings: list[float] = []
    for row in rows:
        target = target_of(row, need_category=False)
        verdict = check(str(row["text"]))
        timings.append(verdict.ms)
        n += 1
        if target == SAFE_LABEL:
            n_safe += 1
            correct += not verdict.unsafe
            false_pos += verdict.unsafe
            continue
        counts = per_cat.setdefault(target, [0, 0])
        counts[1] += 1
        if verdict.unsafe:
            correct += 1
            counts[0] += 1
            if target != UNSAFE_LABEL:  # a plain "UNSAFE" label names no category to match
                caught_total += 1
                cat_hits += verdict.category == target
    timings.sort()
    return GuardEval(
        n=n,
        accuracy=correct / n if n else 0.0,
        false_positive_rate=false_pos / n_safe if n_safe else 0.0,
        n_safe=n_safe,
        n_unsafe=n - n_safe,
        recall={c: hit / total for c, (hit, total) in sorted(per_cat.items())},
        category_accuracy=cat_hits / caught_total if caught_total else 0.0,
        p50_ms=timings[len(timings) // 2] if timings else 0.0,
        p99_ms=timings[min(len(timings) - 1, int(len(timings) * 0.99))] if timings else 0.0,
    )
