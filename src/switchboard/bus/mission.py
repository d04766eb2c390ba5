"""The part of a mission package (spec 001 §3 "Pacote de Missão") the bus enforces.

The orchestrator opens a mission with its lead coordinator, budgets and global timeout; the bus
accumulates consumption from responses and notifies the lead when something needs its decision.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from switchboard.bus.envelope import Boundary


class MissionStatus(StrEnum):
    """Where a mission is: running, timed out (consolidate with what it has) or closed."""

    RUNNING = "running"
    TIMED_OUT = "timed_out"
    """Global timeout reached or forced (no progress): the lead must consolidate with what it
    has."""
    CLOSED = "closed"


@dataclass(slots=True, kw_only=True)
class MissionRecord:
    """The bus's record of one mission. A checked slots dataclass, not a Pydantic model: the
    admission reads it on every message of the mission (status, budgets, consumption) and the
    accounting updates it on every response, and attribute access on a Pydantic model costs
    ten times more (its `__getattr__` hook defeats the interpreter's attribute caches). The
    Redis state stores it as a hash of its fields (`state.redis`)."""

    mission_id: str
    lead_coordinator: str
    token_budget: int
    api_call_budget: int
    global_timeout: float | None = None
    started_at: float = 0.0
    """Bus time base (monotonic in-process, epoch seconds when state is shared through Redis)."""
    status: MissionStatus = MissionStatus.RUNNING
    tokens_used: int = 0
    api_calls_used: int = 0

    def __post_init__(self) -> None:
        if self.token_budget < 0 or self.api_call_budget < 0:
            raise ValueError("mission budgets must be >= 0 (0 = unlimited)")
        if self.global_timeout is not None and self.global_timeout <= 0:
            raise ValueError("a mission's global timeout must be > 0 (or None)")
        if type(self.status) is not MissionStatus:
            self.status = MissionStatus(self.status)

    def copy(self) -> MissionRecord:
        return dataclasses.replace(self)

    def as_dict(self) -> dict[str, Any]:
        """The fields, JSON-ready (status as its value)."""
        data = dataclasses.asdict(self)
        data["status"] = self.status.value
        return data


class BudgetLevel(StrEnum):
    """How much of a mission's budget is spent (ok, high, critical, exhausted): the thresholds
    at which the bus warns coordinators and then refuses."""

    OK = "ok"
    HIGH = "high"
    CRITICAL = "critical"
    EXHAUSTED = "exhausted"


@dataclass(slots=True, kw_only=True)
class BudgetStatus(Boundary):
    """What any agent sees when it asks for the remaining budget (spec §4 'Rastreamento').
    Built by the bus from its own record (a coordinator asks before every wave): a slots
    dataclass, with Pydantic's `model_dump` for when it is shown or sent (`Boundary`)."""

    mission_id: str
    token_budget: int
    api_call_budget: int
    tokens_used: int
    api_calls_used: int
    tokens_remaining: int
    api_calls_remaining: int
    ratio: float
    """The larger of the two usage fractions: whichever runs out first decides."""
    level: BudgetLevel
