"""Learning signals and golden examples (spec 002 §6).

Signals are implicit feedback: a click on an opportunity card, a workflow abandoned half-way, a
thumbs-down. Each is a row (kind, user, session, JSON payload, time) for offline analysis (CTR,
abandonment per step) and for the judge to find conversations worth reviewing.

Golden examples are question/answer pairs worth imitating, proposed by the judge from a source
conversation and curated by a person: `proposed` → `approved` or `rejected` (a curator may
change their mind later; `reviewed_at` records when). Only approved ones are injected as
few-shot examples (`list_approved`). Proposing is idempotent: the same (agent, question,
answer) — the judge re-running over the same conversations — returns the existing example,
with its status untouched, instead of a duplicate that would resurrect a rejected one.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from datetime import datetime
from typing import Any, Literal, Protocol, get_args

from pydantic import BaseModel, ConfigDict, Field

from switchboard import Clock, Repository, SqlContext
from switchboard.apps.scholarships.records.errors import (
    GoldenExampleNotFoundError,
    InvalidRecordError,
)
from switchboard.apps.scholarships.records.moderation import check_ids, check_limit
from switchboard.apps.scholarships.records.text import storable

SignalKind = Literal["card_click", "workflow_abandoned", "feedback_down"]
SIGNAL_KINDS: tuple[SignalKind, ...] = get_args(SignalKind)
GoldenStatus = Literal["proposed", "approved", "rejected"]
MAX_PAYLOAD_BYTES = 8192


class Signal(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    kind: SignalKind
    user_id: str
    session_id: str
    payload: dict[str, Any]
    """E.g. card_click: {"opportunity_id": …, "position": 2}; workflow_abandoned:
    {"workflow": "match", "step": "income"}; feedback_down: {"message_id": …}."""
    created_at: datetime


class GoldenExample(BaseModel):
    id: int
    question: str
    answer: str
    agent: str
    source_session_id: str | None
    status: GoldenStatus
    score: float | None = Field(None, allow_inf_nan=False)
    """The judge's score (its scale is the judge's; higher is better)."""
    created_at: datetime
    reviewed_at: datetime | None = None


class Signals(Protocol):
    async def record(
        self, kind: SignalKind, user_id: str, session_id: str, payload: dict[str, Any]
    ) -> Signal:
        """Store one signal (payload: a JSON object of at most 8 KB)."""
        ...

    async def recent(
        self, *, kind: SignalKind | None = None, since: datetime | None = None, limit: int = 100
    ) -> list[Signal]:
        """Newest first."""
        ...

    async def count_by_kind(self, since: datetime | None = None) -> dict[str, int]: ...


class GoldenExamples(Protocol):
    async def propose(
        self,
        question: str,
        answer: str,
        agent: str,
        source_session_id: str | None = None,
        score: float | None = None,
    ) -> GoldenExample:
        """A new `proposed` example, or the existing one for the same (agent, question, answer)."""
        ...

    async def approve(self, example_id: int) -> GoldenExample: ...

    async def reject(self, example_id: int) -> GoldenExample: ...

    async def get(self, example_id: int) -> GoldenExample | None: ...

    async def recent(
        self, *, status: GoldenStatus | None = None, agent: str | None = None, limit: int = 100
    ) -> list[GoldenExample]:
        """Newest first."""
        ...

    async def list_approved(self, agent: str | None = None) -> list[GoldenExample]:
        """Every approved example (of `agent`, if given), oldest first: the few-shot pool."""
        ...


def check_signal(kind: str, user_id: str, session_id: str, payload: dict[str, Any]) -> None:
    if kind not in SIGNAL_KINDS:
        raise InvalidRecordError(f"unknown signal kind {kind!r}", kind=kind)
    check_ids(user_id, session_id)
    if not isinstance(payload, dict):
        raise InvalidRecordError("a signal's payload is a JSON object")
    try:
        size = len(json.dumps(payload, ensure_ascii=False, allow_nan=False).encode())
    except (TypeError, ValueError) as exc:
        raise InvalidRecordError(f"a signal's payload must be JSON: {exc}") from exc
    if size > MAX_PAYLOAD_BYTES:
        raise InvalidRecordError("a signal's payload is too large", bytes=size)


def example_key(agent: str, question: str, answer: str) -> str:
    """What makes two proposals the same example (whitespace-insensitive)."""
    parts = [" ".join(text.split()) for text in (agent, question, answer)]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


def check_example(question: str, answer: str, agent: str) -> tuple[str, str, str]:
    """The example's texts as stored (NUL dropped); a typed error if one is blank."""
    texts = (storable(question), storable(answer), storable(agent))
    if not all(text.strip() for text in texts):
        raise InvalidRecordError("a golden example needs a question, an answer and an agent")
    return texts


class InMemorySignals:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._signals: list[Signal] = []

    async def record(
        self, kind: SignalKind, user_id: str, session_id: str, payload: dict[str, Any]
    ) -> Signal:
        check_signal(kind, user_id, session_id, payload)
        signal = Signal(
            id=len(self._signals) + 1,
            kind=kind,
            user_id=user_id,
            session_id=session_id,
            payload=json.loads(json.dumps(payload)),
            created_at=self._clock.now(),
        )
        self._signals.append(signal)
        return signal.model_copy(deep=True)

    async def recent(
        self, *, kind: SignalKind | None = None, since: datetime | None = None, limit: int = 100
    ) -> list[Signal]:
        check_limit(limit)
        found = [
            s.model_copy(deep=True)
            for s in reversed(self._signals)
            if (kind is None or s.kind == kind) and (since is None or s.created_at >= since)
        ]
        return found[:limit]

    async def count_by_kind(self, since: datetime | None = None) -> dict[str, int]:
        counts = Counter(s.kind for s in self._signals if since is None or s.created_at >= since)
        return dict(sorted(counts.items()))


class InMemoryGoldenExamples:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._examples: dict[int, GoldenExample] = {}
        self._by_key: dict[str, int] = {}

    async def propose(
        self,
        question: str,
        answer: str,
        agent: str,
        source_session_id: str | None = None,
        score: float | None = None,
    ) -> GoldenExample:
        question, answer, agent = check_example(question, answer, agent)
        key = example_key(agent, question, answer)
        existing = self._by_key.get(key)
        if existing is not None:
            return self._examples[existing].model_copy()
        example = GoldenExample(
            id=len(self._examples) + 1,
            question=question,
            answer=answer,
            agent=agent,
            source_session_id=source_session_id,
            status="proposed",
            score=score,
            created_at=self._clock.now(),
        )
        self._examples[example.id] = example
        self._by_key[key] = example.id
        return example.model_copy()

    async def approve(self, example_id: int) -> GoldenExample:
        return self._review(example_id, "approved")

    async def reject(self, example_id: int) -> GoldenExample:
        return self._review(example_id, "rejected")

    def _review(self, example_id: int, status: GoldenStatus) -> GoldenExample:
        example = self._examples.get(example_id)
        if example is None:
            raise not_found(example_id)
        example = example.model_copy(update={"status": status, "reviewed_at": self._clock.now()})
        self._examples[example_id] = example
        return example.model_copy()

    async def get(self, example_id: int) -> GoldenExample | None:
        example = self._examples.get(example_id)
        return example.model_copy() if example is not None else None

    async def recent(
        self, *, status: GoldenStatus | None = None, agent: str | None = None, limit: int = 100
    ) -> list[GoldenExample]:
        check_limit(limit)
        found = [
            e.model_copy()
            for e in sorted(self._examples.values(), key=lambda e: -e.id)
            if (status is None or e.status == status) and (agent is None or e.agent == agent)
        ]
        return found[:limit]

    async def list_approved(self, agent: str | None = None) -> list[GoldenExample]:
        return [
            e.model_copy()
            for e in sorted(self._examples.values(), key=lambda e: e.id)
            if e.status == "approved" and (agent is None or e.agent == agent)
        ]


def not_found(example_id: int) -> GoldenExampleNotFoundError:
    return GoldenExampleNotFoundError(f"golden example {example_id} does not exist", id=example_id)


def _sql_signals(context: SqlContext) -> Signals:
    from switchboard.apps.scholarships.records.signals_sql import SqlSignals

    return SqlSignals(context)


def _sql_examples(context: SqlContext) -> GoldenExamples:
    from switchboard.apps.scholarships.records.signals_sql import SqlGoldenExamples

    return SqlGoldenExamples(context)


SIGNALS: Repository[Signals] = Repository(
    "learning.signals", memory=InMemorySignals, sql=_sql_signals
)
GOLDEN_EXAMPLES: Repository[GoldenExamples] = Repository(
    "learning.golden_examples", memory=InMemoryGoldenExamples, sql=_sql_examples
)

__all__ = [
    "GOLDEN_EXAMPLES",
    "SIGNALS",
    "SIGNAL_KINDS",
    "GoldenExample",
    "GoldenExamples",
    "GoldenStatus",
    "InMemoryGoldenExamples",
    "InMemorySignals",
    "Signal",
    "SignalKind",
    "Signals",
]
