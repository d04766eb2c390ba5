"""The job engine: Switchboard jobs run as DBOS workflows (see `README.md` in this folder).

One workflow run per job phase: `start` (analyse → criteria → plan → approval → sub-jobs or
execute → validate → replan) and `finish` (a parent resumed once all its sub-jobs are terminal).
The phases are `phases.py`; every model call and every tool call is a checkpointed DBOS step
(`checkpoint.py`) whose recorded output is the whole job: a crashed worker's workflow is replayed
from the recorded steps, so completed steps never run again and the job is rebuilt from them.
This module is the engine's life cycle and the `JobService` the API, CLI and tools use.

Guarantees and how they are kept:
- tool calls with side effects run at most once: journaled in `job_effects` (committed) before
  they run; a replay that finds the claim unfinished does not run the call again and tells the
  agent it was interrupted. Tools listed in `EngineConfig.idempotent_tools` are simply re-run;
- a sub-job is enqueued only when its dependencies completed (so no workflow holds a queue slot
  waiting for another: no slot deadlock); a failed or cancelled dependency fails its dependants;
  a parent does not wait in a slot either: the last sub-job to end enqueues its `finish` phase,
  from the step that ends it (`propagation.py`, `enqueue.py`);
- a hand-off (a sub-job, a dependant, a parent's `finish`, a job created by a job; a new job
  from the API on an idle worker) does not wait for the next queue poll when this process
  serves the queue and has room: right after the enqueue, one dequeue pass of that queue runs
  here (on a thread of its own) with DBOS's own claim (`enqueue.LocalStarter`), so the
  workflow still goes ENQUEUED → PENDING once, on this executor, within `worker_concurrency`,
  and is recovered like any other;
- no workflow waits for a person: a job awaiting approval ends its run (its queue slot is free);
  `decide` records the decision in the job's row (compare-and-set: the same decision twice counts
  once, a different one is refused) and enqueues `<job>:decided`, which applies it and goes on —
  idempotent by workflow id, and a decision recorded by a process that died before enqueueing
  is enqueued at the next launch (`_resume_decided`) or by the approval's deadline, a
  DBOS-delayed `<job>:expire` run;
- cancel frees at once: the rows are cancelled, the workflows cancelled in DBOS, and a workflow
  running in this process has its task cancelled — the running tool or command is killed (the
  sandbox's whole process group), the queue slot released; other processes notice their
  cancelled jobs within `cancel_poll_s` and do the same (`local_runs.py`);
- a worker that dies for good: its heartbeat row goes stale; another worker claims the row
  (one winner) and re-enqueues the dead executor's pending workflows (`dbos_runtime.recover`).

DBOS is a process-wide singleton: one `JobEngine` per process (`launch` refuses a second).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from dbos import DBOS, DBOSConfig
from dbos._error import DBOSException

from switchboard.core.errors import ConfigurationError
from switchboard.patterns.jobs import transitions as t
from switchboard.patterns.jobs.checkpoint import JobRun, RunDeps
from switchboard.patterns.jobs.config import (
    QUEUE_PREFIX,
    WORKFLOW_NAME,
    EngineConfig,
    ExecutorFor,
    ToolsFor,
)
from switchboard.patterns.jobs.dbos_runtime import (
    migrate_dbos_locked,
    recover,
    sqlite_system_engine,
)
from switchboard.patterns.jobs.editing import JobEdit, apply_edit, check_editable
from switchboard.patterns.jobs.enqueue import LocalStarter, enqueue, enqueue_sync
from switchboard.patterns.jobs.errors import (
    JobNotFoundError,
    JobStateError,
    WorkspaceFolderError,
)
from switchboard.patterns.jobs.files import JobFiles, list_files, read_file
from switchboard.patterns.jobs.local_runs import LocalRuns
from switchboard.patterns.jobs.models import ApprovalDecision, Job, JobStatus, NewJob, utcnow
from switchboard.patterns.jobs.pages import MAX_PAGE, JobPage, decode_cursor, encode_cursor
from switchboard.patterns.jobs.phases import INTERRUPTED, run_workflow
from switchboard.patterns.jobs.propagation import (
    decided_id,
    decided_of,
    expire_id,
    follow_ups,
    start_of,
)
from switchboard.patterns.jobs.queues import QueueSpec
from switchboard.patterns.jobs.sandbox import allowed_workspace
from switchboard.patterns.jobs.store import AsyncJobStore, JobStore
from switchboard.patterns.jobs.tool_calls import workspace_path
from switchboard.patterns.jobs.watch import ChangeFeed, watch_tree
from switchboard.telemetry import spans as tracing

log = logging.getLogger(__name__)

_ACTIVE: JobEngine | None = None


def _active() -> JobEngine:
    if _ACTIVE is None:
        raise ConfigurationError("no job engine launched in this process")
    return _ACTIVE


@DBOS.workflow(name=WORKFLOW_NAME)
async def _job_workflow(job_id: str, phase: str) -> str:
    return await _active()._run_workflow(job_id, phase)


@dataclass(slots=True)
class JobEngine:
    """Runs jobs; also the `JobService` the API, CLI and task-manager tool use."""

    config: EngineConfig
    executor_for: ExecutorFor
    tools_for: ToolsFor
    store: JobStore = field(init=False)
    db: AsyncJobStore = field(init=False)
    deps: RunDeps = field(init=False)
    executor_id: str = field(init=False)
    _tasks: set[asyncio.Task[Any]] = field(default_factory=set, init=False)
    _heartbeat: asyncio.Task[None] | None = field(default=None, init=False)
    _launched: bool = field(default=False, init=False)
    _queues: list[str] = field(default_factory=list, init=False)
    _start_now: LocalStarter | None = field(default=None, init=False)
    runs: LocalRuns = field(default_factory=LocalRuns, init=False)
    """The workflows running in this process (what a cancel stops at once)."""
    _cancel_watch: asyncio.Task[None] | None = field(default=None, init=False)
    changes: ChangeFeed | None = field(default=None, init=False)
    """Wake-ups for this process's watchers of job trees (`watch`), once launched."""

    def __post_init__(self) -> None:
        self.store = JobStore(self.config.store_url or self.config.database_url)
        self.db = AsyncJobStore(self.store)
        self.deps = RunDeps(self.config, self.store, self.db, self.executor_for, self.tools_for)
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
        if not cfg.is_sqlite:
            await asyncio.to_thread(migrate_dbos_locked, cfg.database_url)
        dbos_config: DBOSConfig = {
            "name": cfg.app_name,
            "system_database_url": cfg.database_url,
            "executor_id": self.executor_id,
            "application_version": cfg.app_version,
            "notification_listener_polling_interval_sec": cfg.notification_polling_s,
            "log_level": cfg.dbos_log_level,
        }
        if cfg.is_sqlite:
            dbos_config["system_database_engine"] = sqlite_system_engine(cfg.database_url)
        DBOS(config=dbos_config)
        names = [q.name for q in cfg.queues] if listen is None else list(listen)
        for name in names:
            cfg.queue(name)
        DBOS.listen_queues([QUEUE_PREFIX + name for name in names])
        DBOS.launch()
        self._launched = True
        served = {}
        for spec in cfg.queues:
            queue = await DBOS.register_queue_async(
                QUEUE_PREFIX + spec.name,
                worker_concurrency=spec.worker_concurrency,
                polling_interval_sec=cfg.polling_interval_s,
                on_conflict="always_update",
            )
            if spec.name in names:
                served[spec.name] = queue
        self._queues = names
        if served:
            self._start_now = LocalStarter(served, asyncio.get_running_loop())
            self.deps.start_now = self._start_now
        self.changes = ChangeFeed(asyncio.get_running_loop())
        self.store.on_change = self.changes.notify
        if names:
            await self.beat()
            self._heartbeat = asyncio.create_task(self._heartbeat_loop())
            watch = self.runs.watch_cancels(self.db, self.config.cancel_poll_s)
            self._cancel_watch = asyncio.create_task(watch)
        await self._resume_decided()

    async def shutdown(self, grace_s: float = 10.0) -> None:
        """Stop heartbeats, let running steps finish for up to `grace_s`, stop DBOS, and hand
        what is left (jobs awaiting approval, delayed retries) to the other workers at once."""
        global _ACTIVE
        self.store.on_change = None
        for loop_task in (self._heartbeat, self._cancel_watch):
            if loop_task is not None:
                loop_task.cancel()
                await asyncio.gather(loop_task, return_exceptions=True)
        if self._start_now is not None:  # hand-offs from now on: to the queue's poll
            self._start_now.close()
        self._start_now = self.deps.start_now = None
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
            self.store.workers.mark_gone(self.executor_id)
        self.store.dispose()
        self._launched = False
        _ACTIVE = None

    def _busy(self) -> bool:
        return self.deps.steps_running > 0

    async def beat(self) -> list[str]:
        """One heartbeat and one sweep; returns the dead executors this worker recovered."""
        now = utcnow()
        await self.db.run(self.store.workers.beat, self.executor_id, self._queues, now)
        cutoff = now - timedelta(seconds=self.config.dead_after_s)
        recovered = []
        for dead in await self.db.run(self.store.workers.stale, cutoff):
            if dead != self.executor_id and await self.db.run(
                self.store.workers.claim_dead, dead, cutoff
            ):
                await asyncio.to_thread(recover, dead)
                recovered.append(dead)
        return recovered

    async def _resume_decided(self) -> None:
        """Jobs with a recorded decision still awaiting approval (a process stopped between
        recording and enqueueing): enqueue the run that applies it (idempotent)."""
        ids = await self.db.run(self.store.decided_awaiting)
        jobs = await self.db.run(self.store.get_many, ids)
        await enqueue(self.config, [decided_of(job) for job in jobs], self._start_now)

    async def _heartbeat_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.heartbeat_s)
            try:
                await self.beat()
            except Exception:
                log.exception("job worker heartbeat failed", extra={"executor": self.executor_id})

    # -- JobService -------------------------------------------------------------------------

    async def create_job(self, user_id: str, new: NewJob) -> Job:
        """Insert the job and enqueue it once its dependencies completed. Created by a job (a
        tool, inside a step), it is a hand-off and starts at once where this worker serves its
        queue and has room; from outside (the API), only on a worker running nothing on its
        queue, otherwise at the queue's next poll (a dequeue pass per new job cost the no-op
        throughput benchmark up to ~20% on PostgreSQL: bench/jobs/RESULTS.md, "Hand-offs
        without a poll")."""
        queue = self.config.queue_of(new.persona, new.queue)
        if new.dedup_key:
            existing = await self.db.run(
                self.store.find_unfinished_by_dedup, user_id, new.dedup_key
            )
            if existing is not None:
                return existing
        parent = await self.get_job(user_id, new.parent_id) if new.parent_id else None
        deps = [await self.get_job(user_id, dep) for dep in dict.fromkeys(new.depends_on)]
        folder = parent.workspace if parent else None
        if new.workspace is not None:
            folder = await asyncio.to_thread(self._project_folder, user_id, new, parent)
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
            workspace=folder,
            traceparent=tracing.current_traceparent(),
        )
        if not deps and not self.store.is_sqlite:  # one thread hop for both
            await self.db.run(self._insert_and_enqueue, job)
            self._start_new(job)
            return job
        if not deps:  # the insert inline, the enqueue on a thread (`nowait.py`)
            await self.db.run(self.store.insert, [job])
            await enqueue(self.config, [start_of(job)])
            self._start_new(job)
            return job
        failed = [d for d in deps if d.status in (JobStatus.FAILED, JobStatus.CANCELLED)]
        if failed:
            job.status = JobStatus.FAILED
            job.error = f"a dependência {failed[0].id} terminou {failed[0].status.label}"
        await self.db.run(self.store.insert, [job])
        if failed:
            return job
        # Re-read after the insert: a dependency that ended in between ran its propagation
        # before this job's edges existed and did not see it. Enqueueing twice is harmless
        # (the workflow id is the job id), missing it would strand the job.
        deps = await self.db.run(self.store.get_many, job.depends_on)
        failed = [d for d in deps if d.status in (JobStatus.FAILED, JobStatus.CANCELLED)]
        if failed:
            job.status = JobStatus.FAILED
            job.error = f"a dependência {failed[0].id} terminou {failed[0].status.label}"
            await self.db.run(self.store.save, job)
            return job
        if all(d.status is JobStatus.COMPLETED for d in deps):
            await enqueue(self.config, [start_of(job)])
            self._start_new(job)
        return job

    def _project_folder(self, user_id: str, new: NewJob, parent: Job | None) -> str:
        """The checked project folder of a new top-level job (`sandbox.allowed_workspace`)."""
        assert new.workspace is not None
        real = allowed_workspace(
            new.workspace,
            user_id=user_id,
            roots=self.config.workspace_roots,
            job_root=self.config.workdir_root,
        )
        if parent is not None and real != parent.workspace:
            raise WorkspaceFolderError("um sub-job trabalha na pasta do job pai")
        return real

    def _start_new(self, job: Job) -> None:
        if self._start_now is not None:
            self._start_now([job.queue], only_if_idle=DBOS.workflow_id is None)

    def _insert_and_enqueue(self, job: Job) -> None:
        # the enqueue's synchronous commit flushes the insert too (see `JobStore._tx`)
        self.store.insert([job], flushed_later=True)
        enqueue_sync(self.config, [start_of(job)])

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
        found = await self.db.run(
            self.store.list_jobs, user_id, parent_id=parent_id, status=status, limit=limit
        )
        return await self._with_decisions(found)

    async def _with_decisions(self, found: list[Job]) -> list[Job]:
        """Listed jobs show a decision already recorded: a job approved a moment ago stays
        `awaiting_approval` until its run applies the decision, and a list that said "aguardando
        aprovação" right after "Aprovado" contradicted the chat (`Job.status_label`)."""
        parked = [job.id for job in found if job.status is JobStatus.AWAITING_APPROVAL]
        if parked:
            decided = await self.db.run(self.store.decisions, parked)
            for job in found:
                job.approval = job.approval or decided.get(job.id)
        return found

    async def page_jobs(
        self,
        user_id: str,
        *,
        limit: int = 50,
        cursor: str | None = None,
        status: JobStatus | None = None,
    ) -> JobPage:
        """One page of the user's top-level jobs, newest first (`pages.py`)."""
        limit = max(1, min(limit, MAX_PAGE))
        before = decode_cursor(cursor) if cursor else None
        found = await self.db.run(
            self.store.list_jobs,
            user_id,
            status=status,
            limit=limit + 1,
            top_level=True,
            before=before,
        )
        more = len(found) > limit
        found = await self._with_decisions(found[:limit])
        return JobPage(jobs=found, next_cursor=encode_cursor(found[-1]) if more else None)

    async def workspace_of(self, user_id: str, job_id: str) -> str:
        """The folder of the user's job tree (`JobNotFoundError` for another user's job)."""
        return workspace_path(self.config.workdir_root, await self.get_job(user_id, job_id))

    async def files(self, user_id: str, job_id: str) -> JobFiles:
        """The artefacts of the user's job (its tree's workspace), `files.py`."""
        return await asyncio.to_thread(list_files, await self.workspace_of(user_id, job_id))

    async def file_bytes(self, user_id: str, job_id: str, path: str) -> bytes:
        """One artefact, confined to the workspace (`files.read_file`)."""
        return await asyncio.to_thread(read_file, await self.workspace_of(user_id, job_id), path)

    async def tree(self, user_id: str, job_id: str) -> list[Job]:
        """The job and all its sub-jobs (for `GET /jobs/{id}`), each with a decision its run
        has not applied yet (the web panel offered "Aprovar" again right after it was clicked)."""
        await self.get_job(user_id, job_id)
        return await self._with_decisions(await self.db.run(self.store.tree, job_id))

    async def watch(
        self, user_id: str, job_id: str, *, poll_s: float = 0.5, heartbeat_s: float = 15.0
    ) -> AsyncIterator[list[Job]]:
        """Follow a job's tree: the jobs that changed since the last yield (first: all), an
        empty list after `heartbeat_s` without change; ends once it yielded the job ended.
        Reads change stamps, not the tree (`watch.py`)."""
        job = await self.get_job(user_id, job_id)
        async for changed in watch_tree(
            self.db, self.changes, job, poll_s=poll_s, heartbeat_s=heartbeat_s
        ):
            yield changed

    async def decide(self, user_id: str, job_id: str, decision: ApprovalDecision) -> Job:
        job = await self.get_job(user_id, job_id)
        if job.approval is not None:
            if job.approval == decision:
                return job  # the same decision again: already in effect
            raise JobStateError("este job já recebeu outra decisão", job_id=job_id)
        if job.status is not JobStatus.AWAITING_APPROVAL:
            raise JobStateError(
                f"o job não está aguardando aprovação (situação: {job.status.label})",
                job_id=job_id,
            )
        stored = await self.db.run(self.store.record_decision, job_id, decision)
        if stored != decision:
            raise JobStateError("este job já recebeu outra decisão", job_id=job_id)
        # the same decision again (a retry after a crash here) enqueues the same workflow
        await enqueue(self.config, [decided_of(job)], self._start_now)
        with contextlib.suppress(DBOSException):  # the deadline is moot now (and harmless)
            await DBOS.cancel_workflow_async(expire_id(job_id))
        return await self.get_job(user_id, job_id)

    async def edit(self, user_id: str, job_id: str, edit: JobEdit) -> Job:
        """Replace the plan and/or criteria of a job awaiting approval (`editing.py`); a job
        already decided is `JobStateError` (409)."""
        job = await self.get_job(user_id, job_id)
        if job.approval is None:  # recorded but not yet applied by the job's run
            job.approval = await self.db.run(self.store.stored_decision, job_id)
        apply_edit(job, edit)
        saved = await self.db.run(
            self.store.save_record, job, job.model_dump_json(), undecided=True
        )
        if not saved:  # decided (or cancelled) between the read and the write
            fresh = await self.get_job(user_id, job_id)
            fresh.approval = fresh.approval or await self.db.run(self.store.stored_decision, job_id)
            check_editable(fresh)
            raise JobStateError("o job mudou durante a edição; tente de novo", job_id=job_id)
        return job

    async def cancel(self, user_id: str, job_id: str) -> list[str]:
        await self.get_job(user_id, job_id)
        tree = await self.db.run(self.store.tree, job_id)
        live = [job for job in tree if not job.status.terminal]
        for job in live:
            t.cancelled(job, "cancelado pelo usuário")
        await self.db.run(self.store.set_status_many, live)
        for job in live:
            for workflow_id in _workflow_ids(job):
                # never enqueued (waiting for dependencies) or already gone: nothing to stop
                with contextlib.suppress(DBOSException):
                    await DBOS.cancel_workflow_async(workflow_id)
        await self.runs.stop({job.id for job in live})
        ended = next((job for job in tree if job.id == job_id), None)
        if ended is not None:
            follows = await self.db.run(follow_ups, self.store, ended)
            await enqueue(self.config, follows, self._start_now)
        return [job.id for job in live]

    # -- the workflow -----------------------------------------------------------------------

    async def _traced_workflow(self, job_id: str, phase: str) -> str:
        """The run in a `switchboard.job` span that continues the trace of whoever created the
        job (its `traceparent`; one row read, only with tracing on); each step is a `job_step`
        span under it (`checkpoint.JobRun`)."""
        job = await self.db.run(self.store.get, job_id)
        with tracing.span_job(
            job_id,
            kind=job.persona if job else "",
            attempt=job.attempts + 1 if job else None,
            traceparent=job.traceparent if job else None,
        ):
            return await run_workflow(JobRun(self.deps, job_id, phase))

    async def _run_workflow(self, job_id: str, phase: str) -> str:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            with self.runs.track(DBOS.workflow_id or job_id, job_id):
                if tracing.enabled:
                    return await self._traced_workflow(job_id, phase)
                return await run_workflow(JobRun(self.deps, job_id, phase))
        finally:
            if task is not None:
                self._tasks.discard(task)


def _workflow_ids(job: Job) -> Iterable[str]:
    yield job.id
    yield decided_id(job.id)
    yield expire_id(job.id)
    for round_ in range(job.state.spawned_round + 1):
        yield f"{job.id}:finish:{round_}"


__all__ = [
    "INTERRUPTED",
    "QUEUE_PREFIX",
    "WORKFLOW_NAME",
    "EngineConfig",
    "ExecutorFor",
    "JobEngine",
    "QueueSpec",
    "ToolsFor",
]
