"""The storage port behind the safety rules: small primitives, no policy."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from switchboard.bus.contracts import AgentContract
from switchboard.bus.envelope import Response
from switchboard.bus.mission import MissionRecord, MissionStatus


class BreakerState(StrEnum):
    """A circuit breaker's state: closed (calls pass), open (calls go to the fallback), half-
    open (one probe call)."""

    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


@dataclass(slots=True)
class BreakerRecord:
    state: BreakerState = BreakerState.CLOSED
    opened_at: float = 0.0


class StateBackend(Protocol):
    shared: bool
    """True when several processes read the state: timestamps must then be wall-clock seconds."""

    # contracts (so a process can validate requests for agents served elsewhere)
    async def put_contract(self, contract: AgentContract) -> None: ...
    async def get_contract(self, name: str) -> AgentContract | None: ...

    # missions and budgets
    async def put_mission(self, record: MissionRecord) -> None: ...
    async def get_mission(self, mission_id: str) -> MissionRecord | None: ...
    async def add_consumption(
        self, mission_id: str, tokens: int, api_calls: int
    ) -> tuple[int, int]: ...
    async def set_mission_status(self, mission_id: str, status: MissionStatus) -> None: ...
    async def once(self, key: str) -> bool:
        """True the first time `key` is seen (one notice per event across all processes)."""
        ...

    # progress
    async def touch(self, mission_id: str, at: float) -> None: ...
    async def last_activity(self, mission_id: str) -> float | None: ...

    # sliding window counter (throttle)
    async def hit_window(
        self, scope: str, bucket: int, buckets: int, limit: int | None
    ) -> tuple[bool, int]:
        """Count one event in `bucket` unless the window already holds more than `limit` events.

        Returns (counted, events in the window of the last `buckets` buckets, after counting).
        `limit=None` always counts.
        """
        ...

    # circuit breaker
    async def get_breaker(self, agent: str) -> BreakerRecord: ...
    async def put_breaker(self, agent: str, record: BreakerRecord) -> None: ...
    async def record_outcome(self, agent: str, ok: bool, window: int) -> tuple[int, list[bool]]:
        """Append an outcome; return (consecutive failures, last `window` outcomes newest first).

        After a success the list may be left empty: only failures are judged on it."""
        ...

    async def reset_outcomes(self, agent: str) -> None: ...
    async def claim(self, key: str, ttl: float) -> bool:
        """Take a short exclusive token (the single HALF-OPEN trial)."""
        ...

    async def release(self, key: str) -> None: ...

    # idempotency
    async def get_result(self, key: str) -> Response | None: ...
    async def put_result(self, key: str, value: Response, ttl: float) -> None: ...

    async def close(self) -> None: ...
