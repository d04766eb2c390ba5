"""The toy app: workflows from `toy.yaml` over a root answer function, built with `PatternApp`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from switchboard import AgentSpec
from switchboard.config import Settings
from switchboard.core.events import StatusEvent
from switchboard.models.scripted import ScriptedModel
from switchboard.models.source import ModelSource
from switchboard.patterns.app import PatternApp
from switchboard.patterns.workflows import (
    ActionContext,
    ActionItem,
    SetSlots,
    UiRequest,
    WorkflowPattern,
    load_workflows,
)
from switchboard.sessions.turn import Turn
from switchboard.store.factory import open_store

ROOT = "atendente"
WORKFLOWS = load_workflows(Path(__file__).with_name("toy.yaml"))
PRICE = Decimal("39.90")


class Profiles:
    """What `save_profile` wrote, by user."""

    def __init__(self) -> None:
        self.saved: dict[str, dict[str, Any]] = {}

    async def save_profile(self, ctx: ActionContext) -> Mapping[str, Any] | None:
        self.saved[ctx.turn.user_id] = dict(ctx.slots)
        return {"profile_saved": True}


async def price(ctx: ActionContext) -> AsyncIterator[ActionItem]:
    yield StatusEvent(message="Calculando o valor...")
    total = PRICE * ctx.slots["quantity"]
    yield SetSlots({"total": str(total).replace(".", ",")})
    yield UiRequest(
        "order_summary",
        {"flavor": ctx.slots["flavor"], "total": str(total)},
        fallback_text=f"Resumo: {ctx.slots['quantity']} x {ctx.slots['flavor']}.",
    )


def positive(value: Any, slots: Mapping[str, Any]) -> str | None:
    return None if value > 0 else "O valor precisa ser maior que zero."


async def answer(turn: Turn) -> str:
    return "Olá! Posso fazer seu cadastro ou anotar um pedido."


def make_app(
    store: str = "memory://", *, profiles: Profiles | None = None, **options: Any
) -> PatternApp:
    """The toy app; `options` go to `WorkflowPattern` (router, extractor, root, ...)."""
    profiles = profiles or Profiles()
    if "root" not in options:
        options.setdefault("answer", answer)
    options.setdefault("root_agent", ROOT)
    pattern = WorkflowPattern(
        WORKFLOWS,
        actions={"save_profile": profiles.save_profile, "price": price},
        validators={"positive": positive},
        **options,
    )
    return app_for(pattern, store)


def app_for(pattern: WorkflowPattern, store: str = "memory://") -> PatternApp:
    """A `PatternApp` over `pattern`: one agent for the root and one per workflow."""
    agents = {pattern.root_agent: AgentSpec(name=pattern.root_agent, role="Atendente")}
    for workflow in pattern.workflows.values():
        agents[workflow.speaker] = AgentSpec(
            name=workflow.speaker, description=workflow.description
        )
    return PatternApp(
        "toy",
        pattern,
        agents,
        entry_agent=pattern.root_agent,
        store=open_store(store),
        models=ModelSource(ScriptedModel([])),
        settings=Settings(database_url=store),
    )


async def events(app: PatternApp, text: str, session: str = "s1") -> list[Any]:
    return [event async for event in app.stream(session, text, user_id="u1")]


async def say(app: PatternApp, text: str, session: str = "s1") -> str:
    return (await app.reply(session, text, user_id="u1")).text
