"""Builds the scholarship assistant (spec 002): `Guarded(ScholarshipGuard, ScholarshipsPattern)`.

    switchboard chat --app scholarships
    load_app("scholarships", store=..., model="embedded")   # the offline default

Offline (the embedded default) every decision is made by rules, extraction and the offline
guard classifier, and every Sisu/Prouni answer is quoted from the editais. With a hosted model
(`SWITCHBOARD_MODEL`, a provider key, or `model=`) the guard, the router, slot extraction and the
agents' wording use it, each falling back to the offline path when its answer is unusable; the
hosted guard runs alongside the router's model call (`Guarded(speculate=True)`).

`start()` (idempotent, run before the first turn) also fills the knowledge index with the shipped
editais (`ingest_packaged`, a no-op when present), loads the seed opportunities and warms the
guard classifier, so the first student does not wait for them.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import yaml

from switchboard import (
    AgentSpec,
    BuilderFactory,
    Clock,
    Guarded,
    Model,
    PatternApp,
    Store,
    open_store,
)
from switchboard.apps.scholarships.context import ROOT, Services
from switchboard.apps.scholarships.eligibility import DEFAULT_RULES, IncomeRules
from switchboard.apps.scholarships.guard import ScholarshipGuard, moderation_logger
from switchboard.apps.scholarships.learning import alert_negative_feedback
from switchboard.apps.scholarships.pattern import ScholarshipsPattern
from switchboard.apps.scholarships.rag import WebSearch
from switchboard.apps.scholarships.records import OPPORTUNITIES
from switchboard.config import Settings
from switchboard.core import SYSTEM_CLOCK
from switchboard.knowledge import KNOWLEDGE, ingest_packaged
from switchboard.models import ModelChoice, ModelSource, as_source
from switchboard.store import FeedbackRecord

AGENTS_FILE = Path(__file__).with_name("agents.yaml")
NAME = "scholarships"
TITLE = "Cloudinha — Sisu e Prouni"


def is_offline(choice: ModelChoice | ModelSource) -> bool:
    """True when the agents run on the embedded model (`ModelSource.offline`)."""
    return as_source(choice).offline


class ScholarshipsApp(PatternApp):
    """`PatternApp` plus the app's own warm-up (knowledge, seed data, guard)."""

    def __init__(self, *args: Any, services: Services, guard: ScholarshipGuard, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.services = services
        self.guard = guard
        self._warm = False

    async def on_feedback(self, feedback: FeedbackRecord) -> None:
        """A thumbs-down raises the review alert at once (log + `feedback_down` signal)."""
        await alert_negative_feedback(self.store, feedback)

    async def start(self) -> None:
        await super().start()
        if self._warm:
            return
        await ingest_packaged(self.services.index, clock=self.clock)
        opportunities = self.store.repository(OPPORTUNITIES)
        if await opportunities.count() == 0:
            await opportunities.load_seed()
        self.services.courses = await opportunities.courses()
        await asyncio.to_thread(self.guard.warm)
        self._warm = True


def load_specs() -> dict[str, AgentSpec]:
    """The agents of `agents.yaml` (keys starting with "x-" hold YAML anchors, not agents)."""
    data = yaml.safe_load(AGENTS_FILE.read_text(encoding="utf-8"))
    specs = [
        AgentSpec.model_validate({"name": name, **body})
        for name, body in data.items()
        if not name.startswith("x-")
    ]
    return {spec.name: spec for spec in specs}


def build(
    *,
    store: str | Store | None = None,
    settings: Settings | None = None,
    clock: Clock = SYSTEM_CLOCK,
    model: ModelChoice | ModelSource = None,
    web: WebSearch | None = None,
    rules: IncomeRules = DEFAULT_RULES,
    **_: Any,
) -> ScholarshipsApp:
    """The app, on `store` (default in memory) with `model` (default: settings / embedded)."""
    settings = settings or Settings()
    store_obj = open_store(store if store is not None else "memory://", clock=clock)
    specs = load_specs()
    models = as_source(model)
    hosted = not models.offline

    def model_for(spec: AgentSpec) -> Model:
        return models.for_agent(spec)

    services = Services(
        store=store_obj,
        agents=specs,
        index=store_obj.repository(KNOWLEDGE),
        rules=rules,
        model_for=model_for if hosted else None,
        web=web,
    )
    guard = ScholarshipGuard(hosted=(lambda: model_for(specs[ROOT])) if hosted else None)
    pattern = Guarded(
        guard,
        ScholarshipsPattern(services, clock=clock),
        on_block=moderation_logger(store_obj),
        speculate=hosted,  # the router's model call runs alongside the guard model's
    )
    return ScholarshipsApp(
        NAME,
        pattern,
        specs,
        entry_agent=ROOT,
        store=store_obj,
        models=models,
        settings=settings,
        clock=clock,
        title=TITLE,
        services=services,
        guard=guard,
    )


factory = BuilderFactory(build)
"""The `switchboard.apps` entry point (`AppFactory`): `build` with the app's defaults."""

__all__ = ["NAME", "ScholarshipsApp", "build", "factory", "is_offline", "load_specs"]
