"""Tracing with streaming: a turn read across tasks (as the server reads it: the first event in
the request's task, the rest in a producer task) logs no context error and keeps its tree; a
tool's bus request crosses real Redis Streams and its processing (an agent run in the other
bus's consumer task) joins the same trace; an unsampled turn stays unsampled on the far side."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from fastapi.testclient import TestClient
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind
from redis.asyncio import Redis

from switchboard import AgentSpec, RoutingChatManager, telemetry
from switchboard.agents.kit import AgentKit
from switchboard.bus import AgentContract, AgentKind, BusSettings, MessageBus, Operation
from switchboard.bus.agent_handler import AgentHandler
from switchboard.bus.transports.redis_streams import RedisStreamsTransport
from switchboard.core.events import Event
from switchboard.core.messages import Usage
from switchboard.models.base import ModelResponse
from switchboard.models.scripted import ScriptedModel, call
from switchboard.telemetry.setup import DEFAULT_SAMPLE_RATIO, sampler_ratio
from switchboard.tools import Tool
from switchboard.tools.registry import ToolRegistry

from ..server.conftest import make_server_app, sse_events
from ..server.demo import COORD, TECH, TECH_ANSWER

REDIS_URL = "redis://127.0.0.1:6379"


@pytest.fixture
def exporter() -> Iterator[InMemorySpanExporter]:
    memory = InMemorySpanExporter()
    assert telemetry.configure({}, exporter=memory)
    yield memory
    telemetry.reset()


def _one(spans: list[ReadableSpan], name: str) -> ReadableSpan:
    found = [span for span in spans if span.name == name]
    assert len(found) == 1, sorted(span.name for span in spans)
    return found[0]


def _parent_is(child: ReadableSpan, parent: ReadableSpan) -> bool:
    return child.parent is not None and child.parent.span_id == parent.context.span_id


def _errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_streamed_sse_turn_with_a_handoff_keeps_its_tree_and_logs_no_error(
    exporter: InMemorySpanExporter, caplog: pytest.LogCaptureFixture
) -> None:
    app, keys = make_server_app()
    with caplog.at_level(logging.WARNING), TestClient(app) as client:
        response = client.post(
            "/chat",
            json={"chatInput": "minha internet caiu", "sessionId": "trace-1"},
            headers={**keys.auth(keys.alice), "accept": "text/event-stream"},
        )
    assert response.status_code == 200
    events = sse_events(response.text)
    assert "".join(d["delta"] for kind, d in events if kind == "text") == TECH_ANSWER
    assert _errors(caplog) == []

    spans = list(exporter.get_finished_spans())
    turn = _one(spans, "switchboard.turn")
    coordinator = _one(spans, f"invoke_agent {COORD}")
    specialist = _one(spans, f"invoke_agent {TECH}")
    handoff = _one(spans, "execute_tool request_specialist_sub_conversation")
    chats = [span for span in spans if span.name == "chat scripted"]
    assert len(spans) == 6 and len(chats) == 2
    assert turn.parent is None and len({span.context.trace_id for span in spans}) == 1
    assert _parent_is(coordinator, turn) and _parent_is(specialist, turn)
    assert _parent_is(handoff, coordinator)
    assert sorted(c.parent.span_id for c in chats if c.parent) == sorted(
        [coordinator.context.span_id, specialist.context.span_id]
    )
    for chat in chats:
        attributes = chat.attributes or {}
        assert attributes["gen_ai.operation.name"] == "chat"
        assert attributes["gen_ai.request.model"] == "scripted"
        assert attributes["gen_ai.request.stream"] is True
    assert (specialist.attributes or {})["gen_ai.agent.name"] == TECH


class RedisPair:
    """Two buses on one Redis prefix, as two processes would have: the chat's (client) and the
    one serving the `cotacao` agent (server)."""

    def __init__(self, prefix: str) -> None:
        settings = BusSettings(redis_block_ms=20, redis_reclaim_interval=0.2)
        self.prefix = prefix
        self.server = MessageBus(RedisStreamsTransport(REDIS_URL, prefix=prefix), settings=settings)
        self.client = MessageBus(RedisStreamsTransport(REDIS_URL, prefix=prefix), settings=settings)

    async def start(self) -> None:
        await self.server.start()
        await self.client.start()
        contract = AgentContract(
            name="cotacao", kind=AgentKind.EXECUTOR, operations=[Operation(name="resumir")]
        )
        kit = AgentKit.build(AgentSpec(name="cotacao"), ToolRegistry())
        answer = ModelResponse(text="PETR4 estável.", usage=Usage(input_tokens=30, output_tokens=4))
        await self.server.register(contract, AgentHandler(kit, ScriptedModel([answer]), contract))

    async def close(self) -> None:
        await self.client.close()
        await self.server.close()
        redis = Redis.from_url(REDIS_URL)
        keys = [key async for key in redis.scan_iter(match=self.prefix + "*", count=1000)]
        if keys:
            await redis.delete(*keys)
        await redis.aclose()


@pytest.fixture
async def pair() -> AsyncIterator[RedisPair]:
    buses = RedisPair(f"sbtest:{uuid.uuid4().hex[:12]}:")
    await buses.start()
    yield buses
    await buses.close()


def _quote_app(pair: RedisPair) -> RoutingChatManager:
    async def cotar(ativo: str) -> str:
        """Pede um resumo da cotação ao agente de cotações."""
        response = await pair.client.request("assistente", "cotacao", "resumir", {"ativo": ativo})
        return str(response.data)

    model = ScriptedModel(
        {
            "assistente": [
                call("cotar", ativo="PETR4"),
                ModelResponse(
                    text="A PETR4 está estável hoje.",
                    usage=Usage(input_tokens=50, output_tokens=7),
                ),
            ]
        }
    )
    agent = AgentSpec(name="assistente", tools=["cotar"])
    return RoutingChatManager(agent, model=model, tools=[Tool(cotar)], store="memory://")


async def _read_across_tasks(events: AsyncIterator[Event]) -> list[Event]:
    """The first event in one task, the rest in another (what `/chat` does)."""
    first = await asyncio.create_task(anext(events))  # type: ignore[arg-type]

    async def rest() -> list[Event]:
        return [event async for event in events]

    return [first, *await asyncio.create_task(rest())]


async def test_a_tools_bus_request_over_redis_joins_the_turns_trace(
    exporter: InMemorySpanExporter, pair: RedisPair, caplog: pytest.LogCaptureFixture
) -> None:
    app = _quote_app(pair)
    with caplog.at_level(logging.WARNING):
        events = await _read_across_tasks(app.stream("s-redis", "e a PETR4?", user_id="u1"))
    assert events[-1].type == "done" and events[-1].text == "A PETR4 está estável hoje."
    assert _errors(caplog) == []

    spans = list(exporter.get_finished_spans())
    turn = _one(spans, "switchboard.turn")
    agent = _one(spans, "invoke_agent assistente")
    tool = _one(spans, "execute_tool cotar")
    send, process = _one(spans, "send resumir"), _one(spans, "process resumir")
    remote_agent = _one(spans, "invoke_agent cotacao")
    assert len({span.context.trace_id for span in spans}) == 1
    assert _parent_is(agent, turn) and _parent_is(tool, agent) and _parent_is(send, tool)
    # the context crossed Redis in the message: a remote parent for the consumer's span
    assert _parent_is(process, send) and process.parent is not None and process.parent.is_remote
    assert (send.kind, process.kind) == (SpanKind.PRODUCER, SpanKind.CONSUMER)
    assert _parent_is(remote_agent, process)
    remote_chat = [s for s in spans if s.name == "chat scripted" and _parent_is(s, remote_agent)]
    assert len(remote_chat) == 1
    usage = remote_chat[0].attributes or {}
    assert usage["gen_ai.usage.input_tokens"] > 0 and usage["gen_ai.usage.output_tokens"] > 0  # type: ignore[operator]
    local_chats = [s for s in spans if s.name == "chat scripted" and _parent_is(s, agent)]
    assert len(local_chats) == 2


async def test_an_unsampled_turn_records_nothing_on_either_side_of_redis(
    pair: RedisPair, caplog: pytest.LogCaptureFixture
) -> None:
    memory = InMemorySpanExporter()
    telemetry.configure({}, exporter=memory, sample_ratio=0.0)
    try:
        app = _quote_app(pair)
        with caplog.at_level(logging.WARNING):
            events = await _read_across_tasks(app.stream("s-off", "e a PETR4?", user_id="u1"))
        assert events[-1].type == "done" and events[-1].text == "A PETR4 está estável hoje."
        # parent-based: the consumer on the other bus saw `sampled=0` in the carried
        # traceparent and started no trace of its own
        assert memory.get_finished_spans() == ()
        assert _errors(caplog) == []
    finally:
        telemetry.reset()


async def test_a_generator_closed_early_in_another_task_ends_its_spans_quietly(
    exporter: InMemorySpanExporter, pair: RedisPair, caplog: pytest.LogCaptureFixture
) -> None:
    app = _quote_app(pair)
    events = app.stream("s-close", "e a PETR4?", user_id="u1")
    with caplog.at_level(logging.WARNING):
        await asyncio.create_task(anext(events))  # type: ignore[arg-type]
        await asyncio.create_task(events.aclose())  # type: ignore[attr-defined]
    assert _errors(caplog) == []
    turn = _one(list(exporter.get_finished_spans()), "switchboard.turn")
    assert turn.end_time is not None


def test_the_sampling_ratio_comes_from_the_standard_variables() -> None:
    assert sampler_ratio({}) == DEFAULT_SAMPLE_RATIO
    assert sampler_ratio({"OTEL_TRACES_SAMPLER_ARG": "0.25"}) == 0.25
    assert sampler_ratio({"OTEL_TRACES_SAMPLER": "always_on"}) == 1.0
    assert sampler_ratio({"OTEL_TRACES_SAMPLER": "parentbased_always_off"}) == 0.0
    assert sampler_ratio({"OTEL_TRACES_SAMPLER": "traceidratio",
                          "OTEL_TRACES_SAMPLER_ARG": "x"}) == DEFAULT_SAMPLE_RATIO  # fmt: skip


def test_an_unsampled_scope_carries_sampled_0_and_gives_log_lines_no_ids(
    caplog: pytest.LogCaptureFixture,
) -> None:
    memory = InMemorySpanExporter()
    telemetry.configure({}, exporter=memory, sample_ratio=0.0)
    log = logging.getLogger("switchboard.test.unsampled")
    log.addFilter(telemetry.TraceContextFilter())
    try:
        with caplog.at_level(logging.INFO, logger=log.name), telemetry.span_tool("t") as span:
            assert not span.recording
            carried = telemetry.current_traceparent()
            with telemetry.span_bus_message("op", direction="send") as child:
                assert not child.recording
            log.info("inside")
        assert carried is not None and int(carried[-2:], 16) & 1 == 0
        with telemetry.span_job("j", traceparent=carried) as job:
            assert not job.recording
        (record,) = caplog.records
        assert (record.trace_id, record.span_id) == ("", "")  # type: ignore[attr-defined]
        assert memory.get_finished_spans() == ()
    finally:
        log.filters.clear()
        telemetry.reset()
