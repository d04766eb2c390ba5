"""How an app offers autonomous jobs to the server (light: no DBOS import).

An app whose agents run jobs implements `JobsHost` (two methods, checked with `isinstance`):
the server's lifespan launches the job engine with the app's `JobRuntime` (its queues, and per job
an executor and tools) and hands the launched engine back through `serve_jobs`, so the app's chat
and tools (which were built before the engine existed) reach it; `switchboard worker` processes
build their engine from the same runtime. An app without it simply has no jobs.

A worker does not need the app's chat: the `switchboard.job_runtimes` entry points name, per app,
a `JobRuntimeFactory` that builds only the `JobsHost` part from the shared `AppOptions`
(`switchboard worker --app NAME`, `switchboard jobs --app NAME …`; default the `jobs` app):

    [project.entry-points."switchboard.job_runtimes"]
    jobs = "switchboard.apps.jobs.runtime:job_runtime"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from switchboard.core.errors import ConfigurationError, UnknownAppError
from switchboard.patterns.jobs.config import ExecutorFor, ToolsFor
from switchboard.patterns.jobs.job_root import job_root
from switchboard.patterns.jobs.queues import QueueSpec
from switchboard.patterns.jobs.service import JobService

if TYPE_CHECKING:
    from switchboard.sessions.options import AppOptions

JOB_RUNTIMES_GROUP = "switchboard.job_runtimes"
DEFAULT_JOB_APP = "jobs"


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


@runtime_checkable
class JobRuntimeFactory(Protocol):
    """What a `switchboard.job_runtimes` entry point names: an app's jobs without its chat."""

    def build(self, options: AppOptions) -> JobsHost:
        """The app's `JobsHost` on `options` (their store is the caller's to close)."""
        ...


def _job_runtime_entries() -> dict[str, EntryPoint]:
    return {entry.name: entry for entry in entry_points(group=JOB_RUNTIMES_GROUP)}


def job_runtime_apps() -> list[str]:
    """The apps whose job runtime a worker can run, sorted (read on each call)."""
    return sorted(_job_runtime_entries())


def check_job_app(name: str) -> None:
    """Raise `UnknownAppError` (one line: the name and the known ones) unless `name` has a job
    runtime — before anything is opened for it."""
    if name not in _job_runtime_entries():
        known = ", ".join(job_runtime_apps()) or "none installed"
        raise UnknownAppError(f"no job runtime for app {name!r}; available: {known}", app=name)


def load_job_host(name: str, options: AppOptions) -> JobsHost:
    """App `name`'s `JobsHost`, built by its `switchboard.job_runtimes` entry point."""
    check_job_app(name)
    entry = _job_runtime_entries()[name]
    factory = entry.load()
    if not isinstance(factory, JobRuntimeFactory):
        raise ConfigurationError(
            f"entry point {name!r} of {JOB_RUNTIMES_GROUP} must name a JobRuntimeFactory "
            f"({entry.value})",
            location=name,
        )
    return factory.build(options)


__all__ = [
    "DEFAULT_JOB_APP",
    "JOB_RUNTIMES_GROUP",
    "JobRuntime",
    "JobRuntimeFactory",
    "JobsHost",
    "check_job_app",
    "job_runtime_apps",
    "load_job_host",
]
