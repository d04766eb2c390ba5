"""MCP: other servers' tools as agent tools (`McpToolset`), and apps as an MCP server."""

from switchboard.core.mcp_spec import McpServerSpec
from switchboard.tools.mcp.errors import (
    McpError,
    McpToolError,
    McpToolTimeoutError,
    McpUnavailableError,
)
from switchboard.tools.mcp.toolset import McpTool, McpToolset

__all__ = [
    "McpError",
    "McpServerSpec",
    "McpTool",
    "McpToolError",
    "McpToolTimeoutError",
    "McpToolset",
    "McpUnavailableError",
]
