"""Offline policies: how an agent behaves on the embedded model, with no LLM at all.

An agent's spec may declare intents with example utterances, each mapped to an action. The
embedded provider trains a classifier on the examples at start-up and turns the chosen intent's
action into an ordinary model response (text and/or tool calls), so the agent loop has one path.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator


class PolicyAction(BaseModel):
    """What the agent does for an intent. Templates are pt-BR text with `{placeholders}`:
    `{message}` (the user's text), `{tool_output}` (result of `tool`), and `{name}` for each
    extracted argument."""

    reply: str | None = None
    tool: str | None = None
    args: dict[str, str] = Field(default_factory=dict)
    """Tool arguments: a template string, or `extract:<extractor>` (see the embedded provider)."""
    delegate: str | None = None
    """Specialist role to delegate to (coordinator only)."""
    context: str = ""
    """`initial_context` for the specialist when delegating."""
    end: str | None = None
    """End the sub-conversation with this status (specialist only)."""
    result: dict[str, Any] = Field(default_factory=dict)
    """`final_result` when ending."""
    message_to_coordinator: str | None = None
    """Internal note for the coordinator when ending."""

    @model_validator(mode="after")
    def _does_something(self) -> PolicyAction:
        if not (self.reply or self.tool or self.delegate or self.end):
            raise ValueError("an action needs at least one of reply, tool, delegate, end")
        if self.delegate and self.end:
            raise ValueError("an action cannot both delegate and end")
        return self


class Intent(BaseModel):
    name: str
    examples: list[str] = Field(default_factory=list)
    action: PolicyAction


class OfflinePolicy(BaseModel):
    intents: list[Intent]
    fallback: PolicyAction = PolicyAction(
        reply="Desculpe, não entendi bem. Pode me explicar de outro jeito?"
    )
    """Used when no intent is confident enough."""
    threshold: float = 0.35
    """Minimum classifier probability for an intent to be chosen."""

    @model_validator(mode="after")
    def _trainable(self) -> OfflinePolicy:
        trained = [i for i in self.intents if i.examples]
        if not trained:
            raise ValueError("an offline policy needs at least one intent with examples")
        names = [i.name for i in self.intents]
        if len(set(names)) != len(names):
            raise ValueError("intent names must be unique")
        return self
