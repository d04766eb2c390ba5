"""Switchboard: multi-agent chat assistants with routing, delegation, a guarded message bus,
persistence and streaming.

The public API is re-exported here and imported lazily, so `import switchboard` stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "AgentSpec": "switchboard.core.agent_spec",
    "load_agents": "switchboard.core.agent_spec",
    "OfflinePolicy": "switchboard.core.policy",
    "Intent": "switchboard.core.policy",
    "PolicyAction": "switchboard.core.policy",
    "Reply": "switchboard.core.reply",
    "RoutingChatManager": "switchboard.patterns.delegation.manager",
    "ScriptedModel": "switchboard.models.scripted",
    "Model": "switchboard.models.base",
    "ModelRequest": "switchboard.models.base",
    "ModelResponse": "switchboard.models.base",
    "Tool": "switchboard.tools.tool",
    "ToolContext": "switchboard.tools.tool",
    "ToolRegistry": "switchboard.tools.registry",
    "tool": "switchboard.tools.tool",
    "ManualClock": "switchboard.core.clock",
    "SystemClock": "switchboard.core.clock",
    "Settings": "switchboard.config",
}

__all__ = sorted(_EXPORTS)

if TYPE_CHECKING:
    from switchboard.config import Settings
    from switchboard.core.agent_spec import AgentSpec, load_agents
    from switchboard.core.clock import ManualClock, SystemClock
    from switchboard.core.policy import Intent, OfflinePolicy, PolicyAction
    from switchboard.core.reply import Reply
    from switchboard.models.base import Model, ModelRequest, ModelResponse
    from switchboard.models.scripted import ScriptedModel
    from switchboard.patterns.delegation.manager import RoutingChatManager
    from switchboard.tools.registry import ToolRegistry
    from switchboard.tools.tool import Tool, ToolContext, tool


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'switchboard' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
