"""`McpToolset`: an MCP server's allowed tools as Switchboard `Tool`s.

    async with McpToolset(spec) as toolset:
        registry = ToolRegistry(toolset.tools)

Failures of a call raise typed `McpError`s, which the `ToolRegistry` turns into failed tool
results the model reads — a run never crashes because an MCP server misbehaves.

Reconnecting: a connection found broken is replaced once per call. The call itself is sent again
only when the server declared the tool read-only or idempotent (its MCP annotations): a call lost
with the connection may have run on the server, and a side effect must not run twice. Otherwise
the call fails with `mcp_unavailable` and the next call uses the new connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from types import TracebackType
from typing import Any

import anyio
import httpx2
import mcp.types as mcp_types
from mcp import Client, MCPError
from mcp.types import CONNECTION_CLOSED, REQUEST_TIMEOUT
from pydantic import BaseModel, ConfigDict

from switchboard.core.errors import ConfigurationError
from switchboard.core.mcp_spec import ALL, McpServerSpec
from switchboard.tools.mcp.connection import McpConnection, root_cause
from switchboard.tools.mcp.errors import (
    McpToolError,
    McpToolTimeoutError,
    McpUnavailableError,
)
from switchboard.tools.tool import Tool, ToolArgumentsError, ToolContext

log = logging.getLogger(__name__)

_BROKEN = (
    anyio.ClosedResourceError,
    anyio.BrokenResourceError,
    anyio.EndOfStream,
    OSError,
    httpx2.TransportError,
)
"""Transport failures that mean the connection is gone (besides MCP's CONNECTION_CLOSED)."""


class McpToolset:
    """Connects to one MCP server, lists its tools, and serves calls for the `McpTool`s."""

    def __init__(self, spec: McpServerSpec) -> None:
        self.spec = spec
        self._connection = McpConnection(spec)
        self._client: Client | None = None
        self._reconnect_lock = asyncio.Lock()
        self._tools: list[McpTool] = []

    @property
    def tools(self) -> list[Tool]:
        return list(self._tools)

    def names(self) -> list[str]:
        """Names the model sees, to add to an agent's `tools`."""
        return [item.name for item in self._tools]

    async def __aenter__(self) -> McpToolset:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def start(self) -> None:
        """Connect and build the tools; raises `McpUnavailableError` / `ConfigurationError`."""
        self._client = await self._connection.open()
        try:
            listed = await self._list_tools(self._client)
            self._tools = self._build_tools(listed)
        except BaseException:
            await self.aclose()
            raise

    async def aclose(self) -> None:
        self._client = None
        await self._connection.close()

    async def call(self, remote: mcp_types.Tool, arguments: dict[str, Any]) -> str:
        """One call of the server's tool `remote.name`; the text the model reads."""
        budget = self.spec.timeout_s + self.spec.connect_timeout_s
        try:
            async with asyncio.timeout(budget):
                return await self._call(remote, arguments)
        except TimeoutError:
            raise self._timeout(remote.name) from None

    async def _call(self, remote: mcp_types.Tool, arguments: dict[str, Any]) -> str:
        client = self._client or await self._reconnect(None)
        try:
            result = await self._send(client, remote.name, arguments)
        except McpUnavailableError:
            client = await self._reconnect(client)
            if not _safe_to_repeat(remote):
                raise McpUnavailableError(
                    f"a conexão com o servidor '{self.spec.name}' caiu durante a chamada; ela foi "
                    "restabelecida, mas a ação pode ou não ter sido executada — confira antes de "
                    "repetir.",
                    server=self.spec.name,
                ) from None
            result = await self._send(client, remote.name, arguments)
        return render_result(result, self.spec.max_output_chars)

    async def _send(
        self, client: Client, name: str, arguments: dict[str, Any]
    ) -> mcp_types.CallToolResult:
        try:
            return await client.call_tool(name, arguments, read_timeout_seconds=self.spec.timeout_s)
        except MCPError as exc:
            if exc.code == REQUEST_TIMEOUT:
                raise self._timeout(name) from None
            if exc.code == CONNECTION_CLOSED:
                raise self._unavailable(exc) from None
            raise McpToolError(
                f"o servidor '{self.spec.name}' recusou a chamada: {exc.error.message}",
                server=self.spec.name,
                code=exc.code,
            ) from None
        except _BROKEN as exc:
            raise self._unavailable(exc) from None
        except BaseExceptionGroup as group:
            if all(isinstance(leaf, _BROKEN) for leaf in _leaves(group)):
                raise self._unavailable(root_cause(group)) from None
            raise

    async def _reconnect(self, broken: Client | None) -> Client:
        """Replace the connection, unless another call already did since `broken` failed."""
        async with self._reconnect_lock:
            if self._client is not None and self._client is not broken:
                return self._client
            log.warning("MCP server %s: reconnecting", self.spec.name)
            self._client = None
            await self._connection.close()
            try:
                self._client = await self._connection.open()
            except McpUnavailableError as exc:
                log.warning("MCP server %s: %s", self.spec.name, exc.message)
                raise McpUnavailableError(
                    f"o servidor '{self.spec.name}' está indisponível; tente mais tarde.",
                    server=self.spec.name,
                ) from exc
            return self._client

    async def _list_tools(self, client: Client) -> list[mcp_types.Tool]:
        tools: list[mcp_types.Tool] = []
        cursor: str | None = None
        while True:
            page = await client.list_tools(cursor=cursor)
            tools.extend(page.tools)
            cursor = page.next_cursor
            if cursor is None:
                return tools

    def _build_tools(self, listed: list[mcp_types.Tool]) -> list[McpTool]:
        offered = {item.name for item in listed}
        missing = [name for name in self.spec.allow if name != ALL and name not in offered]
        if missing:
            raise ConfigurationError(
                f"MCP server {self.spec.name!r} does not offer {', '.join(missing)} "
                f"(it offers: {', '.join(sorted(offered)) or 'nothing'})",
                server=self.spec.name,
            )
        tools: dict[str, McpTool] = {}
        for remote in listed:
            if not self.spec.allows(remote.name):
                continue
            local = self.spec.local_name(remote.name)
            if local in tools:
                raise ConfigurationError(
                    f"MCP tools {tools[local].remote.name!r} and {remote.name!r} of server "
                    f"{self.spec.name!r} both map to {local!r}",
                    server=self.spec.name,
                )
            tools[local] = McpTool(self, remote, local)
        return list(tools.values())

    def _timeout(self, tool: str) -> McpToolTimeoutError:
        return McpToolTimeoutError(
            f"o servidor '{self.spec.name}' não respondeu em {self.spec.timeout_s:g}s.",
            server=self.spec.name,
            tool=tool,
        )

    def _unavailable(self, cause: BaseException) -> McpUnavailableError:
        return McpUnavailableError(
            f"o servidor '{self.spec.name}' está indisponível ({type(cause).__name__}).",
            server=self.spec.name,
        )


class _AnyArguments(BaseModel):
    model_config = ConfigDict(extra="allow")


class McpTool(Tool):
    """A `Tool` whose schema comes from the MCP server and whose call goes to it.

    `Tool.__init__` is not called: it derives the schema from a Python signature, and here the
    server's JSON schema is the source of truth. Arguments are checked to be a JSON object only;
    the server validates them against its schema and answers a failed result the model can read.
    """

    tool_type = "extension"
    """For tracing (`gen_ai.tool.type`): an agent-side call to an external tool server."""

    def __init__(self, toolset: McpToolset, remote: mcp_types.Tool, name: str) -> None:
        self.toolset = toolset
        self.remote = remote
        self.fn: Callable[..., Any] = self.invoke
        self.name = name
        self.description = (remote.description or remote.title or remote.name).strip()
        self.timeout = None
        """The MCP call enforces the server's `timeout_s` itself (and cancels the request)."""
        self.cache_ttl = None
        self.fallbacks = []
        self.status = None
        self.is_async = True
        self._context_param = None
        self.args_model = _AnyArguments
        self.parameters = convert_schema(remote.input_schema)

    def parse_arguments(self, raw: str | dict[str, Any]) -> dict[str, Any]:
        if isinstance(raw, str):
            try:
                raw = json.loads(raw) if raw.strip() else {}
            except json.JSONDecodeError as exc:
                raise ToolArgumentsError(f"os argumentos não são JSON válido ({exc.msg})") from exc
        if not isinstance(raw, dict):
            raise ToolArgumentsError("os argumentos devem ser um objeto JSON")
        return raw

    async def invoke(self, arguments: dict[str, Any], context: ToolContext) -> Any:
        return await self.toolset.call(self.remote, arguments)


def convert_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """An MCP input schema as a tool's `parameters`: a JSON object schema without the titles
    pydantic-generated servers add (noise in every request), `type`/`properties` present."""
    converted = {key: value for key, value in schema.items() if key != "title"}
    converted["type"] = "object"
    properties = converted.get("properties")
    if isinstance(properties, dict):
        converted["properties"] = {
            name: (
                {k: v for k, v in prop.items() if k != "title"} if isinstance(prop, dict) else prop
            )
            for name, prop in properties.items()
        }
    else:
        converted["properties"] = {}
    return converted


def render_result(result: mcp_types.CallToolResult, limit: int) -> str:
    """What the model reads: the text blocks (servers put a text rendering of structured output
    there too), else the structured content as JSON; other blocks as short placeholders.
    `isError` raises, so the registry reports the call as failed."""
    parts: list[str] = []
    for block in result.content:
        if isinstance(block, mcp_types.TextContent):
            parts.append(block.text)
        elif isinstance(block, mcp_types.EmbeddedResource) and isinstance(
            block.resource, mcp_types.TextResourceContents
        ):
            parts.append(block.resource.text)
        else:
            parts.append(f"[{block.type} omitido]")
    if not parts and result.structured_content is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False, default=str))
    text = "\n".join(parts)
    if len(text) > limit:
        text = text[:limit] + f"\n[… saída cortada em {limit} caracteres]"
    if result.is_error:
        raise McpToolError(text or "o servidor indicou erro sem detalhes", tool_error=True)
    return text


def _safe_to_repeat(remote: mcp_types.Tool) -> bool:
    annotations = remote.annotations
    return annotations is not None and bool(
        annotations.read_only_hint or annotations.idempotent_hint
    )


def _leaves(group: BaseExceptionGroup[BaseException]) -> list[BaseException]:
    leaves: list[BaseException] = []
    for item in group.exceptions:
        leaves.extend(_leaves(item) if isinstance(item, BaseExceptionGroup) else [item])
    return leaves
