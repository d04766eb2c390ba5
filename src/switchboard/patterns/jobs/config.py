"""The job engine's configuration and the names it shares with DBOS (no DBOS import here)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from switchboard.patterns.jobs.errors import UnknownQueueError
from switchboard.patterns.jobs.executor import Executor
from switchboard.patterns.jobs.models import Job
from switchboard.patterns.jobs.queues import QueueSpec
from switchboard.patterns.jobs.tools.filesystem import READ_ONLY as FS_READ_ONLY
from switchboard.patterns.jobs.tools.memory import IDEMPOTENT as MEMORY_IDEMPOTENT
from switchboard.patterns.jobs.tools.task_manager import IDEMPOTENT as TM_IDEMPOTENT
from switchboard.patterns.jobs.tools.task_manager import READ_ONLY as TM_READ_ONLY
from switchboard.tools.registry import ToolRegistry

WORKFLOW_NAME = "switchboard.jobs.run"
APPROVAL_TOPIC = "approval"
QUEUE_PREFIX = "jobs."
"""DBOS queue names are `jobs.<queue>`, apart from anything else sharing the system database."""

ExecutorFor = Callable[[Job], Executor]
ToolsFor = Callable[[Job], ToolRegistry]


@dataclass(frozen=True, slots=True)
class EngineConfig:
    database_url: str
    """DBOS system database: `sqlite:///var/jobs.db` (embedded) or `postgresql://…`."""
    queues: tuple[QueueSpec, ...]
    workdir_root: str
    """Each job tree works in `<workdir_root>/<root job id>`."""
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
    heartbeat_s: float = 5.0
    dead_after_s: float = 30.0
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
    idempotent_tools: frozenset[str] = (
        FS_READ_ONLY | TM_READ_ONLY | TM_IDEMPOTENT | MEMORY_IDEMPOTENT
    )
    create_schema: bool = False
    """Create the jobs tables at launch (tests, benchmarks); otherwise Alembic `jobs_0001`."""
    dbos_log_level: str = "WARNING"

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    def queue(self, name: str) -> QueueSpec:
        for spec in self.queues:
            if spec.name == name:
                return spec
        raise UnknownQueueError(
            f"fila desconhecida: '{name}'; filas: {', '.join(q.name for q in self.queues)}",
            queue=name,
        )


__all__ = [
    "APPROVAL_TOPIC",
    "QUEUE_PREFIX",
    "WORKFLOW_NAME",
    "EngineConfig",
    "ExecutorFor",
    "QueueSpec",
    "ToolsFor",
]
