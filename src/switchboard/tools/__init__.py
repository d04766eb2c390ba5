"""Tools agents can call: registry, JSON schema from type hints, timeouts, TTL cache, fallbacks."""

from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import Tool, ToolContext, ToolResult, tool

__all__ = ["Tool", "ToolContext", "ToolRegistry", "ToolResult", "tool"]
