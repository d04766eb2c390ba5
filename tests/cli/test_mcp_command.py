"""`switchboard mcp` as a real subprocess, driven by the official MCP client over stdio."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp.types import TextContent

ROOT = Path(__file__).resolve().parents[2]
LAUNCH = "from switchboard.cli.main import app; app()"


def _environment(tmp_path: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("OPENAI_", "ANTHROPIC_", "SWITCHBOARD_", "OTEL_"))
    }
    env.update(
        PYTHONPATH=str(ROOT / "src"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'mcp.db'}",
        SWITCHBOARD_MODEL="embedded",
    )
    return env


async def test_switchboard_mcp_serves_the_support_app_over_stdio(tmp_path: Path) -> None:
    server = StdioServerParameters(
        command=sys.executable,
        args=["-c", LAUNCH, "mcp", "--app", "support", "--user", "u1", "--log-level", "info"],
        env=_environment(tmp_path),
        cwd=str(tmp_path),
    )
    # logs at INFO go to stderr: one on stdout would break the protocol stream
    async with Client(server, read_timeout_seconds=120) as client:
        tools = (await client.list_tools()).tools
        assert [tool.name for tool in tools] == ["chat_support"]
        result = await client.call_tool(
            "chat_support", {"message": "qual o horário de atendimento?", "session_id": "s1"}
        )
        assert not result.is_error
        (block,) = result.content
        assert isinstance(block, TextContent)
        assert "segunda a sexta" in block.text  # the offline support assistant, in pt-BR

        again = await client.call_tool("chat_support", {"message": "", "session_id": "s1"})
        assert again.is_error  # an empty message is refused by the tool's schema


@pytest.mark.parametrize("argv", [["mcp", "--help"]])
def test_the_mcp_command_is_registered(argv: list[str]) -> None:
    from typer.testing import CliRunner

    from switchboard.cli.main import app

    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0
    assert "--user" in result.output and "stdio" in result.output
