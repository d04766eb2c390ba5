"""Builds the finance assistant (spec 001): `FinancePattern` served by `PatternApp`.

`build(**options)` takes the platform's shared options (`store`, `settings`, `clock`,
`model`) plus `hosted` (force the hosted or the offline path), `demo_user`, `dialog_ttl`
(`SWITCHBOARD_FINANCE_DIALOG_TTL_MINUTES`) and `retry_window`
(`SWITCHBOARD_FINANCE_RETRY_WINDOW_SECONDS`).

Offline vs hosted: the embedded model (the default with no provider key) and `scripted*` ids
run the offline brain — rules, classifiers, extractors, no model call. Any other model (a
hosted id like `openai:gpt-4o-mini`, or a `Model` instance other than the embedded one, e.g. a
test's `ScriptedModel`) runs the hosted brain, which still uses the offline decisions as first
pass and validators (brain.py).

Missions (complex questions): the app owns one `MissionRuntime` (`missions/runtime.py`,
`finance_runtime`): a message bus (in-process, or Redis Streams when `settings.redis_url` is
set) with the finance agents registered in `start()` and closed in `shutdown()`. Offline, the
missions run with the deterministic planners and templates (`MissionModels()`); hosted, the
app's model (the orquestrador's) drives the coordinators and the final synthesis. Market data:
live brapi.dev + Yahoo when `SWITCHBOARD_BRAPI_TOKEN` is set, else the offline fixture replay
(illustrative quotes; fine for the demo and tests, logged at start). Missions are recorded in
the store's `MISSIONS` repository.

Demo data: when `demo_user` is given or `SWITCHBOARD_FINANCE_DEMO_USER` is set (`switchboard
serve --dev` should set it to its dev user), `start()` loads the demo ledger for that user once.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

from switchboard import (
    AgentCard,
    AgentSpec,
    BuilderFactory,
    Clock,
    PatternApp,
    Store,
    load_agents,
    open_store,
)
from switchboard.apps.finance.brain import Brain, HostedBrain, OfflineBrain
from switchboard.apps.finance.data_access import LedgerDataAccess
from switchboard.apps.finance.demo import load_demo
from switchboard.apps.finance.ledger import LEDGER
from switchboard.apps.finance.market import MarketSetup, live_market, offline_market
from switchboard.apps.finance.missions.contracts import TITLES, contracts_json, finance_contracts
from switchboard.apps.finance.missions.mission import MissionModels
from switchboard.apps.finance.missions.runtime import FinanceRuntime, finance_runtime
from switchboard.apps.finance.missions.telemetry import MISSIONS
from switchboard.apps.finance.nlu import today_in_sao_paulo
from switchboard.apps.finance.pattern import JUNIOR, META_FINANCE, ORQUESTRADOR, FinancePattern
from switchboard.apps.finance.recording import DEFAULT_RETRY_WINDOW
from switchboard.config import Settings
from switchboard.core import SYSTEM_CLOCK
from switchboard.models import ModelChoice, ModelSource, as_source
from switchboard.store import FeedbackRecord

log = logging.getLogger(__name__)

AGENTS_FILE = Path(__file__).with_name("agents.yaml")
DEMO_USER_ENV = "SWITCHBOARD_FINANCE_DEMO_USER"
BRAPI_TOKEN_ENV = "SWITCHBOARD_BRAPI_TOKEN"
DIALOG_TTL_ENV = "SWITCHBOARD_FINANCE_DIALOG_TTL_MINUTES"
DEFAULT_DIALOG_TTL = timedelta(minutes=30)
"""An unanswered clarifying question expires after this: a message half an hour later is a new
conversation, not the answer."""
RETRY_WINDOW_ENV = "SWITCHBOARD_FINANCE_RETRY_WINDOW_SECONDS"
"""Seconds within which the same text again, sent without an `Idempotency-Key`, is taken for a
retry (default 30; 0 turns it off). See pattern.DEFAULT_RETRY_WINDOW."""


def load_specs() -> dict[str, AgentSpec]:
    return load_agents(AGENTS_FILE)


def is_hosted(model: ModelChoice | ModelSource) -> bool:
    """Whether `model` is a hosted model: not `ModelSource.offline` (the platform's one
    definition; see the module docstring)."""
    return not as_source(model).offline


class FinanceApp(PatternApp):
    """The finance `ChatApp`; `start()` also loads the demo ledger when configured."""

    def __init__(
        self,
        pattern: FinancePattern,
        *,
        hosted: bool,
        demo_user: str | None,
        missions: FinanceRuntime,
        **kwargs: Any,
    ) -> None:
        super().__init__("finance", pattern, load_specs(), entry_agent=JUNIOR, **kwargs)
        self.finance = pattern
        self.missions = missions
        self.hosted = hosted
        self.demo_user = demo_user
        self._finance_ready = False
        self._finance_lock = asyncio.Lock()
        self._cards = [*super().agents(), *mission_agent_cards(set(self.agent_names))]

    def agents(self) -> Sequence[AgentCard]:
        """The chat agents, then the mission agents (`mission_agent_cards`)."""
        return self._cards

    async def start(self) -> None:
        """Schema up to date, the hosted model configured (offline needs none), demo loaded,
        the mission bus up with the finance agents."""
        if self._finance_ready:
            return
        async with self._finance_lock:
            if self._finance_ready:
                return
            await self.store.init()
            await asyncio.to_thread(self.finance.brain.warm)
            if self.hosted:
                self.models.for_agent(self.agent(JUNIOR))
            if self.demo_user:
                today = today_in_sao_paulo(self.clock.now())
                loaded = await load_demo(self.finance.ledger, self.demo_user, today)
                log.info("finance: demo ledger for %s %s", self.demo_user,
                         "loaded" if loaded else "already present")  # fmt: skip
            await self.missions.start()
            self._finance_ready = True

    async def shutdown(self) -> None:
        await self.missions.close()
        await super().shutdown()
        self._finance_ready = False

    def contracts(self) -> list[dict[str, Any]]:
        """The finance agents' contracts (spec 001 §3.1), for `GET /apps/finance/contracts`."""
        return contracts_json()

    async def on_feedback(self, feedback: FeedbackRecord) -> None:
        """A thumbs up/down on a mission's answer is the mission's `feedback_usuario` (§10,
        analysis 5 of the weekly report). Other answers carry no mission: nothing to do."""
        message = await self.store.get_message(feedback.message_id)
        if message is None or message.session_id != feedback.session_id:
            return
        mission = (message.metadata.get(META_FINANCE) or {}).get("mission") or {}
        mission_id = mission.get("id")
        if isinstance(mission_id, str):
            await self.store.repository(MISSIONS).set_feedback(mission_id, feedback.rating)


def build(
    *,
    store: str | Store | None = None,
    settings: Settings | None = None,
    clock: Clock = SYSTEM_CLOCK,
    model: ModelChoice | ModelSource = None,
    hosted: bool | None = None,
    demo_user: str | None = None,
    dialog_ttl: timedelta | None = None,
    retry_window: timedelta | None = None,
    market: Callable[[], MarketSetup] | None = None,
    **_: Any,
) -> FinanceApp:
    """The finance app on `store` (default: settings' database) with `model`."""
    settings = settings or Settings()
    opened = open_store(store if store is not None else settings.database_url, clock=clock)
    models = as_source(model if model is not None else settings.model)
    hosted = not models.offline if hosted is None else hosted
    brain: Brain = OfflineBrain()
    if hosted:
        junior = load_specs()[JUNIOR]
        brain = HostedBrain(lambda: models.for_agent(junior))
    if dialog_ttl is None:
        minutes = os.environ.get(DIALOG_TTL_ENV)
        dialog_ttl = timedelta(minutes=float(minutes)) if minutes else DEFAULT_DIALOG_TTL
    if retry_window is None:
        seconds = os.environ.get(RETRY_WINDOW_ENV)
        retry_window = timedelta(seconds=float(seconds)) if seconds else DEFAULT_RETRY_WINDOW
    ledger = opened.repository(LEDGER)
    data = LedgerDataAccess(ledger, clock)
    runtime = finance_runtime(
        data_access=data,
        market=market or market_factory(clock),
        clock=clock,
        models=lambda: mission_models(models, hosted=hosted),
        log=opened.repository(MISSIONS),
        redis_url=settings.redis_url,
    )
    pattern = FinancePattern(
        brain,
        ledger,
        dialog_ttl=dialog_ttl,
        retry_window=retry_window,
        missions=runtime,
        data=data,
    )
    return FinanceApp(
        pattern,
        hosted=hosted,
        missions=runtime,
        demo_user=demo_user or os.environ.get(DEMO_USER_ENV) or None,
        store=opened,
        models=models,
        settings=settings,
        clock=clock,
        title="Assistente financeiro",
    )


factory = BuilderFactory(build)
"""The `switchboard.apps` entry point (`AppFactory`): `build` with the app's defaults."""


def mission_agent_cards(chat_agents: set[str]) -> list[AgentCard]:
    """Cards for the agents that work inside missions (coordinators, executors), with pt-BR
    titles: the chat stream names the lead coordinator while it works (`agent` events), and
    clients name agents from `GET /apps`. Not selectable: a coordinator needs a mission package
    (budgets, deadline) that only the orquestrador builds, so putting one in charge of a chat
    makes no sense; `has_agent` stays False for them and every switch to one is refused. An
    executor that wraps a chat agent of the same name (`simplista`) is already listed."""
    return [
        AgentCard(
            name=contract.name,
            role=TITLES.get(contract.name, contract.name),
            description=contract.description.split(". ")[0].rstrip(".") + ".",
            entry=False,
            selectable=False,
        )
        for contract in finance_contracts()
        if contract.name not in chat_agents
    ]


def mission_models(models: ModelSource, *, hosted: bool) -> MissionModels:
    """Offline: none (deterministic planners, templates). Hosted: the orquestrador's model for
    the coordinators and the final synthesis (the orchestrator's lead choice stays rule-based:
    cheap, audited, and overridden by rule, spec §3)."""
    if not hosted:
        return MissionModels()
    model = models.for_agent(load_specs()[ORQUESTRADOR])
    return MissionModels(coordinator=model, synthesis=model)


def market_factory(clock: Clock) -> Callable[[], MarketSetup]:
    """Live market data with a brapi token in the environment, else the offline replay."""
    token = os.environ.get(BRAPI_TOKEN_ENV)
    if token:
        return lambda: live_market(token, clock)

    def offline() -> MarketSetup:
        log.info("finance: no %s; missions use the offline market replay", BRAPI_TOKEN_ENV)
        return offline_market(clock)

    return offline
