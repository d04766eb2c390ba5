"""The job's state transitions, run inside the engine's checkpointed steps.

Each mutates the run's job in place (the step serialises it once: DBOS records that text and the
row gets it when due; a step that fails is rolled back from the last recorded text, see
`checkpoint.JobRun`); the async ones first ask the executor, which gets the job itself, to read.
Mutations come after the calls that may fail, so a failure leaves the job as it was anyway.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any

from switchboard.patterns.jobs.executor import Action, Executor
from switchboard.patterns.jobs.models import (
    ActivityEntry,
    ActivityKind,
    ApprovalDecision,
    ConversationMessage,
    Job,
    JobStatus,
    ValidationResult,
    utcnow,
)
from switchboard.patterns.jobs.plan import check_plan

SUB_JOB_NAMESPACE = uuid.UUID("5b0a7d1e-4f7c-4e0e-9a55-1c0b5a7e9d42")
"""Sub-job ids are uuid5(parent id, round, ref): a replayed spawn creates the same ids."""


@dataclass(slots=True)
class Stalled:
    """Why an execution round stopped without finishing (loop, step cap, failed sub-jobs)."""

    reason: str


def sub_job_id(parent_id: str, round_: int, ref: str) -> str:
    return uuid.uuid5(SUB_JOB_NAMESPACE, f"{parent_id}:{round_}:{ref}").hex


def history(job: Job, kind: ActivityKind, content: str, **extra: Any) -> None:
    job.state.activity.history.append(
        ActivityEntry(at=utcnow(), kind=kind, content=content, **extra)
    )


def noop(job: Job) -> None:
    return None


def begin(job: Job, phase: str) -> None:
    if job.status.terminal:
        return
    if phase == "start" and job.attempts == 0:
        job.attempts = 1
        history(job, "system", "início da tentativa 1")
    elif phase == "finish" and job.status is JobStatus.WAITING:
        history(job, "system", "sub-jobs concluídos; retomando")
    job.status = JobStatus.ACTIVE


async def analyse(job: Job, executor: Executor) -> None:
    analysis = await executor.analyse(job)
    job.state.activity.goal = analysis.goal
    job.state.activity.notes.extend(analysis.notes)
    history(job, "model", f"objetivo: {analysis.goal}")


async def criteria(job: Job, executor: Executor) -> None:
    job.validation_criteria = await executor.define_criteria(job)
    job.state.criteria_defined = True
    history(job, "model", f"{len(job.validation_criteria)} critérios de pronto definidos")


async def plan(job: Job, executor: Executor) -> None:
    plan = await executor.plan(job)
    check_plan(plan)
    job.plan = plan
    job.state.activity.planned_steps = list(plan.steps)
    history(job, "model", f"plano: {len(plan.steps)} passos, {len(plan.sub_jobs)} sub-jobs")


def await_approval(job: Job) -> None:
    job.status = JobStatus.AWAITING_APPROVAL
    history(job, "approval", "plano e critérios aguardando aprovação")


def apply_approval(job: Job, raw: Any) -> None:
    if raw is None:
        fail(job, "tempo de espera pela aprovação esgotado")
        return
    decision = ApprovalDecision.model_validate_json(raw)
    job.approval = decision
    if not decision.approved:
        job.status = JobStatus.CANCELLED
        job.error = f"plano rejeitado: {decision.reason}".strip()
        history(job, "approval", job.error)
        return
    if decision.edited_criteria is not None:
        job.validation_criteria = decision.edited_criteria
    if decision.edited_plan is not None:
        check_plan(decision.edited_plan)
        job.plan = decision.edited_plan
        job.state.activity.planned_steps = list(decision.edited_plan.steps)
    job.status = JobStatus.ACTIVE
    history(job, "approval", f"aprovado {decision.reason}".strip())


async def act(job: Job, executor: Executor) -> str:
    action = await executor.next_action(job)
    if action.kind == "tool" and not action.tool:
        raise ValueError("ação de ferramenta sem nome de ferramenta")
    text = action.thought or (action.result if action.kind == "finish" else "")
    if action.kind == "finish":
        job.result = action.result
    history(job, "model", text, tool=action.tool, args=action.arguments or None)
    job.state.conversation.append(ConversationMessage(role="assistant", content=text))
    return action.model_dump_json()


async def validate(job: Job, executor: Executor, stalled: Stalled | None) -> None:
    if stalled is not None:
        result = ValidationResult(passed=False, root_cause=stalled.reason)
    else:
        result = await executor.validate(job)
    job.validation_result = result
    verdict = "aprovada" if result.passed else f"reprovada: {result.root_cause}"
    history(job, "validation", f"validação {verdict}")


async def replan(job: Job, executor: Executor, validation: ValidationResult) -> None:
    plan = await executor.replan(job, validation)
    check_plan(plan)
    job.plan = plan
    job.state.replans += 1
    job.state.steps_taken = 0
    job.state.call_counts = {}
    job.state.activity.planned_steps = list(plan.steps)
    job.result = None
    history(job, "model", f"replanejado (causa: {validation.root_cause})")


async def summarise(job: Job, executor: Executor, keep: int) -> None:
    summary = await executor.summarise(job)
    history = job.state.activity.history
    job.state.activity.history = [
        ActivityEntry(at=utcnow(), kind="summary", content=summary),
        *history[-keep:],
    ]
    conversation = job.state.conversation
    job.state.conversation = [
        ConversationMessage(role="system", content=f"Resumo: {summary}"),
        *conversation[-keep:],
    ]


def complete(job: Job) -> None:
    job.status = JobStatus.COMPLETED
    job.error = None
    history(job, "system", "concluído")


def fail(job: Job, reason: str) -> None:
    job.status = JobStatus.FAILED
    job.error = reason
    history(job, "error", reason)


def delay(job: Job, reason: str, delay: float) -> None:
    job.status = JobStatus.DELAYED
    job.error = reason
    history(job, "error", f"tentativa {job.attempts} falhou ({reason}); nova em {delay:.1f}s")


def retry(job: Job) -> None:
    job.attempts += 1
    job.status = JobStatus.ACTIVE
    history(job, "system", f"início da tentativa {job.attempts}")


def signature(action: Action) -> str:
    return json.dumps([action.tool, action.arguments], sort_keys=True, default=str)


def round_of(parent: Job, child: Job) -> bool:
    """Whether `child` belongs to the parent's current round of sub-jobs."""
    if parent.plan is None:
        return False
    round_ = parent.state.spawned_round
    ids = {sub_job_id(parent.id, round_, sub.ref) for sub in parent.plan.sub_jobs}
    return child.id in ids
