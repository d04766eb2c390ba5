"""The job engine's configuration and the names it shares with DBOS (no DBOS import here)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from switchboard.core.errors import ConfigurationError
from switchboard.patterns.jobs.errors import UnknownQueueError
from switchboard.patterns.jobs.executor import Executor
from switchboard.patterns.jobs.models import Job
from switchboard.patterns.jobs.queues import QueueSpec
from switchboard.patterns.jobs.sandbox import Sandbox
from switchboard.patterns.jobs.tools.filesystem import READ_ONLY as FS_READ_ONLY
from switchboard.patterns.jobs.tools.memory import IDEMPOTENT as MEMORY_IDEMPOTENT
from switchboard.patterns.jobs.tools.task_manager import IDEMPOTENT as TM_IDEMPOTENT
from switchboard.patterns.jobs.tools.task_manager import READ_ONLY as TM_READ_ONLY
from switchboard.tools.registry import ToolRegistry

WORKFLOW_NAME = "switchboard.jobs.run"
QUEUE_PREFIX = "jobs."
"""DBOS queue names are `jobs.<queue>`, apart from anything else sharing the system database."""

DEFAULT_HEARTBEAT_S = 5.0
ExecutorFor = Callable[[Job], Executor]
ToolsFor = Callable[[Job], ToolRegistry]


@dataclass(frozen=True, slots=True)
class EngineConfig:
    database_url: str
    """DBOS system database: `sqlite:///var/jobs.db` (embedded) or `postgresql://…`."""
    queues: tuple[QueueSpec, ...]
    workdir_root: str
    """Each job tree works in `<workdir_root>/<root job id>`."""
    personas: Mapping[str, str] = field(default_factory=dict)
    """Persona name → its queue (`JobRuntime.personas`). Empty: a persona's queue is the queue
    of the same name (engines built without personas: tests, benchmarks)."""
    store_url: str | None = None
    """Where the `jobs*` tables live; None: the same database as DBOS."""
    app_name: str = "switchboard"
    app_version: str = "switchboard-jobs-2"
    """Pending workflows are recovered only by workers of the same version: bump it when the
    workflow's step sequence changes incompatibly, never per deploy (2: begin folded into the
    run's first step, completion and hand-offs in one step, tuple step outputs)."""
    executor_id: str | None = None
    """Unique per process (default `<host>-<pid>-<random>`); never shared, see the spike notes."""
    polling_interval_s: float = 0.5
    """How often each worker polls each of its queues. A hand-off between jobs (a sub-job or a
    dependant starting, a parent resuming, a job created by a job) does not wait for it when
    the process making it serves the queue and has room there: it starts the workflow at once
    (`enqueue.LocalStarter`), and so does a new job from the API on a worker running nothing on
    its queue. The poll takes the rest, each after half of this on average: new jobs on a busy
    worker, hand-offs to queues the process does not serve or made while it was full,
    recovered workflows. A poll is ~3 statements per queue; an idle worker with 3 queues burns
    ~4% of a core at 0.5 s, ~9% at 0.2 s, ~15% at 0.1 s (measured on the 2-vCPU VM,
    bench/jobs/RESULTS.md)."""
    notification_polling_s: float = 0.2
    heartbeat_s: float = DEFAULT_HEARTBEAT_S
    """How often a worker writes its heartbeat (and sweeps for dead workers)."""
    dead_after_s: float = 30.0
    """A worker whose heartbeat is older than this is dead: another worker re-enqueues its
    workflows (`SWITCHBOARD_JOBS_DEAD_AFTER_S`, `switchboard worker --dead-after`). Must exceed
    two heartbeats."""
    cancel_poll_s: float = 1.0
    """While this worker runs workflows, how often it looks for their jobs cancelled by another
    process (one indexed read of those rows), to stop them at once — a running command killed,
    the queue slot freed. A cancel made in this process stops its workflows immediately."""
    max_steps: int = 40
    repeat_limit: int = 3
    """The same tool with the same arguments this many times in a round is a stall (loop)."""
    max_replans: int = 2
    summary_threshold: int = 60
    record_every_s: float = 1.0
    """Between state transitions, the job's row is rewritten at most this often (its history
    in the API lags by up to this much); the durable state is DBOS's step output."""
    summary_keep: int = 10
    approval_timeout_s: float = 7 * 24 * 3600.0
    """A job nobody approves or rejects within this fails (a DBOS-delayed workflow decides it;
    no worker waits meanwhile)."""
    plan_timeout_s: float = 300.0
    """Each planning call (analyse, criteria, plan) fails the attempt after this long, with a
    pt-BR message (`SWITCHBOARD_JOBS_PLAN_TIMEOUT_S`)."""
    check_timeout_s: float = 120.0
    """Wall time of one command criterion (a test suite) in the sandbox."""
    check_programs: frozenset[str] = frozenset(
        {"python3", "python", "pytest", "git", "grep", "test", "diff", "ls", "cat", "wc", "make"}
    )
    """Programs a command criterion may start (a second line behind the sandbox: no shells)."""
    check_env: Mapping[str, str] = field(default_factory=dict)
    """Added to the sandbox environment of command criteria (e.g. `PYTHONPATH` of a toolchain
    mounted read-only through `sandbox`); operator configuration, never the model's."""
    sandbox: Sandbox = field(default_factory=Sandbox)
    """Where command criteria run (extra read-only toolchains: `Sandbox(read_only=(…))`)."""
    parallel_safe_tools: frozenset[str] = FS_READ_ONLY | TM_READ_ONLY
    """Tools that declare themselves safe to run concurrently (read-only): consecutive calls of
    these in one model answer run together; every other call runs alone, in order."""
    idempotent_tools: frozenset[str] = (
        FS_READ_ONLY | TM_READ_ONLY | TM_IDEMPOTENT | MEMORY_IDEMPOTENT
    )
    workspace_roots: tuple[str, ...] = ()
    """Where an existing project folder may be a job's workspace (`NewJob.workspace`): inside
    one of these (`{user}` stands for the job's owner, e.g. `/srv/projetos/{user}`); empty:
    nowhere (`SWITCHBOARD_JOBS_WORKSPACE_ROOTS`, separated by `:`)."""
    create_schema: bool = False
    """Create the jobs tables at launch (tests, benchmarks); otherwise Alembic `jobs_0001`."""
    dbos_log_level: str = "WARNING"

    def __post_init__(self) -> None:
        if self.dead_after_s <= 2 * self.heartbeat_s:
            raise ConfigurationError(
                f"dead_after_s ({self.dead_after_s:g}) must exceed two heartbeats "
                f"(heartbeat_s = {self.heartbeat_s:g})"
            )

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    def queue_of(self, persona: str, queue: str | None = None) -> str:
        """The queue a job of `persona` runs on (`queue` when given); checked."""
        if queue is None and self.personas:
            if persona not in self.personas:
                known = ", ".join(sorted(self.personas))
                raise UnknownQueueError(
                    f"persona desconhecida: '{persona}'; personas: {known}", persona=persona
                )
            queue = self.personas[persona]
        chosen = queue or persona
        self.queue(chosen)
        return chosen

    def queue(self, name: str) -> QueueSpec:
        for spec in self.queues:
            if spec.name == name:
                return spec
        raise UnknownQueueError(
            f"fila desconhecida: '{name}'; filas: {', '.join(q.name for q in self.queues)}",
            queue=name,
        )


ENV_OPTIONS = {
    "SWITCHBOARD_JOBS_DEAD_AFTER_S": "dead_after_s",
    "SWITCHBOARD_JOBS_HEARTBEAT_S": "heartbeat_s",
    "SWITCHBOARD_JOBS_PLAN_TIMEOUT_S": "plan_timeout_s",
    "SWITCHBOARD_JOBS_CHECK_TIMEOUT_S": "check_timeout_s",
    "SWITCHBOARD_JOBS_APPROVAL_TIMEOUT_S": "approval_timeout_s",
}
"""Environment variables (seconds) that set engine options for the server and workers."""
WORKSPACE_ROOTS_ENV = "SWITCHBOARD_JOBS_WORKSPACE_ROOTS"
"""Folders (absolute, `:`-separated; `{user}` is the job's owner) inside which a person may
point a job at an existing project folder (`EngineConfig.workspace_roots`)."""
TOOLCHAIN_ENV = "SWITCHBOARD_JOBS_TOOLCHAIN"
"""A folder of Python packages (`pip install --target DIR pytest`) the engine's command criteria
see read-only on their `PYTHONPATH`: the sandbox shows the host's `/usr` only, so a test runner
the system Python lacks comes from here (no secrets in it: it is visible to every check)."""


def options_from_env(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The engine options set in the environment (`ENV_OPTIONS`). A dead-worker timeout given
    alone brings the heartbeat down with it (a quarter of it, at most the default 5 s)."""
    env = os.environ if environ is None else environ
    options: dict[str, Any] = {}
    for name, option in ENV_OPTIONS.items():
        raw = env.get(name, "").strip()
        if not raw:
            continue
        try:
            value = float(raw)
        except ValueError:
            raise ConfigurationError(f"{name} must be a number of seconds, not {raw!r}") from None
        if value <= 0:
            raise ConfigurationError(f"{name} must be positive")
        options[option] = value
    if "dead_after_s" in options and "heartbeat_s" not in options:
        options["heartbeat_s"] = min(DEFAULT_HEARTBEAT_S, options["dead_after_s"] / 4)
    roots = [r.strip() for r in env.get(WORKSPACE_ROOTS_ENV, "").split(os.pathsep) if r.strip()]
    if roots:
        relative = [r for r in roots if not os.path.isabs(r)]
        if relative:
            raise ConfigurationError(f"{WORKSPACE_ROOTS_ENV} takes absolute paths: {relative}")
        options["workspace_roots"] = tuple(roots)
    toolchain = env.get(TOOLCHAIN_ENV, "").strip()
    if toolchain:
        options.update(toolchain_options(toolchain))
    return options


def toolchain_options(folder: str) -> dict[str, Any]:
    """Engine options making `folder` (Python packages) importable by command criteria."""
    path = os.path.realpath(folder)
    if not os.path.isdir(path):
        raise ConfigurationError(f"{TOOLCHAIN_ENV} is not a folder: {folder}")
    return {
        "sandbox": Sandbox(read_only=(path,)),
        "check_env": {"PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"},
    }


def dead_worker_options(
    dead_after_s: float, environ: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Options for a dead-worker timeout of `dead_after_s` (`switchboard worker --dead-after`):
    the heartbeat the environment sets, else a quarter of it (at most the default 5 s)."""
    heartbeat = options_from_env(environ).get("heartbeat_s")
    if "SWITCHBOARD_JOBS_HEARTBEAT_S" not in (os.environ if environ is None else environ):
        heartbeat = None
    return {
        "dead_after_s": dead_after_s,
        "heartbeat_s": heartbeat or min(DEFAULT_HEARTBEAT_S, dead_after_s / 4),
    }


__all__ = [
    "DEFAULT_HEARTBEAT_S",
    "ENV_OPTIONS",
    "QUEUE_PREFIX",
    "TOOLCHAIN_ENV",
    "WORKFLOW_NAME",
    "WORKSPACE_ROOTS_ENV",
    "EngineConfig",
    "ExecutorFor",
    "QueueSpec",
    "ToolsFor",
    "dead_worker_options",
    "options_from_env",
    "toolchain_options",
]
