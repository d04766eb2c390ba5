"""MCP servers' tools as agent tools, against a real MCP server (stdio subprocess, and streamable
HTTP under uvicorn) — no mocks of the SDK."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest
from pydantic import ValidationError

from switchboard.core.errors import ConfigurationError
from switchboard.core.mcp_spec import expand
from switchboard.tools import ToolContext, ToolRegistry
from switchboard.tools.mcp import McpServerSpec, McpToolset, McpUnavailableError
from switchboard.tools.mcp.toolset import convert_schema
from tests.tools.mcp_servers.process import HttpServer, stdio_spec

CTX = ToolContext(session_id="s", user_id="u", agent="a")


@pytest.fixture(scope="module")
def http_server() -> Iterator[HttpServer]:
    server = HttpServer()
    yield server
    server.stop()


async def test_stdio_discovery_schema_allow_list_and_call() -> None:
    async with McpToolset(stdio_spec(allow=["add", "echo"])) as toolset:
        assert toolset.names() == ["calc__add", "calc__echo"]
        add = toolset.tools[0]
        assert add.description == "Soma dois inteiros."
        assert getattr(add, "tool_type", None) == "extension"
        assert add.parameters == {
            "type": "object",
            "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
            "required": ["a", "b"],
        }
        registry = ToolRegistry(toolset.tools)
        result = await registry.execute("calc__add", '{"a": 2, "b": 40}', CTX)
        assert (result.ok, result.output) == (True, "42")
        echoed = await registry.execute("calc__echo", {"text": "olá, mundo"}, CTX)
        assert (echoed.ok, echoed.output) == (True, "olá, mundo")
        # not allowed → not registered, so the model cannot reach it
        assert "calc__fail" not in registry


async def test_server_errors_timeouts_and_bad_arguments_become_failed_tool_results(
    http_server: HttpServer,
) -> None:
    async with McpToolset(http_server.spec(allow=["*"], timeout_s=1.5)) as toolset:
        registry = ToolRegistry(toolset.tools)
        failed = await registry.execute("calc__fail", "{}", CTX)
        assert not failed.ok
        assert "falha proposital" in failed.output

        slow = await registry.execute("calc__slow", {"seconds": 5}, CTX)
        assert not slow.ok
        assert "não respondeu em 1.5s" in slow.output
        assert slow.ms < 4000

        wrong = await registry.execute("calc__add", {"a": "x"}, CTX)
        assert not wrong.ok and "validation" in wrong.output

        not_json = await registry.execute("calc__add", "[1, 2]", CTX)
        assert not not_json.ok and "objeto JSON" in not_json.output

        # the session is still usable after all of that
        ok = await registry.execute("calc__add", {"a": 1, "b": 1}, CTX)
        assert (ok.ok, ok.output) == (True, "2")


async def test_a_name_in_allow_the_server_does_not_offer_fails_at_start(
    http_server: HttpServer,
) -> None:
    with pytest.raises(ConfigurationError, match="does not offer sbutract"):
        await McpToolset(http_server.spec(allow=["add", "sbutract"])).start()


async def test_server_process_killed_reconnects_and_repeats_only_read_only_tools() -> None:
    async with McpToolset(stdio_spec()) as toolset:
        registry = ToolRegistry(toolset.tools)
        first = await registry.execute("calc__pid", "{}", CTX)
        os.kill(int(first.output), signal.SIGKILL)

        # `pid` has no read-only/idempotent annotation: the lost call is not repeated
        lost = await registry.execute("calc__pid", "{}", CTX)
        assert not lost.ok
        assert "pode ou não ter sido executada" in lost.output
        # ... and the next call uses the new connection (a new server process)
        second = await registry.execute("calc__pid", "{}", CTX)
        assert second.ok and second.output != first.output

        os.kill(int(second.output), signal.SIGKILL)
        # `echo` is read-only: reconnect and repeat, the model never sees the failure
        echoed = await registry.execute("calc__echo", {"text": "de novo"}, CTX)
        assert (echoed.ok, echoed.output) == (True, "de novo")


async def test_http_discovery_and_call(http_server: HttpServer) -> None:
    async with McpToolset(http_server.spec(allow=["add"], prefix="math")) as toolset:
        assert toolset.names() == ["math__add"]
        result = await ToolRegistry(toolset.tools).execute("math__add", {"a": 3, "b": 4}, CTX)
        assert (result.ok, result.output) == (True, "7")


async def test_http_server_gone_is_a_clear_error() -> None:
    server = HttpServer()
    try:
        toolset = McpToolset(server.spec(allow=["add"], connect_timeout_s=3))
        await toolset.start()
        server.stop()
        result = await ToolRegistry(toolset.tools).execute("calc__add", {"a": 1, "b": 2}, CTX)
        assert not result.ok
        assert "o servidor 'calc' está indisponível" in result.output
        await toolset.aclose()
    finally:
        server.stop()

    with pytest.raises(McpUnavailableError, match="'calc' is unavailable"):
        await McpToolset(server.spec(allow=["add"], connect_timeout_s=3)).start()


def test_spec_requires_an_explicit_allow_list_and_transport_fields() -> None:
    with pytest.raises(ValidationError, match="allow"):
        McpServerSpec(name="x", command="srv")  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="allow"):
        McpServerSpec(name="x", command="srv", allow=[])
    with pytest.raises(ValidationError, match="needs `url`"):
        McpServerSpec(name="x", transport="http", allow=["*"])
    with pytest.raises(ValidationError, match="name"):
        McpServerSpec(name="files.v2", command="srv", allow=["*"])


def test_local_names_fit_every_provider() -> None:
    spec = McpServerSpec(name="files", command="srv", allow=["*"])
    assert spec.local_name("read_file") == "files__read_file"
    assert spec.local_name("repo/read.file") == "files__repo_read_file"
    assert spec.model_copy(update={"prefix": ""}).local_name("read") == "read"
    with pytest.raises(ConfigurationError, match="not a valid tool name"):
        spec.local_name("x" * 60)


def test_secrets_come_from_the_environment() -> None:
    environ = {"FILES_TOKEN": "t0k"}
    assert expand("Bearer ${FILES_TOKEN}", "files", environ) == "Bearer t0k"
    with pytest.raises(ConfigurationError, match="MISSING"):
        expand("${MISSING}", "files", environ)


def test_schema_conversion_drops_titles_and_keeps_the_rest() -> None:
    schema = {
        "title": "searchArguments",
        "type": "object",
        "properties": {"q": {"title": "Q", "type": "string", "minLength": 1}},
        "required": ["q"],
        "$defs": {"X": {"type": "string"}},
    }
    assert convert_schema(schema) == {
        "type": "object",
        "properties": {"q": {"type": "string", "minLength": 1}},
        "required": ["q"],
        "$defs": {"X": {"type": "string"}},
    }
    assert convert_schema({"type": "object"}) == {"type": "object", "properties": {}}
