"""One run of a job's workflow and its checkpointed steps.

A step applies one transition to the job (a model decision, a tool call, a status change) as a
DBOS step whose recorded output is the whole job as JSON: a crashed worker's workflow is replayed
from those outputs, so completed steps never run again and the job is rebuilt exactly.

What a step costs, and why it is no more than that:
- the job is mutated in place, not deep-copied: the run keeps the JSON of the last completed
  step (`snapshot`) and a failed step rolls the job back by parsing it (failures are rare);
- the job is serialised once per step; that one text is both the step's output and, when the
  row is due, the job's row (`JobStore.save_record`);
- on the first run of a step the job is not parsed back from that text (it is the in-memory
  object it was dumped from); only a replayed step parses its recorded output;
- a run's first step folds `begin` (load the row, mark the attempt) into the phase's first
  action, and hand-offs (enqueueing sub-jobs, dependants, a parent's resumption) happen inside
  the step that saves the state they depend on, instead of as steps of their own.

The job's row (what the API, the dependency graph and `decide` read) is written by a step only at
state transitions and at most every `record_every_s` in between (see `_should_record`); the
durable state is DBOS's step output.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from dbos import DBOS

from switchboard.patterns.jobs import nowait
from switchboard.patterns.jobs import transitions as t
from switchboard.patterns.jobs.config import EngineConfig, ExecutorFor, ToolsFor
from switchboard.patterns.jobs.enqueue import StartNow
from switchboard.patterns.jobs.errors import JobNotFoundError
from switchboard.patterns.jobs.executor import Executor
from switchboard.patterns.jobs.models import Job, JobStatus, utcnow
from switchboard.patterns.jobs.store import AsyncJobStore, JobStore
from switchboard.telemetry import spans as tracing

ALWAYS_RECORD = frozenset({"flush", "spawn", "fail"})
"""Steps that always rewrite the job's row (the others only on a status change or when due)."""

Apply = Callable[[Job], Awaitable[Any] | Any]
"""A step's transition: mutates the job; may return a string (the step's extra output)."""
SyncApply = Callable[[Job], Any]
Then = Callable[[Job], None]
"""Runs inside the step after the job's row is saved (hand-offs that must see the saved row)."""
Output = tuple[str, str, bool]
"""What DBOS records for a step: (the job's JSON, the extra output, stop)."""
Load = Literal["begin", "row"] | None
"""`begin`: the run's first step loads the row and begins the phase first; `row`: load as is."""


class Stop(Exception):
    """The job reached a state where this workflow run has nothing more to do."""


@dataclass(slots=True)
class RunDeps:
    """What a run needs from its engine (one per engine, shared by its runs)."""

    config: EngineConfig
    store: JobStore
    db: AsyncJobStore
    executor_for: ExecutorFor
    tools_for: ToolsFor
    steps_running: int = 0
    """Steps running now in this process (shutdown's grace period waits for them)."""
    start_now: StartNow | None = None
    """Starts what a hand-off enqueued on this worker's own queues without waiting for a poll
    (`enqueue.LocalStarter`; None while the engine is not serving queues)."""


@dataclass(slots=True)
class JobRun:
    """The state of one execution of the job workflow (one phase of one job)."""

    deps: RunDeps
    job_id: str
    phase: str
    _job: Job | None = None
    snapshot: str = ""
    """The job's JSON as of the last completed step ("" before the first)."""
    recorded_at: float | None = None
    """`time.monotonic()` of this run's last row write."""
    stopped: bool = False
    """The last step found the job ended or cancelled (its output is the stored job)."""
    recovering: bool = False
    """This execution replays recorded steps (a worker died): the first step that runs again
    may be one that was cut short after it saved an ended row (see `_ended_meanwhile`)."""
    _executor: Executor | None = field(default=None, repr=False)

    @property
    def started(self) -> bool:
        """Whether a step of this run completed (the job is known)."""
        return self._job is not None

    @property
    def job(self) -> Job:
        if self._job is None:
            raise RuntimeError("the run has not loaded its job yet")
        return self._job

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = self.deps.executor_for(self.job)
        return self._executor

    def rollback(self) -> None:
        """After a failed step: the job as of the last completed one (a failed transition may
        have mutated it half-way); not started again if none completed."""
        self._job = Job.model_validate_json(self.snapshot) if self.snapshot else None

    async def step(
        self,
        name: str,
        apply: Apply | None = None,
        *,
        load: Load = None,
        then: Then | None = None,
        record: bool | None = None,
        quiet: bool = False,
    ) -> str:
        """One checkpointed step around an async transition (a model or tool call), on the
        event loop: apply to the job, save the row when due, run `then` (after the save: a
        hand-off that must see the saved row), record the job.

        Returns the step's extra output (what `apply` returned, "" if not a string). `record`:
        force (True) or forbid (False) the row write (None: `_should_record`). Raises `Stop`
        when the job turned out ended or cancelled (a loaded row says cancelled, or the save
        found the row ended: it is never overwritten then); with `quiet`, the run's job is the
        stored one instead.
        """
        db = self.deps.db
        ran: Job | None = None

        async def body() -> Output:
            nonlocal ran
            if load is None:
                current, early = self.job, None
                if self._must_recheck():
                    early = await db.run(self._ended_meanwhile)
            else:
                current, early = await db.run(self._open, load)
            if early is None:
                before = current.status
                extra: Any = "" if apply is None else apply(current)
                if asyncio.iscoroutine(extra):
                    extra = await extra
                due = record if record is not None else self._should_record(name, before, current)
                if due or then is not None:
                    early = await db.run(self._close, current, extra, then, save=due)
                else:
                    early = self._output(current.model_dump_json(), extra)
            if not early[2]:
                ran = current
            return early

        output = await self._stepped(name, body)
        return self._adopt(output, ran, quiet)

    async def step_sync(
        self,
        name: str,
        apply: SyncApply | None = None,
        *,
        load: Load = None,
        then: Then | None = None,
        record: bool | None = None,
        quiet: bool = False,
        undecided: bool = False,
    ) -> str:
        """`step` around a synchronous transition (bookkeeping: begin, spawn, …): the whole
        step, store calls and hand-offs included, runs on one DBOS worker thread, one thread hop
        instead of three and the event loop never waiting on a database lock. `undecided`: the
        row is saved only while no approval decision is recorded (else the run stops)."""
        ran: Job | None = None

        def body() -> Output:
            nonlocal ran
            if load is None:
                current = self.job
                early = self._ended_meanwhile() if self._must_recheck() else None
            else:
                current, early = self._open(load)
            if early is None:
                before = current.status
                extra = "" if apply is None else apply(current)
                due = record if record is not None else self._should_record(name, before, current)
                if due or then is not None:
                    early = self._close(current, extra, then, save=due, undecided=undecided)
                else:
                    early = self._output(current.model_dump_json(), extra)
            if not early[2]:
                ran = current
            return early

        output = await self._stepped(name, body)
        return self._adopt(output, ran, quiet)

    async def _stepped(self, name: str, body: Callable[[], Any]) -> Output:
        """The DBOS step, in a `job_step` span when tracing is on (under the run's `job` span,
        current in this coroutine; what the step starts — a model call, a sub-job — nests
        under it)."""
        if not tracing.enabled:
            return await self._counted(DBOS.run_step_async({"name": name}, body))
        with tracing.span_job_step(name, job_id=self.job_id):
            return await self._counted(DBOS.run_step_async({"name": name}, body))

    async def _counted(self, step: Awaitable[Output]) -> Output:
        self.deps.steps_running += 1
        try:
            return await step
        finally:
            self.deps.steps_running -= 1

    def _adopt(self, output: Output, ran: Job | None, quiet: bool) -> str:
        """The job after a step: the in-memory one the body mutated, or (the step was replayed,
        or stopped) the recorded text."""
        text, extra, stop = output
        self.stopped = stop
        if ran is None and not stop:
            self.recovering = True  # the body did not run: DBOS replayed the recorded output
        self._job = ran if ran is not None else Job.model_validate_json(text)
        self.snapshot = text
        if stop and not quiet:
            raise Stop
        return extra

    # -- sync parts (inline or on a worker thread) --------------------------------------------

    def _open(self, load: Literal["begin", "row"]) -> tuple[Job, Output | None]:
        """Load the row (and begin the phase): the job, and the step's output if it ends here
        (the job is cancelled, or already ended)."""
        self.recovering = False  # the row is read anyway
        loaded = self.deps.store.get(self.job_id)
        if loaded is None:
            raise JobNotFoundError("job não encontrado", job_id=self.job_id)
        if loaded.status is JobStatus.CANCELLED:
            return loaded, (loaded.model_dump_json(), "", True)
        if self._executor is None:
            self._executor = self.deps.executor_for(loaded)
        if load == "begin":
            before = (loaded.status, loaded.attempts)
            t.begin(loaded, self.phase)
            if loaded.status.terminal:
                return loaded, (loaded.model_dump_json(), "", False)
            if (loaded.status, loaded.attempts) != before and not self._save(loaded):
                # the row says "active" before the (possibly long) first action runs
                return loaded, self._stopped()
        return loaded, None

    def _must_recheck(self) -> bool:
        """See `_ended_meanwhile` (nothing to check once the run's job itself ended)."""
        return self.recovering and not self.job.status.terminal

    def _ended_meanwhile(self) -> Output | None:
        """In a recovering execution, before the first step that runs again: if the row ended
        (this very step saved it before its worker died, e.g. `validate` completing the job),
        the step must not run again — a model asked again may answer otherwise — and the run
        takes the row. Checked once per execution."""
        self.recovering = False
        stored = self.deps.store.get(self.job_id)
        if stored is not None and stored.status.terminal:
            return stored.model_dump_json(), "", True
        return None

    def _close(
        self,
        job: Job,
        extra: Any,
        then: Then | None,
        *,
        save: bool = True,
        undecided: bool = False,
    ) -> Output:
        """Save the row (the step's text is the saved one), then hand off — on a thread: a
        hand-off writes (dependants, DBOS enqueues) after the save, and re-running the save
        after a write that would have waited is not free (`nowait.py`)."""
        if then is not None:
            nowait.refuse_to_wait()
        text = self._save(job, undecided=undecided) if save else job.model_dump_json()
        if not text:
            return self._stopped()
        if then is not None:
            then(job)
        return self._output(text, extra)

    @staticmethod
    def _output(text: str, extra: Any) -> Output:
        return text, extra if isinstance(extra, str) else "", False

    def _save(self, job: Job, *, undecided: bool = False) -> str:
        """Write the row (unless the stored job ended meanwhile); its JSON, or "" if not."""
        job.updated_at = utcnow()
        text = job.model_dump_json()
        store = self.deps.store
        if not store.save_record(job, text, flushed_later=True, undecided=undecided):
            return ""
        self.recorded_at = time.monotonic()
        return text

    def _stopped(self) -> Output:
        stored = self.deps.store.get(self.job_id)
        assert stored is not None
        return stored.model_dump_json(), "", True

    def _should_record(self, name: str, before: JobStatus, after: Job) -> bool:
        """Whether this step rewrites the job's row. The job itself is durable anyway: every
        step's output (the whole job) is recorded by DBOS and a replay rebuilds the job from it.
        So the row is written at state transitions and at most every `record_every_s` in
        between; skipping it on the other steps saves one commit per step."""
        if name in ALWAYS_RECORD or before != after.status:
            return True
        last = self.recorded_at
        return last is None or time.monotonic() - last >= self.deps.config.record_every_s


__all__ = ["ALWAYS_RECORD", "JobRun", "RunDeps", "Stop"]
