"""What an `action` step runs, and what it may produce.

An action is a plain async function of an `ActionContext`, registered by name with
`WorkflowPattern(actions={"search": search})`. Two shapes are accepted:

    async def save_profile(ctx: ActionContext) -> Mapping[str, Any] | None:
        await profiles.save(ctx.turn.user_id, ctx.slots)
        return {"saved": True}                       # slots to set (or None)

    async def search(ctx: ActionContext) -> AsyncIterator[ActionItem]:
        yield StatusEvent(message="Buscando vagas...")
        found = await opportunities.search(...)
        yield SetSlots({"results": len(found)})
        yield UiRequest("opportunity_cards", {"items": [...]}, fallback_text="Encontrei ...")

Values set by an action go through the same typed gate as the user's (`values.coerce`) when the
slot is one the workflow collects; other slots must be JSON values. Actions run again if a turn
crashes before it is saved: make side effects idempotent (keyed by session and workflow).

A validator checks one collected value with the slots around it and returns the pt-BR reason
it is rejected, or None: `def adult(value, slots) -> str | None`. A slot listener
(`WorkflowPattern(on_slots=...)`) is told every change of collected slots as it happens.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from switchboard.core.events import StatusEvent, ToolEndEvent, ToolStartEvent
from switchboard.patterns.workflows.definition import Workflow
from switchboard.sessions.turn import Turn


@dataclass(frozen=True, slots=True)
class ActionContext:
    turn: Turn
    """The running turn (user id, session id, history, usage)."""
    workflow: Workflow
    slots: Mapping[str, Any]
    """The workflow's slots, typed (a copy: set slots with `SetSlots` or the return value)."""
    text: str | None
    """The user's message when this step runs in reply to one (None when resuming)."""


@dataclass(frozen=True, slots=True)
class SetSlots:
    values: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Say:
    """Text for the user (pt-BR), streamed and stored tagged with the workflow."""

    text: str


@dataclass(frozen=True, slots=True)
class UiRequest:
    """Ask the web chat to render `component`; everyone else gets `fallback_text`."""

    component: str
    props: Mapping[str, Any] = field(default_factory=dict)
    fallback_text: str = ""


ActionItem = SetSlots | Say | UiRequest | StatusEvent | ToolStartEvent | ToolEndEvent
ActionOutcome = Awaitable[Mapping[str, Any] | None] | AsyncIterator[ActionItem]
Action = Callable[[ActionContext], ActionOutcome]
Validator = Callable[[Any, Mapping[str, Any]], str | None]
SlotListener = Callable[[Turn, Workflow, Mapping[str, Any]], Awaitable[None]]
"""Told which collected slots of a workflow changed (None = cleared), by the user or an action,
as soon as they change: an app keeps its own records in step with the slots (the scholarship
app writes the student's profile as it is told, not only when onboarding ends)."""

__all__ = [
    "Action",
    "ActionContext",
    "ActionItem",
    "ActionOutcome",
    "Say",
    "SetSlots",
    "SlotListener",
    "UiRequest",
    "Validator",
]
