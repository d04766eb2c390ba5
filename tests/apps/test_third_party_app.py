"""A third-party app in its own distribution (`tests/fixtures/thirdparty/sb_tickets`, found
through its `*.dist-info` entry points on a temporary `sys.path`) adds an app with its agents, a
tool its workflow runs, a record kind with its own migration, a model provider, a CLI command and
a job runtime — with no edit to the platform."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from importlib.metadata import distribution
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from switchboard import apps as registry
from switchboard.cli.main import app as cli
from switchboard.config import Settings
from switchboard.models.registry import parse_model_id, providers, resolve_model
from switchboard.sessions.options import AppOptions
from switchboard.store.repository import Repository
from switchboard.store.sql.locations import migration_locations, version_locations
from switchboard.store.sql.tables import metadata
from switchboard.testing.repository_backends import (
    PG_ADMIN_URL,
    pg_database_url,
    pg_execute,
    run_sync,
)

THIRD_PARTY = Path(__file__).resolve().parents[1] / "fixtures" / "thirdparty"
LAUNCH = "from switchboard.cli.main import app; app()"


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """`sb_tickets` installed for one test; its modules and tables leave with it."""
    monkeypatch.syspath_prepend(str(THIRD_PARTY))
    registry._registered.cache_clear()
    yield
    registry._registered.cache_clear()
    for name in [name for name in sys.modules if name.split(".")[0] == "sb_tickets"]:
        del sys.modules[name]
    if "sb_tickets" in metadata.tables:
        metadata.remove(metadata.tables["sb_tickets"])


def options(store: str) -> AppOptions:
    return AppOptions.create(store=store, settings=Settings(database_url=store), model="embedded")


def test_the_distribution_declares_its_entry_points(installed: None) -> None:
    groups = {entry.group for entry in distribution("sb-tickets").entry_points}
    assert groups == {
        "switchboard.apps",
        "switchboard.cli",
        "switchboard.job_runtimes",
        "switchboard.migrations",
        "switchboard.providers",
    }
    assert "tickets" in registry.available_apps()
    assert THIRD_PARTY / "sb_tickets" / "versions" in version_locations()[1:]
    assert migration_locations()["tickets"].tables == "sb_tickets.records"


def test_its_provider_resolves_model_ids(installed: None) -> None:
    assert "eco" in providers()
    provider, name = parse_model_id("eco:papagaio")
    model = resolve_model("eco:papagaio", env={})
    assert (provider.name, name, model.model_id) == ("eco", "papagaio", "eco:papagaio")


def test_without_the_distribution_the_provider_is_unknown() -> None:
    assert "eco" not in providers()


@pytest.mark.parametrize("backend", ["memory", "sqlite"])
async def test_its_app_opens_a_ticket_through_its_tool_and_record_kind(
    installed: None, backend: str, tmp_path: Path
) -> None:
    store = "memory://" if backend == "memory" else f"sqlite:///{tmp_path / 'db.sqlite'}"
    app = registry.load_app("tickets", options(store))
    try:
        assert (await app.reply("s1", "oi", user_id="u1")).text == (
            "Olá! Posso abrir um chamado para você."
        )
        assert (await app.reply("s1", "quero abrir chamado", user_id="u1")).text == (
            "Qual é o problema?"
        )
        events = [event async for event in app.stream("s1", "internet caiu", user_id="u1")]
        tools = [event.type for event in events if event.type.startswith("tool")]
        assert tools == ["tool_start", "tool_end"]
        assert events[-1].text == "Chamado 1 aberto: internet caiu."  # type: ignore[union-attr]
        from sb_tickets.records import TICKETS_REPOSITORY

        assert await app.store.repository(TICKETS_REPOSITORY).of("u1") == ["internet caiu"]
    finally:
        await app.shutdown()


@pytest.fixture(scope="module")
def backend_pg_url() -> Iterator[str]:
    """Its own PostgreSQL database: the session's must not keep the fixture's table and
    revision (the schema test compares it with the platform's migrations)."""
    name = f"sb_tickets_{uuid.uuid4().hex[:12]}"
    run_sync(pg_execute(PG_ADMIN_URL, f'CREATE DATABASE "{name}"'))
    try:
        yield pg_database_url(name)
    finally:
        run_sync(pg_execute(PG_ADMIN_URL, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
def repository_kind(installed: None) -> Repository[Any]:
    from sb_tickets.records import TICKETS_REPOSITORY

    return TICKETS_REPOSITORY


async def test_its_record_kind_behaves_alike_on_every_backend(
    installed: None, repository: Any
) -> None:
    """The `repository_backends` plugin gives the third party's repository the suite."""
    assert await repository.open("u1", "sem internet") == 1
    assert await repository.open("u2", "boleto") == 2
    assert await repository.of("u1") == ["sem internet"]
    assert await repository.of("u3") == []


def cli_env(**extra: str) -> dict[str, str]:
    """The environment of a `switchboard` process with `sb_tickets` on its path."""
    path = os.pathsep.join(p for p in (str(THIRD_PARTY), os.environ.get("PYTHONPATH")) if p)
    return {**os.environ, "PYTHONPATH": path, "SWITCHBOARD_MODEL": "embedded", **extra}


def test_its_cli_command_runs_through_the_switchboard_command(
    installed: None, tmp_path: Path
) -> None:
    """`switchboard tickets list` exists only because the distribution is on the path."""
    from sb_tickets.records import TICKETS_REPOSITORY

    url = f"sqlite:///{tmp_path / 'db.sqlite'}"

    async def seed() -> None:
        app = registry.load_app("tickets", options(url))
        try:
            await app.store.init()
            await app.store.repository(TICKETS_REPOSITORY).open("u1", "internet caiu")
            await app.store.repository(TICKETS_REPOSITORY).open("u1", "boleto")
        finally:
            await app.shutdown()

    asyncio.run(seed())
    argv = [sys.executable, "-c", LAUNCH, "tickets", "list", "--user", "u1", "--db", url]
    listed = subprocess.run(argv, env=cli_env(), capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines() == ["1  internet caiu", "2  boleto"]
    helped = subprocess.run(
        [sys.executable, "-c", LAUNCH, "--help"], capture_output=True, text=True, timeout=120
    )
    assert "tickets" not in helped.stdout and "finance" in helped.stdout


def test_the_worker_runs_the_job_runtime_of_the_app_it_is_given(tmp_path: Path) -> None:
    """`switchboard worker --app tickets` serves the distribution's queues, not the jobs app's."""
    env = cli_env(
        SWITCHBOARD_JOBS_DATABASE_URL=f"sqlite:///{tmp_path / 'jobs.db'}",
        SWITCHBOARD_JOBS_ROOT=str(tmp_path / "work"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite'}",
    )
    worker = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, "worker", "--app", "tickets", "--queue", "chamados"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert worker.stdout is not None
        started = worker.stdout.readline()  # printed once the engine listens
        assert started.startswith("worker ") and started.endswith("(tickets): filas chamados\n")
    finally:
        worker.terminate()
        assert worker.wait(timeout=60) == 0


def test_jobs_commands_take_the_app_whose_personas_they_create_for(
    installed: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWITCHBOARD_JOBS_DATABASE_URL", f"sqlite:///{tmp_path / 'jobs.db'}")
    monkeypatch.setenv("SWITCHBOARD_JOBS_ROOT", str(tmp_path / "work"))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite'}")
    monkeypatch.setenv("SWITCHBOARD_MODEL", "embedded")
    runner = CliRunner()
    create = ["create", "trocar o roteador", "--persona", "chamados", "--user", "ana"]
    created = runner.invoke(cli, ["jobs", "--app", "tickets", *create])
    assert created.exit_code == 0, created.output
    job_id = created.output.split()[0]
    listed = runner.invoke(cli, ["jobs", "--app", "tickets", "list", "--user", "ana"])
    assert job_id in listed.output and "chamados" in listed.output
    shown = runner.invoke(cli, ["jobs", "--app", "tickets", "show", job_id, "--user", "ana"])
    assert json.loads(shown.output)["persona"] == "chamados"


@pytest.mark.parametrize("argv", [["worker"], ["jobs", "list", "--user", "ana"]])
def test_an_unknown_job_app_is_one_line(argv: list[str]) -> None:
    result = CliRunner().invoke(cli, [argv[0], "--app", "nada", *argv[1:]])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: no job runtime for app 'nada'; available: jobs"
    ]
