"""`Guarded`: any routing pattern behind a guard.

The guard sees every message first. What it lets through goes to the inner pattern untouched; what
it blocks is answered by the guard's own text (a pt-BR refusal, or a caring answer for self-harm),
reported to `on_block` (the moderation log), and persisted with its answer tagged
`MessageKind.BLOCKED`: the user still sees both in the history, no model ever sees them again.
The inner pattern never runs for a blocked message, so nothing it would do (tools, side effects,
state changes) happens.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from switchboard.core.events import AgentEvent, Event, TextEvent
from switchboard.core.messages import META_KIND, Message, MessageKind
from switchboard.core.state import RoutingState
from switchboard.patterns.app import AgentRouting
from switchboard.sessions.turn import Turn

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A guard's decision on one message."""

    allowed: bool
    category: str | None = None
    """Why it was blocked (`self_harm`, `violence`, `prompt_injection`, …)."""
    answer: str = ""
    """What the user is told when blocked (pt-BR)."""


ALLOW = Verdict(allowed=True)


class Guard(Protocol):
    async def check(self, turn: Turn) -> Verdict:
        """Judge `turn.text` (the history is there too, for guards that need it)."""
        ...


BlockHandler = Callable[[Turn, Verdict], Awaitable[None]]


class Guarded:
    """`inner` behind `guard`. Who answers, and switching, are the inner pattern's."""

    def __init__(
        self, guard: Guard, inner: AgentRouting, *, on_block: BlockHandler | None = None
    ) -> None:
        self.guard = guard
        self.inner = inner
        self.on_block = on_block

    def current_agent(self, state: RoutingState) -> str:
        return self.inner.current_agent(state)

    def place(self, state: RoutingState, agent: str) -> None:
        self.inner.place(state, agent)

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        verdict = await self.guard.check(turn)
        if verdict.allowed:
            async for event in self.inner.route(turn):
                yield event
            return
        log.info(
            "message blocked by the guard",
            extra={"session_id": turn.session_id, "category": verdict.category},
        )
        agent = self.inner.current_agent(turn.state)
        turn.speaker = agent
        blocked = {META_KIND: MessageKind.BLOCKED}
        turn.new_messages.append(
            Message(role="user", content=turn.text, agent=agent, metadata=dict(blocked))
        )
        turn.say(verdict.answer, agent=agent).metadata.update(blocked)
        if self.on_block is not None:
            await self.on_block(turn, verdict)
        if turn.stream:
            yield AgentEvent(agent=agent, reason="start")
            yield TextEvent(delta=verdict.answer, agent=agent)


__all__ = ["ALLOW", "BlockHandler", "Guard", "Guarded", "Verdict"]
