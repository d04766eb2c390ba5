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
    PlanningError,
    UnknownQueueError,
)
from switchboard.patterns.jobs.executor import Action, Analysis, Executor, ToolRequest
from switchboard.patterns.jobs.graph import find_cycle
from switchboard.patterns.jobs.models import (
    ApprovalDecision,
    Criterion,
    CriterionResult,
    Job,
    JobOutcome,
    JobStatus,
    NewJob,
    Plan,
    PlanStep,
    SubJobSpec,
    ValidationResult,
    criteria_note,
)
from switchboard.patterns.jobs.service import JobService

__all__ = [
    "Action",
    "Analysis",
    "ApprovalDecision",
    "CommandTimeoutError",
    "Criterion",
    "CriterionResult",
    "DependencyCycleError",
    "Executor",
    "ForbiddenCommandError",
    "InvalidPlanError",
    "Job",
    "JobError",
    "JobNotFoundError",
    "JobOutcome",
    "JobService",
    "JobStateError",
    "JobStatus",
    "NewJob",
    "PathEscapeError",
    "Plan",
    "PlanStep",
    "PlanningError",
    "SubJobSpec",
    "ToolRequest",
    "UnknownQueueError",
    "ValidationResult",
    "criteria_note",
    "find_cycle",
    "next_delay",
]
