"""Finance turns are traced like the others: the agent that takes the message is an
`invoke_agent` span under the turn, a complex question's mission a `switchboard.mission` span
under the orchestrator's, with the mission's bus messages (send → process) under it."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from switchboard import telemetry

from .app_helpers import make_app

USER = "ana"


@pytest.fixture
def exporter() -> Iterator[InMemorySpanExporter]:
    memory = InMemorySpanExporter()
    assert telemetry.configure({}, exporter=memory)
    yield memory
    telemetry.reset()


def _children(spans: list[ReadableSpan], parent: ReadableSpan) -> list[ReadableSpan]:
    return [s for s in spans if s.parent is not None and s.parent.span_id == parent.context.span_id]


async def test_a_mission_turn_is_turn_agent_mission_bus(
    exporter: InMemorySpanExporter, caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app(demo_user=USER)
    await app.start()
    try:
        with caplog.at_level(logging.WARNING):
            question = "A Petrobras caiu 3% ontem, vale a pena comprar agora?"
            events = [e async for e in app.stream("f1", question, user_id=USER)]
            recorded = [e async for e in app.stream("f2", "gastei 50 no mercado", user_id=USER)]
    finally:
        await app.shutdown()
    assert events[-1].type == "done" and recorded[-1].type == "done"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]

    spans = list(exporter.get_finished_spans())
    first, second = sorted(
        (s for s in spans if s.name == "switchboard.turn"), key=lambda s: s.start_time or 0
    )
    (agent,) = _children(spans, first)
    assert agent.name == "invoke_agent orquestrador"
    assert (agent.attributes or {})["gen_ai.agent.name"] == "orquestrador"
    (mission,) = _children(spans, agent)
    assert mission.name == "switchboard.mission"
    assert str((mission.attributes or {})["switchboard.mission.id"]).startswith("missao-")
    sends = _children(spans, mission)
    assert sends and all(s.name.startswith("send ") for s in sends)
    processes = [p for s in sends for p in _children(spans, s)]
    assert processes and all(p.name.startswith("process ") for p in processes)
    # the lead's own requests to the executors nest under its processing
    assert any(_children(spans, p) for p in processes)
    assert len({s.context.trace_id for s in [first, agent, mission, *sends, *processes]}) == 1
    assert [s.name for s in _children(spans, second)] == ["invoke_agent lancador"]
