"""Shared pieces of the bus behavioural suite: contracts, recording agents, waiting helpers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from switchboard.bus import AgentContract, AgentKind, MessageBus, Operation, RequestContext
from switchboard.core.clock import ManualClock

ADD_SCHEMA = {
    "type": "object",
    "required": ["a", "b"],
    "additionalProperties": False,
    "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
}
ANY_SCHEMA = {"type": "object"}


def contract(
    name: str,
    kind: AgentKind = AgentKind.EXECUTOR,
    *,
    ops: dict[str, dict[str, Any]] | None = None,
    fallbacks: tuple[str, ...] = (),
    concurrency: int | None = None,
) -> AgentContract:
    ops = ops if ops is not None else {"add": ADD_SCHEMA, "work": ANY_SCHEMA}
    return AgentContract(
        name=name,
        kind=kind,
        description=f"test agent {name}",
        operations=[Operation(name=n, request_schema=s) for n, s in ops.items()],
        fallbacks=list(fallbacks),
        max_concurrency=concurrency,
    )


class Recorder:
    """A handler that records every delivery and answers with `respond` (default: a + b)."""

    def __init__(self, respond: Callable[[RequestContext], Awaitable[Any]] | None = None) -> None:
        self.seen: list[RequestContext] = []
        self.notes: list[RequestContext] = []
        self._respond = respond

    async def __call__(self, ctx: RequestContext) -> Any:
        (self.notes if ctx.is_notification else self.seen).append(ctx)
        if self._respond is not None:
            return await self._respond(ctx)
        if ctx.is_notification:
            return None
        p = ctx.parameters
        return p.get("a", 0) + p.get("b", 0)

    def notice_kinds(self) -> list[str]:
        return [n.message.payload.objective for n in self.notes if n.message.sender == "bus"]


async def until(cond: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait (real time, briefly) for something that crosses the transport to happen."""
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.002)


async def settle(rounds: int = 5) -> None:
    """Give in-flight deliveries a chance to move (a few real milliseconds for Redis)."""
    for _ in range(rounds):
        await asyncio.sleep(0.003)


async def drive(
    clock: ManualClock,
    cond: Callable[[], bool],
    *,
    step: float = 0.5,
    limit: float = 600.0,
    pause: float = 0.001,
) -> float:
    """Advance the manual clock in steps (letting I/O settle between them) until `cond` holds.

    Returns the clock time advanced. Never sleeps for the rule's duration in real time. At
    `limit`, the clock stops and what it set off gets a few real seconds to cross the transport
    (a loaded machine delivers over Redis in more than `pause`) before the condition fails.
    """
    advanced = 0.0
    while not cond():
        if advanced >= limit:
            try:
                await until(cond)
            except AssertionError:
                raise AssertionError(
                    f"condition not reached after advancing {advanced} s"
                ) from None
            break
        await clock.advance(step)
        advanced += step
        await asyncio.sleep(
            pause
        )  # real time for in-flight I/O (Redis) to land before the next step
    return advanced


async def with_lead(bus: MessageBus, name: str = "lead") -> Recorder:
    lead = Recorder()
    await bus.register(contract(name, AgentKind.COORDINATOR), lead)
    return lead
