"""Approvals and cancellation outside the queue slot (issue 21, point 2): a job awaiting a person
holds no worker slot, a decision starts a new run (durable, counted once, also after a restart
or a crash between recording and enqueueing), an approval that nobody gives expires, and a
cancel stops the running command and frees the slot at once — from this process or another."""

from __future__ import annotations

import asyncio
import os
import sqlite3

import pytest

from switchboard.patterns.jobs.engine import JobEngine, QueueSpec
from switchboard.patterns.jobs.errors import JobStateError
from switchboard.patterns.jobs.executor import Action
from switchboard.patterns.jobs.models import ApprovalDecision, Job, JobStatus, NewJob
from switchboard.patterns.jobs.sandbox import Sandbox
from switchboard.patterns.jobs.scripted import Script
from switchboard.patterns.jobs.tools.context import workdir
from switchboard.tools import Tool, ToolContext

from .conftest import Harness, awaiting
from .test_engine import ONE_STEP, tool

ONE_SLOT = (QueueSpec("dev", worker_concurrency=1), QueueSpec("relatorios"))
"""One job at a time on `dev`: anything holding the slot blocks every other job there."""
SLEEP_ARG = "41.5"
"""A `sleep` length no other process on the host uses: the test finds its sandbox by it."""


def pending_on(harness: Harness, queue: str) -> int:
    """Workflows DBOS counts as running on a queue (what its concurrency limit counts)."""
    with sqlite3.connect(harness.tmp / "jobs.db") as db:
        row = db.execute(
            "SELECT count(*) FROM workflow_status WHERE queue_name = ? AND status = 'PENDING'",
            (f"jobs.{queue}",),
        ).fetchone()
    return int(row[0])


def sleeping() -> list[int]:
    """Pids of this test's sandboxed `sleep` (read from /proc, the host's view)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                argv = handle.read().split(b"\0")
        except OSError:
            continue
        if argv[:2] == [b"sleep", SLEEP_ARG.encode()]:
            found.append(int(entry))
    return found


async def _long_command(context: ToolContext) -> str:
    """Runs a long command in the job's sandbox (what a test suite or a build looks like)."""
    result = await Sandbox().run(["sleep", SLEEP_ARG], workspace=workdir(context), timeout_s=60)
    return f"saiu com {result.exit_code}"


LONG = Tool(_long_command, name="long", timeout=None)


def long_call() -> Action:
    return Action(kind="tool", tool="long", arguments={})


async def test_jobs_awaiting_approval_hold_no_slot(harness: Harness) -> None:
    """Four jobs of one user wait for approval on a one-slot queue; another user's job runs
    at once, and none of the waiting jobs has a running workflow."""
    engine = await harness.start(
        {"aprovar": Script(plan=ONE_STEP, actions=(tool("a"),)), "outro": Script()},
        queues=ONE_SLOT,
    )
    waiting = [
        await engine.create_job(
            "ana", NewJob(request="aprovar", persona="dev", requires_approval=True)
        )
        for _ in range(4)
    ]
    for job in waiting:
        await harness.wait(job.id, until=awaiting)
    other = await engine.create_job("bia", NewJob(request="outro", persona="dev"))
    assert (await harness.wait(other.id)).status is JobStatus.COMPLETED
    for job in waiting:
        await harness.wait_workflow(job.id, "SUCCESS")  # the run ended when it parked
    # the other job is COMPLETED before its workflow returns: until then DBOS still counts it
    await harness.wait_workflow(other.id, "SUCCESS")
    assert pending_on(harness, "dev") == 0
    assert all(j.status is JobStatus.AWAITING_APPROVAL for j in await engine.list_jobs("ana"))
    await engine.decide("ana", waiting[0].id, ApprovalDecision(approved=True))
    done = await harness.wait(waiting[0].id)
    assert done.status is JobStatus.COMPLETED and harness.effects(waiting[0].id) == ["a"]


async def test_a_decision_recorded_before_a_crash_is_applied_after_the_restart(
    harness: Harness,
) -> None:
    """The process died between recording the decision and enqueueing the run that applies
    it: the next launch finds the decided job still awaiting and enqueues it."""
    engine = await harness.start({"aprovar": Script(plan=ONE_STEP, actions=(tool("x"),))})
    job = await engine.create_job(
        "ana", NewJob(request="aprovar", persona="dev", requires_approval=True)
    )
    await harness.wait(job.id, until=awaiting)
    engine.store.record_decision(job.id, ApprovalDecision(approved=True, reason="ok"))
    await harness.stop()
    engine = await harness.start()
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED and done.approval is not None
    assert harness.effects(job.id) == ["x"]


async def test_the_parking_step_never_overwrites_a_decided_job(harness: Harness) -> None:
    """A recovering run re-running `await_approval` after the decision already set the job
    going must not put it back to waiting: that save is guarded by `decision IS NULL`."""
    engine = await harness.start({"aprovar": Script(plan=ONE_STEP, actions=(tool("x"),))})
    job = await engine.create_job(
        "ana", NewJob(request="aprovar", persona="dev", requires_approval=True)
    )
    parked = await harness.wait(job.id, until=awaiting)
    engine.store.record_decision(job.id, ApprovalDecision(approved=True))
    parked.updated_at = parked.updated_at.replace(microsecond=1)
    assert not engine.store.save_record(parked, parked.model_dump_json(), undecided=True)
    assert engine.store.save_record(parked, parked.model_dump_json())


async def test_an_approval_nobody_gives_expires(harness: Harness) -> None:
    engine = await harness.start(
        {"aprovar": Script(plan=ONE_STEP, actions=(tool("x"),))}, approval_timeout_s=0.3
    )
    job = await engine.create_job(
        "ana", NewJob(request="aprovar", persona="dev", requires_approval=True)
    )
    await harness.wait(job.id, until=awaiting)
    expired = await harness.wait(job.id)
    assert expired.status is JobStatus.FAILED
    assert expired.error == "tempo de espera pela aprovação esgotado"
    with pytest.raises(JobStateError):
        await engine.decide("ana", job.id, ApprovalDecision(approved=True))
    assert harness.effects(job.id) == []


async def test_an_approval_given_in_time_cancels_the_deadline(harness: Harness) -> None:
    engine = await harness.start(
        {"aprovar": Script(plan=ONE_STEP, actions=(tool("x"),))}, approval_timeout_s=600
    )
    job = await engine.create_job(
        "ana", NewJob(request="aprovar", persona="dev", requires_approval=True)
    )
    await harness.wait(job.id, until=awaiting)
    await harness.wait_workflow(f"{job.id}:expire", "DELAYED")
    await engine.decide("ana", job.id, ApprovalDecision(approved=True))
    assert (await harness.wait(job.id)).status is JobStatus.COMPLETED
    await harness.wait_workflow(f"{job.id}:expire", "CANCELLED")


def stored(engine: JobEngine, job_id: str) -> Job:
    found = engine.store.get(job_id)
    assert found is not None
    return found


async def _running_the_command(harness: Harness, engine: JobEngine) -> tuple[str, str]:
    """A job inside a long sandboxed command on the one `dev` slot, another queued behind."""
    busy = await engine.create_job("ana", NewJob(request="longo", persona="dev"))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while not sleeping():
        assert loop.time() < deadline, "the command never started"
        await asyncio.sleep(0.02)
    queued = await engine.create_job("bia", NewJob(request="depois", persona="dev"))
    return busy.id, queued.id


async def test_cancel_kills_the_running_command_and_frees_the_slot(harness: Harness) -> None:
    harness.extra_tools = lambda engine: [LONG]
    engine = await harness.start(
        {"longo": Script(actions=(long_call(), tool("nunca"))), "depois": Script()},
        queues=ONE_SLOT,
    )
    busy, queued = await _running_the_command(harness, engine)
    assert stored(engine, queued).status is JobStatus.WAITING
    assert await engine.cancel("ana", busy) == [busy]
    assert sleeping() == [], "the sandboxed command outlived the cancel"
    assert (await harness.wait(queued, limit_s=15)).status is JobStatus.COMPLETED
    stopped = await harness.wait(busy)
    assert stopped.status is JobStatus.CANCELLED and "nunca" not in harness.effects(busy)


async def test_a_job_cancelled_by_another_process_stops_here_too(harness: Harness) -> None:
    """Another process (an API server, the CLI) cancels: it marks the rows and DBOS; this
    worker's cancel watch sees its running job cancelled and stops it."""
    harness.extra_tools = lambda engine: [LONG]
    engine = await harness.start(
        {"longo": Script(actions=(long_call(), tool("nunca"))), "depois": Script()},
        queues=ONE_SLOT,
        cancel_poll_s=0.05,
    )
    busy, queued = await _running_the_command(harness, engine)
    job = stored(engine, busy)
    job.status = JobStatus.CANCELLED
    engine.store.set_status_many([job])  # what `cancel` in another process writes first
    assert (await harness.wait(queued, limit_s=15)).status is JobStatus.COMPLETED
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while sleeping():
        assert loop.time() < deadline, "the sandboxed command outlived the cancel"
        await asyncio.sleep(0.02)
    assert "nunca" not in harness.effects(busy)


async def test_a_list_shows_a_decision_its_run_has_not_applied_yet(harness: Harness) -> None:
    """Right after "aprovar" the job's record still says awaiting approval (its run applies the
    decision): a listing read in between said "aguardando aprovação" after the chat had said
    "Aprovado". Lists carry the recorded decision, and the label says it."""
    engine = await harness.start({"aprovar": Script(plan=ONE_STEP, actions=(tool("x"),))})
    job = await engine.create_job(
        "ana", NewJob(request="aprovar", persona="dev", requires_approval=True)
    )
    await harness.wait(job.id, until=awaiting)
    assert [j.status_label for j in await engine.list_jobs("ana")] == ["aguardando aprovação"]
    engine.store.record_decision(job.id, ApprovalDecision(approved=True, reason="ok"))
    (listed,) = await engine.list_jobs("ana")
    assert listed.status is JobStatus.AWAITING_APPROVAL and listed.approval is not None
    assert listed.status_label == "aprovado, começando a execução"
    (paged,) = (await engine.page_jobs("ana")).jobs
    assert paged.status_label == "aprovado, começando a execução"
    (detail, *_) = await engine.tree("ana", job.id)
    assert detail.status_label == "aprovado, começando a execução"
