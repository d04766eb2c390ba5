"""`switchboard jobs list|show|approve` against a jobs database a worker left a job waiting in;
a worker started afterwards runs the approved job (approval delivered while no worker ran)."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from switchboard.cli.main import app
from switchboard.patterns.jobs.models import JobStatus, NewJob

from ...patterns.jobs.harness import awaiting
from .conftest import AppHarness


def test_cli_lists_shows_and_approves(
    tmp_path: Path, app_template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(app_template_db, tmp_path / "jobs.db")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SWITCHBOARD_JOBS_DATABASE_URL", f"sqlite:///{tmp_path / 'jobs.db'}")
    monkeypatch.setenv("SWITCHBOARD_MODEL", "embedded")
    harness = AppHarness(tmp_path)
    harness.tmp = tmp_path

    async def create() -> str:
        engine = await harness.start()
        ask = NewJob(request="relatório de gastos", persona="relatorios", requires_approval=True)
        job = await engine.create_job("ana", ask)
        await harness.wait(job.id, awaiting)
        await harness.stop()
        return job.id

    job_id = asyncio.run(create())
    runner = CliRunner()
    listed = runner.invoke(app, ["jobs", "list", "--user", "ana"])
    assert listed.exit_code == 0, listed.output
    assert job_id in listed.output and "awaiting_approval" in listed.output
    assert runner.invoke(app, ["jobs", "list", "--user", "bob"]).output.strip() == ""
    shown = runner.invoke(app, ["jobs", "show", job_id, "--user", "ana"])
    assert json.loads(shown.output)["status"] == "awaiting_approval"
    missing = runner.invoke(app, ["jobs", "show", job_id, "--user", "bob"])
    assert missing.exit_code != 0
    approved = runner.invoke(app, ["jobs", "approve", job_id, "--user", "ana"])
    assert approved.exit_code == 0, approved.output

    async def finish() -> JobStatus:
        await harness.start()
        done = await harness.wait(job_id)
        await harness.stop()
        return done.status

    assert asyncio.run(finish()) is JobStatus.COMPLETED


@pytest.fixture
def cli_env(tmp_path: Path, app_template_db: Path, monkeypatch: pytest.MonkeyPatch) -> AppHarness:
    shutil.copy(app_template_db, tmp_path / "jobs.db")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SWITCHBOARD_JOBS_DATABASE_URL", f"sqlite:///{tmp_path / 'jobs.db'}")
    monkeypatch.setenv("SWITCHBOARD_JOBS_ROOT", str(tmp_path / "work"))
    monkeypatch.setenv("SWITCHBOARD_MODEL", "embedded")
    return AppHarness(tmp_path)


def test_cli_creates_runs_and_downloads_a_jobs_files(cli_env: AppHarness, tmp_path: Path) -> None:
    runner = CliRunner()
    created = runner.invoke(
        app, ["jobs", "create", "relatório de gastos", "--persona", "relatorios", "--user", "ana"]
    )
    assert created.exit_code == 0, created.output
    job_id, status = created.output.split()
    assert status in ("waiting", "queued")

    async def run() -> JobStatus:
        await cli_env.start()
        await cli_env.wait(job_id, awaiting)
        await cli_env.stop()
        return JobStatus.AWAITING_APPROVAL

    asyncio.run(run())
    assert runner.invoke(app, ["jobs", "approve", job_id, "--user", "ana"]).exit_code == 0

    async def finish() -> JobStatus:
        await cli_env.start()
        done = await cli_env.wait(job_id)
        await cli_env.stop()
        return done.status

    assert asyncio.run(finish()) is JobStatus.COMPLETED
    listed = runner.invoke(app, ["jobs", "files", job_id, "--user", "ana"])
    assert listed.exit_code == 0, listed.output
    names = [line.split()[-1] for line in listed.output.splitlines()]
    assert names and ".git/HEAD" not in names and not any(n.startswith(".git/") for n in names)
    first = names[0]
    saved = runner.invoke(
        app, ["jobs", "files", job_id, first, "--user", "ana", "-o", str(tmp_path / "got")]
    )
    assert saved.exit_code == 0, saved.output
    assert (tmp_path / "got").read_bytes() == (cli_env.workdir(job_id) / first).read_bytes()

    # another user: the job does not exist for them, in one line, exit 2
    for argv in (["files", job_id], ["files", job_id, first], ["show", job_id]):
        other = runner.invoke(app, ["jobs", *argv, "--user", "bob"])
        assert other.exit_code == 2, other.output
        assert other.output.strip().splitlines() == ["Error: job não encontrado"]
    # outside the workspace / the repository: refused, one line
    for bad in ("../jobs.db", "/etc/passwd", ".git/config"):
        refused = runner.invoke(app, ["jobs", "files", job_id, bad, "--user", "ana"])
        assert refused.exit_code == 2, refused.output
        assert len(refused.output.strip().splitlines()) == 1
    missing = runner.invoke(app, ["jobs", "files", job_id, "nada.txt", "--user", "ana"])
    assert missing.exit_code == 2 and "não encontrado" in missing.output


def test_cli_errors_are_typed_and_one_line(cli_env: AppHarness) -> None:
    runner = CliRunner()
    unknown = runner.invoke(app, ["jobs", "create", "x", "--persona", "nope", "--user", "ana"])
    assert unknown.exit_code == 2
    assert unknown.output.strip().splitlines() == [
        "Error: persona desconhecida: 'nope'; personas: dev, relatorios"
    ]
    bad_status = runner.invoke(app, ["jobs", "list", "--user", "ana", "--status", "feito"])
    assert bad_status.exit_code == 2 and "status desconhecido" in bad_status.output
    bad_cursor = runner.invoke(app, ["jobs", "list", "--user", "ana", "--cursor", "xyz"])
    assert bad_cursor.exit_code == 2
    assert bad_cursor.output.strip().splitlines() == [
        "Error: cursor inválido; use o next_cursor da página anterior"
    ]


def test_cli_list_pages_with_a_cursor(cli_env: AppHarness) -> None:
    runner = CliRunner()
    ids = []
    for n in range(5):
        made = runner.invoke(
            app, ["jobs", "create", f"relatório {n}", "--persona", "relatorios", "--user", "ana"]
        )
        assert made.exit_code == 0, made.output
        ids.append(made.output.split()[0])
    seen: list[str] = []
    argv = ["jobs", "list", "--user", "ana", "--limit", "2"]
    for _ in range(5):
        page = runner.invoke(app, argv)
        assert page.exit_code == 0, page.output
        lines = page.output.strip().splitlines()
        more = [line for line in lines if line.startswith("mais: --cursor ")]
        seen += [line.split()[0] for line in lines if line not in more]
        if not more:
            break
        argv = ["jobs", "list", "--user", "ana", "--limit", "2", "--cursor", more[0].split()[-1]]
    assert seen == list(reversed(ids))


def test_cli_edits_a_plan_before_approval_only(cli_env: AppHarness, tmp_path: Path) -> None:
    runner = CliRunner()
    created = runner.invoke(
        app, ["jobs", "create", "relatório de gastos", "--persona", "relatorios", "--user", "ana"]
    )
    job_id = created.output.split()[0]

    async def plan() -> None:
        await cli_env.start()
        await cli_env.wait(job_id, awaiting)
        await cli_env.stop()

    asyncio.run(plan())
    criteria = tmp_path / "criteria.json"
    criteria.write_text(
        json.dumps(
            [
                {
                    "id": "rel",
                    "description": "relatório",
                    "kind": "file_exists",
                    "path": "relatorio.md",
                }
            ]
        ),
        encoding="utf-8",
    )
    edited = runner.invoke(
        app,
        [
            "jobs",
            "edit",
            job_id,
            "--user",
            "ana",
            "--step",
            "primeiro",
            "--step",
            "segundo",
            "--criteria",
            str(criteria),
        ],
    )
    assert edited.exit_code == 0, edited.output
    shown = json.loads(runner.invoke(app, ["jobs", "show", job_id, "--user", "ana"]).output)
    assert [s["description"] for s in shown["plan"]["steps"]] == ["primeiro", "segundo"]
    assert len(shown["plan"]["sub_jobs"]) == 4  # --step keeps the sub-jobs
    assert [c["id"] for c in shown["validation_criteria"]] == ["rel"]
    other = runner.invoke(app, ["jobs", "edit", job_id, "--user", "bob", "--step", "x"])
    assert other.exit_code == 2 and "job não encontrado" in other.output
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    broken = runner.invoke(app, ["jobs", "edit", job_id, "--user", "ana", "--criteria", str(bad)])
    assert broken.exit_code == 2 and len(broken.output.strip().splitlines()) == 1
    assert runner.invoke(app, ["jobs", "approve", job_id, "--user", "ana"]).exit_code == 0
    late = runner.invoke(app, ["jobs", "edit", job_id, "--user", "ana", "--step", "x"])
    assert late.exit_code == 2
    assert late.output.strip().splitlines() == [
        "Error: o job já foi aprovado: plano e critérios não podem mais ser editados"
    ]
