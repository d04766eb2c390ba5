"""Tracing into job workers: a job created under a span (a chat turn's tool call) runs in a
`switchboard.job` span of that trace, carried on the job record (`traceparent`), with one
`job_step` span per checkpointed step; an unsampled creator leaves the job unsampled."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from switchboard import telemetry
from switchboard.patterns.jobs.executor import Action
from switchboard.patterns.jobs.models import Criterion, JobStatus, NewJob
from switchboard.patterns.jobs.scripted import Script

from .conftest import Harness

SCRIPT = Script(
    criteria=(Criterion(id="c1", description="tem 1 linha"),),
    actions=(Action(kind="tool", tool="append", arguments={"line": "a"}, thought="anotar"),),
    result="pronto",
)


@pytest.fixture
def exporter() -> Iterator[InMemorySpanExporter]:
    memory = InMemorySpanExporter()
    assert telemetry.configure({}, exporter=memory)
    yield memory
    telemetry.reset()


async def _job_span(exporter: InMemorySpanExporter, limit_s: float = 10.0) -> None:
    """Until the run's span ended: the row says COMPLETED a moment before the workflow
    function (and its span) returns."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit_s
    while not any(s.name == "switchboard.job" for s in exporter.get_finished_spans()):
        assert loop.time() < deadline, "the job's span never ended"
        await asyncio.sleep(0.02)


def _parent_is(child: ReadableSpan, parent: ReadableSpan) -> bool:
    return child.parent is not None and child.parent.span_id == parent.context.span_id


async def test_a_job_created_in_a_tool_call_continues_its_trace_step_by_step(
    harness: Harness, exporter: InMemorySpanExporter
) -> None:
    engine = await harness.start({"relatório": SCRIPT})
    with telemetry.span_tool("start_job", call_id="call_1"):
        job = await engine.create_job("u1", NewJob(request="relatório", persona="dev"))
    assert job.traceparent is not None
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    await _job_span(exporter)

    spans = list(exporter.get_finished_spans())
    (tool,) = [s for s in spans if s.name == "execute_tool start_job"]
    (run,) = [s for s in spans if s.name == "switchboard.job"]
    steps = [s for s in spans if s.name.startswith("job_step ")]
    assert _parent_is(run, tool) and run.kind is SpanKind.CONSUMER
    assert run.context.trace_id == tool.context.trace_id
    assert (run.attributes or {})["switchboard.job.id"] == job.id
    assert (run.attributes or {})["switchboard.job.kind"] == "dev"
    assert len(steps) >= 4 and all(_parent_is(step, run) for step in steps)
    names = {(step.attributes or {})["switchboard.job.step"] for step in steps}
    assert {"analyse", "criteria", "plan"} <= names, names


async def test_a_job_of_an_unsampled_trace_records_nothing(harness: Harness) -> None:
    memory = InMemorySpanExporter()
    telemetry.configure({}, exporter=memory, sample_ratio=0.0)
    try:
        engine = await harness.start({"relatório": SCRIPT})
        with telemetry.span_tool("start_job"):
            job = await engine.create_job("u1", NewJob(request="relatório", persona="dev"))
        assert job.traceparent is not None
        assert int(job.traceparent.rsplit("-", 1)[1], 16) & 1 == 0  # the sampled flag is off
        done = await harness.wait(job.id)
        assert done.status is JobStatus.COMPLETED, done.error
        await harness.wait_workflow(job.id, "SUCCESS")  # the run (and any span) has ended
        assert memory.get_finished_spans() == ()
    finally:
        telemetry.reset()
