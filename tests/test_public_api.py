"""The public API is a contract: this test fails when a name is added or removed by accident."""

from __future__ import annotations

import subprocess
import sys

import switchboard

PUBLIC = [
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


def test_the_public_api_is_exactly_this_list():
    assert switchboard.__all__ == PUBLIC
    assert sorted(switchboard._EXPORTS) == PUBLIC


def test_every_public_name_resolves():
    for name in PUBLIC:
        assert getattr(switchboard, name) is not None, name


def test_importing_switchboard_stays_cheap():
    """Names load on first use: a bare import pulls in no provider SDK, database or web stack."""
    code = (
        "import sys, switchboard; "
        "print(sorted(m for m in ('openai', 'anthropic', 'sqlalchemy', 'fastapi', 'sklearn', "
        "'redis') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
