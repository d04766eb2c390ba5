"""`MissionRuntime`: the finance app's one message bus with the mission agents on it.

The app owns exactly one bus for its lifetime: created and the finance agents registered in
`start()` (the app's warm-up), closed in `close()` (the app's shutdown). In-process by default;
with a Redis URL the bus runs over Redis Streams (`RedisStreamsTransport`, key prefix
`REDIS_PREFIX`) so that several server processes share budgets, breakers and contracts.

Market data: `market` is a factory so that the HTTP clients are opened in `start()` (inside
the running loop) and closed with the bus. The app passes the offline fixture replay unless a
brapi token is configured (see `apps/finance/app.py`).

`run(package, user_id=, progress=)` is one complex question; every mission is recorded in
`log` (the store's `MISSIONS` repository) for the §10 telemetry and the weekly report.
`note_message(user_id, at)` marks the user's missions that ended in the last 5 minutes as
followed up (§10 `query_followup`, a dissatisfaction signal in the weekly report); the pattern
calls it only when the session's previous turn was a mission, so ordinary chat costs nothing.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Final, Protocol

from switchboard.apps.finance.data_access import DataAccess
from switchboard.apps.finance.market import MarketSetup
from switchboard.apps.finance.missions.mission import (
    MissionLog,
    MissionModels,
    register_finance_agents,
    run_mission,
)
from switchboard.apps.finance.triage.analysis import OrchestratorPackage
from switchboard.bus import MessageBus
from switchboard.bus.transports.base import Transport
from switchboard.core.clock import Clock
from switchboard.patterns.missions.models import FinalAnswer
from switchboard.patterns.missions.settings import MissionSettings
from switchboard.sessions.progress import Progress
from switchboard.telemetry import spans as tracing

log = logging.getLogger(__name__)

REDIS_PREFIX: Final = "switchboard:finance:bus:"


class MissionRecords(MissionLog, Protocol):
    """The `MISSIONS` repository as the runtime uses it (memory and SQL both satisfy it)."""

    async def note_user_message(
        self, user_id: str, at: datetime, session_id: str | None = None
    ) -> int: ...


class MissionRuntime:
    """The bus, the registered agents and what a mission needs (see the module docstring)."""

    def __init__(
        self,
        *,
        data_access: DataAccess,
        market: Callable[[], MarketSetup],
        clock: Clock,
        models: Callable[[], MissionModels],
        log: MissionRecords | None = None,
        redis_url: str | None = None,
        settings: MissionSettings | None = None,
    ) -> None:
        self.data_access = data_access
        self.clock = clock
        self.log = log
        self.redis_url = redis_url
        self.settings = settings
        self._market_factory = market
        self._models_factory = models
        self._models: MissionModels | None = None
        self._market: MarketSetup | None = None
        self._bus: MessageBus | None = None
        self._lock = asyncio.Lock()

    @property
    def bus(self) -> MessageBus | None:
        return self._bus

    async def start(self) -> None:
        """Create the bus and register every finance agent on it (idempotent)."""
        await self._start()

    async def _start(self) -> MessageBus:
        async with self._lock:
            if self._bus is not None:
                return self._bus
            transport: Transport | None = None
            if self.redis_url:
                # imported here: redis is only needed for scale-out
                from switchboard.bus.transports.redis_streams import RedisStreamsTransport

                transport = RedisStreamsTransport(self.redis_url, prefix=REDIS_PREFIX)
            bus = MessageBus(transport, clock=self.clock)
            market = self._market_factory()
            try:
                models = self._models_factory()
                await register_finance_agents(
                    bus,
                    data_access=self.data_access,
                    research=market.research,
                    clock=self.clock,
                    models=models,
                    settings=self.settings,
                )
            except BaseException:
                await bus.close()
                await market.aclose()
                raise
            self._bus, self._market, self._models = bus, market, models
            log.info("finance: mission bus started (%s)", "redis" if transport else "in-process")
            return bus

    async def close(self) -> None:
        async with self._lock:
            bus, market = self._bus, self._market
            self._bus = self._market = self._models = None
            if bus is not None:
                await bus.close()
            if market is not None:
                await market.aclose()

    async def note_message(self, user_id: str, at: datetime, session_id: str | None = None) -> None:
        """A user message after a mission in the same session: mark the follow-up (never fails
        the turn)."""
        if self.log is None:
            return
        try:
            await self.log.note_user_message(user_id, at, session_id)
        except Exception:  # telemetry is a nicety
            log.warning("finance: mission follow-up not recorded", exc_info=True)

    async def run(
        self,
        package: OrchestratorPackage,
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
        # the id `prepare_package` would pick, chosen here so the span can name it
        mission_id = f"missao-{secrets.token_hex(6)}" if tracing.enabled else None
        scope = tracing.span_mission(mission_id, parent=parent) if mission_id else tracing.NOOP
        with scope:  # a no-op scope costs nothing next to a mission (milliseconds)
            return await run_mission(
                package,
                user_id=user_id,
                bus=bus,
                progress=progress,
                clock=self.clock,
                models=self._models,
                data_access=self.data_access,
                log=self.log,
                settings=self.settings,
                session_id=session_id,
                mission_id=mission_id,
            )


__all__ = ["REDIS_PREFIX", "MissionRuntime"]
