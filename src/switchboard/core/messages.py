"""Conversation messages as the model sees them and as the store keeps them.

Plain slots dataclasses, not pydantic models: every turn builds and copies several of them and
the store keeps every one, so they are the most numerous objects in a running system. They hold
only data our own code produced or already validated; where untrusted data becomes a message
(database rows, provider answers), it is validated on the way in (see `store/sql/operations.py`
and the provider adapters), and HTTP shows messages through its own pydantic schemas.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Role = Literal["system", "user", "assistant", "tool"]


class MessageKind(StrEnum):
    """`metadata[META_KIND]` of messages that are not plain chat."""

    NOTE = "note"
    """A note-only user message: the same-turn hand-back of spec 000, shown to one agent."""
    BLOCKED = "blocked"
    """A message a guardrail stopped, and the refusal that answered it: kept in the history the
    user sees, never shown to a model again (it may be an injection attempt)."""


META_KIND = "kind"
"""Metadata key: the message's `MessageKind` (absent for plain messages)."""
META_NOTE = "system_note"
"""Metadata key: a `[SYSTEM_NOTE: …]` prepended for the agent named under `META_NOTE_FOR`."""
META_NOTE_FOR = "note_for"
META_SEEN_BY = "seen_by"
"""Metadata key: agents (besides its own) that a user message was handed to in its turn."""
META_WORKFLOW = "workflow"
"""Metadata key: the workflow that handled the message (spec 002 tags every message)."""
META_UI = "ui"
"""Metadata key: the interactive components shown with an answer (`UiEvent`s as JSON, without
`type`, in order), so a reloaded history renders them again instead of their fallback text."""


_NOTE = MessageKind.NOTE
"""Read once (see `memory/conversation.py`: enum members are slow to read through the class)."""


def is_note(message: Message) -> bool:
    return message.metadata.get(META_KIND) == _NOTE


@dataclass(slots=True)
class ToolCall:
    """A model's request to run a tool. `arguments` is the raw JSON text the model produced:
    it is parsed (and may fail to parse) only when the tool runs."""

    id: str
    name: str
    arguments: str = "{}"


@dataclass(slots=True)
class Message:
    """One conversation message (system, user, assistant or tool), provider-neutral: the unit of
    history, storage and model requests."""

    role: Role
    content: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None
    """Tool name on `tool` messages."""
    agent: str | None = None
    """Which agent produced (assistant/tool) or received (user) this message."""
    metadata: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def system(cls, content: str) -> Message:
        return cls(role="system", content=content)

    @classmethod
    def user(cls, content: str, agent: str | None = None) -> Message:
        return cls(role="user", content=content, agent=agent)

    @classmethod
    def assistant(
        cls, content: str = "", tool_calls: list[ToolCall] | None = None, agent: str | None = None
    ) -> Message:
        return cls(role="assistant", content=content, tool_calls=tool_calls or [], agent=agent)

    @classmethod
    def tool(cls, call: ToolCall, content: str, agent: str | None = None) -> Message:
        return cls(role="tool", content=content, tool_call_id=call.id, name=call.name, agent=agent)

    def replace(self, **changes: Any) -> Message:
        """A copy with `changes` applied (same class; containers are shared, not copied)."""
        return dataclasses.replace(self, **changes)


class Usage(BaseModel):
    """Tokens and model calls, as reported (immutable; `UsageTally` sums them)."""

    model_config = ConfigDict(frozen=True)

    input_tokens: int = 0
    output_tokens: int = 0
    calls: int = 0

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens


@dataclass(slots=True)
class UsageTally:
    """Running totals while a turn runs. Plain ints: adding to a pydantic `Usage` costs three
    validated attribute writes, on every model call."""

    input_tokens: int = 0
    output_tokens: int = 0
    calls: int = 0

    def add(self, other: Usage | UsageTally) -> None:
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.calls += other.calls

    def to_usage(self) -> Usage:
        return Usage(
            input_tokens=self.input_tokens, output_tokens=self.output_tokens, calls=self.calls
        )


NO_USAGE = Usage()
