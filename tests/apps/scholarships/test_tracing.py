"""A scholarships turn is a turn span with the answering agent (workflow) under it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from switchboard import telemetry

from .helpers import make_app, onboarded, stream


@pytest.fixture
def exporter() -> Iterator[InMemorySpanExporter]:
    memory = InMemorySpanExporter()
    assert telemetry.configure({}, exporter=memory)
    yield memory
    telemetry.reset()


async def test_a_scholarships_turn_has_its_agent_span(exporter: InMemorySpanExporter) -> None:
    app = make_app()
    await onboarded(app)
    events = await stream(app, "Quero achar uma faculdade")
    done = events[-1]
    assert done.type == "done"
    spans = list(exporter.get_finished_spans())
    (turn,) = [s for s in spans if s.name == "switchboard.turn"]
    agents = [s for s in spans if s.name.startswith("invoke_agent ")]
    assert len(agents) == 1
    (agent,) = agents
    assert agent.parent is not None and agent.parent.span_id == turn.context.span_id
    assert agent.name == f"invoke_agent {done.agent}"
    assert (agent.attributes or {})["gen_ai.agent.name"] == done.agent
    assert (agent.attributes or {})["gen_ai.operation.name"] == "invoke_agent"
