"""Jobs over HTTP (spec 004): create, list, show with the sub-job tree and history, approve /
reject / cancel, and a job's progress as NDJSON in the chat's event types.

Ownership as for sessions: another user's job is a 404 (`JobNotFoundError`). The events stream
ends with the job (a `done` event), reads only what changed (`JobEngine.watch`: change stamps
from an index, records re-read only when they moved; woken at once by this process's writes),
sends an empty line as keep-alive after `EVENTS_HEARTBEAT_S` of silence, and closes after
`EVENTS_MAX_S` with a status saying to reconnect.

The engine lives in the server process (`start_jobs`, called from the lifespan): launched with
the in-process worker unless `SWITCHBOARD_JOBS_WORKER=off` (then this process only enqueues and
`switchboard worker` processes run the jobs). `SWITCHBOARD_JOBS_DATABASE_URL` picks DBOS's
system database (default: `sqlite:///var/jobs.db`, or the server's PostgreSQL URL).
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, FastAPI, Path, Query, Request
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, model_validator

from switchboard.core.errors import SwitchboardError
from switchboard.patterns.jobs.editing import JobEdit
from switchboard.patterns.jobs.files import JobFiles
from switchboard.patterns.jobs.host import JobsHost
from switchboard.patterns.jobs.models import (
    ActivityEntry,
    ApprovalDecision,
    Criterion,
    CriterionKind,
    Job,
    JobOutcome,
    JobStatus,
    NewJob,
    Plan,
    ValidationResult,
    criteria_note,
)
from switchboard.patterns.jobs.pages import MAX_PAGE
from switchboard.server.deps import AUTHED, BODY, current_user, errors, get_runtime
from switchboard.server.routes.job_stream import job_events
from switchboard.server.runtime import Runtime
from switchboard.server.text import SafeText

if TYPE_CHECKING:
    from switchboard.patterns.jobs.engine import JobEngine

router = APIRouter(tags=["jobs"])

JobPath = Annotated[SafeText, Path(min_length=1, max_length=64, description="Job id.")]


class CreateJob(BaseModel):
    model_config = ConfigDict(extra="forbid")

    persona: SafeText = Field(min_length=1, max_length=64)
    request: SafeText = Field(min_length=1, max_length=20_000)
    requires_approval: bool = True
    """Pause after planning until approved (the default for people; APIs may skip it)."""
    priority: int = Field(default=100, ge=1, le=1_000_000)
    workspace: SafeText | None = Field(default=None, min_length=1, max_length=4_000)
    """An existing project folder on the server (absolute path) to work in, mounted read-write
    in the sandbox; only inside the folders the operator allows for this user
    (`SWITCHBOARD_JOBS_WORKSPACE_ROOTS`), else 422 `workspace_folder`."""


class DecisionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    reason: SafeText = Field(default="", max_length=2_000)


class EditStep(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: SafeText = Field(min_length=1, max_length=64)
    description: SafeText = Field(min_length=1, max_length=2_000)


class EditCriterion(BaseModel):
    """A criterion as `Criterion` (`kind` says how the engine checks it), from a person."""

    model_config = ConfigDict(extra="forbid")

    id: SafeText = Field(min_length=1, max_length=64)
    description: SafeText = Field(min_length=1, max_length=2_000)
    kind: CriterionKind = "model"
    path: SafeText | None = Field(default=None, min_length=1, max_length=1_000)
    text: SafeText | None = Field(default=None, min_length=1, max_length=2_000)
    command: list[SafeText] | None = Field(default=None, min_length=1, max_length=50)
    exit_code: int = Field(default=0, ge=0, le=255)
    check: SafeText = Field(default="", max_length=2_000)

    @model_validator(mode="after")
    def _typed(self) -> EditCriterion:
        Criterion(**self.model_dump())  # the same typed-field rules (a 422 when broken)
        return self


class EditSubJob(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ref: SafeText = Field(min_length=1, max_length=64)
    request: SafeText = Field(min_length=1, max_length=20_000)
    persona: SafeText | None = Field(default=None, min_length=1, max_length=64)
    queue: SafeText | None = Field(default=None, min_length=1, max_length=64)
    depends_on: list[SafeText] = Field(default_factory=list, max_length=50)
    validation_criteria: list[EditCriterion] = Field(default_factory=list, max_length=50)
    priority: int | None = Field(default=None, ge=1, le=1_000_000)


class EditPlan(BaseModel):
    model_config = ConfigDict(extra="forbid")

    steps: list[EditStep] = Field(default_factory=list, max_length=100)
    sub_jobs: list[EditSubJob] = Field(default_factory=list, max_length=50)


class EditJob(BaseModel):
    """Replaces the plan and/or the criteria of a job awaiting approval (each whole)."""

    model_config = ConfigDict(extra="forbid")

    plan: EditPlan | None = None
    validation_criteria: list[EditCriterion] | None = Field(default=None, max_length=50)

    @model_validator(mode="after")
    def _something(self) -> EditJob:
        if self.plan is None and self.validation_criteria is None:
            raise ValueError("informe o plano, os critérios ou ambos")
        return self

    def to_edit(self) -> JobEdit:
        return JobEdit.model_validate(self.model_dump(exclude_none=True))


class JobSummary(BaseModel):
    id: str
    parent_id: str | None
    depends_on: list[str]
    persona: str
    queue: str
    status: str
    status_label: str
    """pt-BR status for people; a job decided a moment ago says the decision ("aprovado,
    começando a execução") while `status` is still `awaiting_approval`."""
    decided: bool
    """The job's approval decision is recorded (a client offers no "Aprovar" any more)."""
    request: str
    attempts: int
    result: str | None
    error: str | None
    summary: str | None = None
    """The engine's account when the job ended: what was done, what failed, what was
    replanned, each criterion and who judged it (pt-BR)."""
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, job: Job) -> JobSummary:
        return cls(
            id=job.id,
            parent_id=job.parent_id,
            depends_on=job.depends_on,
            persona=job.persona,
            queue=job.queue,
            status=job.status.value,
            status_label=job.status_label,
            decided=job.approval is not None,
            request=job.request,
            attempts=job.attempts,
            result=job.result,
            error=job.error,
            summary=job.outcome.text() if job.outcome is not None else None,
            created_at=job.created_at,
            updated_at=job.updated_at,
        )


class JobList(BaseModel):
    jobs: list[JobSummary]
    """Top-level jobs, newest first (sub-jobs are in each job's `tree`)."""
    next_cursor: str | None = None
    """The next (older) page: `GET /jobs?cursor=…`; None on the last page."""


class JobDetail(JobSummary):
    validation_criteria: list[Criterion]
    """Each with `kind` and `judged_by` (`engine`: the engine runs it; `model`: judged)."""
    criteria_note: str
    """How the definition of done will be checked, e.g. that every criterion is model-judged."""
    validation_result: ValidationResult | None
    outcome: JobOutcome | None
    plan: Plan | None
    replans: int
    history: list[ActivityEntry]
    tree: list[JobSummary]
    """Every sub-job of this job (all levels), parents before children."""


class CancelResult(BaseModel):
    cancelled: list[str]


class JobsDisabledError(SwitchboardError):
    """No served app runs jobs (or the engine is not up): the `/jobs` resources do not exist."""

    code = "jobs_disabled"
    http_status = 404


def engine_of(request: Request) -> JobEngine:
    engine: JobEngine | None = getattr(request.app.state, "jobs_engine", None)
    if engine is None:
        raise JobsDisabledError("jobs are not enabled on this server")
    return engine


def jobs_database_url(database_url: str) -> str:
    """DBOS's system database: `SWITCHBOARD_JOBS_DATABASE_URL`, else the server's PostgreSQL,
    else `sqlite:///var/jobs.db` (its folder created). Server, workers and CLI must agree."""
    url = os.environ.get("SWITCHBOARD_JOBS_DATABASE_URL") or (
        database_url if database_url.startswith("postgresql") else "sqlite:///var/jobs.db"
    )
    if url.startswith("sqlite:///"):
        folder = os.path.dirname(url.removeprefix("sqlite:///"))
        if folder:
            os.makedirs(folder, exist_ok=True)
    return url


async def launch_host_jobs(host: JobsHost, database_url: str) -> JobEngine:
    """Launch the job engine of `host` on the jobs database that goes with the Switchboard
    database `database_url` (`jobs_database_url`) and serve it to the host's chat and tools.
    With the in-process worker unless `SWITCHBOARD_JOBS_WORKER=off` (then this process only
    enqueues, and `switchboard worker` processes run the jobs). The server, `switchboard chat`
    and `switchboard mcp` all start their engine here."""
    from switchboard.patterns.jobs.worker import start_in_process_worker

    url = jobs_database_url(database_url)
    worker = os.environ.get("SWITCHBOARD_JOBS_WORKER", "on").lower() != "off"
    engine = await start_in_process_worker(
        host.job_runtime(),
        database_url=url,
        queues=None if worker else [],
        create_schema=url.startswith("sqlite"),
    )
    host.serve_jobs(engine)
    return engine


async def start_jobs(app: FastAPI, runtime: Runtime) -> JobEngine | None:
    """Launch the job engine for the first served app that is a `JobsHost` (None: none)."""
    host = next((a for a in runtime.apps.values() if isinstance(a, JobsHost)), None)
    if host is None:
        return None
    engine = await launch_host_jobs(host, runtime.settings.database_url)
    app.state.jobs_engine = engine
    app.state.jobs_host = host
    return engine


async def stop_jobs(app: FastAPI, engine: JobEngine | None) -> None:
    if engine is not None:
        host: JobsHost | None = getattr(app.state, "jobs_host", None)
        if host is not None:
            host.serve_jobs(None)
        app.state.jobs_engine = None
        await engine.shutdown()


@router.post(
    "/jobs",
    response_model=JobSummary,
    responses=errors(*AUTHED, *BODY, 404),
    summary="Create a job (it plans, then waits for approval unless requires_approval=false)",
)
async def create_job(
    body: CreateJob, request: Request, user_id: str = Depends(current_user)
) -> JobSummary:
    engine = engine_of(request)
    job = await engine.create_job(
        user_id,
        NewJob(
            request=body.request,
            persona=body.persona,
            requires_approval=body.requires_approval,
            priority=body.priority,
            workspace=body.workspace,
        ),
    )
    return JobSummary.of(job)


@router.get(
    "/jobs",
    response_model=JobList,
    responses=errors(*AUTHED, 404, 422),
    summary="List my top-level jobs, newest first, a page at a time",
)
async def list_jobs(
    request: Request,
    user_id: str = Depends(current_user),
    limit: int = Query(50, ge=1, le=MAX_PAGE, description="Jobs per page."),
    cursor: SafeText | None = Query(
        None, min_length=1, max_length=300, description="`next_cursor` of a page."
    ),
    status: JobStatus | None = Query(None, description="Only jobs with this status."),
) -> JobList:
    page = await engine_of(request).page_jobs(user_id, limit=limit, cursor=cursor, status=status)
    return JobList(jobs=[JobSummary.of(job) for job in page.jobs], next_cursor=page.next_cursor)


@router.get(
    "/jobs/{job_id}/files",
    response_model=JobFiles,
    responses=errors(*AUTHED, 404),
    summary="The files in a job's workspace (its artefacts; the repository is not listed)",
)
async def list_job_files(
    request: Request, job_id: JobPath, user_id: str = Depends(current_user)
) -> JobFiles:
    return await engine_of(request).files(user_id, job_id)


@router.get(
    "/jobs/{job_id}/files/{file_path:path}",
    responses={
        **errors(*AUTHED, 403, 404),
        200: {"content": {"application/octet-stream": {}}, "description": "The file."},
    },
    response_class=Response,
    summary="Download one file of a job's workspace (confined to it)",
)
async def download_job_file(
    request: Request,
    job_id: JobPath,
    file_path: Annotated[
        SafeText, Path(min_length=1, max_length=4_000, description="Relative to the workspace.")
    ],
    user_id: str = Depends(current_user),
) -> Response:
    data = await engine_of(request).file_bytes(user_id, job_id, file_path)
    name = file_path.rsplit("/", 1)[-1]
    return Response(
        data,
        media_type="application/octet-stream",
        headers={
            # an artefact is the model's output: never rendered by the browser on our origin
            "Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}",
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "sandbox",
        },
    )


async def detail(engine: JobEngine, user_id: str, job_id: str) -> JobDetail:
    tree = await engine.tree(user_id, job_id)
    job = next(j for j in tree if j.id == job_id)
    return JobDetail(
        **JobSummary.of(job).model_dump(),
        validation_criteria=job.validation_criteria,
        criteria_note=criteria_note(job.validation_criteria),
        validation_result=job.validation_result,
        outcome=job.outcome,
        plan=job.plan,
        replans=job.state.replans,
        history=job.state.activity.history,
        tree=[JobSummary.of(j) for j in tree if j.id != job_id],
    )


@router.get(
    "/jobs/{job_id}",
    response_model=JobDetail,
    responses=errors(*AUTHED, 404),
    summary="A job with its sub-job tree and activity history",
)
async def get_job(
    request: Request, job_id: JobPath, user_id: str = Depends(current_user)
) -> JobDetail:
    return await detail(engine_of(request), user_id, job_id)


async def _decide(
    request: Request, user_id: str, job_id: str, approved: bool, body: DecisionBody | None
) -> JobDetail:
    engine = engine_of(request)
    reason = body.reason if body is not None else ""
    await engine.decide(user_id, job_id, ApprovalDecision(approved=approved, reason=reason))
    return await detail(engine, user_id, job_id)


@router.post(
    "/jobs/{job_id}/approve",
    response_model=JobDetail,
    responses=errors(*AUTHED, *BODY, 404),
    summary="Approve the plan and criteria of a job awaiting approval (twice = once)",
)
async def approve(
    request: Request,
    job_id: JobPath,
    body: DecisionBody | None = None,
    user_id: str = Depends(current_user),
) -> JobDetail:
    return await _decide(request, user_id, job_id, True, body)


@router.patch(
    "/jobs/{job_id}",
    response_model=JobDetail,
    responses=errors(*AUTHED, *BODY, 404, 409),
    summary="Edit the plan and/or criteria of a job awaiting approval (decided: 409)",
)
async def edit(
    body: EditJob, request: Request, job_id: JobPath, user_id: str = Depends(current_user)
) -> JobDetail:
    engine = engine_of(request)
    await engine.edit(user_id, job_id, body.to_edit())
    return await detail(engine, user_id, job_id)


@router.post(
    "/jobs/{job_id}/reject",
    response_model=JobDetail,
    responses=errors(*AUTHED, *BODY, 404),
    summary="Reject a job awaiting approval (it ends cancelled)",
)
async def reject(
    request: Request,
    job_id: JobPath,
    body: DecisionBody | None = None,
    user_id: str = Depends(current_user),
) -> JobDetail:
    return await _decide(request, user_id, job_id, False, body)


@router.post(
    "/jobs/{job_id}/cancel",
    response_model=CancelResult,
    responses=errors(*AUTHED, 404),
    summary="Cancel a job and its whole sub-job tree",
)
async def cancel(
    request: Request, job_id: JobPath, user_id: str = Depends(current_user)
) -> CancelResult:
    return CancelResult(cancelled=await engine_of(request).cancel(user_id, job_id))


@router.get(
    "/jobs/{job_id}/events",
    responses=errors(*AUTHED, 404),
    summary="A job's progress as NDJSON events (status/agent/tool_start/tool_end/done)",
)
async def events(
    request: Request, job_id: JobPath, user_id: str = Depends(current_user)
) -> StreamingResponse:
    engine = engine_of(request)
    await engine.get_job(user_id, job_id)  # 404 before the stream starts
    stream = job_events(engine, get_runtime(request).clock, user_id, job_id)
    return StreamingResponse(stream, media_type="application/x-ndjson")


def served_personas(runtime: Runtime) -> list[str]:
    """The personas `POST /jobs` accepts: those of the served app that runs jobs."""
    host = next((a for a in runtime.apps.values() if isinstance(a, JobsHost)), None)
    return [] if host is None else host.job_runtime().persona_names()


def document_personas(schema: dict[str, Any], runtime: Runtime) -> None:
    """`CreateJob.persona` as the enum of served personas in the OpenAPI document, so a
    schema-valid request names a persona the server accepts (no jobs served: unchanged)."""
    personas = served_personas(runtime)
    create = schema.get("components", {}).get("schemas", {}).get("CreateJob")
    if not personas or create is None:
        return
    field = create["properties"]["persona"]
    create["properties"]["persona"] = {
        "type": "string",
        "enum": personas,
        "title": field.get("title", "Persona"),
        "description": "Persona of the job (one of the served app's personas).",
    }


__all__ = [
    "document_personas",
    "job_events",
    "jobs_database_url",
    "launch_host_jobs",
    "router",
    "served_personas",
    "start_jobs",
    "stop_jobs",
]
