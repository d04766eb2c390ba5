"""Switchboard apps as an MCP server (`switchboard mcp`), so an IDE or another agent can talk to
them: one tool per app, `chat_{app}(message, session_id)` → the answer text.

The server knows apps only through `ChatAppLike`, one method, which the CLI adapts the real app
protocol to. The user is fixed when the server is built (`user_id`): over stdio the person who
started the process is the user; an HTTP deployment would take it from authentication instead.
Session ids are chosen by the caller and reused to continue a conversation; the app namespaces
them per user, as for every other client.

A `SwitchboardError` from the app reaches the MCP client as a tool error (`isError`) carrying
its stable code; anything else is logged here and reported as `internal_error`, without its text.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Annotated, Protocol

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from switchboard.core.errors import ConfigurationError, SwitchboardError

log = logging.getLogger(__name__)

_APP_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,58}$")
"""So `chat_{app}` fits the 64-character tool names every client accepts."""


class ChatAppLike(Protocol):
    """The one thing the MCP server needs from an app."""

    async def reply(self, session_id: str, message: str, user_id: str) -> str: ...


def build_mcp_server(
    apps: Mapping[str, ChatAppLike],
    *,
    user_id: str,
    descriptions: Mapping[str, str] | None = None,
    name: str = "switchboard",
) -> MCPServer:
    """An `MCPServer` with a `chat_{app}` tool per app; run it with `.run("stdio")`."""
    server = MCPServer(name, instructions="Assistentes do Switchboard, um por ferramenta.")
    for app_name, app in apps.items():
        if not _APP_NAME.match(app_name):
            raise ConfigurationError(f"app name {app_name!r} cannot be an MCP tool name")
        description = (descriptions or {}).get(app_name) or f"Conversa com o assistente {app_name}."
        server.add_tool(
            _chat_tool(app_name, app, user_id),
            name=f"chat_{app_name}",
            description=(
                f"{description} Envie a mensagem do usuário; reutilize o mesmo session_id para "
                "continuar a conversa. Responde com o texto do assistente."
            ),
            annotations=ToolAnnotations(read_only_hint=False, open_world_hint=False),
            structured_output=False,
        )
    return server


def _chat_tool(app_name: str, app: ChatAppLike, user_id: str) -> Callable[..., Awaitable[str]]:
    """The app's tool function; the SDK derives the input schema from its signature."""

    async def chat(
        message: Annotated[str, Field(min_length=1, description="A mensagem do usuário.")],
        session_id: Annotated[
            str,
            Field(
                min_length=1,
                max_length=200,
                description="Identificador da conversa, escolhido por quem chama.",
            ),
        ],
    ) -> str:
        try:
            return await app.reply(session_id, message, user_id)
        except SwitchboardError as exc:
            raise ToolError(f"{exc.code}: {exc.message}") from exc
        except Exception as exc:
            log.exception("MCP chat on app %s failed", app_name)
            raise ToolError("internal_error: o assistente falhou ao responder") from exc

    return chat
