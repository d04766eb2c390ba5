"""`PatternApp.start()` warms only the agents its pattern reports as model-driven, so a workflow
speaker (or any agent answered without a model) needs no offline policy."""

from __future__ import annotations

import pytest

from switchboard import AgentSpec
from switchboard.config import Settings
from switchboard.core.errors import ConfigurationError
from switchboard.models.source import ModelSource
from switchboard.patterns.app import ModelDriven, PatternApp, model_agents
from switchboard.patterns.guardrails import Guarded
from switchboard.patterns.guardrails.pattern import Verdict
from switchboard.patterns.workflows import WorkflowPattern
from switchboard.store.factory import open_store

from .workflows.conftest import ROOT, WORKFLOWS, Profiles, answer, make_app, positive, price, say


class Allow:
    async def check(self, text: str) -> Verdict:
        return Verdict(safe=True)


def embedded_app(pattern: object, agents: dict[str, AgentSpec], entry: str) -> PatternApp:
    """The app on the embedded model, whose agents here have no offline policy."""
    return PatternApp(
        "toy",
        pattern,  # type: ignore[arg-type]  # each test's pattern routes agents
        agents,
        entry_agent=entry,
        store=open_store("memory://"),
        models=ModelSource("embedded"),
        settings=Settings(database_url="memory://"),
    )


def toy_agents(pattern: WorkflowPattern) -> dict[str, AgentSpec]:
    agents = {pattern.root_agent: AgentSpec(name=pattern.root_agent, role="Atendente")}
    for workflow in pattern.workflows.values():
        agents[workflow.speaker] = AgentSpec(name=workflow.speaker)
    return agents


async def test_a_workflow_app_needs_no_model_for_its_speakers() -> None:
    pattern = toy_pattern()
    app = embedded_app(pattern, toy_agents(pattern), ROOT)

    assert isinstance(pattern, ModelDriven) and model_agents(pattern) == ()
    assert app.model_driven() == []
    assert await say(app, "oi") == "Olá! Posso fazer seu cadastro ou anotar um pedido."


async def test_a_guard_forwards_what_its_inner_pattern_reports() -> None:
    pattern = toy_pattern()
    app = embedded_app(Guarded(Allow(), pattern), toy_agents(pattern), ROOT)

    await app.start()
    assert app.model_driven() == []


async def test_a_pattern_that_does_not_say_gets_every_agent_warmed() -> None:
    class Silent:
        """Routes like the toy workflows but reports nothing (`ModelDriven` not implemented)."""

        def __init__(self, inner: WorkflowPattern) -> None:
            self.inner = inner

        def current_agent(self, state):  # type: ignore[no-untyped-def]
            return self.inner.current_agent(state)

        def place(self, state, agent):  # type: ignore[no-untyped-def]
            self.inner.place(state, agent)

        def route(self, turn):  # type: ignore[no-untyped-def]
            return self.inner.route(turn)

    pattern = toy_pattern()
    app = embedded_app(Silent(pattern), toy_agents(pattern), ROOT)

    assert model_agents(app.pattern) is None
    with pytest.raises(ConfigurationError, match="no offline policy"):
        await app.start()


async def test_the_scripted_toy_app_still_runs() -> None:
    app = make_app()
    assert app.model_driven() == []
    assert await say(app, "oi") == "Olá! Posso fazer seu cadastro ou anotar um pedido."


def toy_pattern() -> WorkflowPattern:
    return WorkflowPattern(
        WORKFLOWS,
        answer=answer,
        root_agent=ROOT,
        actions={"save_profile": Profiles().save_profile, "price": price},
        validators={"positive": positive},
    )
