"""A small MCP server (the SDK's `MCPServer`, formerly FastMCP) for the MCP client tests.

Run as `python -m tests.tools.mcp_servers.calc` for stdio, or with `--http PORT` for streamable
HTTP on 127.0.0.1. Every tool exists to exercise one path of the client: a plain call, text,
a slow call for the timeout, a raising tool for `isError`, the process id to kill the server.
"""

from __future__ import annotations

import asyncio
import os
import sys

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

server = MCPServer("calc", log_level="WARNING")


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def add(a: int, b: int) -> int:
    """Soma dois inteiros."""
    return a + b


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def echo(text: str) -> str:
    """Devolve o texto recebido."""
    return text


@server.tool()
async def slow(seconds: float) -> str:
    """Espera `seconds` segundos e responde."""
    await asyncio.sleep(seconds)
    return "done"


@server.tool()
def fail() -> str:
    """Sempre falha (um erro da ferramenta, que o servidor devolve com `isError`)."""
    raise ToolError("falha proposital")


@server.tool()
def pid() -> int:
    """O pid do processo do servidor (para o teste que o derruba)."""
    return os.getpid()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--http"]:
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run("stdio")
