"""Typed errors of the jobs pattern: each has a stable `code`, and reaches an agent as a tool
result (pt-BR message) or a client as an HTTP body, never as a crash of the worker."""

from __future__ import annotations

from switchboard.core.errors import SwitchboardError


class JobError(SwitchboardError):
    """Base of every job error (typed, with an HTTP status for the API)."""

    code = "job_error"
    http_status = 400


class JobNotFoundError(JobError):
    """Also raised for another user's job: never reveal that it exists."""

    code = "job_not_found"
    http_status = 404


class UnknownQueueError(JobError):
    """A job names a queue the service does not run."""

    code = "unknown_queue"
    http_status = 422


class DependencyCycleError(JobError):
    """A job's dependencies form a cycle, so it could never start."""

    code = "dependency_cycle"
    http_status = 422


class InvalidPlanError(JobError):
    """A model's plan that cannot run: unknown dependency refs, duplicate refs, a cycle."""

    code = "invalid_plan"
    http_status = 422


class PlanningError(JobError):
    """Planning produced nothing to act on: the planner failed, timed out, or returned an empty
    plan for a job that must be approved (an empty plan is never offered for approval)."""

    code = "planning_failed"
    http_status = 422


class FinalError(JobError):
    """An attempt failed for a reason another attempt cannot change (a request outside the
    offline catalogue): the job fails at once with this pt-BR message, without retries."""

    code = "job_final"
    http_status = 422


class JobStateError(JobError):
    """The action does not fit the job's status (approve a job that is not awaiting approval,
    a second, different decision on the same approval)."""

    code = "job_state"
    http_status = 409


class PathEscapeError(JobError):
    """A filesystem path outside the job's working directory (`..`, absolute, symlink)."""

    code = "path_escape"
    http_status = 403


class ForbiddenCommandError(JobError):
    """A terminal command or git subcommand outside the allow-list."""

    code = "forbidden_command"
    http_status = 403


class CommandTimeoutError(JobError):
    """A job's shell command ran past its time limit and was killed."""

    code = "command_timeout"
    http_status = 504


class SandboxUnavailableError(JobError):
    """No usable sandbox on this host (bubblewrap missing, user namespaces disabled): commands
    are refused rather than run unconfined. The message (pt-BR) tells the model and the user."""

    code = "sandbox_unavailable"
    http_status = 503


class WorkspaceFolderError(JobError):
    """A host folder that cannot be a job's workspace (`/`, a home directory, the Switchboard
    installation, a system directory, one holding the job root)."""

    code = "workspace_folder"
    http_status = 422


__all__ = [
    "CommandTimeoutError",
    "DependencyCycleError",
    "FinalError",
    "ForbiddenCommandError",
    "InvalidPlanError",
    "JobError",
    "JobNotFoundError",
    "JobStateError",
    "PathEscapeError",
    "PlanningError",
    "SandboxUnavailableError",
    "UnknownQueueError",
    "WorkspaceFolderError",
]
