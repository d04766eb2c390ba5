"""What a job's end sets in motion: its dependants and its parent (sync, on the job store).

Called after the ended job's row is saved (so the readers below see it ended). Both are
idempotent: a dependant already failed or started is skipped, and a hand-off enqueued twice is
the same workflow (see `enqueue`), so a step that crashed half-way may run this again.
"""

from __future__ import annotations

from switchboard.patterns.jobs import transitions as t
from switchboard.patterns.jobs.enqueue import Follow
from switchboard.patterns.jobs.models import Job, JobStatus
from switchboard.patterns.jobs.store import JobStore

ENDED_BADLY = (JobStatus.FAILED, JobStatus.CANCELLED)


def start_of(job: Job) -> Follow:
    return Follow(job.id, job.queue, job.priority, "start", job.id)


def finish_of(parent: Job) -> Follow:
    workflow_id = f"{parent.id}:finish:{parent.state.spawned_round}"
    return Follow(parent.id, parent.queue, parent.priority, "finish", workflow_id)


def decided_of(job: Job) -> Follow:
    """The run that applies a job's recorded approval decision (one per job: a job is
    approved at most once)."""
    return Follow(job.id, job.queue, job.priority, "decided", decided_id(job.id))


def expire_of(job: Job, after_s: float) -> Follow:
    """The approval's deadline, a run delayed by `after_s` (DBOS `DELAYED`: no slot held)."""
    return Follow(job.id, job.queue, job.priority, "expire", expire_id(job.id), after_s)


def decided_id(job_id: str) -> str:
    return f"{job_id}:decided"


def expire_id(job_id: str) -> str:
    return f"{job_id}:expire"


def follow_ups(store: JobStore, ended: Job) -> list[Follow]:
    """After `ended` ended: fail the dependants of a failed/cancelled job (transitively),
    collect the dependants now ready, and the parent once all its current sub-jobs ended."""
    out: list[Follow] = []
    stack = [ended]
    while stack:
        done = stack.pop()
        for dependant in store.dependants(done.id):
            if dependant.status is not JobStatus.WAITING or dependant.attempts > 0:
                continue
            if done.status in ENDED_BADLY:
                dependant.status = JobStatus.FAILED
                dependant.error = f"a dependência {done.id} terminou {done.status.label}"
                t.history(dependant, "system", dependant.error)
                store.save(dependant)
                stack.append(dependant)
            elif all(d.status is JobStatus.COMPLETED for d in store.get_many(dependant.depends_on)):
                out.append(start_of(dependant))
        if done.parent_id:
            parent = store.get(done.parent_id)
            if parent is not None and parent.status is JobStatus.WAITING:
                siblings = [c for c in store.children(parent.id) if t.round_of(parent, c)]
                if siblings and all(c.status.terminal for c in siblings):
                    out.append(finish_of(parent))
    return list(dict.fromkeys(out))


__all__ = [
    "decided_id",
    "decided_of",
    "expire_id",
    "expire_of",
    "finish_of",
    "follow_ups",
    "start_of",
]
