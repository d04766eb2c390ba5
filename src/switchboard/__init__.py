"""Switchboard: multi-agent chat assistants with routing, delegation, a guarded message bus,
persistence and streaming.

The public API is re-exported here and imported lazily, so `import switchboard` stays cheap.
`tests/test_public_api.py` locks the list: a name leaves it only on purpose.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "Settings": "switchboard.config",
    "AgentSpec": "switchboard.core.agent_spec",
    "load_agents": "switchboard.core.agent_spec",
    "OfflinePolicy": "switchboard.core.policy",
    "Intent": "switchboard.core.policy",
    "PolicyAction": "switchboard.core.policy",
    "Reply": "switchboard.core.reply",
    "Clock": "switchboard.core.clock",
    "ManualClock": "switchboard.core.clock",
    "SystemClock": "switchboard.core.clock",
    "SwitchboardError": "switchboard.core.errors",
    "InvalidMessageError": "switchboard.core.errors",
    "EmptyMessageError": "switchboard.core.errors",
    "MessageTooLargeError": "switchboard.core.errors",
    "UnknownAgentError": "switchboard.core.errors",
    "UnknownAppError": "switchboard.core.errors",
    "SessionNotFoundError": "switchboard.core.errors",
    "ModelError": "switchboard.core.errors",
    "ModelTimeoutError": "switchboard.core.errors",
    "ModelResponseError": "switchboard.core.errors",
    "ConfigurationError": "switchboard.core.errors",
    "StepLimitError": "switchboard.core.errors",
    "Event": "switchboard.core.events",
    "TextEvent": "switchboard.core.events",
    "UiEvent": "switchboard.core.events",
    "ToolStartEvent": "switchboard.core.events",
    "ToolEndEvent": "switchboard.core.events",
    "AgentEvent": "switchboard.core.events",
    "StatusEvent": "switchboard.core.events",
    "ErrorEvent": "switchboard.core.events",
    "UsageEvent": "switchboard.core.events",
    "DoneEvent": "switchboard.core.events",
    "parse_event": "switchboard.core.events",
    "Message": "switchboard.core.messages",
    "MessageKind": "switchboard.core.messages",
    "PatternState": "switchboard.core.state",
    "RoutingState": "switchboard.core.state",
    "Model": "switchboard.models.base",
    "ModelRequest": "switchboard.models.base",
    "ModelResponse": "switchboard.models.base",
    "ScriptedModel": "switchboard.models.scripted",
    "Tool": "switchboard.tools.tool",
    "ToolContext": "switchboard.tools.tool",
    "tool": "switchboard.tools.tool",
    "ToolRegistry": "switchboard.tools.registry",
    "Store": "switchboard.store.base",
    "open_store": "switchboard.store.factory",
    "Repository": "switchboard.store.repository",
    "SqlContext": "switchboard.store.repository",
    "MessageBus": "switchboard.bus.bus",
    "AgentHandler": "switchboard.bus.agent_handler",
    "ChatApp": "switchboard.sessions.app",
    "AgentCard": "switchboard.sessions.app",
    "Pattern": "switchboard.sessions.turn",
    "Turn": "switchboard.sessions.turn",
    "TurnPipeline": "switchboard.sessions.turn",
    "Progress": "switchboard.sessions.progress",
    "AgentRouting": "switchboard.patterns.app",
    "PatternApp": "switchboard.patterns.app",
    "RoutingChatManager": "switchboard.patterns.delegation.manager",
    "DelegationPattern": "switchboard.patterns.delegation.pattern",
    "Guard": "switchboard.patterns.guardrails.pattern",
    "Guarded": "switchboard.patterns.guardrails.pattern",
    "Verdict": "switchboard.patterns.guardrails.pattern",
    "available_apps": "switchboard.apps",
    "load_app": "switchboard.apps",
    "AppOptions": "switchboard.sessions.options",
    "AppFactory": "switchboard.sessions.options",
    "ModelDriven": "switchboard.patterns.app",
    "Provider": "switchboard.models.registry",
    "ModelCall": "switchboard.models.registry",
    "MigrationLocation": "switchboard.store.sql.locations",
}

__all__ = [
    "AgentCard",
    "AgentEvent",
    "AgentHandler",
    "AgentRouting",
    "AgentSpec",
    "AppFactory",
    "AppOptions",
    "ChatApp",
    "Clock",
    "ConfigurationError",
    "DelegationPattern",
    "DoneEvent",
    "EmptyMessageError",
    "ErrorEvent",
    "Event",
    "Guard",
    "Guarded",
    "Intent",
    "InvalidMessageError",
    "ManualClock",
    "Message",
    "MessageBus",
    "MessageKind",
    "MessageTooLargeError",
    "MigrationLocation",
    "Model",
    "ModelCall",
    "ModelDriven",
    "ModelError",
    "ModelRequest",
    "ModelResponse",
    "ModelResponseError",
    "ModelTimeoutError",
    "OfflinePolicy",
    "Pattern",
    "PatternApp",
    "PatternState",
    "PolicyAction",
    "Progress",
    "Provider",
    "Reply",
    "Repository",
    "RoutingChatManager",
    "RoutingState",
    "ScriptedModel",
    "SessionNotFoundError",
    "Settings",
    "SqlContext",
    "StatusEvent",
    "StepLimitError",
    "Store",
    "SwitchboardError",
    "SystemClock",
    "TextEvent",
    "Tool",
    "ToolContext",
    "ToolEndEvent",
    "ToolRegistry",
    "ToolStartEvent",
    "Turn",
    "TurnPipeline",
    "UiEvent",
    "UnknownAgentError",
    "UnknownAppError",
    "UsageEvent",
    "Verdict",
    "available_apps",
    "load_agents",
    "load_app",
    "open_store",
    "parse_event",
    "tool",
]
"""Kept literal (tools read it); `tests/test_public_api.py` checks it matches `_EXPORTS`."""

if TYPE_CHECKING:
    from switchboard.apps import available_apps, load_app
    from switchboard.bus.agent_handler import AgentHandler
    from switchboard.bus.bus import MessageBus
    from switchboard.config import Settings
    from switchboard.core.agent_spec import AgentSpec, load_agents
    from switchboard.core.clock import Clock, ManualClock, SystemClock
    from switchboard.core.errors import (
        ConfigurationError,
        EmptyMessageError,
        InvalidMessageError,
        MessageTooLargeError,
        ModelError,
        ModelResponseError,
        ModelTimeoutError,
        SessionNotFoundError,
        StepLimitError,
        SwitchboardError,
        UnknownAgentError,
        UnknownAppError,
    )
    from switchboard.core.events import (
        AgentEvent,
        DoneEvent,
        ErrorEvent,
        Event,
        StatusEvent,
        TextEvent,
        ToolEndEvent,
        ToolStartEvent,
        UiEvent,
        UsageEvent,
        parse_event,
    )
    from switchboard.core.messages import Message, MessageKind
    from switchboard.core.policy import Intent, OfflinePolicy, PolicyAction
    from switchboard.core.reply import Reply
    from switchboard.core.state import PatternState, RoutingState
    from switchboard.models.base import Model, ModelRequest, ModelResponse
    from switchboard.models.registry import ModelCall, Provider
    from switchboard.models.scripted import ScriptedModel
    from switchboard.patterns.app import AgentRouting, ModelDriven, PatternApp
    from switchboard.patterns.delegation.manager import RoutingChatManager
    from switchboard.patterns.delegation.pattern import DelegationPattern
    from switchboard.patterns.guardrails.pattern import Guard, Guarded, Verdict
    from switchboard.sessions.app import AgentCard, ChatApp
    from switchboard.sessions.options import AppFactory, AppOptions
    from switchboard.sessions.progress import Progress
    from switchboard.sessions.turn import Pattern, Turn, TurnPipeline
    from switchboard.store.base import Store
    from switchboard.store.factory import open_store
    from switchboard.store.repository import Repository, SqlContext
    from switchboard.store.sql.locations import MigrationLocation
    from switchboard.tools.registry import ToolRegistry
    from switchboard.tools.tool import Tool, ToolContext, tool


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'switchboard' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
