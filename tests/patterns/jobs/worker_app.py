"""A worker process for the kill -9 tests: `python -m tests.patterns.jobs.worker_app DIR MODE`.

MODE `enqueue` creates the test job (printing its id) and serves; `approve` creates it as one
that needs approval, approves it once it is parked (its run ended: the work runs in the run the
decision starts) and serves; `serve` only serves.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from switchboard.patterns.jobs.engine import QueueSpec
from switchboard.patterns.jobs.executor import Action
from switchboard.patterns.jobs.models import ApprovalDecision, JobStatus, NewJob, Plan, PlanStep
from switchboard.patterns.jobs.scripted import Script, ScriptedExecutor
from switchboard.patterns.jobs.worker import JobRuntime, build_engine, stop_on_signals
from switchboard.tools import Tool, ToolContext, ToolRegistry

from .side_effects import APPEND, SLOW, _append

GATE_ENV = "SWITCHBOARD_TEST_GATE"
DB_ENV = "SWITCHBOARD_TEST_JOBS_DB"
"""A database URL overriding the SQLite file in DIR (the PostgreSQL variant)."""


async def _gate(line: str, context: ToolContext) -> str:
    """Blocks while the gate file exists, then appends: the worker is killed inside it."""
    gate = os.environ[GATE_ENV]
    while os.path.exists(gate):  # noqa: ASYNC110, ASYNC240  # another process removes it
        await asyncio.sleep(0.05)
    return _append(line, context)


GATE = Tool(_gate, name="gate", timeout=None)


def _call(tool: str, line: str) -> Action:
    return Action(kind="tool", tool=tool, arguments={"line": line})


EXPECTED = ["s0", "s1", "g", "s2", "s3", "s4"]
ACTIONS = (
    _call("append", "s0"),
    _call("append", "s1"),
    _call("gate", "g"),
    *(_call("slow", f"s{i}") for i in range(2, 5)),
)
SCRIPTS = {
    "kill": Script(actions=ACTIONS),
    "kill-approved": Script(plan=Plan(steps=[PlanStep(id="1", description="t")]), actions=ACTIONS),
}


async def main(folder: Path, mode: str) -> None:
    executor = ScriptedExecutor(SCRIPTS)
    registry = ToolRegistry([APPEND, SLOW, GATE])
    runtime = JobRuntime(
        queues=(QueueSpec("dev"),),
        executor_for=lambda job: executor,
        tools_for=lambda job: registry,
        workdir_root=str(folder / "work"),
    )
    engine = build_engine(
        runtime,
        database_url=os.environ.get(DB_ENV) or f"sqlite:///{folder / 'jobs.db'}",
        polling_interval_s=0.05,
        notification_polling_s=0.05,
        heartbeat_s=0.2,
        dead_after_s=1.0,
        create_schema=True,
    )
    stop = asyncio.Event()
    stop_on_signals(stop)
    await engine.launch()
    if mode == "enqueue":
        job = await engine.create_job("u1", NewJob(request="kill", persona="dev"))
        print(job.id, flush=True)
    elif mode == "approve":
        new = NewJob(request="kill-approved", persona="dev", requires_approval=True)
        job = await engine.create_job("u1", new)
        async for changed in engine.watch("u1", job.id, poll_s=0.05):
            if any(j.status is JobStatus.AWAITING_APPROVAL for j in changed if j.id == job.id):
                break
        await engine.decide("u1", job.id, ApprovalDecision(approved=True))
        print(job.id, flush=True)
    print("ready", engine.executor_id, flush=True)
    await stop.wait()
    await engine.shutdown(grace_s=1.0)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), sys.argv[2]))
