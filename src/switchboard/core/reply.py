"""The answer to one user message, as `process_message` returns it."""

from __future__ import annotations

from pydantic import BaseModel, Field

from switchboard.core.messages import Usage


class Reply(BaseModel):
    """A finished turn for callers that do not stream: the answer text, the agent, the session
    and the usage."""

    text: str
    agent: str
    """The agent that gave the answer."""
    session_id: str
    message_id: str | None = None
    usage: Usage = Field(default_factory=Usage)
