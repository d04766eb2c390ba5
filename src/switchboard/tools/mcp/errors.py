"""Typed MCP failures. A tool call's failure reaches the model as a failed tool result (the
registry catches it); connecting at start-up raises them to the caller."""

from __future__ import annotations

from switchboard.core.errors import SwitchboardError


class McpError(SwitchboardError):
    code = "mcp_error"
    http_status = 502


class McpUnavailableError(McpError):
    """The server cannot be reached, or the connection broke (and one reconnect did not help)."""

    code = "mcp_unavailable"
    http_status = 503


class McpToolTimeoutError(McpError):
    """The server did not answer one call within the server's `timeout_s`."""

    code = "mcp_tool_timeout"
    http_status = 504


class McpToolError(McpError):
    """The server answered the call with an error (`isError`, or a protocol-level error)."""

    code = "mcp_tool_error"
