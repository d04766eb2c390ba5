"""The job workflows running in this process, and stopping them when their job is cancelled.

A cancel must free the job's queue slot and kill what it runs *now*, not at its next step: DBOS
marks a cancelled workflow and its next step refuses to start, but the step in progress (a test
suite, a build in the sandbox) would run to its end, holding the slot. So the engine cancels the
workflow's task: the `CancelledError` reaches `Sandbox.run`, which kills the command's whole
process group, and DBOS releases the slot as the task ends. A cancel made in this process does it
at once (`stop`); one made by another process (the API server, the CLI) marks the job's row, and
`watch_cancels` finds it with one read of this process's running jobs every `cancel_poll_s`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from switchboard.patterns.jobs.store import AsyncJobStore

log = logging.getLogger(__name__)

STOP_WAIT_S = 10.0
"""How long `stop` waits for the cancelled tasks to end (a command's kill is immediate)."""


@dataclass(slots=True)
class LocalRuns:
    _running: dict[str, tuple[str, asyncio.Task[Any]]] = field(default_factory=dict)
    """Workflow id → (job id, the task running it)."""

    @contextlib.contextmanager
    def track(self, workflow_id: str, job_id: str) -> Iterator[None]:
        """Register the current task as running `workflow_id` for its duration."""
        task = asyncio.current_task()
        if task is None:
            yield
            return
        self._running[workflow_id] = (job_id, task)
        try:
            yield
        finally:
            if self._running.get(workflow_id, (None, None))[1] is task:
                del self._running[workflow_id]

    def job_ids(self) -> list[str]:
        return sorted({job_id for job_id, _ in self._running.values()})

    async def stop(self, job_ids: set[str]) -> None:
        """Cancel the tasks running these jobs' workflows and wait until they ended."""
        current = asyncio.current_task()
        tasks = [
            task
            for job_id, task in self._running.values()
            if job_id in job_ids and task is not current and not task.done()
        ]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=STOP_WAIT_S)

    async def watch_cancels(self, db: AsyncJobStore, poll_s: float) -> None:
        """Forever: stop the running workflows whose jobs another process cancelled."""
        while True:
            await asyncio.sleep(poll_s)
            running = self.job_ids()
            if not running:
                continue
            try:
                cancelled = await db.run(db.sync.cancelled_among, running)
                if cancelled:
                    await self.stop(set(cancelled))
            except Exception:
                log.exception("job cancel watch failed")


__all__ = ["LocalRuns"]
