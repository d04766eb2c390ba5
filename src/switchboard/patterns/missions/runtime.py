"""`MissionRuntime`: an app's one message bus with its mission agents on it, generic.

The app owns exactly one bus for its lifetime: created and the app's agents registered in
`start()` (the app's warm-up), closed in `close()` (the app's shutdown). In-process by default;
with a Redis URL the bus runs over Redis Streams (`RedisStreamsTransport`, key prefix
`redis_prefix`) so that several server processes share budgets, breakers and contracts.

What is the app's comes in one object, its `MissionAgents`: what it registers on the bus (and
the resources it opens for that, closed with the bus) and how it runs one question — finance's
orchestrator then `lead_mission` (apps/finance/missions/runtime.py).

`run(package, user_id=, progress=)` is one complex question; `note_message(user_id, at)` marks
the user's missions that ended in the last 5 minutes as followed up (§10 `query_followup`, a
dissatisfaction signal in the weekly report) in the app's mission log.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from datetime import datetime
from typing import Generic, Protocol, TypeVar

from switchboard.bus import MessageBus
from switchboard.bus.transports.base import Transport
from switchboard.core.clock import Clock
from switchboard.patterns.missions.models import FinalAnswer
from switchboard.sessions.progress import Progress
from switchboard.telemetry import spans as tracing

log = logging.getLogger(__name__)

P = TypeVar("P")
P_contra = TypeVar("P_contra", contravariant=True)


class MissionAgents(Protocol[P_contra]):
    """The app's side of the runtime."""

    async def register(self, bus: MessageBus) -> None:
        """Register the app's contracts and agents on `bus` (opening what they need)."""
        ...

    async def aclose(self) -> None:
        """Close what `register` opened (the bus is closed by the runtime)."""
        ...

    async def run(
        self,
        bus: MessageBus,
        package: P_contra,
        *,
        user_id: str,
        progress: Progress,
        session_id: str | None,
        mission_id: str | None,
    ) -> FinalAnswer:
        """One question answered by a mission on `bus` (`mission_id`: the id to use, if set)."""
        ...


class FollowUps(Protocol):
    """The mission log as the runtime uses it (memory and SQL repositories both satisfy it)."""

    async def note_user_message(
        self, user_id: str, at: datetime, session_id: str | None = None
    ) -> int: ...


class MissionRuntime(Generic[P]):
    """The bus, the registered agents and what a mission needs (see the module docstring)."""

    def __init__(
        self,
        agents: MissionAgents[P],
        *,
        clock: Clock,
        log: FollowUps | None = None,
        redis_url: str | None = None,
        redis_prefix: str = "switchboard:missions:bus:",
        name: str = "missions",
    ) -> None:
        self.agents = agents
        self.clock = clock
        self.log = log
        self.redis_url = redis_url
        self.redis_prefix = redis_prefix
        self.name = name
        """For log lines ("finance: mission bus started")."""
        self._bus: MessageBus | None = None
        self._lock = asyncio.Lock()

    @property
    def bus(self) -> MessageBus | None:
        return self._bus

    async def start(self) -> None:
        """Create the bus and register the app's agents on it (idempotent)."""
        await self._start()

    async def _start(self) -> MessageBus:
        async with self._lock:
            if self._bus is not None:
                return self._bus
            transport: Transport | None = None
            if self.redis_url:
                # imported here: redis is only needed for scale-out
                from switchboard.bus.transports.redis_streams import RedisStreamsTransport

                transport = RedisStreamsTransport(self.redis_url, prefix=self.redis_prefix)
            bus = MessageBus(transport, clock=self.clock)
            try:
                await self.agents.register(bus)
            except BaseException:
                await bus.close()
                await self.agents.aclose()
                raise
            self._bus = bus
            log.info(
                "%s: mission bus started (%s)", self.name, "redis" if transport else "in-process"
            )
            return bus

    async def close(self) -> None:
        async with self._lock:
            bus, self._bus = self._bus, None
            if bus is not None:
                await bus.close()
                await self.agents.aclose()

    async def note_message(self, user_id: str, at: datetime, session_id: str | None = None) -> None:
        """A user message after a mission in the same session: mark the follow-up (never fails
        the turn)."""
        if self.log is None:
            return
        try:
            await self.log.note_user_message(user_id, at, session_id)
        except Exception:  # telemetry is a nicety
            log.warning("%s: mission follow-up not recorded", self.name, exc_info=True)

    async def run(
        self,
        package: P,
        *,
        user_id: str,
        progress: Progress,
        session_id: str | None = None,
        parent: tracing.SpanScope | None = None,
    ) -> FinalAnswer:
        """One complex question answered by a mission (starts the bus on first use). Tracing
        on, it is a `switchboard.mission` span under `parent` (the orchestrator's agent span: the
        pattern is a generator and runs this in a task of its own), current while it runs, so
        the mission's bus messages nest under it."""
        bus = self._bus or await self._start()
        # the id the app's orchestrator would pick, chosen here so the span can name it
        mission_id = f"missao-{secrets.token_hex(6)}" if tracing.enabled else None
        scope = tracing.span_mission(mission_id, parent=parent) if mission_id else tracing.NOOP
        with scope:  # a no-op scope costs nothing next to a mission (milliseconds)
            return await self.agents.run(
                bus,
                package,
                user_id=user_id,
                progress=progress,
                session_id=session_id,
                mission_id=mission_id,
            )


__all__ = ["FollowUps", "MissionAgents", "MissionRuntime"]
