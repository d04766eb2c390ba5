"""The jobs app's README examples run as written: the `switchboard jobs` walk-through against a
real `switchboard worker` process (offline, over a seeded finance ledger), and the `curl`
examples against the served API. `$JOB` is the job the first command created, `$KEY` alice's
API key."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from typer.testing import CliRunner

from switchboard.apps.finance.ledger import LEDGER
from switchboard.apps.jobs import report
from switchboard.cli.main import app
from switchboard.store.sql.store import SqlStore

from .conftest import ledger_batch
from .test_jobs_api import serve, wait

README = Path(__file__).resolve().parents[3] / "src" / "switchboard" / "apps" / "jobs" / "README.md"
LAUNCH = "from switchboard.cli.main import app; app()"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def cli_commands() -> list[list[str]]:
    """The `$ switchboard jobs …` lines of the terminal walk-through, as argv."""
    (walk,) = [b for b in blocks("console") if "switchboard jobs" in b]
    return [shlex.split(line[2:])[1:] for line in walk.splitlines() if line.startswith("$ ")]


def test_the_readme_has_the_examples_these_tests_run() -> None:
    verbs = [argv[1] for argv in cli_commands()]
    assert verbs == ["create", "list", "show", "edit", "approve", "files", "files"]
    (curl,) = blocks("bash")
    assert len(curl.strip().splitlines()) == 7
    worker = [b for b in blocks("console") if "switchboard worker" in b]
    assert worker and "--dead-after" in worker[0]
    helped = CliRunner().invoke(app, ["worker", "--help"])
    assert "--dead-after" in helped.output


def _show(job: str) -> dict[str, Any]:
    shown = CliRunner().invoke(app, ["jobs", "show", job, "--user", "ana"])
    assert shown.exit_code == 0, shown.output
    data: dict[str, Any] = json.loads(shown.output)
    return data


def _until(job: str, status: str, limit_s: float = 90.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit_s
    while True:
        data = _show(job)
        if data["status"] == status:
            return data
        assert data["status"] not in ("failed", "cancelled"), data.get("error")
        assert time.monotonic() < deadline, data["status"]
        time.sleep(0.5)


def test_the_terminal_walk_through_runs_against_a_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'switchboard.db'}",
        "SWITCHBOARD_JOBS_DATABASE_URL": f"sqlite:///{tmp_path / 'jobs.db'}",
        "SWITCHBOARD_JOBS_ROOT": str(tmp_path / "work"),
        "SWITCHBOARD_MODEL": "embedded",
    }
    for key in [k for k in os.environ if k.startswith(("SWITCHBOARD_", "OPENAI_", "ANTHROPIC_"))]:
        monkeypatch.delenv(key)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(tmp_path)

    async def seed() -> None:
        store = SqlStore(env["DATABASE_URL"])
        await store.init()
        for user, scale in (("ana", 1), ("bob", 10)):
            await store.repository(LEDGER).record(user, "seed", ledger_batch(user, scale=scale))
        await store.close()

    asyncio.run(seed())
    root = Path(__file__).resolve().parents[3]
    path = [str(root / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]
    worker_env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    worker = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, "worker"],
        env=worker_env,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        job = ""
        for argv in cli_commands():
            argv = [job if arg == "$JOB" else arg for arg in argv]
            if argv[1] == "edit":
                _until(job, "awaiting_approval")
            if argv[1] == "files" and len(argv) == 5:
                _until(job, "completed")
            # each command in its own process, as typed in a terminal
            result = subprocess.run(
                [sys.executable, "-c", LAUNCH, *argv],
                env=worker_env,
                cwd=tmp_path,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert result.returncode == 0, (argv, result.stdout, result.stderr)
            if argv[1] == "create":
                job = result.stdout.split()[0]
            if argv[1] == "list":
                assert job in result.stdout
            if argv[1] == "edit":
                steps = [s["description"] for s in _show(job)["plan"]["steps"]]
                assert steps == ["coletar os gastos de alimentação", "somar e escrever o relatório"]
            if argv[1] == "files" and len(argv) == 5:
                listed = {line.split()[-1] for line in result.stdout.splitlines()}
                assert {report.CSV_NAME, report.TOTALS_NAME, report.REPORT_NAME} <= listed
        text = (tmp_path / "relatorio.md").read_text(encoding="utf-8")
        assert "Alimentação" in text and "Transporte" not in text
        assert report.brl(12430) in text  # ana's 45,90 + 78,40; never bob's
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def _curl(line: str, key: str, job: str) -> dict[str, Any]:
    args = shlex.split(line.replace("$KEY", key).replace("$JOB", job))
    request: dict[str, Any] = {"method": "GET", "headers": {}, "out": None, "json": None}
    items = iter(args[1:])
    for arg in items:
        if arg == "-X":
            request["method"] = next(items)
        elif arg == "-H":
            name, _, value = next(items).partition(": ")
            request["headers"][name] = value
        elif arg == "-d":
            request["json"] = json.loads(next(items))
        elif arg == "-o":
            request["out"] = next(items)
        elif arg.startswith("http"):
            request["path"] = urlsplit(arg)._replace(scheme="", netloc="").geturl()
    return request


def test_the_curl_examples_run_against_the_api(
    tmp_path: Path, app_template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (curl,) = blocks("bash")
    with serve(tmp_path, app_template_db, monkeypatch) as (client, alice, _):
        key = alice["Authorization"].removeprefix("Bearer ")
        job = ""
        for line in curl.strip().splitlines():
            call = _curl(line, key, job)
            if call["method"] == "PATCH":
                wait(client, alice, job, "awaiting_approval")
            if call["path"].endswith("/files") or call["out"]:
                wait(client, alice, job, "completed")
            response = client.request(
                call["method"], call["path"], headers=call["headers"], json=call["json"]
            )
            assert response.status_code == 200, (line, response.text)
            if not job:
                job = response.json()["id"]
            if call["method"] == "PATCH":
                assert [c["id"] for c in response.json()["validation_criteria"]] == ["ola"]
            if call["out"]:
                assert response.content == "olá, mundo\n".encode()
        done = client.get(f"/jobs/{job}", headers=alice).json()
        assert [r["criterion_id"] for r in done["validation_result"]["results"]] == ["ola"]
