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
