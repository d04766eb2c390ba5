"""The job engine: Switchboard jobs run as DBOS workflows (see /work/notes/jobs_spike.md).

One workflow run per job phase: `start` (analyse → criteria → plan → approval → sub-jobs or
execute → validate → replan) and `finish` (a parent resumed once all its sub-jobs are terminal).
Every executor call and every tool call is a DBOS step whose body loads the job, applies the
result, saves the job and returns it; a crashed worker's workflow is replayed from the recorded
steps, so completed steps never run again and the in-memory job is rebuilt from their outputs.

Guarantees and how they are kept:
- tool calls with side effects run at most once: journaled in `job_effects` (committed) before
  they run; a replay that finds the claim unfinished does not run the call again and tells the
  agent it was interrupted. Tools listed in `EngineConfig.idempotent_tools` are simply re-run;
- a sub-job is enqueued only when its dependencies completed (so no workflow holds a queue slot
  waiting for another: no slot deadlock); a failed or cancelled dependency fails its dependants;
  a parent does not wait in a slot either: the last sub-job to end enqueues its `finish` phase;
- the approval wait is `DBOS.recv_async` on the job's workflow: durable across restarts, and the
  decision is sent with an idempotency key, so the same approval delivered twice counts once;
- a worker that dies for good: its heartbeat row goes stale; another worker claims the row
  (one winner) and re-enqueues the dead executor's pending workflows (`_recover`).

DBOS is a process-wide singleton: one `JobEngine` per process (`launch` refuses a second).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import time
import uuid
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from typing import Any

from dbos import DBOS, DBOSConfig, EnqueueOptions
from dbos._error import DBOSException

from switchboard.core.errors import ConfigurationError
from switchboard.patterns.jobs import transitions as t
from switchboard.patterns.jobs.backoff import next_delay, seeded_rng
from switchboard.patterns.jobs.dbos_runtime import (
    migrate_dbos_locked,
    recover,
    sqlite_system_engine,
)
from switchboard.patterns.jobs.errors import (
    JobNotFoundError,
    JobStateError,
    UnknownQueueError,
)
from switchboard.patterns.jobs.executor import Action, Executor
from switchboard.patterns.jobs.models import (
    ApprovalDecision,
    ConversationMessage,
    Job,
    JobStatus,
    NewJob,
    utcnow,
)
from switchboard.patterns.jobs.queues import QueueSpec
from switchboard.patterns.jobs.store import AsyncJobStore, JobStore
from switchboard.patterns.jobs.tools.context import IDEMPOTENCY_KEY, JOB_ID, WORKDIR
from switchboard.patterns.jobs.tools.filesystem import READ_ONLY as FS_READ_ONLY
from switchboard.patterns.jobs.tools.memory import IDEMPOTENT as MEMORY_IDEMPOTENT
from switchboard.patterns.jobs.tools.task_manager import IDEMPOTENT as TM_IDEMPOTENT
from switchboard.patterns.jobs.tools.task_manager import READ_ONLY as TM_READ_ONLY
from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import ToolContext

log = logging.getLogger(__name__)

WORKFLOW_NAME = "switchboard.jobs.run"
APPROVAL_TOPIC = "approval"
QUEUE_PREFIX = "jobs."
"""DBOS queue names are `jobs.<queue>`, apart from anything else sharing the system database."""
INTERRUPTED = (
    "ERRO: a execução anterior desta chamada foi interrompida (o worker parou no meio) e ela não "
    "será repetida automaticamente, pois pode ter efeitos. Verifique o estado antes de repetir."
)
ALWAYS_RECORD = frozenset({"begin", "load", "flush", "spawn", "complete", "fail"})
"""Steps that always rewrite the job's row (the others only on a status change or when due)."""
TOOL_OUTPUT_IN_HISTORY = 4_000
"""Characters of a tool's output kept in the activity history (the full output is journaled)."""


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
    app_version: str = "switchboard-jobs-1"
    """Pending workflows are recovered only by workers of the same version: bump it when the
    workflow's step sequence changes incompatibly, never per deploy."""
    executor_id: str | None = None
    """Unique per process (default `<host>-<pid>-<random>`); never shared, see the spike notes."""
    polling_interval_s: float = 0.5
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

    def queue(self, name: str) -> QueueSpec:
        for spec in self.queues:
            if spec.name == name:
                return spec
        raise UnknownQueueError(
            f"fila desconhecida: '{name}'; filas: {', '.join(q.name for q in self.queues)}",
            queue=name,
        )


Follow = tuple[str, str, int, str, str]
"""A workflow to enqueue: (job id, queue, priority, phase, workflow id)."""
ExecutorFor = Callable[[Job], Executor]
ToolsFor = Callable[[Job], ToolRegistry]
_ACTIVE: JobEngine | None = None


def _active() -> JobEngine:
    if _ACTIVE is None:
        raise ConfigurationError("no job engine launched in this process")
    return _ACTIVE


@DBOS.workflow(name=WORKFLOW_NAME)
async def _job_workflow(job_id: str, phase: str) -> str:
    return await _active()._run_workflow(job_id, phase)


class _Stop(Exception):
    """The job reached a state where this workflow run has nothing more to do."""


@dataclass(slots=True)
class JobEngine:
    """Runs jobs; also the `JobService` the API, CLI and task-manager tool use."""

    config: EngineConfig
    executor_for: ExecutorFor
    tools_for: ToolsFor
    store: JobStore = field(init=False)
    db: AsyncJobStore = field(init=False)
    executor_id: str = field(init=False)
    _tasks: set[asyncio.Task[Any]] = field(default_factory=set, init=False)
    _heartbeat: asyncio.Task[None] | None = field(default=None, init=False)
    _launched: bool = field(default=False, init=False)
    _in_step: int = field(default=0, init=False)
    _queues: list[str] = field(default_factory=list, init=False)
    _latest: dict[str, Job] = field(default_factory=dict, init=False)
    """The job as of each workflow's last step (what a failed attempt resumes from)."""
    _recorded_at: dict[str, float] = field(default_factory=dict, init=False)
    """Steps running now in this process (shutdown's grace period waits for them)."""

    def __post_init__(self) -> None:
        self.store = JobStore(self.config.store_url or self.config.database_url)
        self.db = AsyncJobStore(self.store)
        self.executor_id = (
            self.config.executor_id
            or f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        )

    # -- life cycle ---------------------------------------------------------------------------

    async def launch(self, listen: Sequence[str] | None = None) -> None:
        """Start DBOS in this process (from inside the running loop, so job workflows run on
        it). `listen`: queues this process works on (None: all; []: none, enqueue only)."""
        global _ACTIVE
        if _ACTIVE is not None:
            raise ConfigurationError("a job engine is already running in this process")
        _ACTIVE = self
        cfg = self.config
        if cfg.create_schema:
            self.store.create_schema()
        if not cfg.database_url.startswith("sqlite"):
            await asyncio.to_thread(migrate_dbos_locked, cfg.database_url)
        dbos_config: DBOSConfig = {
            "name": cfg.app_name,
            "system_database_url": cfg.database_url,
            "executor_id": self.executor_id,
            "application_version": cfg.app_version,
            "notification_listener_polling_interval_sec": cfg.notification_polling_s,
            "log_level": cfg.dbos_log_level,
        }
        if cfg.database_url.startswith("sqlite"):
            dbos_config["system_database_engine"] = sqlite_system_engine(cfg.database_url)
        DBOS(config=dbos_config)
        names = [q.name for q in cfg.queues] if listen is None else list(listen)
        for name in names:
            cfg.queue(name)
        DBOS.listen_queues([QUEUE_PREFIX + name for name in names])
        DBOS.launch()
        self._launched = True
        for spec in cfg.queues:
            await DBOS.register_queue_async(
                QUEUE_PREFIX + spec.name,
                worker_concurrency=spec.worker_concurrency,
                polling_interval_sec=cfg.polling_interval_s,
                on_conflict="always_update",
            )
        self._queues = names
        if names:
            await self.beat()
            self._heartbeat = asyncio.create_task(self._heartbeat_loop())

    async def shutdown(self, grace_s: float = 10.0) -> None:
        """Stop heartbeats, let running steps finish for up to `grace_s`, stop DBOS, and hand
        what is left (jobs awaiting approval, delayed retries) to the other workers at once."""
        global _ACTIVE
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            await asyncio.gather(self._heartbeat, return_exceptions=True)
        deadline = asyncio.get_running_loop().time() + grace_s
        while self._busy() and asyncio.get_running_loop().time() < deadline:  # noqa: ASYNC110
            await asyncio.sleep(0.05)  # polls a counter DBOS steps update; no event to wait on
        if self._launched:
            DBOS.destroy()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._heartbeat is not None:
            # called directly: DBOS installs its executor as the loop's default and
            # `DBOS.destroy()` shut it down, so `asyncio.to_thread` fails from here on
            self.store.mark_worker_gone(self.executor_id)
        self.store.dispose()
        self._launched = False
        _ACTIVE = None

    def _busy(self) -> bool:
        return self._in_step > 0

    async def beat(self) -> list[str]:
        """One heartbeat and one sweep; returns the dead executors this worker recovered."""
        now = utcnow()
        await self.db.run(self.store.heartbeat, self.executor_id, self._queues, now)
        cutoff = now - timedelta(seconds=self.config.dead_after_s)
        recovered = []
        for dead in await self.db.run(self.store.stale_workers, cutoff):
            if dead != self.executor_id and await self.db.run(
                self.store.claim_dead_worker, dead, cutoff
            ):
                await asyncio.to_thread(recover, dead)
                recovered.append(dead)
        return recovered

    async def _heartbeat_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.heartbeat_s)
            try:
                await self.beat()
            except Exception:
                log.exception("job worker heartbeat failed", extra={"executor": self.executor_id})

    # -- JobService -------------------------------------------------------------------------

    async def create_job(self, user_id: str, new: NewJob) -> Job:
        queue = new.queue or new.persona
        self.config.queue(queue)
        if new.dedup_key:
            existing = await self.db.run(
                self.store.find_unfinished_by_dedup, user_id, new.dedup_key
            )
            if existing is not None:
                return existing
        parent = await self.get_job(user_id, new.parent_id) if new.parent_id else None
        deps = [await self.get_job(user_id, dep) for dep in dict.fromkeys(new.depends_on)]
        job_id = uuid.uuid4().hex
        job = Job(
            id=job_id,
            user_id=user_id,
            parent_id=parent.id if parent else None,
            root_id=(parent.root_id or parent.id) if parent else job_id,
            depends_on=[d.id for d in deps],
            queue=queue,
            persona=new.persona,
            priority=new.priority,
            max_attempts=new.max_attempts,
            backoff=new.backoff,
            request=new.request,
            requires_approval=new.requires_approval,
            validation_criteria=new.validation_criteria,
            dedup_key=new.dedup_key,
        )
        failed = [d for d in deps if d.status in (JobStatus.FAILED, JobStatus.CANCELLED)]
        if failed:
            job.status = JobStatus.FAILED
            job.error = f"a dependência {failed[0].id} terminou como {failed[0].status.value}"
        await self.db.run(self.store.insert, [job])
        if failed:
            return job
        if deps:
            # Re-read after the insert: a dependency that ended in between ran its propagation
            # before this job's edges existed and did not see it. Enqueueing twice is harmless
            # (the workflow id is the job id), missing it would strand the job.
            deps = await self.db.run(self.store.get_many, job.depends_on)
            failed = [d for d in deps if d.status in (JobStatus.FAILED, JobStatus.CANCELLED)]
            if failed:
                job.status = JobStatus.FAILED
                job.error = f"a dependência {failed[0].id} terminou como {failed[0].status.value}"
                await self.db.run(self.store.save, job)
                return job
        if all(d.status is JobStatus.COMPLETED for d in deps):
            await _enqueue_outside(self.config, job.id, job.queue, job.priority, "start", job.id)
        return job

    async def get_job(self, user_id: str, job_id: str) -> Job:
        job = await self.db.run(self.store.get, job_id)
        if job is None or job.user_id != user_id:
            raise JobNotFoundError("job não encontrado", job_id=job_id)
        return job

    async def list_jobs(
        self,
        user_id: str,
        *,
        parent_id: str | None = None,
        status: JobStatus | None = None,
        limit: int = 50,
    ) -> list[Job]:
        return await self.db.run(
            self.store.list_jobs, user_id, parent_id=parent_id, status=status, limit=limit
        )

    async def tree(self, user_id: str, job_id: str) -> list[Job]:
        """The job and all its sub-jobs (for `GET /jobs/{id}`)."""
        await self.get_job(user_id, job_id)
        return await self.db.run(self.store.tree, job_id)

    async def decide(self, user_id: str, job_id: str, decision: ApprovalDecision) -> Job:
        job = await self.get_job(user_id, job_id)
        if job.approval is not None:
            if job.approval == decision:
                return job  # the same decision again: already in effect
            raise JobStateError("este job já recebeu outra decisão", job_id=job_id)
        if job.status is not JobStatus.AWAITING_APPROVAL:
            raise JobStateError(
                f"o job não está aguardando aprovação (status: {job.status.value})",
                job_id=job_id,
            )
        stored = await self.db.run(self.store.record_decision, job_id, decision)
        if stored != decision:
            raise JobStateError("este job já recebeu outra decisão", job_id=job_id)
        # a retry after a crash between record and send re-sends: the key makes it count once
        await DBOS.send_async(
            job_id,
            stored.model_dump_json(),
            APPROVAL_TOPIC,
            idempotency_key=f"{job_id}:approval",
        )
        return await self.get_job(user_id, job_id)

    async def cancel(self, user_id: str, job_id: str) -> list[str]:
        await self.get_job(user_id, job_id)
        tree = await self.db.run(self.store.tree, job_id)
        live = [job for job in tree if not job.status.terminal]
        for job in live:
            job.status = JobStatus.CANCELLED
            job.error = "cancelado pelo usuário"
        await self.db.run(self.store.set_status_many, live)
        for job in live:
            for workflow_id in _workflow_ids(job):
                # never enqueued (waiting for dependencies) or already gone: nothing to stop
                with contextlib.suppress(DBOSException):
                    await DBOS.cancel_workflow_async(workflow_id)
        follow_ups = await self.db.run(self._propagate, job_id)
        for item in follow_ups:
            await _enqueue_outside(self.config, *item)
        return [job.id for job in live]

    # -- the workflow -----------------------------------------------------------------------

    async def _run_workflow(self, job_id: str, phase: str) -> str:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            job = await self._advance("begin", job_id, lambda job: t.begin(job, phase))
            if not job.status.terminal:
                job = await self._attempts(job, phase)
            if job.status.terminal:
                for item in await self._step_value("propagate", self._propagate, job.id):
                    await self._enqueue_inside(*item)
            return job.status.value
        finally:
            self._latest.pop(job_id, None)
            self._recorded_at.pop(job_id, None)
            if task is not None:
                self._tasks.discard(task)

    async def _attempts(self, job: Job, phase: str) -> Job:
        while True:
            try:
                return await self._attempt(job, phase)
            except _Stop:
                return await self._advance("load", job.id, t.noop)
            except Exception as exc:
                # the row may lag the last completed step (see `_should_record`): write the
                # latest job (this workflow's, rebuilt identically on a replay) before deciding
                latest = self._latest.get(job.id, job)
                job = await self._advance("flush", latest, t.noop)
                if job.status.terminal:
                    return job
                reason = f"{type(exc).__name__}: {exc}"
                if job.attempts >= job.max_attempts:
                    return await self._advance("fail", job, partial(t.fail, reason=reason))
                delay = next_delay(
                    job.attempts,
                    job.backoff.base_s,
                    job.backoff.cap_s,
                    seeded_rng(job.id, job.attempts),
                )
                job = await self._advance(
                    "delay", job, partial(t.delay, reason=reason, delay=delay)
                )
                await DBOS.sleep_async(delay)
                job = await self._advance("retry", job, t.retry)
                phase = "start"

    async def _attempt(self, job: Job, phase: str) -> Job:
        executor = self.executor_for(job)
        if not job.state.activity.goal:
            job = await self._advance("analyse", job, lambda j: t.analyse(j, executor))
        if not job.validation_criteria:
            job = await self._advance("criteria", job, lambda j: t.criteria(j, executor))
        if job.plan is None:
            job = await self._advance("plan", job, lambda j: t.plan(j, executor))
        if job.requires_approval and job.approval is None:
            job = await self._advance("await_approval", job, t.await_approval)
            raw = await DBOS.recv_async(APPROVAL_TOPIC, self.config.approval_timeout_s)
            job = await self._advance("approval", job, lambda j: t.apply_approval(j, raw))
            if job.status.terminal:
                return job
        return await self._rounds(job, executor)

    async def _rounds(self, job: Job, executor: Executor) -> Job:
        while True:
            plan = job.plan
            assert plan is not None
            if plan.sub_jobs and job.state.spawned_round != job.state.replans:
                job, ready = await self._spawn(job)
                for item in ready:
                    await self._enqueue_inside(*item)
                return job  # WAITING for its sub-jobs; the last one enqueues `finish`
            stalled = await self._children_failure(job) if plan.sub_jobs else None
            if stalled is None:
                job, stalled = await self._execute(job, executor)
            job = await self._advance(
                "validate", job, partial(t.validate, executor=executor, stalled=stalled)
            )
            result = job.validation_result
            assert result is not None
            if result.passed:
                return await self._advance("complete", job, t.complete)
            if job.state.replans >= self.config.max_replans:
                return await self._advance(
                    "fail", job, partial(t.fail, reason=result.root_cause or "validação falhou")
                )
            job = await self._advance(
                "replan", job, partial(t.replan, executor=executor, validation=result)
            )

    async def _execute(self, job: Job, executor: Executor) -> tuple[Job, t.Stalled | None]:
        cfg = self.config
        while True:
            if job.state.steps_taken >= cfg.max_steps:
                return job, t.Stalled(f"limite de {cfg.max_steps} passos atingido sem concluir")
            if len(job.state.activity.history) > cfg.summary_threshold:
                job = await self._advance(
                    "summarise", job, lambda j: t.summarise(j, executor, cfg.summary_keep)
                )
            job, raw = await self._advance_with("act", job, lambda j: t.act(j, executor))
            action = Action.model_validate_json(raw)
            if action.kind == "finish":
                return job, None
            seen = job.state.call_counts.get(t.signature(action), 0)
            if seen >= cfg.repeat_limit:
                return job, t.Stalled(
                    f"repetição: '{action.tool}' chamada {seen} vezes com os mesmos argumentos "
                    "sem progresso"
                )
            key = f"{job.id}:a{job.attempts}:r{job.state.replans}:s{job.state.steps_taken}"
            job = await self._advance(
                f"tool:{action.tool}", job, partial(self._call_tool, action=action, key=key)
            )

    async def _call_tool(self, job: Job, action: Action, key: str) -> None:
        tool = action.tool or ""
        effect = await self.db.run(self.store.claim_effect, key, job.id, tool)
        if effect is not None and effect.done:
            ok, output = bool(effect.ok), effect.output or ""
        elif effect is not None and tool not in self.config.idempotent_tools:
            ok, output = False, INTERRUPTED
            await self.db.run(self.store.finish_effect, key, ok, output)
        else:
            workdir = os.path.join(self.config.workdir_root, job.root_id or job.id)
            os.makedirs(workdir, exist_ok=True)
            context = ToolContext(
                session_id=job.id,
                user_id=job.user_id,
                agent=job.persona,
                extras={WORKDIR: workdir, JOB_ID: job.id, IDEMPOTENCY_KEY: key},
            )
            result = await self.tools_for(job).execute(tool, action.arguments, context)
            ok, output = result.ok, result.output
            await self.db.run(self.store.finish_effect, key, ok, output)
        state = job.state
        state.steps_taken += 1
        signature = t.signature(action)
        state.call_counts[signature] = state.call_counts.get(signature, 0) + 1
        t.history(
            job, "tool", output[:TOOL_OUTPUT_IN_HISTORY], tool=tool, args=action.arguments, ok=ok
        )
        state.conversation.append(ConversationMessage(role="tool", content=output, tool=tool))

    async def _spawn(self, job: Job) -> tuple[Job, list[Follow]]:
        def spawn(current: Job) -> list[Job]:
            assert current.plan is not None
            round_ = current.state.replans
            ids = {
                sub.ref: t.sub_job_id(current.id, round_, sub.ref) for sub in current.plan.sub_jobs
            }
            children = []
            for sub in current.plan.sub_jobs:
                queue = sub.queue or (current.queue if sub.persona is None else sub.persona)
                self.config.queue(queue)
                children.append(
                    Job(
                        id=ids[sub.ref],
                        user_id=current.user_id,
                        parent_id=current.id,
                        root_id=current.root_id or current.id,
                        depends_on=[ids[d] for d in sub.depends_on],
                        queue=queue,
                        persona=sub.persona or current.persona,
                        priority=sub.priority or current.priority,
                        max_attempts=current.max_attempts,
                        backoff=current.backoff,
                        request=sub.request,
                        validation_criteria=sub.validation_criteria,
                    )
                )
            stored = self.store.insert_missing(children)
            current.state.spawned_round = round_
            current.status = JobStatus.WAITING
            t.history(current, "system", f"{len(stored)} sub-jobs criados")
            return [c for c in stored if not c.depends_on and c.status is JobStatus.WAITING]

        job, raw = await self._advance_with(
            "spawn",
            job,
            lambda j: _as_json([[c.id, c.queue, c.priority, "start", c.id] for c in spawn(j)]),
        )
        return job, _follows(raw)

    async def _children_failure(self, job: Job) -> t.Stalled | None:
        async def check() -> str:
            children = await self.db.run(self.store.children, job.id)
            current = [c for c in children if t.round_of(job, c)]
            bad = [c for c in current if c.status is not JobStatus.COMPLETED]
            if not bad:
                return ""
            return "; ".join(f"sub-job '{c.request[:60]}' {c.status.value}: {c.error}" for c in bad)

        reason: str = await DBOS.run_step_async({"name": "children"}, check)
        return t.Stalled(reason) if reason else None

    def _propagate(self, job_id: str) -> list[Follow]:
        """After a job ended: fail the dependants of a failed/cancelled job (transitively),
        collect dependants now ready, and a parent whose sub-jobs have all ended."""
        out: list[Follow] = []
        first = self.store.get(job_id)
        stack = [first] if first is not None else []
        while stack:
            done = stack.pop()
            for dependant in self.store.dependants(done.id):
                if dependant.status is not JobStatus.WAITING or dependant.attempts > 0:
                    continue
                if done.status in (JobStatus.FAILED, JobStatus.CANCELLED):
                    dependant.status = JobStatus.FAILED
                    dependant.error = f"a dependência {done.id} terminou como {done.status.value}"
                    t.history(dependant, "system", dependant.error)
                    self.store.save(dependant)
                    stack.append(dependant)
                else:
                    deps = self.store.get_many(dependant.depends_on)
                    if all(d.status is JobStatus.COMPLETED for d in deps):
                        out.append(
                            (
                                dependant.id,
                                dependant.queue,
                                dependant.priority,
                                "start",
                                dependant.id,
                            )
                        )
            if done.parent_id:
                parent = self.store.get(done.parent_id)
                if parent is not None and parent.status is JobStatus.WAITING:
                    siblings = [c for c in self.store.children(parent.id) if t.round_of(parent, c)]
                    if all(c.status.terminal for c in siblings):
                        workflow_id = f"{parent.id}:finish:{parent.state.spawned_round}"
                        out.append(
                            (parent.id, parent.queue, parent.priority, "finish", workflow_id)
                        )
        return list(dict.fromkeys(out))

    # -- steps ------------------------------------------------------------------------------

    async def _advance(
        self, name: str, job: Job | str, apply: Callable[[Job], Awaitable[None] | None]
    ) -> Job:
        current, _ = await self._advance_with(name, job, apply)
        return current

    async def _advance_with(
        self, name: str, job: Job | str, apply: Callable[[Job], Awaitable[Any] | Any]
    ) -> tuple[Job, str]:
        """One checkpointed step: apply to the job, save it, return (job, extra JSON).

        `job` is the workflow's current job, or an id to load it from the store (at the start
        of a run, and after a failed attempt). The save doubles as the cancellation check: a
        cancelled job is not overwritten, is returned as stored, and stops this run (`_Stop`).
        """
        job_id = job if isinstance(job, str) else job.id

        async def body() -> str:
            if isinstance(job, str):
                current = await self.db.run(self.store.get, job)
                if current is None:
                    raise JobNotFoundError("job não encontrado", job_id=job)
            else:
                current = job.model_copy(deep=True)
            cancelled = current.status is JobStatus.CANCELLED
            extra: Any = ""
            if not cancelled:
                extra = apply(current)
                if asyncio.iscoroutine(extra):
                    extra = await extra
                if self._should_record(job, current, name):
                    cancelled = not await self.db.run(self.store.save, current)
                    self._recorded_at[job_id] = time.monotonic()
            if cancelled:
                stored = await self.db.run(self.store.get, job_id)
                assert stored is not None
                return json.dumps({"job": stored.model_dump_json(), "extra": "", "stop": True})
            text = extra if isinstance(extra, str) else ""
            return json.dumps({"job": current.model_dump_json(), "extra": text, "stop": False})

        self._in_step += 1
        try:
            raw: str = await DBOS.run_step_async({"name": name}, body)
        finally:
            self._in_step -= 1
        data = json.loads(raw)
        current = Job.model_validate_json(data["job"])
        self._latest[job_id] = current
        if data["stop"] and name not in ("begin", "load", "flush"):
            raise _Stop
        return current, data["extra"]

    def _should_record(self, before: Job | str, after: Job, name: str) -> bool:
        """Whether this step rewrites the job's row (the view the API, the dependency graph and
        `decide` read). The job itself is durable anyway: every step's output (the whole job)
        is recorded by DBOS and a replay rebuilds the job from it. So the row is written at
        state transitions (status changes, and any step that loaded the job by id) and at most
        every `record_every_s` in between; skipping it on the other steps saves one commit per
        step (the bench: 0.66× → see bench/jobs/RESULTS.md)."""
        if isinstance(before, str) or name in ALWAYS_RECORD or before.status != after.status:
            return True
        last = self._recorded_at.get(after.id)
        return last is None or time.monotonic() - last >= self.config.record_every_s

    async def _step_value(
        self, name: str, fn: Callable[[str], list[Follow]], job_id: str
    ) -> list[Follow]:
        async def body() -> str:
            return json.dumps(await self.db.run(fn, job_id))

        raw: str = await DBOS.run_step_async({"name": name}, body)
        return _follows(raw)

    async def _enqueue_inside(
        self, job_id: str, queue: str, priority: int, phase: str, workflow_id: str
    ) -> None:
        """Enqueue from workflow code: DBOS checkpoints it (a replay does not enqueue twice)
        and a reused workflow id returns the existing run."""
        await DBOS.enqueue_workflow_with_options_async(
            _options(self.config, queue, priority, workflow_id), job_id, phase
        )


def _follows(raw: str) -> list[Follow]:
    return [(str(a), str(b), int(c), str(d), str(e)) for a, b, c, d, e in json.loads(raw)]


def _as_json(value: Any) -> str:
    return json.dumps(value)


def _workflow_ids(job: Job) -> Iterable[str]:
    yield job.id
    for round_ in range(job.state.spawned_round + 1):
        yield f"{job.id}:finish:{round_}"


def _options(cfg: EngineConfig, queue: str, priority: int, workflow_id: str) -> EnqueueOptions:
    return EnqueueOptions(
        workflow_name=WORKFLOW_NAME,
        queue_name=QUEUE_PREFIX + queue,
        workflow_id=workflow_id,
        priority=priority,
        app_version=cfg.app_version,
    )


async def _enqueue_outside(
    cfg: EngineConfig, job_id: str, queue: str, priority: int, phase: str, workflow_id: str
) -> None:
    """Enqueue from outside any workflow, also when called from inside a step (a tool creating
    a sub-job): on an executor thread, which does not inherit the step's DBOS context."""
    options = _options(cfg, queue, priority, workflow_id)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(
        None, lambda: DBOS.enqueue_workflow_with_options(options, job_id, phase)
    )


__all__ = [
    "APPROVAL_TOPIC",
    "QUEUE_PREFIX",
    "WORKFLOW_NAME",
    "EngineConfig",
    "ExecutorFor",
    "JobEngine",
    "QueueSpec",
    "ToolsFor",
]
