"""Switching's part of the session state (spec 003): the agent history that drives reset prompts."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from switchboard.core.state import PatternState


class AgentSwitch(BaseModel):
    """One user-driven agent switch (spec 003)."""

    model_config = ConfigDict(frozen=True)

    agent_id: str
    name: str
    switched_at: datetime
    message_count: int
    """Messages in the session when the switch happened."""


class SwitchingState(PatternState):
    """The session's switching part: the current agent and the reset the next model call owes."""

    key: ClassVar[str] = "switching"

    ai_agent_id: str | None = None
    """The agent the model must be (spec 003)."""
    active_agent_id: str | None = None
    """The agent the user selected (spec 003)."""
    agent_history: tuple[AgentSwitch, ...] = ()
    reset_pending: bool = False
    """True between a switch and the first model call after it (the "hard reset" prompt)."""
    initial_agent: str | None = None
    """`ai_agent_id` before the first switch (None: the entry agent)."""
