"""`Guarded`: any routing pattern behind a guard.

The guard sees every message first. What it lets through goes to the inner pattern untouched; what
it blocks is answered by the guard's own text (a pt-BR refusal, or a caring answer for self-harm),
reported to `on_block` (the moderation log), and persisted with its answer tagged
`MessageKind.BLOCKED`: the user still sees both in the history, no model ever sees them again.
The inner pattern never routes a blocked message, so nothing it would do (tools, side effects,
state changes) happens.

A guard that fails (raises) fails CLOSED: the message is answered with `GUARD_FAILED_MESSAGE`
("não consegui verificar sua mensagem agora…"), persisted as BLOCKED, and not reported to
`on_block` (nothing was judged unsafe; the failure is logged). An unjudged message never reaches
the inner pattern. Guards with a fallback of their own (the scholarship guard answers with its
offline classifier when the guard model fails) never get here for a model error.

`speculate=True` (for a slow guard: a hosted model call) overlaps the guard with the inner
pattern's speculative first step when the inner pattern is `Speculative` (see `speculation.py`:
reads and model calls only, so nothing it did can leak; it is cancelled on UNSAFE or failure).
An offline guard (a classifier, ~1 ms) stays sequential: there is nothing to win.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from dataclasses import dataclass
from typing import Protocol

from switchboard.core.events import AgentEvent, Event, TextEvent
from switchboard.core.messages import META_KIND, Message, MessageKind
from switchboard.core.state import RoutingState
from switchboard.patterns.app import AgentRouting, model_agents
from switchboard.patterns.guardrails.messages import GUARD_FAILED_MESSAGE
from switchboard.patterns.guardrails.speculation import Speculative
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
"""The verdict of a message the guard lets through."""
GUARD_FAILED = "guard_failed"
"""`Verdict.category` of a message blocked because the guard failed (fail closed)."""


class Guard(Protocol):
    """Anything that judges a user message SAFE or UNSAFE before a pattern sees it: offline
    rules, a classifier or a hosted model."""

    async def check(self, turn: Turn) -> Verdict:
        """Judge `turn.text` (the history is there too, for guards that need it)."""
        ...


BlockHandler = Callable[[Turn, Verdict], Awaitable[None]]
"""Called when a guard blocks a turn (with the verdict): apps record or alert without changing
the answer."""


class Guarded:
    """`inner` behind `guard`. Who answers, and switching, are the inner pattern's."""

    def __init__(
        self,
        guard: Guard,
        inner: AgentRouting,
        *,
        on_block: BlockHandler | None = None,
        speculate: bool = False,
        failed_answer: str = GUARD_FAILED_MESSAGE,
    ) -> None:
        """`speculate`: the guard is slow (a hosted model call), so a `Speculative` inner
        pattern starts its safe first step alongside it. `failed_answer` is what the user reads
        when the guard fails (pt-BR)."""
        self.guard = guard
        self.inner = inner
        self.on_block = on_block
        self.speculative: Speculative | None = (
            inner if speculate and isinstance(inner, Speculative) else None
        )
        self.failed = Verdict(allowed=False, category=GUARD_FAILED, answer=failed_answer)

    def current_agent(self, state: RoutingState) -> str:
        return self.inner.current_agent(state)

    def place(self, state: RoutingState, agent: str) -> None:
        self.inner.place(state, agent)

    def model_agents(self) -> Collection[str] | None:
        """The inner pattern's (`ModelDriven`); a hosted guard's model is its own business."""
        return model_agents(self.inner)

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        speculative = self.speculative
        if speculative is None:
            verdict = await self._judge(turn)
            if verdict.allowed:
                async for event in self.inner.route(turn):
                    yield event
                return
            async for event in self._block(turn, verdict):
                yield event
            return
        speculative.speculate(turn)
        try:
            verdict = await self._judge(turn)
            if verdict.allowed:
                async for event in self.inner.route(turn):
                    yield event
                return
            await speculative.abandon(turn)  # stopped before anything of the block is written
            async for event in self._block(turn, verdict):
                yield event
        finally:
            await speculative.abandon(turn)  # what `route` did not take

    async def _judge(self, turn: Turn) -> Verdict:
        try:
            return await self.guard.check(turn)
        except Exception:
            log.exception(
                "the guard failed; the message is blocked (fail closed)",
                extra={"session_id": turn.session_id},
            )
            return self.failed

    async def _block(self, turn: Turn, verdict: Verdict) -> AsyncIterator[Event]:
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
        if self.on_block is not None and verdict is not self.failed:
            await self.on_block(turn, verdict)
        if turn.stream:
            yield AgentEvent(agent=agent, reason="start")
            yield TextEvent(delta=verdict.answer, agent=agent)


__all__ = ["ALLOW", "GUARD_FAILED", "BlockHandler", "Guard", "Guarded", "Verdict"]
