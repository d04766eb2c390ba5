"""Switchboard's own typed `Job` (spec 004): what the API shows and the store keeps.

The engine (DBOS) is how a job *runs*; this model is what a job *is*. The whole record, including
the agent job state (activity context and conversation), is one JSON document: recorded by DBOS
after every step (a crash resumes from the last completed step) and written to the job's row,
which the API reads, at every state transition and at most `record_every_s` apart in between.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field, model_validator


def utcnow() -> datetime:
    return datetime.now(UTC)


class JobStatus(StrEnum):
    """waiting → active → completed | failed | delayed (retry pending) | cancelled |
    awaiting_approval (paused until the user decides)."""

    WAITING = "waiting"
    """Created; its dependencies are not all completed yet, or not picked up by a worker yet."""
    ACTIVE = "active"
    COMPLETED = "completed"
    FAILED = "failed"
    DELAYED = "delayed"
    """An attempt failed; the next one starts after the backoff delay."""
    CANCELLED = "cancelled"
    AWAITING_APPROVAL = "awaiting_approval"

    @property
    def terminal(self) -> bool:
        return self in TERMINAL

    @property
    def label(self) -> str:
        """pt-BR, for text people read (the enum's value is English, for the API)."""
        return STATUS_LABELS[self]


TERMINAL = frozenset({JobStatus.COMPLETED, JobStatus.FAILED, JobStatus.CANCELLED})
STATUS_LABELS = {
    JobStatus.WAITING: "na fila",
    JobStatus.ACTIVE: "em execução",
    JobStatus.COMPLETED: "concluído",
    JobStatus.FAILED: "com falha",
    JobStatus.DELAYED: "esperando uma nova tentativa",
    JobStatus.CANCELLED: "cancelado",
    JobStatus.AWAITING_APPROVAL: "aguardando aprovação",
}


class BackoffPolicy(BaseModel):
    """Delays between attempts: `backoff.next_delay(attempt, base_s, cap_s, rng)`."""

    model_config = ConfigDict(frozen=True)

    base_s: float = Field(default=2.0, gt=0)
    cap_s: float = Field(default=300.0, gt=0)


CriterionKind = Literal["file_exists", "file_contains", "command", "tests_pass", "model"]
"""How a criterion is checked: the first four by the engine (files through the job's confined
workspace, commands in its sandbox) after the executor says it is done; `model` by the executor's
self-validation (a model's judgement: shown as such, never able to unblock an engine check)."""
JudgedBy = Literal["engine", "model"]
ENGINE_KINDS = frozenset({"file_exists", "file_contains", "command", "tests_pass"})


class Criterion(BaseModel):
    """One item of the definition of done, typed by how it is checked (`kind`)."""

    id: str
    description: str
    """pt-BR, e.g. "o relatório tem os totais por categoria"."""
    kind: CriterionKind = "model"
    path: str | None = None
    """`file_exists` / `file_contains`: a path relative to the job's workspace."""
    text: str | None = None
    """`file_contains`: the text the file must contain (plain text, not a pattern)."""
    command: list[str] | None = None
    """`command` / `tests_pass`: the argv run in the job's sandbox (no shell), e.g.
    `["python3", "-m", "pytest", "-q"]`."""
    exit_code: int = 0
    """`command`: the exit status that passes (`tests_pass` always wants 0)."""
    check: str = ""
    """Free-text note on how to verify it (what a `model` criterion's judge should look at)."""

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form
    @property
    def judged_by(self) -> JudgedBy:
        """`engine` (checked by running it) or `model` (the executor's judgement)."""
        return "engine" if self.kind in ENGINE_KINDS else "model"

    @model_validator(mode="after")
    def _typed_fields(self) -> Criterion:
        needs = {
            "file_exists": ("path",),
            "file_contains": ("path", "text"),
            "command": ("command",),
            "tests_pass": ("command",),
        }.get(self.kind, ())
        missing = [name for name in needs if not getattr(self, name)]
        if missing:
            raise ValueError(f"critério '{self.id}' ({self.kind}) sem {', '.join(missing)}")
        return self


def criteria_note(criteria: list[Criterion]) -> str:
    """pt-BR: how a definition of done will be checked (shown with the plan for approval)."""
    if not criteria:
        return "sem critérios de pronto: o resultado será julgado pelo modelo"
    engine = sum(1 for c in criteria if c.judged_by == "engine")
    if engine == 0:
        return "nenhum critério é verificável pelo motor: todos serão julgados pelo modelo"
    model = len(criteria) - engine
    if model == 0:
        return "todos verificados pelo motor, nos arquivos e por comandos na sandbox"
    return (
        f"{engine} verificados pelo motor (arquivos, comandos na sandbox), "
        f"{model} julgados pelo modelo"
    )


class CriterionResult(BaseModel):
    """Whether one criterion of the definition of done is met, with the evidence and who judged
    it."""

    criterion_id: str
    passed: bool
    evidence: str = ""
    judged_by: JudgedBy = "model"
    """Who decided: the engine's check or the executor's (model's) judgement."""


class ValidationResult(BaseModel):
    """Self-validation against the criteria; `root_cause` feeds the replan (progress ledger)."""

    passed: bool
    results: list[CriterionResult] = Field(default_factory=list)
    root_cause: str = ""


class PlanStep(BaseModel):
    """One step of a job's plan and whether it is done."""

    id: str
    description: str
    done: bool = False


class SubJobSpec(BaseModel):
    """A sub-job in a plan. `ref` names it inside the plan; `depends_on` lists refs of the same
    plan (checked for unknown refs and cycles before anything is created)."""

    ref: str = Field(min_length=1, max_length=64)
    request: str = Field(min_length=1)
    persona: str | None = None
    """None: the parent's persona."""
    queue: str | None = None
    """None: the persona's queue (the parent's queue)."""
    depends_on: list[str] = Field(default_factory=list)
    validation_criteria: list[Criterion] = Field(default_factory=list)
    priority: int | None = None


class Plan(BaseModel):
    """A job's plan: its steps and the sub-jobs it spawns."""

    steps: list[PlanStep] = Field(default_factory=list)
    sub_jobs: list[SubJobSpec] = Field(default_factory=list)


ActivityKind = Literal["model", "tool", "system", "approval", "validation", "summary", "error"]


class ActivityEntry(BaseModel):
    """One interaction of the job with its model or tools (the spec's `ActivityHistoryEntry`)."""

    at: datetime
    kind: ActivityKind
    content: str = ""
    tool: str | None = None
    args: dict[str, Any] | None = None
    ok: bool | None = None


class ActivityContext(BaseModel):
    """The spec's `ActivityContext`: goal, planned steps, notes and history of one job."""

    goal: str = ""
    planned_steps: list[PlanStep] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    history: list[ActivityEntry] = Field(default_factory=list)


class ConversationMessage(BaseModel):
    role: Literal["system", "user", "assistant", "tool"]
    content: str
    tool: str | None = None


class SubJobOutcome(BaseModel):
    """A sub-job's end as its parent sees it when it resumes."""

    id: str
    request: str
    status: JobStatus
    result: str | None = None
    error: str | None = None


class JobOutcome(BaseModel):
    """What the job did, written by the engine when the job ends (not by the model): the
    summary people read — what was done, what failed, what was replanned, and each criterion
    with who judged it."""

    done: list[str] = Field(default_factory=list)
    failed: list[str] = Field(default_factory=list)
    replanned: list[str] = Field(default_factory=list)
    criteria: list[CriterionResult] = Field(default_factory=list)

    def text(self) -> str:
        """pt-BR, one section per non-empty list."""
        parts: list[str] = []
        if self.done:
            parts.append("Feito:\n" + "\n".join(f"- {item}" for item in self.done))
        if self.failed:
            parts.append("Falhou:\n" + "\n".join(f"- {item}" for item in self.failed))
        if self.replanned:
            lines = [f"- {i}. {cause}" for i, cause in enumerate(self.replanned, 1)]
            parts.append(f"Replanejado {len(self.replanned)} vez(es):\n" + "\n".join(lines))
        if self.criteria:
            lines = [
                f"- {r.criterion_id}: {'ok' if r.passed else 'não atendido'} "
                f"({'motor' if r.judged_by == 'engine' else 'modelo'})"
                + (f" — {r.evidence}" if r.evidence and not r.passed else "")
                for r in self.criteria
            ]
            parts.append("Critérios:\n" + "\n".join(lines))
        return "\n\n".join(parts)


class AgentJobState(BaseModel):
    """The spec's `AgentJobState` (`Job.data.agentState`)."""

    activity: ActivityContext = Field(default_factory=ActivityContext)
    conversation: list[ConversationMessage] = Field(default_factory=list)
    replans: int = 0
    """Replans done after failed validations or stalls (bounded by the engine)."""
    spawned_round: int = -1
    """The `replans` value whose plan's sub-jobs were created (-1: none yet)."""
    criteria_defined: bool = False
    """The executor was asked for the definition of done (it may define none: not asked again
    when the job resumes after its sub-jobs or retries)."""
    steps_taken: int = 0
    """Actions taken in the current execution round (the step cap's counter)."""
    call_counts: dict[str, int] = Field(default_factory=dict)
    """Tool calls of the current round by (tool, arguments): the loop guard's counter."""
    actions_taken: int = 0
    """Model answers (`next_action`) of the current round; one answer may call several tools."""
    replan_causes: list[str] = Field(default_factory=list)
    """The root cause of each replan, in order (what the outcome says was replanned)."""
    sub_jobs: list[SubJobOutcome] = Field(default_factory=list)
    """How the current round's sub-jobs ended (what the parent's prompt and outcome report)."""


class ApprovalDecision(BaseModel):
    """The user's answer at the approval checkpoint; edits replace the proposed plan/criteria."""

    approved: bool
    reason: str = ""
    expired: bool = False
    """Not a person's answer: nobody decided within `approval_timeout_s` (the job fails)."""
    edited_criteria: list[Criterion] | None = None
    edited_plan: Plan | None = None


class Job(BaseModel):
    """A unit of autonomous work. Ownership as for sessions: another user's job is "not found"."""

    id: str
    user_id: str
    parent_id: str | None = None
    root_id: str = ""
    """The top job of the tree ("" = this job); sub-jobs share its working directory."""
    depends_on: list[str] = Field(default_factory=list)
    """Jobs that must complete before this one starts; a failed one fails this one."""
    queue: str
    persona: str
    status: JobStatus = JobStatus.WAITING
    attempts: int = 0
    """Attempts started so far (the first run is attempt 1)."""
    max_attempts: int = Field(default=3, ge=1)
    backoff: BackoffPolicy = Field(default_factory=BackoffPolicy)
    priority: int = Field(default=100, ge=1, le=1_000_000)
    """Lower runs first (the engine's convention)."""
    request: str
    requires_approval: bool = False
    """Pause after planning until the user approves, rejects or edits the plan and criteria."""
    approval: ApprovalDecision | None = None
    validation_criteria: list[Criterion] = Field(default_factory=list)
    validation_result: ValidationResult | None = None
    plan: Plan | None = None
    state: AgentJobState = Field(default_factory=AgentJobState)
    result: str | None = None
    """The executor's final answer."""
    error: str | None = None
    outcome: JobOutcome | None = None
    """The engine's account of the job, set when it ends (`JobOutcome.text()`)."""
    dedup_key: str | None = None
    workspace: str | None = None
    """An existing project folder (real path, checked against the allowed roots) the job tree
    works in, mounted read-write in the sandbox; None: `<workdir_root>/<root job id>`.
    Sub-jobs inherit it."""
    traceparent: str | None = None
    """W3C trace context of the span that created the job (a chat turn's tool call, a parent
    job's step), so the worker's `switchboard.job` span continues that trace, in whatever
    process runs it; None with tracing off (`switchboard.telemetry`)."""
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)

    @property
    def status_label(self) -> str:
        """pt-BR status for people: a job decided but not yet picked up by its run says the
        decision ("aprovado, começando a execução"), not "aguardando aprovação"."""
        if self.status is JobStatus.AWAITING_APPROVAL and self.approval is not None:
            if self.approval.approved:
                return "aprovado, começando a execução"
            return "rejeitado, sendo cancelado"
        return self.status.label


class NewJob(BaseModel):
    """What a caller (API, chat agent, task-manager tool) asks for; the owner comes from the
    caller's authentication, never from here."""

    model_config = ConfigDict(extra="forbid")

    request: str = Field(min_length=1, max_length=20_000)
    persona: str
    queue: str | None = None
    """None: the persona's queue."""
    parent_id: str | None = None
    depends_on: list[str] = Field(default_factory=list)
    priority: int = Field(default=100, ge=1, le=1_000_000)
    max_attempts: int = Field(default=3, ge=1, le=20)
    backoff: BackoffPolicy = Field(default_factory=BackoffPolicy)
    requires_approval: bool = False
    validation_criteria: list[Criterion] = Field(default_factory=list)
    dedup_key: str | None = Field(default=None, max_length=200)
    """Same key while a job with it is unfinished → that job is returned, no new one."""
    workspace: str | None = Field(default=None, max_length=4_000)
    """An existing project folder (absolute path) to work in instead of a new folder under
    the job root: only inside the operator's allowed roots (`EngineConfig.workspace_roots`);
    a sub-job always works in its parent's."""


__all__ = [
    "ENGINE_KINDS",
    "TERMINAL",
    "ActivityContext",
    "ActivityEntry",
    "AgentJobState",
    "ApprovalDecision",
    "BackoffPolicy",
    "ConversationMessage",
    "Criterion",
    "CriterionKind",
    "CriterionResult",
    "Job",
    "JobOutcome",
    "JobStatus",
    "JudgedBy",
    "NewJob",
    "Plan",
    "PlanStep",
    "SubJobOutcome",
    "SubJobSpec",
    "ValidationResult",
    "criteria_note",
]
