"""Putting a job's workflow on its DBOS queue, from anywhere, at most once per workflow id.

The workflow id is the job id (`start`) or `<job id>:finish:<round>` (a parent resuming after
its sub-jobs), so enqueueing the same thing twice returns the existing workflow: hand-offs can be
made from inside a step body, which a crash may re-run.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Sequence
from typing import NamedTuple

from dbos import DBOS, EnqueueOptions

from switchboard.patterns.jobs import nowait
from switchboard.patterns.jobs.config import QUEUE_PREFIX, WORKFLOW_NAME, EngineConfig


class Follow(NamedTuple):
    """A workflow to enqueue: which job, on which queue, at which priority, in which phase."""

    job_id: str
    queue: str
    priority: int
    phase: str
    workflow_id: str


def options(cfg: EngineConfig, follow: Follow) -> EnqueueOptions:
    return EnqueueOptions(
        workflow_name=WORKFLOW_NAME,
        queue_name=QUEUE_PREFIX + follow.queue,
        workflow_id=follow.workflow_id,
        priority=follow.priority,
        app_version=cfg.app_version,
    )


def _enqueue_all(cfg: EngineConfig, follows: Sequence[Follow]) -> None:
    for follow in follows:
        DBOS.enqueue_workflow_with_options(options(cfg, follow), follow.job_id, follow.phase)


def enqueue_sync(cfg: EngineConfig, follows: Sequence[Follow]) -> None:
    """Enqueue as from outside any workflow, also from inside a step body (a hand-off): DBOS
    refuses to start workflows from a step, and the step's DBOS context lives in a context
    variable, so the calls run in an empty context."""
    if follows:
        nowait.refuse_to_wait()  # DBOS's write waits on its busy timeout: a thread's work
        contextvars.Context().run(_enqueue_all, cfg, follows)


async def enqueue(cfg: EngineConfig, follows: Sequence[Follow]) -> None:
    """`enqueue_sync` from async code (the API, a tool creating a sub-job inside a step), on an
    executor thread (all of them in one hop): DBOS's write may wait on a lock."""
    if follows:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, enqueue_sync, cfg, follows)


__all__ = ["Follow", "enqueue", "enqueue_sync", "options"]
