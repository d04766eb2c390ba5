"""Spans after the GenAI semantic conventions, read back from the SDK's in-memory exporter."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from switchboard import telemetry
from switchboard.core.errors import ModelTimeoutError
from switchboard.telemetry.attributes import conversation_ref


@pytest.fixture
def exporter() -> Iterator[InMemorySpanExporter]:
    memory = InMemorySpanExporter()
    assert telemetry.configure({}, exporter=memory)
    yield memory
    telemetry.reset()


def by_name(exporter: InMemorySpanExporter) -> dict[str, ReadableSpan]:
    return {span.name: span for span in exporter.get_finished_spans()}


async def test_turn_agent_model_and_tool_spans_nest_with_genai_attributes(
    exporter: InMemorySpanExporter,
) -> None:
    async with telemetry.span_turn("sessao-1", app="support", pattern="delegation"):
        with telemetry.span_agent("assistente", model_id="openai:gpt-4o-mini"):
            with telemetry.span_model_call("openai:gpt-4o-mini", stream=True) as call:
                call.record_usage(120, 30, response_model="gpt-4o-mini-2024", finish_reason="stop")
            async with telemetry.span_tool("consultar_pedido", call_id="call_1") as tool:
                tool.fail("tool_error")

    spans = by_name(exporter)
    assert set(spans) == {
        "switchboard.turn",
        "invoke_agent assistente",
        "chat gpt-4o-mini",
        "execute_tool consultar_pedido",
    }
    turn, agent = spans["switchboard.turn"], spans["invoke_agent assistente"]
    chat, tool_span = spans["chat gpt-4o-mini"], spans["execute_tool consultar_pedido"]
    assert turn.parent is None
    assert agent.parent is not None and agent.parent.span_id == turn.context.span_id
    assert chat.parent is not None and chat.parent.span_id == agent.context.span_id
    assert tool_span.parent is not None and tool_span.parent.span_id == agent.context.span_id
    assert len({span.context.trace_id for span in spans.values()}) == 1

    assert dict(turn.attributes or {}) == {
        "gen_ai.conversation.id": conversation_ref("sessao-1"),
        "switchboard.app": "support",
        "switchboard.pattern": "delegation",
    }
    assert turn.kind == SpanKind.SERVER
    assert dict(agent.attributes or {}) == {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "assistente",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
    }
    assert chat.kind == SpanKind.CLIENT
    assert dict(chat.attributes or {}) == {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.request.stream": True,
        "gen_ai.usage.input_tokens": 120,
        "gen_ai.usage.output_tokens": 30,
        "gen_ai.response.model": "gpt-4o-mini-2024",
        "gen_ai.response.finish_reasons": ("stop",),
    }
    assert dict(tool_span.attributes or {}) == {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "consultar_pedido",
        "gen_ai.tool.type": "function",
        "gen_ai.tool.call.id": "call_1",
        "error.type": "tool_error",
    }
    assert tool_span.status.status_code == StatusCode.ERROR
    assert turn.status.status_code == StatusCode.UNSET


async def test_no_session_id_or_message_text_reaches_attributes(
    exporter: InMemorySpanExporter,
) -> None:
    with telemetry.span_turn("maria@example.com"):
        pass
    (turn,) = exporter.get_finished_spans()
    values = [str(value) for value in (turn.attributes or {}).values()]
    assert all("maria" not in value for value in values)
    assert conversation_ref("maria@example.com", salt="a") != conversation_ref(
        "maria@example.com", salt="b"
    )


async def test_exceptions_are_recorded_with_the_stable_code(
    exporter: InMemorySpanExporter,
) -> None:
    with pytest.raises(ModelTimeoutError), telemetry.span_model_call("anthropic:claude-x"):
        raise ModelTimeoutError("no answer in 30s")
    with pytest.raises(ValueError):
        async with telemetry.span_tool("calc__add", tool_type="extension"):
            raise ValueError("bad")

    spans = by_name(exporter)
    chat = spans["chat claude-x"]
    assert chat.status.status_code == StatusCode.ERROR
    assert (chat.attributes or {})["error.type"] == "model_timeout"
    assert (chat.attributes or {})["gen_ai.provider.name"] == "anthropic"
    assert [event.name for event in chat.events] == ["exception"]
    tool_span = spans["execute_tool calc__add"]
    assert (tool_span.attributes or {})["error.type"] == "ValueError"
    assert (tool_span.attributes or {})["gen_ai.tool.type"] == "extension"


async def test_a_cancelled_task_marks_its_span_cancelled(exporter: InMemorySpanExporter) -> None:
    started = asyncio.Event()

    async def turn() -> None:
        async with telemetry.span_turn("s"):
            started.set()
            await asyncio.sleep(3600)

    task = asyncio.create_task(turn())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    (span,) = exporter.get_finished_spans()
    assert (span.attributes or {})["error.type"] == "cancelled"
    assert span.events == ()


async def test_concurrent_turns_get_separate_traces(exporter: InMemorySpanExporter) -> None:
    async def turn(session: str) -> None:
        async with telemetry.span_turn(session):
            await asyncio.sleep(0)
            with telemetry.span_agent(f"agent-{session}"):
                await asyncio.sleep(0)

    await asyncio.gather(turn("a"), turn("b"))
    finished = exporter.get_finished_spans()
    by_id = {span.context.span_id: span for span in finished}
    assert len(by_id) == 4
    for session in ("a", "b"):
        agent = next(s for s in finished if s.name == f"invoke_agent agent-{session}")
        assert agent.parent is not None
        parent = by_id[agent.parent.span_id]
        assert (parent.attributes or {})["gen_ai.conversation.id"] == conversation_ref(session)


async def test_bus_message_crosses_processes_through_traceparent(
    exporter: InMemorySpanExporter,
) -> None:
    with (
        telemetry.span_mission("m-1", kind="triage"),
        telemetry.span_bus_message(
            "consultar_saldo", direction="send", sender="orq", recipient="exec", message_id="x1"
        ),
    ):
        carried = telemetry.current_traceparent()
    assert carried is not None
    # the receiving side: no current span, only the carried header
    with telemetry.span_bus_message(
        "consultar_saldo", direction="process", recipient="exec", traceparent=carried
    ):
        pass
    with telemetry.span_job("job-9", kind="relatorio", attempt=2, traceparent=carried):
        pass

    spans = by_name(exporter)
    send, process = spans["send consultar_saldo"], spans["process consultar_saldo"]
    assert send.kind == SpanKind.PRODUCER and process.kind == SpanKind.CONSUMER
    assert process.parent is not None and process.parent.span_id == send.context.span_id
    assert process.context.trace_id == spans["switchboard.mission"].context.trace_id
    assert (send.attributes or {})["messaging.destination.name"] == "consultar_saldo"
    assert (send.attributes or {})["messaging.message.id"] == "x1"
    job = spans["switchboard.job"]
    assert job.context.trace_id == send.context.trace_id
    assert dict(job.attributes or {}) == {
        "switchboard.job.id": "job-9",
        "switchboard.job.kind": "relatorio",
        "switchboard.job.attempt": 2,
    }


def test_log_records_carry_the_current_trace_and_span_ids(
    exporter: InMemorySpanExporter, caplog: pytest.LogCaptureFixture
) -> None:
    log = logging.getLogger("switchboard.test.telemetry")
    log.addFilter(telemetry.TraceContextFilter())
    try:
        with caplog.at_level(logging.INFO, logger=log.name):
            with telemetry.span_tool("t"):
                log.info("inside")
            log.info("outside")
    finally:
        log.filters.clear()
    (span,) = exporter.get_finished_spans()
    inside, outside = caplog.records
    assert inside.trace_id == f"{span.context.trace_id:032x}"  # type: ignore[attr-defined]
    assert inside.span_id == f"{span.context.span_id:016x}"  # type: ignore[attr-defined]
    assert (outside.trace_id, outside.span_id) == ("", "")  # type: ignore[attr-defined]


def test_off_unless_an_endpoint_is_configured() -> None:
    assert not telemetry.configure({})
    assert not telemetry.configure(
        {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318", "OTEL_SDK_DISABLED": "true"}
    )
    assert not telemetry.configure(
        {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318", "OTEL_TRACES_EXPORTER": "none"}
    )
    assert not telemetry.is_enabled()


def test_nothing_is_recorded_and_nothing_is_allocated_when_off() -> None:
    telemetry.reset()
    helpers = [
        telemetry.span_turn("s", app="a"),
        telemetry.span_agent("a", model_id="openai:x"),
        telemetry.span_model_call("openai:x"),
        telemetry.span_tool("t", call_id="c"),
        telemetry.span_bus_message("op", direction="send"),
        telemetry.span_mission("m"),
        telemetry.span_job("j"),
    ]
    assert all(helper is telemetry.NOOP for helper in helpers)
    with telemetry.span_model_call("openai:x") as call:
        call.record_usage(1, 2)
        call.fail("x")
        assert not call.recording
    assert telemetry.current_traceparent() is None
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "m", None, None)
    assert telemetry.TraceContextFilter().filter(record)
    assert (record.trace_id, record.span_id) == ("", "")  # type: ignore[attr-defined]
