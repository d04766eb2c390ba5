"""Running the tool calls of one model answer, as the engine's steps do (see `phases._execute`).

Every call of an answer runs, in the model's order; consecutive calls of tools declared
parallel-safe (`EngineConfig.parallel_safe_tools`: read-only ones) run together in one step,
every other call in a step of its own. Each call is journaled in `job_effects` before it runs
and completed after (`call_tool`): a replay after a crash returns the recorded outcome, and a
call that was claimed and never finished is not run again (unless idempotent) — the agent is
told it was interrupted. Idempotency keys are `<job>:a<attempt>:r<replan>:s<step>`, one per call.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator, Sequence

from switchboard.patterns.jobs import transitions as t
from switchboard.patterns.jobs.checkpoint import JobRun
from switchboard.patterns.jobs.executor import ToolRequest
from switchboard.patterns.jobs.models import Job
from switchboard.patterns.jobs.sandbox.repository import prepare_workspace
from switchboard.patterns.jobs.tools.context import IDEMPOTENCY_KEY, JOB_ID, WORKDIR
from switchboard.tools.tool import ToolContext

INTERRUPTED = (
    "ERRO: a execução anterior desta chamada foi interrompida (o worker parou no meio) e ela não "
    "será repetida automaticamente, pois pode ter efeitos. Verifique o estado antes de repetir."
)
TOOL_OUTPUT_IN_HISTORY = 4_000
"""Characters of a tool's output kept in the activity history (the full output is journaled)."""


def batches(calls: Sequence[ToolRequest], parallel: frozenset[str]) -> Iterator[list[ToolRequest]]:
    """A model answer's calls in order: consecutive calls of parallel-safe tools together,
    every other call alone."""
    batch: list[ToolRequest] = []
    for call in calls:
        if call.tool in parallel:
            batch.append(call)
            continue
        if batch:
            yield batch
            batch = []
        yield [call]
    if batch:
        yield batch


def batch_name(batch: Sequence[ToolRequest]) -> str:
    return "tools:" + "+".join(call.tool for call in batch)


def workspace_path(workdir_root: str, job: Job) -> str:
    """The folder a job tree works in: its project folder (`Job.workspace`), else
    `<workdir_root>/<root job id>`."""
    return job.workspace or os.path.join(workdir_root, job.root_id or job.id)


async def workspace(run: JobRun, job: Job) -> str:
    """The job tree's workspace, created (with its own git repository) if missing."""
    workdir = workspace_path(run.deps.config.workdir_root, job)
    await prepare_workspace(workdir)
    return workdir


async def call_tools(run: JobRun, job: Job, calls: list[ToolRequest]) -> None:
    """Run the calls (concurrently when there are several: a batch of parallel-safe tools),
    then account for each outcome in order."""
    workdir = await workspace(run, job)
    base = job.state.steps_taken
    prefix = f"{job.id}:a{job.attempts}:r{job.state.replans}:s"
    keys = [f"{prefix}{base + i}" for i in range(len(calls))]
    if len(calls) == 1:
        outcomes = [await call_tool(run, job, calls[0], keys[0], workdir)]
    else:
        runs = (call_tool(run, job, c, k, workdir) for c, k in zip(calls, keys, strict=True))
        outcomes = list(await asyncio.gather(*runs))
    for call, (ok, output) in zip(calls, outcomes, strict=True):
        t.tool_done(job, call, ok, output, TOOL_OUTPUT_IN_HISTORY)


async def call_tool(
    run: JobRun, job: Job, call: ToolRequest, key: str, workdir: str
) -> tuple[bool, str]:
    """Journal the call, run it (at most once unless idempotent): (ok, output)."""
    deps = run.deps
    store = deps.store
    tool = call.tool
    effect = await deps.db.run(store.effects.claim, key, job.id, tool)
    if effect is not None and effect.done:
        return bool(effect.ok), effect.output or ""
    if effect is not None and tool not in deps.config.idempotent_tools:
        await deps.db.run(store.effects.finish, key, False, INTERRUPTED)
        return False, INTERRUPTED
    context = ToolContext(
        session_id=job.id,
        user_id=job.user_id,
        agent=job.persona,
        extras={WORKDIR: workdir, JOB_ID: job.id, IDEMPOTENCY_KEY: key},
    )
    result = await deps.tools_for(job).execute(tool, call.arguments, context)
    await deps.db.run(store.effects.finish, key, result.ok, result.output)
    return result.ok, result.output


__all__ = [
    "INTERRUPTED",
    "TOOL_OUTPUT_IN_HISTORY",
    "batch_name",
    "batches",
    "call_tool",
    "call_tools",
    "workspace",
    "workspace_path",
]
