"""Notices: what the bus tells the lead coordinator (and observers) about a mission.

They are delivered to the lead as NOTIFICATION messages from sender `bus` (priority CRITICAL, not
subject to safety rules, not counted as progress) and handed to every `on_notice` observer, which
is where metrics and logs hook in. `internal` notices (the 30 s no-progress alert) go only to
observers.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

BUS_SENDER = "bus"


class NoticeKind(StrEnum):
    """The situations the bus tells coordinators about (spec 001 §7)."""

    BUDGET_EXHAUSTED = "budget_exhausted"
    LOOP_DETECTED = "loop_detected"
    THROTTLING_ACTIVE = "throttling_active"
    NO_PROGRESS_ALERT = "no_progress_alert"
    CONSOLIDATE_PARTIAL = "consolidate_partial"
    FALLBACK_USED = "fallback_used"
    CIRCUIT_OPENED = "circuit_opened"


class Notice(BaseModel):
    """A notice the bus sends coordinators about their mission (budget, loops, throttling,
    fallbacks…), with a pt-BR line an LLM can act on."""

    kind: NoticeKind
    mission_id: str | None
    text: str
    """Human line in pt-BR, as the spec words it (the lead coordinator is an LLM)."""
    detail: dict[str, Any] = Field(default_factory=dict)
    internal: bool = False
