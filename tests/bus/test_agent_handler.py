"""LLM agents serving bus contracts: the run, its tools, the user from the mission's context,
structured answers repaired or refused, tokens accounted to the mission. Both transports."""

from __future__ import annotations

import pytest

from switchboard import AgentSpec, tool
from switchboard.agents.kit import AgentKit
from switchboard.bus import AgentContract, AgentKind, Operation, ResponseStatus
from switchboard.bus.agent_handler import USER_KEY, AgentHandler
from switchboard.models.scripted import ScriptedModel, call
from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import ToolContext

SEEN_USERS: list[str] = []


@tool()
def saldo(ctx: ToolContext) -> dict[str, str]:
    """Lê o saldo do usuário."""
    SEEN_USERS.append(ctx.user_id)
    return {"saldo": "1.234,56"}


QUOTE = Operation(
    name="consultar",
    request_schema={"type": "object", "required": ["ticker"]},
    response_schema={
        "type": "object",
        "required": ["ticker", "preco"],
        "properties": {"ticker": {"type": "string"}, "preco": {"type": "number"}},
    },
)
CONTRACT = AgentContract(
    name="cotacao", kind=AgentKind.EXECUTOR, operations=[QUOTE, Operation(name="resumir")]
)


def handler(script: dict, tools=()) -> tuple[AgentHandler, ScriptedModel]:
    spec = AgentSpec(name="cotacao", role="Executor de cotações", tools=[t.name for t in tools])
    model = ScriptedModel(script)
    kit = AgentKit.build(spec, ToolRegistry(tools))
    return AgentHandler(kit, model, CONTRACT), model


async def test_an_agent_answers_a_request_with_its_tools_and_the_mission_user(bus):
    SEEN_USERS.clear()
    agent, model = handler({"cotacao": [call("saldo"), "Seu saldo é R$ 1.234,56."]}, tools=[saldo])
    await bus.register(CONTRACT, agent)
    await bus.open_mission("m1", lead_coordinator="orquestrador", token_budget=10_000)

    response = await bus.request(
        "orquestrador", "cotacao", "resumir", {}, mission_id="m1", context={USER_KEY: "maria"}
    )

    assert response.status is ResponseStatus.SUCCESS
    assert response.payload.data == {"texto": "Seu saldo é R$ 1.234,56."}
    assert SEEN_USERS == ["maria"]
    assert "Operação solicitada: resumir" in model.requests[0].messages[-1].content
    assert (await bus.mission("m1")).tokens_used > 0


async def test_a_structured_answer_is_parsed_and_validated(bus):
    agent, _ = handler({"cotacao": ['{"ticker": "PETR4", "preco": 38.42}']})
    await bus.register(CONTRACT, agent)

    response = await bus.request("orquestrador", "cotacao", "consultar", {"ticker": "PETR4"})

    assert response.payload.data == {"ticker": "PETR4", "preco": 38.42}


async def test_an_invalid_structured_answer_is_repaired_once(bus):
    agent, model = handler(
        {"cotacao": ["O preço é 38,42", '```json\n{"ticker": "PETR4", "preco": 38.42}\n```']}
    )
    await bus.register(CONTRACT, agent)

    response = await bus.request("orquestrador", "cotacao", "consultar", {"ticker": "PETR4"})

    assert response.payload.data == {"ticker": "PETR4", "preco": 38.42}
    assert model.requests[-1].response_schema == QUOTE.response_schema
    assert "JSON inválido" in model.requests[-1].messages[-1].content


async def test_garbage_after_the_repair_is_a_failure_never_raw_text(bus):
    agent, _ = handler({"cotacao": ["lixo", '{"ticker": 7}']})
    await bus.register(CONTRACT, agent)

    response = await bus.request(
        "orquestrador", "cotacao", "consultar", {"ticker": "PETR4"}, retries=0
    )

    assert response.status is ResponseStatus.TOTAL_FAILURE
    assert response.payload.data is None or "lixo" not in str(response.payload.data)


@pytest.fixture(autouse=True)
def _clear_users():
    SEEN_USERS.clear()
