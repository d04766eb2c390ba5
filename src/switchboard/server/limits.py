"""Request limits: body size (413) and a per-user token bucket (429).

The body limit is a pure ASGI middleware: it rejects a too-large `Content-Length` at once and,
for bodies without one (chunked), reads at most `max_bytes + 1` before deciding, then replays the
body to the app. Bodies are small JSON documents, so buffering them costs nothing.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from switchboard.core.clock import Clock
from switchboard.server.errors import RateLimitedError


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await _too_large(send, self.max_bytes)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await _too_large(send, self.max_bytes)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps(
        {
            "error": {
                "code": "request_too_large",
                "type": "request_too_large",
                "message": f"request body over {limit} bytes",
            }
        }
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """Token bucket per user: `burst` requests at once, refilled at `per_second`."""

    def __init__(self, *, per_second: float, burst: int, clock: Clock) -> None:
        self.per_second = per_second
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, _Bucket] = {}

    def check(self, user_id: str) -> None:
        """Take one token or raise `RateLimitedError` saying when one will be available."""
        now = self.clock.monotonic()
        bucket = self._buckets.get(user_id)
        if bucket is None:
            bucket = self._buckets[user_id] = _Bucket(tokens=float(self.burst), stamp=now)
        else:
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.per_second)
            bucket.stamp = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return
        wait = (1.0 - bucket.tokens) / self.per_second if self.per_second > 0 else 3600.0
        raise RateLimitedError(
            "muitas requisições; tente novamente em instantes", retry_after=max(1, math.ceil(wait))
        )
