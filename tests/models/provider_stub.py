"""A local HTTP server that speaks the providers' wire formats, for the adapter tests.

Runs uvicorn in a background thread on 127.0.0.1 with a free port. Each test queues replies
(JSON, SSE events, raw text, optionally delayed); the server records every request body it gets,
so tests assert on exactly what the SDK sent. A test whose calls are not in a fixed order (an app
asking the model for several jobs) sets a `responder` instead: it sees each request and picks the
reply (None falls back to the queue).
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from switchboard.core.messages import Message
from switchboard.models.base import (
    Model,
    ModelRequest,
    ModelResponse,
    ResponseDone,
    TextDelta,
    ToolCallStarted,
)


@dataclass
class Reply:
    status: int = 200
    json: Any = None
    sse: list[str] | None = None
    """Raw SSE events, each already framed (ending in a blank line)."""
    text: str | None = None
    content_type: str = "application/json"
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    gate: threading.Event | None = None
    """SSE only: the events from `hold_at` on are sent once the test sets it (a model still
    generating while the test looks at what already arrived downstream)."""
    hold_at: int = 0


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: Any


Responder = Callable[[Received], Reply | None]


class StubServer:
    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.requests: list[Received] = []
        self.responder: Responder | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def last(self) -> Received:
        return self.requests[-1]

    def reply(self, *replies: Reply) -> None:
        self.replies.extend(replies)

    def reset(self) -> None:
        self.replies.clear()
        self.requests.clear()
        self.responder = None

    async def _handle(self, request: Request) -> Response:
        raw = await request.body()
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode(errors="replace")
        received = Received(request.url.path, dict(request.headers), body)
        self.requests.append(received)
        reply = self.responder(received) if self.responder is not None else None
        if reply is None:
            if not self.replies:
                return JSONResponse(
                    {"error": {"message": "stub has no reply queued"}}, status_code=599
                )
            reply = self.replies.popleft()
        if reply.delay and await _hold(request, reply.delay):
            return Response(status_code=499)  # the client gave up (timeout test)
        if reply.sse is not None:
            return StreamingResponse(
                _events(reply.sse, reply.gate, reply.hold_at),
                status_code=reply.status,
                media_type="text/event-stream",
                headers=reply.headers,
            )
        if reply.text is not None:
            return Response(
                reply.text,
                status_code=reply.status,
                media_type=reply.content_type,
                headers=reply.headers,
            )
        return JSONResponse(reply.json, status_code=reply.status, headers=reply.headers)

    def serve_as_openai(
        self, monkeypatch: Any, key: str, *, timeout_seconds: str | None = None
    ) -> None:
        """Make this stub the process's OpenAI endpoint, as an app resolves it in production
        (`OPENAI_BASE_URL`, `OPENAI_API_KEY`), with no SDK retries (a test's reply is spent once)
        and, given, the model timeout."""
        monkeypatch.setenv("OPENAI_BASE_URL", f"{self.url}/v1")
        monkeypatch.setenv("OPENAI_API_KEY", key)
        monkeypatch.setenv("SWITCHBOARD_MODEL_MAX_RETRIES", "0")
        if timeout_seconds is not None:
            monkeypatch.setenv("SWITCHBOARD_MODEL_TIMEOUT_SECONDS", timeout_seconds)

    def start(self) -> None:
        app = Starlette(routes=[Route("/{path:path}", self._handle, methods=["GET", "POST"])])
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            app, log_level="warning", lifespan="off", timeout_graceful_shutdown=1
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 5
        while not self._server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("stub server did not start")
            time.sleep(0.01)

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=3)


async def _hold(request: Request, seconds: float) -> bool:
    """Wait `seconds`, or until the client disconnects (then True), so shutdown never waits."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if await request.is_disconnected():
            return True
        await asyncio.sleep(0.02)
    return False


async def _events(
    events: list[str], gate: threading.Event | None = None, hold_at: int = 0
) -> AsyncIterator[bytes]:
    for index, event in enumerate(events):
        if gate is not None and index == hold_at:
            await asyncio.to_thread(gate.wait, 10)  # a test that never opens it still ends
        yield event.encode()
        await asyncio.sleep(0)  # separate writes, so the client really reads chunk by chunk


def openai_sse(*chunks: dict[str, Any]) -> list[str]:
    return [f"data: {json.dumps(chunk)}\n\n" for chunk in chunks] + ["data: [DONE]\n\n"]


def anthropic_sse(*events: dict[str, Any]) -> list[str]:
    return [f"event: {event['type']}\ndata: {json.dumps(event)}\n\n" for event in events]


# -- client side: what every adapter test does with a model ---------------------------------


def ask(text: str = "Oi", **kwargs: Any) -> ModelRequest:
    return ModelRequest(messages=[Message.system("Você é útil."), Message.user(text)], **kwargs)


async def collect(model: Model, request: ModelRequest) -> tuple[list[str], ModelResponse]:
    """Stream `request`: the text deltas in order, and the final response (exactly one)."""
    deltas: list[str] = []
    done = None
    async for item in model.stream(request):
        if isinstance(item, TextDelta):
            deltas.append(item.text)
        elif isinstance(item, ToolCallStarted):
            continue
        else:
            assert isinstance(item, ResponseDone)
            done = item.response
    assert done is not None
    return deltas, done
