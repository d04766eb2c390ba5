"""`switchboard mcp`: the registered apps as an MCP server over stdio, so an IDE or another agent
can talk to them (one `chat_{app}` tool per app; see `tools/mcp/server.py`).

The user is fixed by `--user`: over stdio the person who started the process is the user, and
the apps namespace session ids per user as for every other client. stdout carries the protocol,
so logs go to stderr only (`cli/logs.py`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import typer

from switchboard.cli.main import app

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from switchboard.sessions.app import ChatApp


class ChatAppReplies:
    """`ChatApp` as the MCP server's `ChatAppLike`: the whole answer's text."""

    def __init__(self, app: ChatApp) -> None:
        self.app = app

    async def reply(self, session_id: str, message: str, user_id: str) -> str:
        return (await self.app.reply(session_id, message, user_id=user_id)).text


@app.command("mcp")
def mcp_command(
    apps: list[str] = typer.Option([], "--app", help="App to expose (repeatable; default all)."),
    user: str = typer.Option(..., "--user", help="User id every conversation belongs to."),
    database_url: str | None = typer.Option(None, "--db", help="Database URL (default: settings)."),
    model: str | None = typer.Option(None, "--model", help="Model id (default: settings)."),
    log_level: str = typer.Option("warning", "--log-level", help="Logs go to stderr."),
) -> None:
    """Expose apps as an MCP server over stdio (for IDEs and other agents)."""
    import anyio

    from switchboard.cli.logs import observed

    with observed(log_level):
        anyio.run(_serve, apps, user, database_url, model)


async def _serve(names: list[str], user: str, database_url: str | None, model: str | None) -> None:
    async with mcp_server(names, user_id=user, database_url=database_url, model=model) as server:
        await server.run_stdio_async()


@asynccontextmanager
async def mcp_server(
    names: list[str],
    *,
    user_id: str,
    database_url: str | None = None,
    model: str | None = None,
) -> AsyncIterator[MCPServer]:
    """The apps (started, on one store) behind an `MCPServer`; shut down when the block ends."""
    from switchboard.apps import AppOptions, build_apps
    from switchboard.cli.local_jobs import local_jobs
    from switchboard.config import Settings
    from switchboard.tools.mcp.server import build_mcp_server

    settings = Settings()
    if database_url:
        settings = settings.model_copy(update={"database_url": database_url})
    options = AppOptions.create(settings=settings, model=model or settings.model)
    served = build_apps(options, names)
    try:
        for chat_app in served.values():
            await chat_app.start()
        async with local_jobs(served.values(), settings.database_url):
            yield build_mcp_server(
                {name: ChatAppReplies(chat_app) for name, chat_app in served.items()},
                user_id=user_id,
                descriptions={name: f"{chat_app.title}." for name, chat_app in served.items()},
            )
    finally:
        for chat_app in served.values():
            await chat_app.shutdown()
