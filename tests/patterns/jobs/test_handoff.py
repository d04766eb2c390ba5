"""A hand-off to a queue this worker serves starts here at once instead of at the next poll
(`enqueue.LocalStarter`, `dbos_runtime.start_queued_here`), without giving up what the queue
guarantees: one run per workflow id, the worker's concurrency, recovery by executor id.

The queues under test are created by the test (not in the template database), so DBOS starts
their poll threads only after launch, with the test's polling interval: with 3600 s, nothing in
a test is ever taken by a poll, and whatever runs was started by a hand-off.
"""

from __future__ import annotations

import asyncio
import inspect
import sqlite3
import threading
from typing import Any

import pytest
from dbos import DBOS, Queue
from dbos._core import ActiveWorkflowById, execute_dequeued_workflow
from dbos._sys_db import SystemDatabase

from switchboard.patterns.jobs import enqueue as enqueue_module
from switchboard.patterns.jobs.dbos_runtime import start_queued_here
from switchboard.patterns.jobs.engine import JobEngine, QueueSpec
from switchboard.patterns.jobs.enqueue import enqueue_sync
from switchboard.patterns.jobs.executor import Action
from switchboard.patterns.jobs.models import JobStatus, NewJob, Plan, SubJobSpec
from switchboard.patterns.jobs.propagation import start_of
from switchboard.patterns.jobs.scripted import Script
from switchboard.patterns.jobs.tools.task_manager import task_manager_tools
from switchboard.tools import Tool, ToolContext

from .conftest import Harness
from .test_engine import chain_plan, slow, tool

NEVER_S = 3600.0
"""A polling interval no test outlives: what runs was not started by a poll."""
QUEUES = (QueueSpec("dev"), QueueSpec("relatorios"), QueueSpec("entrega", worker_concurrency=4))

Pass = tuple[str, list[str]]


@pytest.fixture
def passes(monkeypatch: pytest.MonkeyPatch) -> list[Pass]:
    """Every dequeue pass a hand-off ran: (DBOS queue, the workflow ids it started here)."""
    seen: list[Pass] = []

    def spy(queue: Queue, *, only_if_idle: bool = False) -> list[str]:
        started = start_queued_here(queue, only_if_idle=only_if_idle)
        seen.append((queue.name, started))
        return started

    monkeypatch.setattr(enqueue_module, "start_queued_here", spy)
    return seen


def started(passes: list[Pass]) -> list[str]:
    return [workflow for _, ids in passes for workflow in ids]


async def passes_done(engine: JobEngine) -> None:
    """Until the dequeue passes requested so far ran (they run on the starter's thread)."""
    starter = engine._start_now
    assert starter is not None
    assert await asyncio.to_thread(starter.flush)


def workflow_row(harness: Harness, workflow_id: str) -> tuple[str, str, int]:
    """(status, executor, recovery_attempts: claims so far) from DBOS's own table."""
    with sqlite3.connect(harness.tmp / "jobs.db") as db:
        row = db.execute(
            "SELECT status, executor_id, recovery_attempts FROM workflow_status "
            "WHERE workflow_uuid = ?",
            (workflow_id,),
        ).fetchone()
    assert row is not None, f"no workflow {workflow_id}"
    return row[0], row[1], row[2]


def test_the_dbos_internals_start_queued_here_uses_are_still_there() -> None:
    """DBOS 3.4 private API (`dbos_runtime.start_queued_here`): an upgrade that changes it must
    fail here, not quietly turn every hand-off back into a poll (the caller logs and falls back
    to the queue on any error)."""

    def params(fn: object) -> list[str]:
        return list(inspect.signature(fn).parameters)  # type: ignore[arg-type]

    assert params(SystemDatabase.start_queued_workflows)[:6] == [
        "self",
        "queue",
        "executor_id",
        "app_version",
        "queue_partition_key",
        "local_running_count",
    ]
    assert "owner_xid" in params(SystemDatabase.start_queued_workflows)
    assert params(SystemDatabase.get_workflow_statuses) == ["self", "workflow_ids"]
    assert params(SystemDatabase.get_workflow_status) == ["self", "workflow_uuid"]
    assert params(execute_dequeued_workflow) == ["dbos", "status", "owner_xid"]
    assert params(ActiveWorkflowById.count_for_queue) == ["self", "queue_name"]
    assert params(Queue._has_partition_limits) == ["self", "overrides"]


async def test_hand_offs_start_at_once_without_a_poll(harness: Harness, passes: list[Pass]) -> None:
    """A job tree with three hand-offs in a row (sub-job → its dependant → the parent's finish)
    completes while the queue is never polled; `create_job` starts the root on the idle worker."""
    engine = await harness.start(
        {
            "entrega": Script(plan=chain_plan("coletar", "calcular"), actions=(tool("fim"),)),
            "coletar": Script(actions=(tool("coletar"),)),
            "calcular": Script(actions=(tool("calcular"),)),
        },
        queues=QUEUES,
        polling_interval_s=NEVER_S,
    )
    job = await engine.create_job("u1", NewJob(request="entrega", persona="entrega"))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    tree = {j.request: j for j in await engine.tree("u1", job.id)}
    finish = f"{job.id}:finish:0"
    assert started(passes) == [job.id, tree["coletar"].id, tree["calcular"].id, finish]
    assert {name for name, _ in passes} == {"jobs.entrega"}
    assert harness.effects(job.id) == ["coletar", "calcular", "fim"]
    ended = tree["coletar"].state.activity.history[-1].at
    assert tree["calcular"].state.activity.history[0].at >= ended, "dependency order broken"
    for workflow in (job.id, tree["coletar"].id, tree["calcular"].id, finish):
        await harness.wait_workflow(workflow, "SUCCESS")
        assert workflow_row(harness, workflow)[1:] == (engine.executor_id, 1)


async def test_a_full_worker_leaves_the_hand_off_to_the_queue(
    harness: Harness, passes: list[Pass], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`worker_concurrency=1` on "solo", held by a running job: a sub-job handed off to "solo"
    is not started here; the queue's poll starts it once the slot is free.

    Deterministic: only "solo" is polled (the other queues never are, so whatever starts there
    was started by a hand-off, never by a poll racing it), and the job holding "solo" waits at
    a gate until the hand-off to "solo" has been refused (it cannot end first under load)."""
    original = DBOS.register_queue_async

    async def only_solo_polls(name: str, **options: Any) -> Queue:
        if name != "jobs.solo":
            options["polling_interval_sec"] = NEVER_S
        return await original(name, **options)

    monkeypatch.setattr(DBOS, "register_queue_async", only_solo_polls)
    gate = threading.Event()

    async def _hold(context: ToolContext) -> str:
        """Waits until the test opens the gate."""
        await asyncio.to_thread(gate.wait, 30)
        return "ok"

    harness.extra_tools = lambda engine: [Tool(_hold, name="hold")]
    engine = await harness.start(
        {
            "ocupa": Script(actions=(Action(kind="tool", tool="hold", arguments={}), slow("o1"))),
            "pai": Script(plan=Plan(sub_jobs=[SubJobSpec(ref="f", request="filho", queue="solo")])),
        },
        queues=(*QUEUES, QueueSpec("solo", worker_concurrency=1)),
        polling_interval_s=0.05,
    )
    busy = await engine.create_job("u1", NewJob(request="ocupa", persona="solo"))
    job = await engine.create_job("u1", NewJob(request="pai", persona="entrega"))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 20
    while len([name for name, _ in passes if name == "jobs.solo"]) < 2:
        assert loop.time() < deadline, passes
        await asyncio.sleep(0.01)
    gate.set()
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    (child,) = await engine.list_jobs("u1", parent_id=job.id)
    solo = [ids for name, ids in passes if name == "jobs.solo"]
    assert solo == [[busy.id], []], "a hand-off started a job on a full worker"
    held = await harness.wait(busy.id)
    assert child.state.activity.history[0].at >= held.state.activity.history[-1].at
    assert workflow_row(harness, child.id)[1:] == (engine.executor_id, 1)
    assert started(passes) == [busy.id, job.id, f"{job.id}:finish:0"]


async def test_a_re_run_hand_off_does_not_start_the_job_again(
    harness: Harness, passes: list[Pass]
) -> None:
    """A worker dying after a step's hand-off but before DBOS recorded the step re-runs the
    step's body, hand-off included. Made here by running the `spawn` step's hand-off again (the
    same `Follow`, the same call) while the sub-job runs, and once more after it ended: the
    enqueue finds the existing workflow and the pass finds nothing ENQUEUED to start."""
    engine = await harness.start(
        {
            "pai": Script(plan=Plan(sub_jobs=[SubJobSpec(ref="l", request="lento")])),
            "lento": Script(actions=tuple(slow(f"l{i}") for i in range(3))),
        },
        queues=QUEUES,
        polling_interval_s=NEVER_S,
    )
    job = await engine.create_job("u1", NewJob(request="pai", persona="entrega"))
    effects = harness.effects
    await harness.wait(job.id, until=lambda _: bool(effects(job.id)))  # the sub-job runs
    (child,) = await engine.list_jobs("u1", parent_id=job.id)
    hand_off = (engine.config, [start_of(child)], engine.deps.start_now)
    await asyncio.to_thread(enqueue_sync, *hand_off)  # as the re-run step body, on its thread
    await passes_done(engine)
    assert started(passes) == [job.id, child.id], "the re-run started the sub-job again"
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    await harness.wait_workflow(child.id, "SUCCESS")
    await asyncio.to_thread(enqueue_sync, *hand_off)
    await passes_done(engine)
    assert started(passes) == [job.id, child.id, f"{job.id}:finish:0"]
    assert workflow_row(harness, child.id) == ("SUCCESS", engine.executor_id, 1)
    assert (await harness.wait(child.id)).attempts == 1
    assert effects(job.id) == ["l0", "l1", "l2"]


async def test_only_the_queues_this_worker_serves(harness: Harness, passes: list[Pass]) -> None:
    """A sub-job handed off to a queue this process does not serve stays ENQUEUED for the
    workers that serve it."""
    harness.listen = ["dev"]
    plan = Plan(sub_jobs=[SubJobSpec(ref="o", request="outro", queue="entrega")])
    engine = await harness.start({"pai": Script(plan=plan)}, queues=QUEUES)
    job = await engine.create_job("u1", NewJob(request="pai", persona="dev"))
    await harness.wait(job.id, until=lambda j: j.attempts > 0 and j.status is JobStatus.WAITING)
    # WAITING is saved before the spawn step's hand-off enqueues the sub-job: the parent's run
    # ending is what says the hand-off (and any pass it requested) happened.
    await harness.wait_workflow(job.id, "SUCCESS")
    await passes_done(engine)
    (child,) = await engine.list_jobs("u1", parent_id=job.id)
    assert workflow_row(harness, child.id)[0] == "ENQUEUED"
    assert {name for name, _ in passes} == {"jobs.dev"}
    assert child.id not in started(passes)


async def test_a_new_job_starts_at_once_only_on_an_idle_worker(
    harness: Harness, passes: list[Pass]
) -> None:
    """`create_job` requests a pass only if the worker runs nothing on the queue: the first of
    a burst starts here, the others wait for the poll (the queue never polls in this test)."""
    engine = await harness.start(
        {"lento": Script(actions=tuple(slow(f"l{i}") for i in range(4)))},
        queues=QUEUES,
        polling_interval_s=NEVER_S,
    )
    first = await engine.create_job("u1", NewJob(request="lento", persona="entrega"))
    await harness.wait(first.id, until=lambda _: bool(harness.effects(first.id)))
    second = await engine.create_job("u1", NewJob(request="lento", persona="entrega"))
    await passes_done(engine)
    assert workflow_row(harness, first.id)[:2] == ("PENDING", engine.executor_id)
    assert workflow_row(harness, second.id)[0] == "ENQUEUED", "a busy worker took a new job"
    assert passes == [("jobs.entrega", [first.id]), ("jobs.entrega", [])]


async def test_a_job_started_by_a_hand_off_is_recovered_when_its_worker_dies(
    harness: Harness, passes: list[Pass]
) -> None:
    """The pass's claim leaves the row as a poll's does (PENDING, this executor, its queue), so
    when the worker dies, the worker that recovers it puts it back on its own queue, where any
    worker serving that queue takes it. The dead worker here is a shutdown without grace (its
    row: PENDING on its executor, heartbeat aged); the new one recovers it at launch, and the
    test starts what waits on the queue (the queue never polls)."""
    scripts = {
        "pai": Script(plan=Plan(sub_jobs=[SubJobSpec(ref="l", request="lento")])),
        "lento": Script(actions=tuple(slow(f"l{i}") for i in range(6))),
    }
    first = await harness.start(scripts, queues=QUEUES, polling_interval_s=NEVER_S)
    dead = first.executor_id
    job = await first.create_job("u1", NewJob(request="pai", persona="entrega"))
    await harness.wait(job.id, until=lambda _: bool(harness.effects(job.id)))
    (child,) = await first.list_jobs("u1", parent_id=job.id)
    assert child.id in started(passes)
    await harness.stop()
    assert workflow_row(harness, child.id)[:2] == ("PENDING", dead)
    engine = await harness.start(scripts, queues=QUEUES, polling_interval_s=NEVER_S)
    await engine.beat()  # recovered at launch already, or now
    with sqlite3.connect(harness.tmp / "jobs.db") as db:
        row = db.execute(
            "SELECT status, queue_name FROM workflow_status WHERE workflow_uuid = ?", (child.id,)
        ).fetchone()
    assert tuple(row) == ("ENQUEUED", "jobs.entrega")
    assert engine._start_now is not None
    engine._start_now(["entrega"])
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    await harness.wait_workflow(child.id, "SUCCESS")
    assert workflow_row(harness, child.id) == ("SUCCESS", engine.executor_id, 2)
    effects = harness.effects(job.id)
    assert len(effects) == len(set(effects)), f"a tool call ran twice: {effects}"


async def test_a_job_created_by_a_job_starts_at_once(harness: Harness, passes: list[Pass]) -> None:
    """A job creating another with the task-manager tool (inside a step) hands it off: it starts
    at once although its creator runs on the same queue (the queue never polls here)."""
    harness.extra_tools = task_manager_tools
    create = Action(kind="tool", tool="create_job", arguments={"request": "filho"})
    engine = await harness.start(
        {"pai": Script(actions=(create,)), "filho": Script(actions=(tool("filho"),))},
        queues=QUEUES,
        polling_interval_s=NEVER_S,
    )
    job = await engine.create_job("u1", NewJob(request="pai", persona="entrega"))
    assert (await harness.wait(job.id)).status is JobStatus.COMPLETED
    (child,) = await engine.list_jobs("u1", parent_id=job.id)
    assert (await harness.wait(child.id)).status is JobStatus.COMPLETED
    assert started(passes)[:2] == [job.id, child.id]
