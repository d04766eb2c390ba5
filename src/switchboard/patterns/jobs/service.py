"""The interface the task-manager tool, the API and the CLI use to reach jobs.

Every method takes the acting `user_id` from the caller's authentication (the tool context, the
API key); another user's job is `JobNotFoundError`, as for sessions.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Protocol

from switchboard.patterns.jobs.models import ApprovalDecision, Job, JobStatus, NewJob


class JobService(Protocol):
    """The jobs API every front end uses (chat, HTTP, CLI, MCP, tools): create, get and list
    jobs, decide approvals, cancel, see a job's tree — whatever engine runs them."""

    async def create_job(self, user_id: str, new: NewJob) -> Job:
        """Create (and enqueue when its dependencies are done) a job owned by `user_id`.

        Raises UnknownQueueError, JobNotFoundError (a parent or dependency that is not the
        user's), DependencyCycleError. With `new.dedup_key` of an unfinished job, returns it.
        """
        ...

    async def get_job(self, user_id: str, job_id: str) -> Job: ...

    async def list_jobs(
        self,
        user_id: str,
        *,
        parent_id: str | None = None,
        status: JobStatus | None = None,
        limit: int = 50,
    ) -> list[Job]:
        """Newest first; `parent_id` lists a job's direct sub-jobs."""
        ...

    async def decide(self, user_id: str, job_id: str, decision: ApprovalDecision) -> Job:
        """Approve / reject / edit a job awaiting approval. Delivering the same decision twice
        takes effect once; a different second decision is JobStateError."""
        ...

    async def cancel(self, user_id: str, job_id: str) -> list[str]:
        """Cancel the job and its whole sub-job tree; returns the ids cancelled. A running job
        stops at once: its command is killed and its queue slot freed."""
        ...

    async def tree(self, user_id: str, job_id: str) -> list[Job]:
        """The job and every sub-job below it (breadth first)."""
        ...

    def watch(
        self, user_id: str, job_id: str, *, poll_s: float = 0.5, heartbeat_s: float = 15.0
    ) -> AsyncIterator[list[Job]]:
        """Follow a job's tree: the jobs that changed since the last yield (the first time:
        all, the job first), an empty list after `heartbeat_s` without change; ends once it
        yielded the job ended. Raises JobNotFoundError (another user's job) when iterated."""
        ...


__all__ = ["JobService"]
