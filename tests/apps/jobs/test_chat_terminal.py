"""`switchboard chat --app jobs` and the MCP tool `chat_jobs` plan, approve and report a job:
both launch the job engine themselves (the same jobs database as the server and workers), and
answer in pt-BR. Without an engine the chat says so in pt-BR, with how to start one."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp.types import TextContent
from typer.testing import CliRunner

from switchboard.apps.jobs.app import build
from switchboard.apps.jobs.runtime import ENGINE_DOWN
from switchboard.cli.main import app
from switchboard.config import Settings

ROOT = Path(__file__).resolve().parents[3]
LAUNCH = "from switchboard.cli.main import app; app()"


def _clean_env(tmp_path: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("OPENAI_", "ANTHROPIC_", "SWITCHBOARD_", "OTEL_", "DATABASE_URL"))
    }
    env.update(
        PYTHONPATH=str(ROOT / "src"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'chat.db'}",
        SWITCHBOARD_MODEL="embedded",
        SWITCHBOARD_JOBS_ROOT=str(tmp_path / "work"),
    )
    return env


def test_terminal_chat_plans_and_approves_a_job(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for key in [k for k in os.environ if k.startswith(("SWITCHBOARD_", "OPENAI_", "ANTHROPIC_"))]:
        monkeypatch.delenv(key)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("SWITCHBOARD_MODEL", "embedded")
    monkeypatch.setenv("SWITCHBOARD_JOBS_ROOT", str(tmp_path / "work"))
    db = f"sqlite:///{tmp_path / 'chat.db'}"
    result = CliRunner().invoke(
        app,
        ["chat", "--app", "jobs", "--db", db, "--user", "ana"],
        input="gere um relatório de gastos\naprovar\nstatus\nsair\n",
    )
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "Plano:" in result.output and 'Responda "aprovar"' in result.output
    assert "Aprovado: o job" in result.output
    assert "Erro" not in result.output and "not running" not in result.output
    # "status" answers in pt-BR, never with the engine's English status values
    after = result.output.split("Aprovado: o job", 1)[1]
    assert "O job `" in after
    assert not any(word in after for word in ("awaiting_approval", "active", "completed"))
    assert 'Responda "aprovar"' not in after  # an approved job is not offered again
    # the job went to the shared jobs database: `switchboard jobs list` sees it
    listed = CliRunner().invoke(app, ["jobs", "list", "--user", "ana"])
    assert listed.exit_code == 0, listed.output
    assert "relatorios" in listed.output


async def test_mcp_chat_jobs_plans_approves_and_reports(tmp_path: Path) -> None:
    server = StdioServerParameters(
        command=sys.executable,
        args=["-c", LAUNCH, "mcp", "--app", "jobs", "--user", "u1"],
        env=_clean_env(tmp_path),
        cwd=str(tmp_path),
    )
    async with Client(server, read_timeout_seconds=120) as client:
        tools = [tool.name for tool in (await client.list_tools()).tools]
        assert tools == ["chat_jobs"]
        planned = await client.call_tool(
            "chat_jobs", {"message": "gere um relatório de gastos", "session_id": "s1"}
        )
        assert not planned.is_error
        (block,) = planned.content
        assert isinstance(block, TextContent)
        assert "Plano:" in block.text, block.text
        assert "not running" not in block.text
        approved = await client.call_tool("chat_jobs", {"message": "aprovar", "session_id": "s1"})
        (block,) = approved.content
        assert isinstance(block, TextContent)
        assert "Aprovado: o job" in block.text, block.text


async def test_without_an_engine_the_chat_explains_in_portuguese(tmp_path: Path) -> None:
    chat = build(
        store="memory://",
        settings=Settings(database_url="memory://", model="embedded"),
        model="embedded",
        workdir_root=str(tmp_path / "work"),
    )
    reply = await chat.reply("s1", "gere um relatório de gastos", user_id="ana")
    assert "not running" not in reply.text
    assert "o motor de jobs não está rodando" in reply.text
    assert "switchboard serve" in reply.text and "switchboard worker" in reply.text
    assert ENGINE_DOWN in reply.text
    await chat.shutdown()


async def test_the_dead_worker_timeout_is_a_setting_of_every_launched_engine(
    tmp_path: Path, app_template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`SWITCHBOARD_JOBS_DEAD_AFTER_S` (seconds) reaches the engine the server, `switchboard
    chat` and `switchboard mcp` launch (`launch_host_jobs`); the heartbeat follows it."""
    import shutil

    from switchboard.server.routes.jobs import launch_host_jobs

    shutil.copy(app_template_db, tmp_path / "jobs.db")
    monkeypatch.setenv("SWITCHBOARD_JOBS_DATABASE_URL", f"sqlite:///{tmp_path / 'jobs.db'}")
    monkeypatch.setenv("SWITCHBOARD_JOBS_DEAD_AFTER_S", "7")
    monkeypatch.delenv("SWITCHBOARD_JOBS_HEARTBEAT_S", raising=False)
    chat = build(
        store="memory://",
        settings=Settings(database_url="memory://", model="embedded"),
        model="embedded",
        workdir_root=str(tmp_path / "work"),
    )
    engine = await launch_host_jobs(chat, "memory://")
    try:
        assert engine.config.dead_after_s == 7.0
        assert engine.config.heartbeat_s == 1.75
    finally:
        chat.serve_jobs(None)
        await engine.shutdown(0)
        await chat.shutdown()


async def test_an_engine_that_cannot_start_leaves_the_chat_answering_in_portuguese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import switchboard.server.routes.jobs as routes
    from switchboard.cli.local_jobs import local_jobs

    async def broken(host: object, database_url: str) -> object:
        raise OSError("jobs database unreachable")

    monkeypatch.setattr(routes, "launch_host_jobs", broken)
    chat = build(
        store="memory://",
        settings=Settings(database_url="memory://", model="embedded"),
        model="embedded",
        workdir_root=str(tmp_path / "work"),
    )
    async with local_jobs([chat], "memory://") as engines:
        assert engines == []
        reply = await chat.reply("s1", "gere um relatório de gastos", user_id="ana")
    assert reply.text == f"Não consegui: {ENGINE_DOWN}"
    await chat.shutdown()
