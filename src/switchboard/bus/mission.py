"""The part of a mission package (spec 001 §3 "Pacote de Missão") the bus enforces.

The orchestrator opens a mission with its lead coordinator, budgets and global timeout; the bus
accumulates consumption from responses and notifies the lead when something needs its decision.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class MissionStatus(StrEnum):
    RUNNING = "running"
    TIMED_OUT = "timed_out"
    """Global timeout reached or forced (no progress): the lead must consolidate with what it
    has."""
    CLOSED = "closed"


class MissionRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mission_id: str
    lead_coordinator: str
    token_budget: int = Field(ge=0)
    api_call_budget: int = Field(ge=0)
    global_timeout: float | None = Field(None, gt=0)
    started_at: float = 0.0
    """Bus time base (monotonic in-process, epoch seconds when state is shared through Redis)."""
    status: MissionStatus = MissionStatus.RUNNING
    tokens_used: int = 0
    api_calls_used: int = 0


class BudgetLevel(StrEnum):
    OK = "ok"
    HIGH = "high"
    CRITICAL = "critical"
    EXHAUSTED = "exhausted"


class BudgetStatus(BaseModel):
    """What any agent sees when it asks for the remaining budget (spec §4 'Rastreamento')."""

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
