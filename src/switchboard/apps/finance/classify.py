"""`switchboard finance classify`: triage (+ extraction) of messages, one JSON object each.

Input lines are plain messages or JSONL objects with `text` and an optional `label`. Each output
object: `text`, `categoria`, `confianca`, `ms`, plus `candidatos` (complexa: the orchestrator
package's coordinators and scores) or `lancamento` (lancamento: the `lancamento_payload` of the
extraction). With labels, a final summary object: `accuracy`, `p99_ms`, `n`, `confusion`
(confusion[label][predicted]). Messages are classified alone (no history), as a dev set is.

The brain is warmed before the first message is timed (`Brain.warm`: the classifiers are
trained once per process, ~1 s), so every row's `ms` is the cost of that message alone.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterable
from datetime import date
from typing import Any

from switchboard import EmptyMessageError
from switchboard.apps.finance.brain import Brain
from switchboard.apps.finance.nlu import lancamento_payload
from switchboard.apps.finance.triage import CATEGORIES, analyse
from switchboard.apps.finance.triage.evaluate import percentile
from switchboard.apps.finance.triage.types import as_categoria
from switchboard.core import UsageTally


def parse_line(line: str) -> tuple[str, str | None] | None:
    """(text, label) of one input line; None for a blank line."""
    stripped = line.strip()
    if not stripped:
        return None
    if stripped.startswith("{"):
        try:
            row = json.loads(stripped)
        except ValueError:
            return stripped, None
        if isinstance(row, dict) and isinstance(row.get("text"), str):
            label = row.get("label")
            return row["text"], label if isinstance(label, str) else None
    return stripped, None


async def classify_lines(
    lines: Iterable[str], today: date, brain: Brain
) -> AsyncIterator[dict[str, Any]]:
    """One result object per message, then the summary when any line had a label."""
    brain.warm()  # the one-time model load, before any row is timed
    timings: list[float] = []
    confusion = {label: dict.fromkeys(CATEGORIES, 0) for label in CATEGORIES}
    labelled = correct = 0
    for line in lines:
        parsed = parse_line(line)
        if parsed is None:
            continue
        text, label = parsed
        started = time.perf_counter()
        usage = UsageTally()
        try:
            result = await brain.triage(text, None, usage, "")
        except EmptyMessageError:
            yield {"text": text, "erro": "empty_message"}
            continue
        out: dict[str, Any] = {
            "text": text,
            "categoria": result.categoria,
            "confianca": round(result.confianca, 4),
        }
        if result.categoria == "complexa":
            package = analyse(text)
            out["candidatos"] = [
                {"coordenador": c.nome, "score": c.score} for c in package.candidatos
            ]
        elif result.categoria == "lancamento":
            draft = await brain.extract(text, today, None, usage, "")
            out["lancamento"] = lancamento_payload(draft).model_dump(mode="json")
        ms = (time.perf_counter() - started) * 1000
        out["ms"] = round(ms, 3)
        timings.append(ms)
        known = as_categoria(label) if label is not None else None
        if known is not None:
            labelled += 1
            correct += known == result.categoria
            confusion[known][result.categoria] += 1
            out["label"] = known
        yield out
    if labelled:
        yield {
            "summary": True,
            "n": labelled,
            "accuracy": round(correct / labelled, 4),
            "p99_ms": round(percentile(timings, 99), 3),
            "confusion": confusion,
        }
