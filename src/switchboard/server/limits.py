"""Request body limits: size (413) and read time (408). Rate limits: `server/rate_limit.py`.

The body limit is a pure ASGI middleware: it rejects a too-large `Content-Length` at once and,
for bodies without one (chunked), reads at most `max_bytes + 1` before deciding, then replays the
body to the app. Bodies are small JSON documents, so buffering them costs nothing.

The whole body must arrive within `read_timeout` seconds (one deadline for the whole body, not
per chunk: a client trickling a byte every few seconds is cut off too). A client that declares
100 bytes and sends 38 gets a 408 and the connection is closed, instead of holding a worker.
"""

from __future__ import annotations

import asyncio
import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, *, max_bytes: int, read_timeout: float = 30.0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.read_timeout = read_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await _too_large(send, self.max_bytes)
            return
        try:
            async with asyncio.timeout(self.read_timeout):
                body = await self._read(receive)
        except TimeoutError:
            await _error(
                send,
                408,
                "request_timeout",
                f"request body not received in {self.read_timeout:g} s",
            )
            return
        if body is None:  # disconnected
            return
        if len(body) > self.max_bytes:
            await _too_large(send, self.max_bytes)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body (stopping one chunk past `max_bytes`), or None on disconnect."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            chunks.append(chunk)
            if size > self.max_bytes or not message.get("more_body", False):
                return b"".join(chunks)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _too_large(send: Send, limit: int) -> None:
    await _error(send, 413, "request_too_large", f"request body over {limit} bytes")


async def _error(send: Send, status: int, code: str, message: str) -> None:
    """An error body in the API's shape, closing the connection (the request was not read)."""
    body = json.dumps({"error": {"code": code, "type": code, "message": message}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
