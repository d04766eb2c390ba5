"""MCP servers listed in agent specs, wired into an app: connected at `start()`, their tools in the
agents' kits, called through a real chat turn against the real test server (stdio subprocess)."""

from __future__ import annotations

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from switchboard import telemetry
from switchboard.core.agent_spec import AgentSpec
from switchboard.core.errors import ConfigurationError
from switchboard.models.base import ModelRequest
from switchboard.models.scripted import ScriptedModel, call
from switchboard.patterns.delegation.manager import RoutingChatManager
from switchboard.tools.mcp import McpUnavailableError
from tests.tools.mcp_servers.process import stdio_spec


def _agent(**fields: object) -> AgentSpec:
    return AgentSpec.model_validate({"name": "assistente", **fields})


def test_an_agent_spec_lists_mcp_servers_in_yaml() -> None:
    spec = AgentSpec.from_yaml(
        "name: assistente\n"
        "mcp_servers:\n"
        "  - name: calc\n"
        "    command: python\n"
        "    args: [-m, calc]\n"
        "    allow: [add]\n"
        "    timeout_s: 5\n"
    )
    (server,) = spec.mcp_servers
    assert (server.name, server.command, server.allow, server.timeout_s) == (
        "calc",
        "python",
        ["add"],
        5.0,
    )


async def test_an_agent_calls_its_mcp_servers_tool_in_a_chat_turn() -> None:
    def script(request: ModelRequest) -> object:
        offered = [tool.name for tool in request.tools]
        assert offered == ["calc__add"]  # the allow-list: `echo`, `fail`, `slow` not offered
        if request.messages[-1].role == "tool":
            return f"A soma dá {request.messages[-1].content}."
        return call("calc__add", a=2, b=40)

    agent = _agent(mcp_servers=[stdio_spec(allow=["add"]).model_dump()])
    app = RoutingChatManager(agent, model=ScriptedModel(script), app="calc_app")
    try:
        reply = await app.reply("s1", "quanto é 2 + 40?", user_id="u1")
        assert reply.text == "A soma dá 42."
        # the same connection serves the next turn; traced, the call is an `extension` tool
        exporter = InMemorySpanExporter()
        telemetry.configure({}, exporter=exporter)
        try:
            events = [event async for event in app.stream("s1", "de novo", user_id="u1")]
        finally:
            telemetry.reset()
        (span,) = [s for s in exporter.get_finished_spans() if s.name == "execute_tool calc__add"]
        assert span.attributes is not None and span.attributes["gen_ai.tool.type"] == "extension"
        tool_end = next(event for event in events if event.type == "tool_end")
        assert (tool_end.tool, tool_end.output, tool_end.ok) == ("calc__add", "42", True)
    finally:
        await app.shutdown()
    # shut down: the tools are no longer offered
    assert "calc__add" not in app.pattern.tools
    assert app.pattern.kit("assistente").schemas == []


async def test_agents_listing_one_server_share_it_and_a_conflicting_name_is_refused() -> None:
    server = stdio_spec(allow=["add"]).model_dump()
    coordinator = _agent(mcp_servers=[server])
    specialist = AgentSpec.model_validate(
        {"name": "tecnico", "description": "técnico", "mcp_servers": [server]}
    )
    app = RoutingChatManager(coordinator, {"tecnico": specialist}, model=ScriptedModel([]))
    try:
        await app.start()
        assert "calc__add" in app.pattern.kit("assistente").offered
        assert "calc__add" in app.pattern.kit("tecnico").offered
        assert app.pattern.kit("assistente").tools.get("calc__add") is app.pattern.kit(
            "tecnico"
        ).tools.get("calc__add")
    finally:
        await app.shutdown()

    other = AgentSpec.model_validate(
        {"name": "tecnico", "mcp_servers": [stdio_spec(allow=["echo"]).model_dump()]}
    )
    with pytest.raises(ConfigurationError, match="different settings"):
        RoutingChatManager(coordinator, {"tecnico": other}, model=ScriptedModel([]))


async def test_an_unreachable_server_fails_start_with_a_typed_error() -> None:
    broken = stdio_spec(command="/nonexistent/mcp-server", connect_timeout_s=5)
    app = RoutingChatManager(_agent(mcp_servers=[broken.model_dump()]), model=ScriptedModel([]))
    with pytest.raises(McpUnavailableError):
        await app.start()
    await app.shutdown()
