"""What every jobs test harness shares: stopping its engine and waiting for a job's state."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from switchboard.patterns.jobs.engine import JobEngine
from switchboard.patterns.jobs.models import Job, JobStatus


class EngineHarness:
    engine: JobEngine | None = None
    wait_limit_s: float = 10.0

    async def stop(self) -> None:
        if self.engine is not None:
            await self.engine.shutdown(grace_s=0)
            self.engine = None

    async def wait(
        self, job_id: str, until: Callable[[Job], bool] | None = None, limit_s: float | None = None
    ) -> Job:
        assert self.engine is not None
        check = until or (lambda job: job.status.terminal)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.wait_limit_s if limit_s is None else limit_s)
        while True:
            job = self.engine.store.get(job_id)
            assert job is not None
            if check(job):
                return job
            if loop.time() > deadline:
                raise AssertionError(f"timeout: job {job_id} is {job.status}: {job.error}")
            await asyncio.sleep(0.02)


def awaiting(job: Job) -> bool:
    return job.status is JobStatus.AWAITING_APPROVAL
