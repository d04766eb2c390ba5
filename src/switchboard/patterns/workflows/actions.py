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

An action runs a registered `@tool` (its timeout, cache, fallbacks and progress events) with
`ctx.call_tool` — the tools come from `WorkflowPattern(tools=registry)`:

    async def search(ctx: ActionContext) -> AsyncIterator[ActionItem]:
        run = ctx.call_tool("buscar_vagas", {"curso": ctx.slots["course"]})
        async for item in run:                       # tool_start, its status line, tool_end
            yield item
        if run.result.ok:
            yield SetSlots({"results": json.loads(run.result.output)})

(an action that returns slots instead awaits `await ctx.call_tool(...).run()`: same call, no
events). A failed or timed-out tool is a `ToolResult(ok=False)` with a pt-BR reason, as for
agents; only an unknown tool registry is a configuration error.

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
from uuid import uuid4

from switchboard.core.errors import ConfigurationError
from switchboard.core.events import StatusEvent, ToolEndEvent, ToolStartEvent
from switchboard.patterns.workflows.definition import Workflow
from switchboard.sessions.turn import Turn
from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import ToolContext, ToolResult


@dataclass(frozen=True, slots=True)
class ActionContext:
    """What a workflow action receives: the turn, the workflow, the typed slots and the user's
    text."""

    turn: Turn
    """The running turn (user id, session id, history, usage)."""
    workflow: Workflow
    slots: Mapping[str, Any]
    """The workflow's slots, typed (a copy: set slots with `SetSlots` or the return value)."""
    text: str | None
    """The user's message when this step runs in reply to one (None when resuming)."""
    tools: ToolRegistry | None = None
    """The pattern's tools (`WorkflowPattern(tools=...)`), for `call_tool`."""

    def call_tool(
        self, name: str, arguments: Mapping[str, Any] | None = None, *, call_id: str | None = None
    ) -> ToolRun:
        """Tool `name` with `arguments`, run for the workflow's speaker on this turn's user and
        session (`ToolContext`), through the registry: validation, timeout, cache, fallbacks.
        Iterate the returned run to relay its events, then read `run.result`."""
        if self.tools is None:
            raise ConfigurationError(
                f"workflow {self.workflow.name!r} calls tool {name!r}, but its pattern has no "
                "tools: pass WorkflowPattern(tools=ToolRegistry([...]))",
                workflow=self.workflow.name,
                tool=name,
            )
        context = ToolContext(
            session_id=self.turn.session_id,
            user_id=self.turn.user_id,
            agent=self.workflow.speaker,
            clock=self.turn.clock,
        )
        call_id = call_id or f"{self.workflow.name}-{name}-{uuid4().hex[:12]}"
        return ToolRun(self.tools, name, dict(arguments or {}), context, call_id)


class ToolRun:
    """One tool call made by an action (`ActionContext.call_tool`). Iterating it runs the tool
    once and yields what an agent's tool call shows: `tool_start`, the tool's `status` line,
    `tool_end` (the engine passes them on only to streaming clients)."""

    def __init__(
        self,
        tools: ToolRegistry,
        name: str,
        arguments: dict[str, Any],
        context: ToolContext,
        call_id: str,
    ) -> None:
        self.name = name
        self.arguments = arguments
        self.call_id = call_id
        self._tools = tools
        self._context = context
        self._result: ToolResult | None = None

    @property
    def result(self) -> ToolResult:
        """The outcome; only once the run has been iterated (or `run()` awaited)."""
        if self._result is None:
            raise RuntimeError(f"tool {self.name!r} has not run yet: iterate the run first")
        return self._result

    def __aiter__(self) -> AsyncIterator[ActionItem]:
        return self._events()

    async def run(self) -> ToolResult:
        """Run the tool without relaying its events (for actions that return slots)."""
        async for _ in self._events():
            pass
        return self.result

    async def _events(self) -> AsyncIterator[ActionItem]:
        if self._result is not None:
            raise RuntimeError(f"tool {self.name!r} already ran; call `call_tool` again")
        agent = self._context.agent
        yield ToolStartEvent(tool=self.name, args=self.arguments, call_id=self.call_id, agent=agent)
        registered = self._tools.get(self.name)
        if registered is not None and registered.status:
            yield StatusEvent(message=registered.status)
        result = self._result = await self._tools.execute(self.name, self.arguments, self._context)
        yield ToolEndEvent(
            tool=self.name,
            output=result.output,
            ok=result.ok,
            ms=result.ms,
            call_id=self.call_id,
            agent=agent,
        )


@dataclass(frozen=True, slots=True)
class SetSlots:
    """An action's request to set slots (validated like user answers)."""

    values: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Say:
    """Text for the user (pt-BR), streamed and stored tagged with the workflow."""

    text: str
    aside: bool = False
    """A line that reports none of the values just read (a greeting): the "Anotei: …" line of
    the message still follows it. Otherwise what an action says stands for that line."""


@dataclass(frozen=True, slots=True)
class UiRequest:
    """Ask the web chat to render `component`; everyone else gets `fallback_text`."""

    component: str
    props: Mapping[str, Any] = field(default_factory=dict)
    fallback_text: str = ""


ActionItem = SetSlots | Say | UiRequest | StatusEvent | ToolStartEvent | ToolEndEvent
"""What an action may yield: slot changes, a line to say, a UI request or progress and tool
events."""
ActionOutcome = Awaitable[Mapping[str, Any] | None] | AsyncIterator[ActionItem]
Action = Callable[[ActionContext], ActionOutcome]
"""A workflow action step: an async callable taking the `ActionContext`, returning slot changes
or yielding items."""
Validator = Callable[[Any, Mapping[str, Any]], str | None]
"""Checks a slot's value given the other slots; returns the pt-BR reason to ask again, or None."""
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
    "ToolRun",
    "UiRequest",
    "Validator",
]
