"""A session's routing state: everything needed to route the next message, persisted as one record.

Any process can load it and serve the next message; nothing lives only in an object.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class SpecialistResult(BaseModel):
    """What a specialist handed back with `end_specialist_sub_conversation` (spec 000)."""

    specialist: str
    status: str
    final_result: Any = None
    last_user_message: str = ""
    message_to_coordinator: str | None = None


class AgentSwitch(BaseModel):
    """One user-driven agent switch (spec 003)."""

    agent_id: str
    name: str
    switched_at: datetime
    message_count: int
    """Messages in the session when the switch happened."""


class RoutingState(BaseModel):
    active_agent: str | None = None
    """Agent that receives the next user message; None means the entry agent."""
    agent_stack: list[str] = Field(default_factory=list)
    """Agents waiting for control to come back (the delegating coordinator sits here)."""
    pending_result: SpecialistResult | None = None
    """A finished sub-conversation's result, delivered to the coordinator with the next message."""
    specialist_context: str | None = None
    """`initial_context` of the current sub-conversation only; cleared when it ends."""
    workflow: str | None = None
    workflow_step: str | None = None
    open_question: str | None = None
    """A question the assistant asked and is waiting on (dialog continuity)."""
    ai_agent_id: str | None = None
    """The agent the model must be (spec 003)."""
    active_agent_id: str | None = None
    """The agent the user selected (spec 003)."""
    agent_history: list[AgentSwitch] = Field(default_factory=list)
    reset_pending: bool = False
    """True between a switch and the first model call after it (the "hard reset" prompt)."""
    data: dict[str, Any] = Field(default_factory=dict)
    """Pattern-specific extras (workflow slots and the like)."""

    def clone(self) -> RoutingState:
        """An independent copy, much cheaper than a deep copy: nested models are immutable in
        practice (replaced, never mutated), so only the containers are copied."""
        return self.model_copy(
            update={
                "agent_stack": list(self.agent_stack),
                "agent_history": list(self.agent_history),
                "data": dict(self.data),
            }
        )
