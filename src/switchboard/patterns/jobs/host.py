"""How an app offers autonomous jobs to the server (light: no DBOS import).

An app whose agents run jobs implements `JobsHost` (two methods, checked with `isinstance`):
the server's lifespan launches the job engine with the app's `JobRuntime` (its queues, and per job
an executor and tools) and hands the launched engine back through `serve_jobs`, so the app's chat
and tools (which were built before the engine existed) reach it; `switchboard worker` processes
build their engine from the same runtime. An app without it simply has no jobs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from switchboard.patterns.jobs.config import ExecutorFor, ToolsFor
from switchboard.patterns.jobs.job_root import job_root
from switchboard.patterns.jobs.queues import QueueSpec
from switchboard.patterns.jobs.service import JobService


@dataclass(frozen=True, slots=True)
class JobRuntime:
    """What an app provides to run its jobs: queues, and per job an executor and tools."""

    queues: tuple[QueueSpec, ...]
    executor_for: ExecutorFor
    tools_for: ToolsFor
    workdir_root: str = field(default_factory=job_root)
    """Each job tree works in `<workdir_root>/<root job id>` (see `job_root.py`)."""
    personas: Mapping[str, str] = field(default_factory=dict)
    """Persona name → its queue: the personas a job may be created for (`POST /jobs`'s
    `persona` enum); empty: every queue is a persona of the same name."""

    def persona_names(self) -> list[str]:
        """The personas jobs may be created for, sorted."""
        return sorted(self.personas) if self.personas else sorted(q.name for q in self.queues)


@runtime_checkable
class JobsHost(Protocol):
    """An app whose agents run autonomous jobs (the `jobs` app is the reference one)."""

    def job_runtime(self) -> JobRuntime:
        """The queues, executors and tools the server's in-process worker runs."""
        ...

    def serve_jobs(self, service: JobService | None) -> None:
        """The launched engine (None when the server stops it): what the app's chat and
        task-manager tools call."""
        ...


__all__ = ["JobRuntime", "JobsHost"]
