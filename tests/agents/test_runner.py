from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from switchboard import AgentSpec, tool
from switchboard.agents.kit import AgentKit
from switchboard.agents.runner import AgentRun
from switchboard.core.errors import ModelResponseError, StepLimitError
from switchboard.core.messages import Message
from switchboard.models.base import Model, ModelRequest, ModelResponse, StreamChunk, TextDelta
from switchboard.models.scripted import ScriptedModel, call, calls
from switchboard.tools import ToolContext, ToolRegistry


def run_for(model, tools=(), names=(), max_steps=8, stream=True):
    agent = AgentSpec(name="a", tools=list(names), max_steps=max_steps)
    return AgentRun(
        AgentKit.build(agent, ToolRegistry(tools)),
        model,
        [Message.user("oi")],
        system_prompt="sys",
        tool_context=ToolContext(session_id="s", user_id="u", agent="a"),
        stream=stream,
    )


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
    assert [e.type for e in events] == ["tool_start", "tool_start", "tool_end", "tool_end", "text"]
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


class _GarbageModel(Model):
    """A user-written model that breaks the port's contract."""

    model_id = "custom:garbage"

    def __init__(self, answer: object) -> None:
        self.answer = answer

    async def complete(self, request: ModelRequest) -> ModelResponse:
        return self.answer  # type: ignore[return-value]


class _CutStreamModel(Model):
    model_id = "custom:cut"

    async def complete(self, request: ModelRequest) -> ModelResponse:
        raise AssertionError("not used")

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        yield TextDelta(text="meia ")  # and never the ResponseDone


@pytest.mark.parametrize(
    "answer",
    [
        {"text": "um dict"},
        "um texto solto",
        ModelResponse(text="ok", tool_calls=[{"id": "c1", "name": "x"}]),  # type: ignore[list-item]
        ModelResponse(text=None),  # type: ignore[arg-type]
    ],
)
async def test_a_model_answer_that_breaks_the_contract_is_a_typed_error(answer):
    run = run_for(_GarbageModel(answer), stream=False)
    with pytest.raises(ModelResponseError, match="custom:garbage") as caught:
        async for _ in run:
            pass
    assert caught.value.code == "model_bad_response"
    assert run.outcome.new_messages == []  # nothing half-made to persist


async def test_a_stream_without_its_final_response_is_a_typed_error():
    run = run_for(_CutStreamModel())
    seen = []
    with pytest.raises(ModelResponseError, match="no final response"):
        async for event in run:
            seen.append(event)
    assert [e.delta for e in seen] == ["meia "]


# -- blank answers ----------------------------------------------------------------------------


@pytest.mark.parametrize("stream", [True, False])
async def test_a_blank_answer_is_asked_for_once_more(stream):
    from switchboard.core.events import ErrorEvent, TextEvent

    model = ScriptedModel([" \n ", "Aqui está."])
    run = run_for(model, stream=stream)
    events = [event async for event in run]
    assert run.outcome.text == "Aqui está."
    assert len(model.requests) == 2 and model.requests[0] == model.requests[1]
    assert not [e for e in events if isinstance(e, ErrorEvent)]
    if stream:
        assert "".join(e.delta for e in events if isinstance(e, TextEvent)).strip() == "Aqui está."
    assert run.outcome.tally.calls == 2


@pytest.mark.parametrize("stream", [True, False])
async def test_two_blank_answers_become_the_fallback_with_an_error_event(stream):
    from switchboard.agents.runner import EMPTY_ANSWER_REPLY
    from switchboard.core.events import ErrorEvent

    run = run_for(ScriptedModel(["", "   "]), stream=stream)
    events = [event async for event in run]
    assert run.outcome.text == EMPTY_ANSWER_REPLY
    assert run.outcome.new_messages[-1].content == EMPTY_ANSWER_REPLY
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert [e.code for e in errors] == (["model_empty_answer"] if stream else [])


async def test_a_tool_call_without_text_is_not_blank():
    model = ScriptedModel([call("nada"), "feito"])

    @tool
    def nada() -> str:
        return "ok"

    run = run_for(model, tools=[nada], names=["nada"])
    [event async for event in run]
    assert run.outcome.text == "feito" and len(model.requests) == 2
