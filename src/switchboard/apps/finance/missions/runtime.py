"""Finance's missions on the platform's `MissionRuntime` (patterns/missions/runtime.py).

`FinanceMissions` is finance's side: at start it opens the market data (`market` is a factory
so that the HTTP clients are opened inside the running loop and closed with the bus; the app
passes the offline fixture replay unless a brapi token is configured, see `apps/finance/app.py`),
builds the mission models and registers every finance agent (`register_finance_agents`); a
question runs `run_mission` (the orchestrator, then the lead). `finance_runtime(...)` is the
runtime the app owns; every mission is recorded in `log` (the store's `MISSIONS` repository)
for the §10 telemetry and the weekly report.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from switchboard import Clock, Progress
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
from switchboard.patterns import FinalAnswer, FollowUps, MissionRuntime, MissionSettings

REDIS_PREFIX: Final = "switchboard:finance:bus:"


class MissionRecords(MissionLog, FollowUps, Protocol):
    """The `MISSIONS` repository as the runtime uses it (memory and SQL both satisfy it)."""


class FinanceMissions:
    """Finance's `MissionAgents` (see the module docstring)."""

    def __init__(
        self,
        *,
        data_access: DataAccess,
        market: Callable[[], MarketSetup],
        clock: Clock,
        models: Callable[[], MissionModels],
        log: MissionLog | None = None,
        settings: MissionSettings | None = None,
    ) -> None:
        self.data_access = data_access
        self.clock = clock
        self.log = log
        self.settings = settings
        self._market_factory = market
        self._models_factory = models
        self._models: MissionModels | None = None
        self._market: MarketSetup | None = None

    async def register(self, bus: MessageBus) -> None:
        market = self._market_factory()
        self._market = market
        models = self._models_factory()
        await register_finance_agents(
            bus,
            data_access=self.data_access,
            research=market.research,
            clock=self.clock,
            models=models,
            settings=self.settings,
        )
        self._models = models

    async def aclose(self) -> None:
        market, self._market, self._models = self._market, None, None
        if market is not None:
            await market.aclose()

    async def run(
        self,
        bus: MessageBus,
        package: OrchestratorPackage,
        *,
        user_id: str,
        progress: Progress,
        session_id: str | None,
        mission_id: str | None,
    ) -> FinalAnswer:
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


FinanceRuntime = MissionRuntime[OrchestratorPackage]
"""The finance app's mission runtime type."""


def finance_runtime(
    *,
    data_access: DataAccess,
    market: Callable[[], MarketSetup],
    clock: Clock,
    models: Callable[[], MissionModels],
    log: MissionRecords | None = None,
    redis_url: str | None = None,
    settings: MissionSettings | None = None,
) -> FinanceRuntime:
    """The app's one mission bus (in-process, or Redis Streams under `REDIS_PREFIX`)."""
    agents = FinanceMissions(
        data_access=data_access,
        market=market,
        clock=clock,
        models=models,
        log=log,
        settings=settings,
    )
    return MissionRuntime(
        agents, clock=clock, log=log, redis_url=redis_url, redis_prefix=REDIS_PREFIX, name="finance"
    )


__all__ = [
    "REDIS_PREFIX",
    "FinanceMissions",
    "FinanceRuntime",
    "MissionRecords",
    "finance_runtime",
]
