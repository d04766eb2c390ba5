"""Autonomous agent jobs (spec 004): typed jobs with dependencies and a definition of done, run
durably by DBOS (embedded SQLite or PostgreSQL).

The light modules are exported here; `engine` and `worker` import DBOS (~0.4 s) and are imported
explicitly: `from switchboard.patterns.jobs.engine import JobEngine`.
"""

from switchboard.patterns.jobs.backoff import next_delay
from switchboard.patterns.jobs.errors import (
    CommandTimeoutError,
    DependencyCycleError,
    ForbiddenCommandError,
    InvalidPlanError,
    JobError,
    JobNotFoundError,
    JobStateError,
    PathEscapeError,
    UnknownQueueError,
)
from switchboard.patterns.jobs.executor import Action, Analysis, Executor
from switchboard.patterns.jobs.graph import find_cycle
from switchboard.patterns.jobs.models import (
    ApprovalDecision,
    Criterion,
    Job,
    JobStatus,
    NewJob,
    Plan,
    PlanStep,
    SubJobSpec,
    ValidationResult,
)
from switchboard.patterns.jobs.service import JobService

__all__ = [
    "Action",
    "Analysis",
    "ApprovalDecision",
    "CommandTimeoutError",
    "Criterion",
    "DependencyCycleError",
    "Executor",
    "ForbiddenCommandError",
    "InvalidPlanError",
    "Job",
    "JobError",
    "JobNotFoundError",
    "JobService",
    "JobStateError",
    "JobStatus",
    "NewJob",
    "PathEscapeError",
    "Plan",
    "PlanStep",
    "SubJobSpec",
    "UnknownQueueError",
    "ValidationResult",
    "find_cycle",
    "next_delay",
]
