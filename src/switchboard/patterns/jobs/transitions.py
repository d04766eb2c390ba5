"""The job's state transitions, run inside the engine's checkpointed steps.

Each mutates the run's job in place (the step serialises it once: DBOS records that text and the
row gets it when due; a step that fails is rolled back from the last recorded text, see
`checkpoint.JobRun`); the async ones first ask the executor, which gets the job itself, to read.
Mutations come after the calls that may fail, so a failure leaves the job as it was anyway.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import uuid
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from switchboard.patterns.jobs.checks import failure_summary, results_message
from switchboard.patterns.jobs.errors import PlanningError
from switchboard.patterns.jobs.executor import Action, Executor, ToolRequest
from switchboard.patterns.jobs.models import (
    ActivityEntry,
    ActivityKind,
    ApprovalDecision,
    ConversationMessage,
    CriterionResult,
    Job,
    JobOutcome,
    JobStatus,
    SubJobOutcome,
    ValidationResult,
    criteria_note,
    utcnow,
)
from switchboard.patterns.jobs.plan import check_plan

T = TypeVar("T")

ARG_CHARS = 2_000
"""A tool argument longer than this is kept in the job's history as a preview: the full call is
recorded once (the `act` step's output, the side-effect journal) and the file it wrote is in the
workspace, so later steps never re-save it (a 1 MB `fs_write` used to ride along every step)."""
ARG_PREVIEW = 200
TOOL_OUTPUT_IN_CONVERSATION = 16_000
"""Characters of a tool's output the conversation keeps (the model is sent 4,000 of them)."""

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


def compact(value: Any) -> Any:
    """`value` with every string longer than `ARG_CHARS` cut to a preview saying its size."""
    if isinstance(value, str):
        if len(value) <= ARG_CHARS:
            return value
        return f"{value[:ARG_PREVIEW]}… [{len(value)} caracteres, omitidos do histórico]"
    if isinstance(value, dict):
        return {key: compact(item) for key, item in value.items()}
    if isinstance(value, list):
        return [compact(item) for item in value]
    return value


def clip_output(output: str) -> str:
    """A tool's output as the conversation keeps it (the journal keeps all of it)."""
    if len(output) <= TOOL_OUTPUT_IN_CONVERSATION:
        return output
    omitted = len(output) - TOOL_OUTPUT_IN_CONVERSATION
    return f"{output[:TOOL_OUTPUT_IN_CONVERSATION]}\n[… {omitted} caracteres omitidos]"


async def timed(call: Awaitable[T], seconds: float, what: str) -> T:
    """`call`, or `PlanningError` (pt-BR) once it took `seconds`."""
    try:
        async with asyncio.timeout(seconds):
            return await call
    except TimeoutError:
        raise PlanningError(
            f"{what} excedeu o tempo limite de {seconds:g}s; nada foi criado", seconds=seconds
        ) from None


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


async def analyse(job: Job, executor: Executor, timeout_s: float = 300.0) -> None:
    analysis = await timed(executor.analyse(job), timeout_s, "a análise do pedido")
    job.state.activity.goal = analysis.goal
    job.state.activity.notes.extend(analysis.notes)
    history(job, "model", f"objetivo: {analysis.goal}")


async def criteria(job: Job, executor: Executor, timeout_s: float = 300.0) -> None:
    defined = await timed(executor.define_criteria(job), timeout_s, "a definição dos critérios")
    job.validation_criteria = defined
    job.state.criteria_defined = True
    note = criteria_note(defined)
    history(job, "model", f"{len(defined)} critérios de pronto definidos ({note})")


async def plan(job: Job, executor: Executor, timeout_s: float = 300.0) -> None:
    plan = await timed(executor.plan(job), timeout_s, "o planejamento")
    check_plan(plan)
    if job.requires_approval and not plan.steps and not plan.sub_jobs:
        # never offered for approval: the attempt fails (and is retried) with this reason
        raise PlanningError("o planejamento não produziu nenhum passo: não há plano a aprovar")
    job.plan = plan
    job.state.activity.planned_steps = list(plan.steps)
    history(job, "model", f"plano: {len(plan.steps)} passos, {len(plan.sub_jobs)} sub-jobs")


def await_approval(job: Job) -> None:
    job.status = JobStatus.AWAITING_APPROVAL
    note = criteria_note(job.validation_criteria)
    history(job, "approval", f"plano e critérios aguardando aprovação ({note})")


def apply_approval(job: Job, raw: str | None) -> None:
    if raw is None:
        fail(job, "tempo de espera pela aprovação esgotado")
        return
    decision = ApprovalDecision.model_validate_json(raw)
    job.approval = decision
    if decision.expired:
        fail(job, decision.reason or "tempo de espera pela aprovação esgotado")
        return
    if not decision.approved:
        reason = f"plano rejeitado: {decision.reason}".strip()
        history(job, "approval", reason)
        cancelled(job, reason)
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
    if action.kind == "tool" and (not action.tool or any(not c.tool for c in action.more_calls)):
        raise ValueError("ação de ferramenta sem nome de ferramenta")
    text = action.thought or (action.result if action.kind == "finish" else "")
    if action.kind == "finish":
        job.result = action.result
    calls = action.calls()
    history(job, "model", text, tool=action.tool, args=compact(action.arguments) or None)
    for extra in calls[1:]:
        history(job, "model", "", tool=extra.tool, args=compact(extra.arguments) or None)
    job.state.actions_taken += 1
    job.state.conversation.append(ConversationMessage(role="assistant", content=text))
    return action.model_dump_json()


def tool_done(job: Job, call: ToolRequest, ok: bool, output: str, history_chars: int) -> None:
    """Account for one tool call's outcome (history, conversation, loop-guard counters)."""
    state = job.state
    state.steps_taken += 1
    key = signature(call)
    state.call_counts[key] = state.call_counts.get(key, 0) + 1
    history(
        job, "tool", output[:history_chars], tool=call.tool, args=compact(call.arguments), ok=ok
    )
    state.conversation.append(
        ConversationMessage(role="tool", content=clip_output(output), tool=call.tool)
    )


def checked(job: Job, results: Sequence[CriterionResult]) -> None:
    """The engine's checks ran: their report goes to the history and to the conversation (the
    model sees the evidence, e.g. a failing test's output, in its next prompt)."""
    if not results:
        return
    message = results_message(results)
    passed = sum(1 for r in results if r.passed)
    history(job, "validation", f"verificação automática: {passed}/{len(results)} critérios ok")
    job.state.conversation.append(ConversationMessage(role="system", content=message))


async def validate(
    job: Job,
    executor: Executor,
    stalled: Stalled | None,
    checks: Sequence[CriterionResult] = (),
) -> None:
    """The round's verdict: a stall fails it; so does any failed engine check (the executor
    is not asked: no model verdict unblocks what a check caught); otherwise the executor judges
    the rest, and its results for engine-checked criteria are replaced by the checks'."""
    if stalled is not None:
        result = ValidationResult(passed=False, root_cause=stalled.reason, results=list(checks))
    elif any(not r.passed for r in checks):
        cause = failure_summary(checks, job.validation_criteria)
        result = ValidationResult(passed=False, results=list(checks), root_cause=cause)
    else:
        judged = await executor.validate(job)
        engine_ids = {r.criterion_id for r in checks}
        current = {c.id for c in job.validation_criteria}
        # a verdict on a criterion the job no longer has (edited before approval) is dropped
        by_model = [
            r.model_copy(update={"judged_by": "model"})
            for r in judged.results
            if r.criterion_id not in engine_ids and (not current or r.criterion_id in current)
        ]
        result = ValidationResult(
            passed=judged.passed,
            results=[*checks, *by_model],
            root_cause="" if judged.passed else judged.root_cause,
        )
    job.validation_result = result
    verdict = "aprovada" if result.passed else f"reprovada: {result.root_cause}"
    history(job, "validation", f"validação {verdict}")


async def replan(job: Job, executor: Executor, validation: ValidationResult) -> None:
    plan = await executor.replan(job, validation)
    check_plan(plan)
    job.plan = plan
    job.state.replans += 1
    job.state.replan_causes.append(validation.root_cause or "validação falhou")
    job.state.steps_taken = 0
    job.state.actions_taken = 0
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
    job.outcome = outcome(job)


def fail(job: Job, reason: str) -> None:
    job.status = JobStatus.FAILED
    job.error = reason
    history(job, "error", reason)
    job.outcome = outcome(job)


def cancelled(job: Job, reason: str) -> None:
    job.status = JobStatus.CANCELLED
    job.error = reason
    job.outcome = outcome(job)


def record_sub_jobs(job: Job, children: Sequence[Job]) -> None:
    """A parent resuming: how its sub-jobs ended goes to its state (the outcome), its history
    and its conversation — the next prompt (act, validate, a summary) sees every result and
    error, not just that something failed."""
    ended = [
        SubJobOutcome(id=c.id, request=c.request, status=c.status, result=c.result, error=c.error)
        for c in children
    ]
    job.state.sub_jobs = ended
    if not ended:
        return
    lines = ["Resultado dos sub-jobs:"]
    for sub in ended:
        label = _STATUS_PT.get(sub.status, sub.status.value)
        detail = sub.result if sub.status is JobStatus.COMPLETED else sub.error
        lines.append(f"- '{sub.request[:120]}' ({label}): {(detail or '').strip()[:1_000]}")
    message = "\n".join(lines)
    done = sum(1 for sub in ended if sub.status is JobStatus.COMPLETED)
    history(job, "system", f"sub-jobs: {done}/{len(ended)} concluídos")
    job.state.conversation.append(ConversationMessage(role="system", content=message))


_STATUS_PT = {
    JobStatus.COMPLETED: "concluído",
    JobStatus.FAILED: "falhou",
    JobStatus.CANCELLED: "cancelado",
}


def outcome(job: Job) -> JobOutcome:
    """The engine's account of the job from its state: what was done (the result, tool calls
    that worked, sub-jobs completed), what failed (tool calls, sub-jobs, unmet criteria, the
    error), what was replanned (each root cause) and each criterion's verdict."""
    done: list[str] = []
    failed: list[str] = []
    if job.result and job.status is JobStatus.COMPLETED:
        done.append(job.result.strip()[:500])
    tools = [e for e in job.state.activity.history if e.kind == "tool"]
    worked = [e for e in tools if e.ok]
    if worked:
        names = sorted({e.tool or "" for e in worked})
        done.append(f"{len(worked)} chamada(s) de ferramenta bem-sucedida(s): {', '.join(names)}")
    for entry in tools:
        if not entry.ok:
            failed.append(f"ferramenta {entry.tool}: {entry.content.strip()[:200]}")
    for sub in job.state.sub_jobs:
        if sub.status is JobStatus.COMPLETED:
            done.append(f"sub-job '{sub.request[:80]}': {(sub.result or 'concluído')[:200]}")
        else:
            failed.append(f"sub-job '{sub.request[:80]}' {sub.status.label}: {sub.error or ''}")
    result = job.validation_result
    criteria = list(result.results) if result is not None else []
    for r in criteria:
        if not r.passed:
            failed.append(f"critério {r.criterion_id} não atendido: {r.evidence[:200]}".strip())
    if job.error and job.status is not JobStatus.COMPLETED:
        failed.append(job.error[:500])
    return JobOutcome(
        done=done,
        failed=list(dict.fromkeys(failed)),
        replanned=list(job.state.replan_causes),
        criteria=criteria,
    )


def delay(job: Job, reason: str, delay: float) -> None:
    job.status = JobStatus.DELAYED
    job.error = reason
    history(job, "error", f"tentativa {job.attempts} falhou ({reason}); nova em {delay:.1f}s")


def retry(job: Job) -> None:
    job.attempts += 1
    job.status = JobStatus.ACTIVE
    history(job, "system", f"início da tentativa {job.attempts}")


def signature(call: Action | ToolRequest) -> str:
    """The loop guard's key for a call: the tool and a digest of its arguments (the arguments
    themselves may be a megabyte of file content, and the counters live in the job's state)."""
    arguments = json.dumps(call.arguments, sort_keys=True, default=str)
    return f"{call.tool}:{hashlib.sha256(arguments.encode()).hexdigest()[:32]}"


def round_of(parent: Job, child: Job) -> bool:
    """Whether `child` belongs to the parent's current round of sub-jobs."""
    if parent.plan is None:
        return False
    round_ = parent.state.spawned_round
    ids = {sub_job_id(parent.id, round_, sub.ref) for sub in parent.plan.sub_jobs}
    return child.id in ids
