"""The executor loop of one workflow run, as checkpointed steps (see `checkpoint.JobRun`).

`start`: analyse → criteria → plan → approval → sub-jobs (the run ends WAITING) or execute →
validate → complete / replan / fail. `finish`: a parent resumed once all its sub-jobs ended: check
them, then execute → validate → … as above. A failed attempt is retried with backoff up to the
job's `max_attempts`.

One checkpointed step per model call and per tool call (what a resume must not repeat), and as
few others as the guarantees allow:
- the run's first step also loads the row and begins the attempt (`begin` + `analyse` in `start`,
  `begin` + the sub-jobs' check in `finish`); re-running it after a crash is harmless;
- the job's end is part of the step that decides it (`validate`, or `fail` after a failed
  attempt): it saves the ended row, then hands off — fails the dependants of a failed job,
  enqueues the dependants now ready and the parent whose sub-jobs all ended — before the step
  is recorded. Hand-offs are idempotent, and a recovering run that reaches that step again
  finds the row ended and takes it (`JobRun._ended_meanwhile`) instead of asking the model
  again, so nothing others saw ended ever comes back;
- `spawn` (create the sub-jobs, enqueue the ready ones) and `await_approval` stay steps of their
  own after `plan`: a plan someone may act on is always a recorded one.
"""

from __future__ import annotations

from functools import partial

from dbos import DBOS

from switchboard.core.errors import SwitchboardError
from switchboard.patterns.jobs import transitions as t
from switchboard.patterns.jobs.backoff import next_delay, seeded_rng
from switchboard.patterns.jobs.checkpoint import JobRun, Stop, SyncApply
from switchboard.patterns.jobs.checks import CheckRun, engine_criteria, run_checks
from switchboard.patterns.jobs.enqueue import Follow, enqueue_sync
from switchboard.patterns.jobs.errors import FinalError
from switchboard.patterns.jobs.executor import Action
from switchboard.patterns.jobs.models import ApprovalDecision, Job, JobStatus
from switchboard.patterns.jobs.propagation import decided_of, expire_of, follow_ups, start_of
from switchboard.patterns.jobs.tool_calls import (
    INTERRUPTED,
    batch_name,
    batches,
    call_tools,
    workspace,
)


class _Unchecked:
    """The sub-jobs of the current round were not checked by this attempt yet."""


UNCHECKED = _Unchecked()
Checked = t.Stalled | None | _Unchecked
EXPIRED = "tempo de espera pela aprovação esgotado"


async def run_workflow(run: JobRun) -> str:
    if run.phase == "expire":
        await _expire(run)
        return run.job.status.value
    handed_off = await _attempts(run)
    if run.job.status.terminal and not handed_off:
        # ended without `complete`/`fail` (rejected, timed out, cancelled, found ended)
        await run.step_sync("propagate", then=partial(_hand_off, run), record=False)
    return run.job.status.value


async def _attempts(run: JobRun) -> bool:
    """Attempts until one ends the run; True when the job's end was handed off already."""
    while True:
        try:
            return await _attempt(run)
        except Stop:
            await run.step_sync("load", load="row", record=False, quiet=True)
            return False
        except Exception as exc:
            run.rollback()
            # the row may lag the last completed step: write the job as of that step (rebuilt
            # identically on a replay) before deciding, so the retry never resumes from less
            if run.started:
                await run.step_sync("flush", quiet=True)
            else:
                await run.step_sync("flush", load="row", record=False, quiet=True)
            job = run.job
            if job.status.terminal:
                return False
            # a typed error speaks pt-BR to the user as it is; an unexpected one names its type
            if isinstance(exc, SwitchboardError):
                reason = exc.message
            else:
                reason = f"{type(exc).__name__}: {exc}"
            if job.attempts >= job.max_attempts or isinstance(exc, FinalError):
                return await _end(run, "fail", partial(t.fail, reason=reason))
            # steps here are outside the `try`: one that finds the job ended (cancelled while
            # waiting for the retry) takes the stored job instead of raising `Stop`
            rng = seeded_rng(job.id, job.attempts)
            delay = next_delay(job.attempts, job.backoff.base_s, job.backoff.cap_s, rng)
            await run.step_sync("delay", partial(t.delay, reason=reason, delay=delay), quiet=True)
            if run.job.status.terminal:
                return False
            await DBOS.sleep_async(delay)
            await run.step_sync("retry", t.retry, quiet=True)
            if run.job.status.terminal:
                return False


async def _attempt(run: JobRun) -> bool:
    checked: Checked = UNCHECKED
    if not run.started:
        checked = await _first_step(run)
        if run.job.status.terminal:
            return False
    limit = run.deps.config.plan_timeout_s
    if not run.job.state.activity.goal:
        await run.step("analyse", lambda j: t.analyse(j, run.executor, limit))
    job = run.job
    if not job.validation_criteria and not job.state.criteria_defined:
        await run.step("criteria", lambda j: t.criteria(j, run.executor, limit))
    if run.job.plan is None:
        await run.step("plan", lambda j: t.plan(j, run.executor, limit))
    job = run.job
    if job.requires_approval and job.approval is None:
        # the run ends here: nobody waits in a queue slot for a person (`decided` goes on)
        await run.step_sync(
            "await_approval", t.await_approval, then=partial(_expire_later, run), undecided=True
        )
        return False
    return await _rounds(run, checked)


async def _first_step(run: JobRun) -> Checked:
    """Load the row and begin the phase, with the phase's first action in the same step."""
    if run.phase == "finish":
        reason = await run.step_sync("resume", partial(_children_failure, run), load="begin")
        return t.Stalled(reason) if reason else None
    if run.phase == "decided":
        await run.step_sync("decision", partial(_apply_decision, run), load="row")
        return UNCHECKED
    limit = run.deps.config.plan_timeout_s

    async def analyse(job: Job) -> None:
        if not job.state.activity.goal:
            await t.analyse(job, run.executor, limit)

    await run.step("analyse", analyse, load="begin")
    return UNCHECKED


def _apply_decision(run: JobRun, job: Job) -> None:
    """The recorded decision, applied once: a re-run finds the job no longer awaiting."""
    if job.status is not JobStatus.AWAITING_APPROVAL or job.approval is not None:
        return
    raw = run.deps.store.decision(job.id)
    if raw is not None:
        t.apply_approval(job, raw)


def _expire_later(run: JobRun, job: Job) -> None:
    """Schedule the approval's deadline: a DBOS-delayed workflow (no worker waits for it)."""
    enqueue_sync(run.deps.config, [expire_of(job, run.deps.config.approval_timeout_s)])


async def _expire(run: JobRun) -> None:
    """The approval's deadline: record "expired" unless someone decided first (compare-and-
    set), then have the decision applied — whichever it is — by the job's `decided` run."""
    deps = run.deps

    def expire(job: Job) -> None:
        if job.status is JobStatus.AWAITING_APPROVAL and job.approval is None:
            deps.store.record_decision(
                job.id, ApprovalDecision(approved=False, expired=True, reason=EXPIRED)
            )

    def hand_off(job: Job) -> None:
        if job.status is JobStatus.AWAITING_APPROVAL and job.approval is None:
            enqueue_sync(deps.config, [decided_of(job)], deps.start_now)

    await run.step_sync("expire", expire, load="row", then=hand_off, record=False, quiet=True)


async def _rounds(run: JobRun, checked: Checked) -> bool:
    config = run.deps.config
    while True:
        job = run.job
        plan = job.plan
        assert plan is not None
        if plan.sub_jobs and job.state.spawned_round != job.state.replans:
            await _spawn(run)
            return False  # WAITING for its sub-jobs; the last one to end enqueues `finish`
        stalled: t.Stalled | None = None
        if plan.sub_jobs:
            if isinstance(checked, _Unchecked):
                reason = await run.step_sync("children", partial(_children_failure, run))
                stalled = t.Stalled(reason) if reason else None
            else:
                stalled = checked
        checked = UNCHECKED
        if stalled is None:
            stalled = await _execute(run)
        await run.step(
            "validate",
            partial(_validate, run, stalled=stalled, max_replans=config.max_replans),
            then=partial(_hand_off_ended, run),
        )
        if run.job.status.terminal:
            return True
        result = run.job.validation_result
        assert result is not None
        await run.step("replan", partial(t.replan, executor=run.executor, validation=result))


async def _validate(run: JobRun, job: Job, stalled: t.Stalled | None, max_replans: int) -> None:
    """The engine's checks, self-validation, and the job's end when it passed or the replans
    ran out — in one step: the end is saved and handed off before the step is recorded, and a
    re-run after a crash finds the ended row first (`JobRun._ended_meanwhile`), so the model is
    never asked again about a job others already saw ended. The checks run only once the
    executor said it is done (not after a stall); a check re-run after a crash is harmless
    (checks verify, they are not the work)."""
    checks = []
    if stalled is None and engine_criteria(job.validation_criteria):
        folder = await workspace(run, job)
        checks = await run_checks(CheckRun(run.deps.config, folder), job.validation_criteria)
        t.checked(job, checks)
    await t.validate(job, run.executor, stalled, checks)
    result = job.validation_result
    assert result is not None
    if result.passed:
        t.complete(job)
    elif job.state.replans >= max_replans:
        t.fail(job, result.root_cause or "validação falhou")


async def _end(run: JobRun, name: str, apply: SyncApply) -> bool:
    """The step that ends the job also hands off what its end sets in motion; False when the
    job had ended already (the stored job is taken, and its end is handed off afterwards)."""
    await run.step_sync(name, apply, then=partial(_hand_off, run), quiet=True)
    return not run.stopped


def _hand_off(run: JobRun, job: Job) -> None:
    deps = run.deps
    enqueue_sync(deps.config, follow_ups(deps.store, job), deps.start_now)


def _hand_off_ended(run: JobRun, job: Job) -> None:
    if job.status.terminal:
        _hand_off(run, job)


async def _execute(run: JobRun) -> t.Stalled | None:
    config = run.deps.config
    while True:
        if run.job.state.steps_taken >= config.max_steps:
            return _step_cap(config.max_steps)
        if len(run.job.state.activity.history) > config.summary_threshold:
            await run.step("summarise", lambda j: t.summarise(j, run.executor, config.summary_keep))
        raw = await run.step("act", lambda j: t.act(j, run.executor))
        action = Action.model_validate_json(raw)
        if action.kind == "finish":
            return None
        for batch in batches(action.calls(), config.parallel_safe_tools):
            state = run.job.state
            if state.steps_taken + len(batch) > config.max_steps:
                return _step_cap(config.max_steps)
            for call in batch:
                seen = state.call_counts.get(t.signature(call), 0)
                if seen >= config.repeat_limit:
                    return t.Stalled(
                        f"repetição: '{call.tool}' chamada {seen} vezes com os mesmos argumentos "
                        "sem progresso"
                    )
            name = f"tool:{batch[0].tool}" if len(batch) == 1 else batch_name(batch)
            await run.step(name, partial(call_tools, run, calls=batch))


def _step_cap(limit: int) -> t.Stalled:
    return t.Stalled(f"limite de {limit} passos atingido sem concluir")


async def _spawn(run: JobRun) -> None:
    """Create the plan's sub-jobs (ids stable across replays) and enqueue the ready ones."""
    deps = run.deps
    ready: list[Follow] = []

    def spawn(current: Job) -> None:
        assert current.plan is not None
        round_ = current.state.replans
        ids = {sub.ref: t.sub_job_id(current.id, round_, sub.ref) for sub in current.plan.sub_jobs}
        children = []
        for sub in current.plan.sub_jobs:
            if sub.queue is None and sub.persona is None:
                queue = current.queue
            else:
                queue = deps.config.queue_of(sub.persona or current.persona, sub.queue)
            children.append(
                Job(
                    id=ids[sub.ref],
                    user_id=current.user_id,
                    parent_id=current.id,
                    root_id=current.root_id or current.id,
                    workspace=current.workspace,
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
        stored = deps.store.insert_missing(children)
        current.state.spawned_round = round_
        current.status = JobStatus.WAITING
        t.history(current, "system", f"{len(stored)} sub-jobs criados")
        waiting = [c for c in stored if not c.depends_on and c.status is JobStatus.WAITING]
        ready[:] = [start_of(c) for c in waiting]

    def hand_off(_job: Job) -> None:
        enqueue_sync(deps.config, ready, deps.start_now)

    await run.step_sync("spawn", spawn, then=hand_off)


def _children_failure(run: JobRun, job: Job) -> str:
    """Record how the current round's sub-jobs ended (results and errors reach the parent's
    prompt and outcome); why they do not all count as done ("" when they do)."""
    if job.plan is None or not job.plan.sub_jobs:
        return ""
    children = run.deps.store.children(job.id)
    current = [c for c in children if t.round_of(job, c)]
    t.record_sub_jobs(job, current)
    bad = [c for c in current if c.status is not JobStatus.COMPLETED]
    return "; ".join(f"sub-job '{c.request[:60]}' {c.status.label}: {c.error}" for c in bad)


__all__ = ["INTERRUPTED", "run_workflow"]
