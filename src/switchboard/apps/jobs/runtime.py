"""The `jobs` app's `JobRuntime`: its personas' queues, and per job an executor and tools.

Offline (model "embedded", the default without a hosted key) each persona gets its
deterministic planner (`offline.py`); with a hosted model, `GenericAgentExecutor`. The tools
are shared: filesystem and terminal (confined to the job's directory), task manager (through
`LateService`, since the engine that serves it is built from this runtime), memory and the
read-only `ledger_query` (the job owner's finance ledger); each persona is offered only the
tools its `personas.yaml` entry lists.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from switchboard import ConfigurationError, ToolRegistry
from switchboard.apps.jobs.ledger_tool import ledger_tool
from switchboard.apps.jobs.offline import FileOpsPlanner, ReportPlanner
from switchboard.apps.jobs.spending import LedgerSpending, SpendingSource
from switchboard.models import ModelChoice, ModelSource, as_source
from switchboard.patterns import (
    ApprovalDecision,
    Executor,
    GenericAgentExecutor,
    InMemoryLongTermMemory,
    Job,
    JobRuntime,
    JobService,
    JobStatus,
    LongTermMemory,
    NewJob,
    PersonaTemplate,
    StoreLearnings,
    filesystem_tools,
    job_root,
    load_personas,
    memory_tool,
    queue_specs,
    task_manager_tools,
    terminal_tool,
)

if TYPE_CHECKING:
    from switchboard import AppOptions

PERSONAS_FILE = Path(__file__).with_name("personas.yaml")


ENGINE_DOWN = (
    "o motor de jobs não está rodando. Inicie-o com `switchboard serve` (o servidor roda os "
    "jobs) ou com `switchboard worker` em outro terminal; `switchboard chat --app jobs` e "
    "`switchboard mcp` o iniciam sozinhos."
)


class JobEngineDownError(ConfigurationError):
    """No launched engine behind the app's chat and tools (pt-BR: the user reads it)."""

    code = "jobs_engine_down"


@dataclass(slots=True)
class LateService:
    """A `JobService` whose target (the launched engine) is set after the tools are built."""

    target: JobService | None = None

    def _service(self) -> JobService:
        if self.target is None:
            raise JobEngineDownError(ENGINE_DOWN)
        return self.target

    async def create_job(self, user_id: str, new: NewJob) -> Job:
        return await self._service().create_job(user_id, new)

    async def get_job(self, user_id: str, job_id: str) -> Job:
        return await self._service().get_job(user_id, job_id)

    async def list_jobs(
        self,
        user_id: str,
        *,
        parent_id: str | None = None,
        status: JobStatus | None = None,
        limit: int = 50,
    ) -> list[Job]:
        return await self._service().list_jobs(
            user_id, parent_id=parent_id, status=status, limit=limit
        )

    async def decide(self, user_id: str, job_id: str, decision: ApprovalDecision) -> Job:
        return await self._service().decide(user_id, job_id, decision)

    async def cancel(self, user_id: str, job_id: str) -> list[str]:
        return await self._service().cancel(user_id, job_id)

    async def tree(self, user_id: str, job_id: str) -> list[Job]:
        return await self._service().tree(user_id, job_id)

    async def watch(
        self, user_id: str, job_id: str, *, poll_s: float = 0.5, heartbeat_s: float = 15.0
    ) -> AsyncIterator[list[Job]]:
        changes = self._service().watch(user_id, job_id, poll_s=poll_s, heartbeat_s=heartbeat_s)
        async for changed in changes:
            yield changed


@dataclass(slots=True)
class JobsSetup:
    """Everything the app, the server and `switchboard worker` share to run this app's jobs."""

    runtime: JobRuntime
    personas: dict[str, PersonaTemplate]
    service: LateService
    memory: LongTermMemory
    offline: bool
    registry: ToolRegistry = field(repr=False)

    def job_runtime(self) -> JobRuntime:
        """`JobsHost`: what a worker's engine runs."""
        return self.runtime

    def serve_jobs(self, service: JobService | None) -> None:
        """`JobsHost`: the launched engine, for the task-manager tools and the chat."""
        self.service.target = service


def is_offline(choice: ModelChoice | ModelSource) -> bool:
    """`ModelSource.offline`: the executors are the deterministic planners."""
    return as_source(choice).offline


def jobs_setup(
    workdir_root: str | None = None,
    *,
    model: ModelChoice | ModelSource = None,
    memory: LongTermMemory | None = None,
    draft_first: bool = True,
    spending: SpendingSource | None = None,
) -> JobsSetup:
    """`spending`: where spending reports read the user's ledger (`LedgerSpending` over the
    Switchboard store, the finance app's ledger): offline planners directly, hosted
    `relatorios` jobs through the `ledger_query` tool; None: such a job explains it cannot
    read it."""
    personas = load_personas(PERSONAS_FILE)
    service = LateService()
    memory = memory or InMemoryLongTermMemory()
    registry = ToolRegistry(
        [
            *filesystem_tools(),
            terminal_tool(),
            *task_manager_tools(service),
            memory_tool(memory),
            ledger_tool(spending),
        ]
    )
    source = as_source(model)
    offline = source.offline
    root = job_root(workdir_root)
    planners: dict[str, Executor] = {
        "relatorios": ReportPlanner(root, spending, draft_first=draft_first),
        "dev": FileOpsPlanner(),
    }
    hosted: dict[str, Executor] = {}

    def executor_for(job: Job) -> Executor:
        persona = personas.get(job.persona)
        if persona is None:
            raise ConfigurationError(f"persona desconhecida: {job.persona}")
        if offline:
            return planners[persona.name]
        if persona.name not in hosted:
            model_ = source.for_agent(persona.agent_spec())
            hosted[persona.name] = GenericAgentExecutor(persona, model_, registry, memory)
        return hosted[persona.name]

    runtime = JobRuntime(
        queues=queue_specs(personas),
        executor_for=executor_for,
        tools_for=lambda job: registry,
        workdir_root=root,
        personas={name: persona.queue for name, persona in personas.items()},
    )
    return JobsSetup(runtime, personas, service, memory, offline, registry)


class JobsRuntimeFactory:
    """The `switchboard.job_runtimes` entry point (`JobRuntimeFactory`): the app's jobs without
    its chat, for `switchboard worker` and `switchboard jobs` — personas' learnings in the
    options' store, spending reports over its finance ledger."""

    def build(self, options: AppOptions) -> JobsSetup:
        return jobs_setup(
            model=options.models,
            memory=StoreLearnings(options.store),
            spending=LedgerSpending(options.store),
        )


job_runtime = JobsRuntimeFactory()

__all__ = [
    "ENGINE_DOWN",
    "PERSONAS_FILE",
    "JobEngineDownError",
    "JobsRuntimeFactory",
    "JobsSetup",
    "LateService",
    "is_offline",
    "job_runtime",
    "jobs_setup",
]
