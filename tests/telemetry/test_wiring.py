"""Tracing wired into the platform: a chat turn of the support app and a bus request produce the
GenAI / messaging spans (read back from the SDK's in-memory exporter), and nothing when off."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from switchboard import telemetry
from switchboard.agents.kit import AgentKit
from switchboard.apps import load_app
from switchboard.bus import AgentContract, AgentKind, MessageBus, Operation, ResponseStatus
from switchboard.bus.agent_handler import AgentHandler
from switchboard.core.agent_spec import AgentSpec
from switchboard.core.messages import Usage
from switchboard.models.base import ModelResponse
from switchboard.models.scripted import ScriptedModel, call
from switchboard.patterns.app import PatternApp
from switchboard.sessions.turn import Turn
from switchboard.telemetry.attributes import conversation_ref
from switchboard.tools.registry import ToolRegistry

COORDINATOR = "assistente_virtual"


@pytest.fixture
def exporter() -> Iterator[InMemorySpanExporter]:
    memory = InMemorySpanExporter()
    assert telemetry.configure({}, exporter=memory)
    yield memory
    telemetry.reset()


def _support(model: ScriptedModel) -> PatternApp:
    app = load_app("support", model=model, store="memory://")
    assert isinstance(app, PatternApp)
    return app


def _faq_script() -> ScriptedModel:
    return ScriptedModel(
        {
            COORDINATOR: [
                ModelResponse(
                    tool_calls=call("buscar_faq", pergunta="horário de atendimento").tool_calls,
                    usage=Usage(input_tokens=120, output_tokens=12, calls=1),
                    model="scripted-2026",
                    finish_reason="tool_calls",
                ),
                ModelResponse(
                    text="Atendemos de segunda a sexta.",
                    usage=Usage(input_tokens=150, output_tokens=8, calls=1),
                    finish_reason="stop",
                ),
            ]
        }
    )


def _one(spans: list[ReadableSpan], name: str) -> ReadableSpan:
    found = [span for span in spans if span.name == name]
    assert len(found) == 1, [span.name for span in spans]
    return found[0]


def _parent_is(child: ReadableSpan, parent: ReadableSpan) -> bool:
    return child.parent is not None and child.parent.span_id == parent.context.span_id


@pytest.mark.parametrize("stream", [False, True])
async def test_a_support_turn_with_a_tool_call_is_one_trace_with_genai_attributes(
    exporter: InMemorySpanExporter, stream: bool
) -> None:
    app = _support(_faq_script())
    if stream:
        events = [e async for e in app.stream("s1", "qual o horário?", user_id="u1")]
        usage = events[-2]
        assert usage.type == "usage" and events[-1].type == "done"
        tokens = (usage.input_tokens, usage.output_tokens)
    else:
        reply = await app.reply("s1", "qual o horário?", user_id="u1")
        assert reply.text == "Atendemos de segunda a sexta."
        tokens = (reply.usage.input_tokens, reply.usage.output_tokens)

    spans = list(exporter.get_finished_spans())
    assert sorted(span.name for span in spans) == [
        "chat scripted",
        "chat scripted",
        "execute_tool buscar_faq",
        f"invoke_agent {COORDINATOR}",
        "switchboard.turn",
    ]
    turn = _one(spans, "switchboard.turn")
    agent = _one(spans, f"invoke_agent {COORDINATOR}")
    tool = _one(spans, "execute_tool buscar_faq")
    chats = [span for span in spans if span.name == "chat scripted"]
    assert len({span.context.trace_id for span in spans}) == 1
    assert turn.parent is None and turn.kind is SpanKind.SERVER
    assert _parent_is(agent, turn)
    assert all(_parent_is(span, agent) for span in [*chats, tool])

    assert turn.attributes is not None
    assert turn.attributes["gen_ai.conversation.id"] == conversation_ref("s1")
    assert turn.attributes["switchboard.app"] == "support"
    assert turn.attributes["switchboard.pattern"] == "DelegationPattern"
    assert agent.attributes is not None
    assert agent.attributes["gen_ai.operation.name"] == "invoke_agent"
    assert agent.attributes["gen_ai.agent.name"] == COORDINATOR

    first, second = sorted(chats, key=lambda span: span.start_time or 0)
    assert first.kind is SpanKind.CLIENT
    attributes = dict(first.attributes or {})
    assert {key: attributes.pop(key) for key in list(attributes) if "usage" not in key} == {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "scripted",
        "gen_ai.request.model": "scripted",
        "gen_ai.request.stream": stream,
        "gen_ai.response.model": "scripted-2026",
        "gen_ai.response.finish_reasons": ("tool_calls",),
    }
    # token usage per call: what the turn reports in total, split over its two model calls
    per_call = [
        (
            span.attributes["gen_ai.usage.input_tokens"],
            span.attributes["gen_ai.usage.output_tokens"],
        )
        for span in (first, second)
        if span.attributes is not None
    ]
    assert all(inp > 0 and out > 0 for inp, out in per_call)  # type: ignore[operator]
    assert tuple(map(sum, zip(*per_call, strict=True))) == tokens  # type: ignore[arg-type]
    assert tool.attributes is not None
    assert tool.attributes["gen_ai.operation.name"] == "execute_tool"
    assert tool.attributes["gen_ai.tool.name"] == "buscar_faq"
    assert tool.attributes["gen_ai.tool.type"] == "function"
    assert str(tool.attributes["gen_ai.tool.call.id"]).startswith("call_")
    assert all(span.status.status_code is not StatusCode.ERROR for span in spans)
    # privacy: no message text or tool arguments in any attribute
    values = " ".join(str(v) for span in spans for v in (span.attributes or {}).values())
    assert "horário" not in values and "segunda" not in values and "s1" not in values.split()


async def test_a_failed_turn_and_a_failed_tool_mark_their_spans(
    exporter: InMemorySpanExporter,
) -> None:
    model = ScriptedModel(
        {COORDINATOR: [call("buscar_faq", pergunta=7), call("buscar_faq", {"x": 1})] * 5}
    )
    app = _support(model)
    events = [e async for e in app.stream("s2", "oi", user_id="u1")]
    assert events[-3].type == "error" and events[-3].code == "step_limit"

    spans = list(exporter.get_finished_spans())
    turn = _one(spans, "switchboard.turn")
    assert turn.status.status_code is StatusCode.ERROR
    assert turn.attributes is not None and turn.attributes["error.type"] == "step_limit"
    agent = _one(spans, f"invoke_agent {COORDINATOR}")
    assert agent.attributes is not None and agent.attributes["error.type"] == "step_limit"
    tools = [span for span in spans if span.name == "execute_tool buscar_faq"]
    assert tools and all(
        span.attributes is not None and span.attributes["error.type"] == "tool_error"
        for span in tools
    )


async def test_a_bus_request_is_a_send_span_and_a_linked_process_span(
    exporter: InMemorySpanExporter,
) -> None:
    contract = AgentContract(
        name="cotacao", kind=AgentKind.EXECUTOR, operations=[Operation(name="resumir")]
    )
    kit = AgentKit.build(AgentSpec(name="cotacao"), ToolRegistry())
    handler = AgentHandler(kit, ScriptedModel(["Tudo certo."]), contract)
    async with MessageBus() as bus:
        await bus.register(contract, handler)
        with telemetry.span_mission("m1"):
            response = await bus.request("orquestrador", "cotacao", "resumir", {})
    assert response.status is ResponseStatus.SUCCESS

    spans = list(exporter.get_finished_spans())
    mission = _one(spans, "switchboard.mission")
    send, process = _one(spans, "send resumir"), _one(spans, "process resumir")
    agent = _one(spans, "invoke_agent cotacao")
    assert len({span.context.trace_id for span in spans}) == 1
    assert _parent_is(send, mission) and _parent_is(process, send)
    assert _parent_is(agent, process)
    assert (send.kind, process.kind) == (SpanKind.PRODUCER, SpanKind.CONSUMER)
    assert send.attributes is not None and process.attributes is not None
    assert send.attributes["messaging.message.id"] == process.attributes["messaging.message.id"]
    assert send.attributes["switchboard.bus.sender"] == "orquestrador"
    assert process.attributes["switchboard.bus.recipient"] == "cotacao"
    assert process.attributes["messaging.operation.type"] == "process"


async def test_nothing_is_recorded_and_no_wrapper_runs_when_tracing_is_off() -> None:
    memory = InMemorySpanExporter()
    telemetry.configure({}, exporter=memory)
    telemetry.reset()  # off again: the exporter must stay empty
    app = _support(_faq_script())
    reply = await app.reply("s3", "qual o horário?", user_id="u1")
    assert reply.text == "Atendemos de segunda a sexta."
    assert memory.get_finished_spans() == ()
    # the untraced generators themselves, not wrappers around them
    run = app.turns.run(Turn("s", "u", "support", "oi", False, app.clock, COORDINATOR))
    assert run.__qualname__ == "TurnPipeline._run"  # type: ignore[attr-defined]
    await run.aclose()  # type: ignore[attr-defined]
