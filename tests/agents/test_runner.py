from __future__ import annotations

import asyncio

import pytest

from switchboard import AgentSpec, tool
from switchboard.agents.kit import AgentKit
from switchboard.agents.runner import AgentRun
from switchboard.core.errors import StepLimitError
from switchboard.core.messages import Message
from switchboard.models.scripted import ScriptedModel, call, calls
from switchboard.tools import ToolContext, ToolRegistry


def run_for(model, tools=(), names=(), max_steps=8, stream=True):
    agent = AgentSpec(name="a", tools=list(names), max_steps=max_steps)
    return AgentRun(AgentKit.build(agent, ToolRegistry(tools)), model, [Message.user("oi")],
                    system_prompt="sys",
                    tool_context=ToolContext(session_id="s", user_id="u", agent="a"),
                    stream=stream)


async def test_parallel_tool_calls_run_concurrently_and_results_keep_call_order():
    gate = asyncio.Event()
    order = []

    @tool
    async def primeira() -> str:
        await gate.wait()
        order.append("primeira")
        return "1"

    @tool
    async def segunda() -> str:
        order.append("segunda")
        gate.set()  # would deadlock if the calls ran one after the other
        return "2"

    model = ScriptedModel([calls(("primeira", {}), ("segunda", {})), "pronto"])
    run = run_for(model, [primeira, segunda], ["primeira", "segunda"])
    events = [e async for e in run]
    assert order == ["segunda", "primeira"]
    assert [e.type for e in events] == ["tool_start", "tool_start", "tool_end", "tool_end",
                                        "text"]
    follow_up = model.requests[1].messages
    assert [(m.role, m.content) for m in follow_up[-2:]] == [("tool", "1"), ("tool", "2")]
    assert run.outcome.text == "pronto" and run.outcome.usage.calls == 2


async def test_status_line_is_emitted_for_tools_that_declare_one():
    @tool(status="Consultando seu perfil...")
    def perfil() -> str:
        return "{}"

    run = run_for(ScriptedModel([call("perfil"), "ok"]), [perfil], ["perfil"])
    events = [e async for e in run]
    assert [e.message for e in events if e.type == "status"] == ["Consultando seu perfil..."]


async def test_tool_not_offered_to_the_agent_is_refused():
    @tool
    def secreta() -> str:
        return "segredo"

    model = ScriptedModel([call("secreta"), "ok"])
    run = run_for(model, [secreta], [])
    events = [e async for e in run]
    end = next(e for e in events if e.type == "tool_end")
    assert not end.ok and "segredo" not in end.output


async def test_step_limit():
    @tool
    def de_novo() -> str:
        return "mais"

    model = ScriptedModel(lambda request: call("de_novo"))
    run = run_for(model, [de_novo], ["de_novo"], max_steps=3)
    with pytest.raises(StepLimitError):
        async for _ in run:
            pass
    assert model.calls == 3


async def test_text_streams_as_deltas():
    run = run_for(ScriptedModel(["uma resposta em partes"]))
    deltas = [e.delta async for e in run if e.type == "text"]
    assert deltas == ["uma ", "resposta ", "em ", "partes"]
