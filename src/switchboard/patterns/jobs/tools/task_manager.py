"""Task-manager tools: a job agent creates sub-jobs, lists jobs and reads a job's status.

The owner is `ToolContext.user_id` (authentication), never an argument. Inside a running job the
engine passes a replay-stable idempotency key: it becomes the new job's `dedup_key`, so a tool
call re-run after a crash returns the job it created the first time instead of a duplicate.
"""

from __future__ import annotations

from switchboard.patterns.jobs.models import Criterion, Job, JobStatus, NewJob
from switchboard.patterns.jobs.service import JobService
from switchboard.patterns.jobs.tools.context import IDEMPOTENCY_KEY, JOB_ID
from switchboard.tools.tool import Tool, ToolContext


def _summary(job: Job) -> dict[str, object]:
    return {
        "id": job.id,
        "status": job.status.value,
        "persona": job.persona,
        "queue": job.queue,
        "parent_id": job.parent_id,
        "depends_on": job.depends_on,
        "request": job.request[:200],
        "attempts": job.attempts,
        "result": job.result,
        "error": job.error,
    }


def task_manager_tools(service: JobService) -> list[Tool]:
    """Tools that let a job's agent create jobs, list them and read their status through a
    `JobService`."""

    async def create_job(
        request: str,
        context: ToolContext,
        persona: str | None = None,
        depends_on: list[str] | None = None,
        as_sub_job: bool = True,
        priority: int = 100,
        validation_criteria: list[str] | None = None,
    ) -> dict[str, object]:
        """Cria um job (por padrão, um sub-job do job atual). depends_on: ids de jobs que
        precisam terminar antes; validation_criteria: a definição de pronto, um item cada."""
        current = context.extras.get(JOB_ID)
        key = context.extras.get(IDEMPOTENCY_KEY)
        new = NewJob(
            request=request,
            persona=persona or context.agent,
            parent_id=current if as_sub_job and isinstance(current, str) else None,
            depends_on=depends_on or [],
            priority=priority,
            validation_criteria=[
                Criterion(id=f"c{i}", description=text)
                for i, text in enumerate(validation_criteria or [], 1)
            ],
            dedup_key=key if isinstance(key, str) else None,
        )
        return _summary(await service.create_job(context.user_id, new))

    async def list_jobs(
        context: ToolContext, status: JobStatus | None = None, parent_id: str | None = None
    ) -> dict[str, object]:
        """Lista seus jobs (os mais recentes primeiro), opcionalmente por status ou job pai."""
        jobs = await service.list_jobs(context.user_id, status=status, parent_id=parent_id)
        return {"jobs": [_summary(job) for job in jobs]}

    async def job_status(job_id: str, context: ToolContext) -> dict[str, object]:
        """Mostra o status, o resultado e o erro de um job."""
        return _summary(await service.get_job(context.user_id, job_id))

    return [
        Tool(create_job, name="create_job", status="Criando tarefa..."),
        Tool(list_jobs, name="list_jobs"),
        Tool(job_status, name="job_status"),
    ]


READ_ONLY = frozenset({"list_jobs", "job_status"})
IDEMPOTENT = frozenset({"create_job"})
"""Deduplicates itself with the idempotency key: safe to re-run after a crash."""

__all__ = ["IDEMPOTENT", "READ_ONLY", "task_manager_tools"]
