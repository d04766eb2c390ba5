"""Tools agents can call: registry, JSON schema from type hints, timeouts, TTL cache, fallbacks."""

from __future__ import annotations

from switchboard._faces import attach
from switchboard.tools.registry import ToolRegistry as ToolRegistry
from switchboard.tools.tool import Tool as Tool
from switchboard.tools.tool import ToolContext as ToolContext
from switchboard.tools.tool import ToolResult as ToolResult
from switchboard.tools.tool import tool as tool

__getattr__, __dir__, __all__ = attach(__name__)
