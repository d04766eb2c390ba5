"""Delegation's part of the session state (spec 000): who answers, who waits, what came back."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from switchboard.core.dialog import OpenQuestion
from switchboard.core.state import PatternState


class SpecialistResult(BaseModel):
    """What a specialist handed back with `end_specialist_sub_conversation` (spec 000)."""

    model_config = ConfigDict(frozen=True)

    specialist: str
    status: str
    final_result: Any = None
    last_user_message: str = ""
    message_to_coordinator: str | None = None


class DelegationState(PatternState):
    """The session's delegation part: which agent answers next and what specialists reported."""

    key: ClassVar[str] = "delegation"

    active_agent: str | None = None
    """Agent that receives the next user message; None means the coordinator."""
    agent_stack: tuple[str, ...] = ()
    """Agents waiting for control to come back (the delegating coordinator sits here)."""
    pending_result: SpecialistResult | None = None
    """A finished sub-conversation's result, delivered to the coordinator with the next message."""
    specialist_context: str | None = None
    """`initial_context` of the current sub-conversation only; cleared when it ends."""
    open_question: OpenQuestion | None = None
    """A question the agent that answered last asked (an offline model's "É sobre a sua
    conexão ou sobre a sua fatura?"); handed to that agent with the next message, then
    dropped. Any hand-off drops it too."""
    asked_by: str | None = None
    """The agent that asked `open_question`."""
