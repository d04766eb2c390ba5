"""`switchboard worker [--app NAME] [--queue …]` and `switchboard jobs [--app NAME]
create|list|show|edit|approve|reject|cancel|files`.

A worker is an app's job runtime — the `switchboard.job_runtimes` entry point named by `--app`,
default the `jobs` app (`patterns/jobs/host.py::load_job_host`; this module names no app) — on
a launched engine listening to some queues; run as
many as you like (one SQLite file on one host, or one PostgreSQL database across hosts: set
`SWITCHBOARD_JOBS_DATABASE_URL`, see `server/routes/jobs.py::jobs_database_url`). SIGTERM /
Ctrl-C is graceful: running steps get `--grace` seconds, the rest moves to other workers.
The `jobs` commands act as `--user` (a local operator tool, like `switchboard chat`) on the
same jobs database as the server and the workers; errors are one line (`cli/errors.py`: a job
of another user is "job não encontrado", exit 2). `create` only enqueues: the server's
in-process worker or a `switchboard worker` plans and runs the job.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from switchboard.cli.main import app

if TYPE_CHECKING:
    from switchboard.patterns.jobs.engine import JobEngine
    from switchboard.patterns.jobs.models import JobStatus
    from switchboard.store.base import Store

T = TypeVar("T")

jobs_app = typer.Typer(help="Autonomous jobs: create, list, show, approve, reject, cancel, files.")
app.add_typer(jobs_app, name="jobs")
_chosen = {"app": "jobs"}
"""The `--app` of `switchboard jobs --app NAME …` (one command per process)."""


APP_HELP = "App whose job runtime to use (a `switchboard.job_runtimes` entry point)."


def _engine(
    database_url: str | None, model: str | None, app_name: str = "jobs", **options: Any
) -> tuple[JobEngine, Store]:
    """The engine over app `app_name`'s job runtime (`patterns/jobs/host.py::load_job_host`),
    and the Switchboard store the runtime keeps its records in (close it)."""
    from switchboard.config import Settings
    from switchboard.patterns.jobs.host import check_job_app, load_job_host
    from switchboard.patterns.jobs.worker import build_engine
    from switchboard.server.routes.jobs import jobs_database_url
    from switchboard.sessions.options import AppOptions

    check_job_app(app_name)
    settings = Settings()
    url = database_url or jobs_database_url(settings.database_url)
    shared = AppOptions.create(settings=settings, model=model or settings.model)
    host = load_job_host(app_name, shared)
    engine = build_engine(
        host.job_runtime(), database_url=url, create_schema=url.startswith("sqlite"), **options
    )
    host.serve_jobs(engine)
    return engine, shared.store


@app.command()
def worker(
    queues: list[str] = typer.Option(
        [], "--queue", help="Queue to serve (repeatable; default all)."
    ),
    database_url: str | None = typer.Option(None, "--db", help="Jobs database URL."),
    model: str | None = typer.Option(None, "--model", help="Model id (default: settings)."),
    grace: float = typer.Option(10.0, "--grace", help="Seconds running steps get on shutdown."),
    app_name: str = typer.Option("jobs", "--app", help=APP_HELP),
    dead_after: float | None = typer.Option(
        None,
        "--dead-after",
        min=1.0,
        help="Seconds without a heartbeat before a worker counts as dead and its jobs move "
        "(default 30, or SWITCHBOARD_JOBS_DEAD_AFTER_S).",
    ),
) -> None:
    """Run app --app's jobs (default the `jobs` app) from the queues until SIGTERM / Ctrl-C."""
    from switchboard.patterns.jobs.config import dead_worker_options
    from switchboard.patterns.jobs.host import check_job_app
    from switchboard.patterns.jobs.worker import stop_on_signals

    check_job_app(app_name)  # an unknown app: one line, before anything starts
    options = dead_worker_options(dead_after) if dead_after is not None else {}

    async def main() -> None:
        engine, store = _engine(database_url, model, app_name, **options)
        stop = asyncio.Event()
        stop_on_signals(stop)
        await engine.launch(listen=queues or None)
        served = ", ".join(queues) or "todas"
        typer.echo(f"worker {engine.executor_id} ({app_name}): filas {served}")
        try:
            await stop.wait()
        finally:
            await engine.shutdown(grace)
            await store.close()

    asyncio.run(main())


@jobs_app.callback()
def jobs_options(app_name: str = typer.Option("jobs", "--app", help=APP_HELP)) -> None:
    """Autonomous jobs: create, list, show, approve, reject, cancel, files."""
    from switchboard.patterns.jobs.host import check_job_app

    check_job_app(app_name)
    _chosen["app"] = app_name


def _with_engine(
    database_url: str | None, work: Callable[[JobEngine], Awaitable[T]], *, launch: bool
) -> T:
    async def main() -> T:
        engine, store = _engine(database_url, None, _chosen["app"])
        if launch:
            await engine.launch(listen=[])  # enqueue / send only: this process runs no jobs
        try:
            return await work(engine)
        finally:
            if launch:
                await engine.shutdown(0)
            else:
                engine.store.dispose()
            await store.close()

    return asyncio.run(main())


def _echo(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str))


USER = typer.Option(..., "--user", help="Owner of the jobs.")
DB = typer.Option(None, "--db", help="Jobs database URL.")


@jobs_app.command("create")
def create(
    request: str = typer.Argument(..., help="What the job should do (pt-BR)."),
    persona: str = typer.Option(..., "--persona", help="Persona, e.g. relatorios or dev."),
    user: str = USER,
    approval: bool = typer.Option(
        True, "--approval/--no-approval", help="Wait for approval after planning (default)."
    ),
    priority: int = typer.Option(100, "--priority", min=1, max=1_000_000),
    workspace: str | None = typer.Option(
        None,
        "--workspace",
        help="An existing project folder to work in (inside SWITCHBOARD_JOBS_WORKSPACE_ROOTS).",
    ),
    database_url: str | None = DB,
) -> None:
    """Create a job; it is planned and run by the server or a `switchboard worker`."""
    import os

    folder = os.path.abspath(workspace) if workspace else None

    from switchboard.patterns.jobs.models import NewJob

    async def work(engine: JobEngine) -> None:
        new = NewJob(
            request=request,
            persona=persona,
            requires_approval=approval,
            priority=priority,
            workspace=folder,
        )
        job = await engine.create_job(user, new)
        typer.echo(f"{job.id}  {job.status.value}")

    _with_engine(database_url, work, launch=True)


@jobs_app.command("list")
def list_jobs(
    user: str = USER,
    limit: int = typer.Option(20, "--limit", min=1, max=200, help="Jobs per page."),
    cursor: str | None = typer.Option(None, "--cursor", help="next_cursor of the last page."),
    status: str | None = typer.Option(None, "--status", help="Only jobs with this status."),
    database_url: str | None = DB,
) -> None:
    """My top-level jobs, newest first, one page (the next page's cursor on the last line)."""
    wanted = _status(status)

    async def work(engine: JobEngine) -> None:
        page = await engine.page_jobs(user, limit=limit, cursor=cursor, status=wanted)
        for job in page.jobs:
            typer.echo(f"{job.id}  {job.status.value:<18} {job.persona:<12} {job.request[:60]}")
        if page.next_cursor:
            typer.echo(f"mais: --cursor {page.next_cursor}")

    _with_engine(database_url, work, launch=False)


def _status(value: str | None) -> JobStatus | None:
    from switchboard.patterns.jobs.models import JobStatus

    if value is None:
        return None
    try:
        return JobStatus(value)
    except ValueError:
        known = ", ".join(s.value for s in JobStatus)
        raise typer.BadParameter(f"status desconhecido '{value}'; use um de: {known}") from None


@jobs_app.command("show")
def show(job_id: str, user: str = USER, database_url: str | None = DB) -> None:
    """A job (JSON) with its sub-job tree."""

    async def work(engine: JobEngine) -> None:
        tree = await engine.tree(user, job_id)
        root = next(j for j in tree if j.id == job_id)
        data = root.model_dump(mode="json", exclude={"state"})
        data["history"] = [e.content for e in root.state.activity.history]
        data["tree"] = [
            {"id": j.id, "status": j.status.value, "request": j.request, "parent": j.parent_id}
            for j in tree
            if j.id != job_id
        ]
        _echo(data)

    _with_engine(database_url, work, launch=False)


def _decide(job_id: str, user: str, database_url: str | None, approved: bool) -> None:
    from switchboard.patterns.jobs.models import ApprovalDecision

    async def work(engine: JobEngine) -> None:
        job = await engine.decide(user, job_id, ApprovalDecision(approved=approved, reason="CLI"))
        typer.echo(f"{job.id}: {job.status.value}")

    _with_engine(database_url, work, launch=True)


@jobs_app.command("approve")
def approve(job_id: str, user: str = USER, database_url: str | None = DB) -> None:
    """Approve a job awaiting approval."""
    _decide(job_id, user, database_url, True)


@jobs_app.command("reject")
def reject(job_id: str, user: str = USER, database_url: str | None = DB) -> None:
    """Reject a job awaiting approval."""
    _decide(job_id, user, database_url, False)


@jobs_app.command("edit")
def edit(
    job_id: str,
    user: str = USER,
    plan: Path | None = typer.Option(
        None, "--plan", help="JSON file with the new plan ({steps, sub_jobs})."
    ),
    criteria: Path | None = typer.Option(
        None, "--criteria", help="JSON file with the new criteria (a list of criteria)."
    ),
    steps: list[str] = typer.Option(
        [], "--step", help="A plan step (repeatable; replaces the steps, keeps the sub-jobs)."
    ),
    database_url: str | None = DB,
) -> None:
    """Edit the plan and/or criteria of a job awaiting approval (an approved job: refused)."""
    from switchboard.patterns.jobs.editing import JobEdit
    from switchboard.patterns.jobs.models import Criterion, Plan, PlanStep

    if plan is not None and steps:
        raise typer.BadParameter("use --plan ou --step, não os dois")
    new_plan = Plan.model_validate_json(plan.read_text(encoding="utf-8")) if plan else None
    new_criteria = (
        [Criterion.model_validate(c) for c in json.loads(criteria.read_text(encoding="utf-8"))]
        if criteria
        else None
    )

    async def work(engine: JobEngine) -> None:
        chosen = new_plan
        if steps:
            current = (await engine.get_job(user, job_id)).plan or Plan()
            chosen = Plan(
                steps=[PlanStep(id=f"s{n}", description=text) for n, text in enumerate(steps, 1)],
                sub_jobs=current.sub_jobs,
            )
        job = await engine.edit(
            user, job_id, JobEdit(plan=chosen, validation_criteria=new_criteria)
        )
        typer.echo(f"{job.id}: {job.status.value} (editado)")

    _with_engine(database_url, work, launch=False)


@jobs_app.command("cancel")
def cancel(job_id: str, user: str = USER, database_url: str | None = DB) -> None:
    """Cancel a job and its sub-job tree."""

    async def work(engine: JobEngine) -> None:
        for cancelled in await engine.cancel(user, job_id):
            typer.echo(f"{cancelled}: cancelled")

    _with_engine(database_url, work, launch=True)


@jobs_app.command("files")
def files(
    job_id: str,
    path: str | None = typer.Argument(None, help="A file to download (relative path)."),
    user: str = USER,
    out: str | None = typer.Option(
        None, "--out", "-o", help="Where to save the download ('-': stdout; default: its name)."
    ),
    database_url: str | None = DB,
) -> None:
    """List a job's files, or download one of them."""
    import os
    import sys

    async def work(engine: JobEngine) -> None:
        if path is None:
            listed = await engine.files(user, job_id)
            for item in listed.files:
                typer.echo(f"{item.size:>10}  {item.path}")
            if listed.truncated:
                typer.echo("(lista truncada)")
            return
        data = await engine.file_bytes(user, job_id, path)
        if out == "-":
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return
        target = out or os.path.basename(path)
        await asyncio.to_thread(Path(target).write_bytes, data)
        typer.echo(f"{target}: {len(data)} bytes")

    _with_engine(database_url, work, launch=False)


__all__ = ["jobs_app"]
