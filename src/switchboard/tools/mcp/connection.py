"""One live MCP client session, owned by a dedicated task.

The SDK's transports and `Client` are anyio context managers holding task groups and cancel
scopes, which must be entered and exited in the same task. A session that lives as long as an
app (opened at start-up, closed at shutdown, used by every turn's task in between) therefore gets
an owner task: it enters `Client`, hands the connected client over through a future, waits for the
stop event and exits the contexts itself. Other tasks only send requests through the client, which
is safe from any task (requests travel over memory streams). This is the pattern the SDK's own
`ClientSessionGroup` users and agent frameworks (openai-agents' MCP servers, pydantic-ai's
`MCPServer`) settle on for long-lived sessions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

import httpx2
from mcp import Client, StdioServerParameters
from mcp.client import Transport
from mcp.client._transport import TransportStreams
from mcp.client.streamable_http import streamable_http_client

from switchboard.core.mcp_spec import McpServerSpec
from switchboard.tools.mcp.errors import McpUnavailableError

log = logging.getLogger(__name__)

_SSE_READ_TIMEOUT_S = 300.0
"""The SDK's default read timeout for an HTTP server's event stream, which may stay open."""


class McpConnection:
    """`await open()` → a connected `Client`; `await close()` ends it (from any task)."""

    def __init__(self, spec: McpServerSpec) -> None:
        self.spec = spec
        self._task: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()

    async def open(self) -> Client:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[Client] = loop.create_future()
        self._stop = asyncio.Event()
        self._task = asyncio.create_task(self._own(ready), name=f"mcp:{self.spec.name}")
        try:
            async with asyncio.timeout(self.spec.connect_timeout_s):
                return await asyncio.shield(ready)
        except TimeoutError:
            await self.close()
            raise McpUnavailableError(
                f"MCP server {self.spec.name!r} did not connect within "
                f"{self.spec.connect_timeout_s:g}s",
                server=self.spec.name,
            ) from None
        except McpUnavailableError:
            await self.close()
            raise

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is None:
            return
        self._stop.set()
        try:
            async with asyncio.timeout(self.spec.connect_timeout_s):
                await asyncio.shield(task)
        except TimeoutError:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _own(self, ready: asyncio.Future[Client]) -> None:
        try:
            async with self._client() as client:
                ready.set_result(client)
                await self._stop.wait()
        except asyncio.CancelledError:
            if not ready.done():
                ready.cancel()
            raise
        except Exception as exc:
            cause = root_cause(exc)
            if not ready.done():
                ready.set_exception(
                    McpUnavailableError(
                        f"MCP server {self.spec.name!r} is unavailable: "
                        f"{type(cause).__name__}: {cause}",
                        server=self.spec.name,
                    )
                )
            else:
                log.warning("MCP server %s: connection ended: %r", self.spec.name, cause)

    def _client(self) -> Client:
        spec = self.spec
        if spec.transport == "http":
            assert spec.url is not None  # the spec's validator guarantees it
            http = httpx2.AsyncClient(
                headers=spec.resolved_headers(),
                timeout=httpx2.Timeout(spec.connect_timeout_s, read=_SSE_READ_TIMEOUT_S),
            )
            # the SDK's transport does not close a client it was given: ours closes with it
            transport: Transport = _with_http_client(spec.url, http)
            return Client(transport)
        assert spec.command is not None
        return Client(
            StdioServerParameters(
                command=spec.command,
                args=list(spec.args),
                env=spec.resolved_env() or None,
                cwd=spec.cwd,
            )
        )


@contextlib.asynccontextmanager
async def _with_http_client(url: str, http: httpx2.AsyncClient) -> AsyncIterator[TransportStreams]:
    async with http, streamable_http_client(url, http_client=http) as streams:
        yield streams


def root_cause(exc: BaseException) -> BaseException:
    """The first leaf of nested exception groups (anyio task groups wrap transport errors)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc
