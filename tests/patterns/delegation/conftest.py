from __future__ import annotations

import pytest

from switchboard import AgentSpec, RoutingChatManager
from switchboard.models.scripted import ScriptedModel

COORD = "assistente"
TECH = "especialista_tecnico"
FIN = "especialista_financeiro"


def make_manager(script, *, store="memory://", tools=(), specialists=(TECH, FIN), **kwargs):
    model = script if isinstance(script, ScriptedModel) else ScriptedModel(script)
    coordinator = AgentSpec(
        name=COORD,
        role="Assistente Virtual",
        instructions="Coordene.",
        tools=kwargs.pop("coordinator_tools", []),
    )
    specs = {
        name: AgentSpec(
            name=name,
            role=name.replace("_", " ").title(),
            description=f"cuida de {name}",
            tools=kwargs.pop(f"{name}_tools", []),
        )
        for name in specialists
    }
    return RoutingChatManager(
        coordinator, specs, model=model, store=store, tools=list(tools), **kwargs
    ), model


@pytest.fixture
def manager_factory():
    made = []

    def factory(script, **kwargs):
        manager, model = make_manager(script, **kwargs)
        made.append(manager)
        return manager, model

    return factory


async def collect(manager, session_id, text, user_id="u1"):
    return [event async for event in manager.stream_message(session_id, text, user_id=user_id)]
