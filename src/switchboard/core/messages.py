"""Conversation messages as the model sees them and as the store keeps them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

Role = Literal["system", "user", "assistant", "tool"]


class ToolCall(BaseModel):
    """A model's request to run a tool. `arguments` is the raw JSON text the model produced:
    it is parsed (and may fail to parse) only when the tool runs."""

    id: str
    name: str
    arguments: str = "{}"


class Message(BaseModel):
    role: Role
    content: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None
    """Tool name on `tool` messages."""
    agent: str | None = None
    """Which agent produced (assistant/tool) or received (user) this message."""
    metadata: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def system(cls, content: str) -> Message:
        return cls(role="system", content=content)

    @classmethod
    def user(cls, content: str, agent: str | None = None) -> Message:
        return cls(role="user", content=content, agent=agent)

    @classmethod
    def assistant(cls, content: str = "", tool_calls: list[ToolCall] | None = None,
                  agent: str | None = None) -> Message:
        return cls(role="assistant", content=content, tool_calls=tool_calls or [], agent=agent)

    @classmethod
    def tool(cls, call: ToolCall, content: str, agent: str | None = None) -> Message:
        return cls(role="tool", content=content, tool_call_id=call.id, name=call.name, agent=agent)


class Usage(BaseModel):
    input_tokens: int = 0
    output_tokens: int = 0
    calls: int = 0

    def add(self, other: Usage) -> None:
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.calls += other.calls

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
        return Usage(input_tokens=self.input_tokens, output_tokens=self.output_tokens,
                     calls=self.calls)
