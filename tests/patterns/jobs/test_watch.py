"""Following a job (`JobEngine.watch`, `GET /jobs/{id}/events`): the stream ends with the job,
re-reads only jobs that changed (change stamps from an index, not the tree), wakes on this
process's writes, sends bounded keep-alives while a job waits for a person, and closes."""

from __future__ import annotations

import asyncio
from typing import Any

from switchboard.core.clock import SYSTEM_CLOCK
from switchboard.core.events import parse_event
from switchboard.patterns.jobs.models import ApprovalDecision, JobStatus, NewJob
from switchboard.patterns.jobs.scripted import Script
from switchboard.server.routes.job_stream import RECONNECT, job_events

from .conftest import Harness, awaiting
from .test_engine import ONE_STEP, REPORT, tool


class Reads:
    """Counts the records a watcher parses (`JobStore.get_many`) and the stamp reads."""

    def __init__(self, harness: Harness) -> None:
        assert harness.engine is not None
        store = harness.engine.store
        self.records: list[str] = []
        self.stamps = 0
        get_many, stamps = store.get_many, store.stamps

        def counted_get_many(ids: Any) -> Any:
            self.records.extend(ids)
            return get_many(ids)

        def counted_stamps(root: str) -> Any:
            self.stamps += 1
            return stamps(root)

        store.get_many = counted_get_many  # type: ignore[method-assign]
        store.stamps = counted_stamps  # type: ignore[method-assign]


async def test_the_stream_ends_with_the_job_and_covers_the_tree(harness: Harness) -> None:
    engine = await harness.start(REPORT)
    job = await engine.create_job("u1", NewJob(request="semanal", persona="relatorios"))
    lines = [line async for line in job_events(engine, SYSTEM_CLOCK, "u1", job.id)]
    events = [parse_event(line) for line in lines if line.strip()]
    assert events[0].type == "agent" and events[-1].type == "done"
    assert (await harness.wait(job.id)).status is JobStatus.COMPLETED
    statuses = [e.message for e in events if e.type == "status"]
    assert "job: completed" in statuses
    assert sum(1 for m in statuses if m.startswith("sub-job") and m.endswith("completed")) == 3
    tools = [e for e in events if e.type == "tool_end"]
    assert len(tools) == 4  # one per sub-job, one of the parent's own


class _Ticking:
    """A clock for `job_events`' `max_s` that moves a fixed step per reading: the stream closes
    after the same number of keep-alives however slow the machine is (the watcher's polls and
    heartbeats still run on the loop's time)."""

    def __init__(self, step: float) -> None:
        self.step, self.at = step, 0.0

    def monotonic(self) -> float:
        self.at += self.step
        return self.at

    def now(self) -> Any:
        return SYSTEM_CLOCK.now()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(0)


async def test_a_waiting_job_is_not_re_read_and_the_stream_is_bounded(harness: Harness) -> None:
    engine = await harness.start({"aprovar": Script(plan=ONE_STEP, actions=(tool("x"),))})
    job = await engine.create_job(
        "u1", NewJob(request="aprovar", persona="dev", requires_approval=True)
    )
    await harness.wait(job.id, until=awaiting)
    reads = Reads(harness)
    lines = [
        line
        async for line in job_events(
            engine, _Ticking(0.1), "u1", job.id, poll_s=0.01, heartbeat_s=0.05, max_s=0.25
        )
    ]
    assert reads.records == [job.id], "an unchanged job was parsed again"
    assert reads.stamps > 3  # it kept looking, through the index, between keep-alives
    keep_alives = [line for line in lines if line == "\n"]
    assert len(keep_alives) == 2  # 0.1 and 0.2 after the start keep alive; 0.3 closes
    last = parse_event(lines[-1])
    assert last.type == "status" and last.message == RECONNECT


async def test_a_write_here_wakes_the_watcher_without_its_poll(harness: Harness) -> None:
    """With a poll far longer than the test, the approval's run still reaches the stream:
    every write of this process to the tree wakes it (`ChangeFeed`)."""
    engine = await harness.start({"aprovar": Script(plan=ONE_STEP, actions=(tool("x"),))})
    job = await engine.create_job(
        "u1", NewJob(request="aprovar", persona="dev", requires_approval=True)
    )
    await harness.wait(job.id, until=awaiting)
    seen: list[str] = []

    async def follow() -> None:
        async for changed in engine.watch("u1", job.id, poll_s=3600, heartbeat_s=3600):
            seen.extend(j.status.value for j in changed)

    watcher = asyncio.create_task(follow())
    await asyncio.sleep(0.05)
    await engine.decide("u1", job.id, ApprovalDecision(approved=True))
    await asyncio.wait_for(watcher, 10)
    assert seen[0] == "awaiting_approval" and seen[-1] == "completed"
