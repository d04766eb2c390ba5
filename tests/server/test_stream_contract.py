"""Issue 14, item 2: a stream never ends cut off. A lone surrogate in the request is a 422 before
anything streams (over a real socket, on SQLite); an event the server cannot encode (a text with
a lone surrogate from a tool or a model) becomes an `error` event and the stream still ends
properly, in every wire format."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator

import httpx
import pytest

from switchboard.core.clock import SYSTEM_CLOCK
from switchboard.core.events import DoneEvent, Event, TextEvent
from switchboard.server import ServerSettings, create_app
from switchboard.server.metrics import Metrics
from switchboard.server.routes.openai_compat import OpenAIChunkFormat
from switchboard.server.streaming import EventStreamResponse, NdjsonFormat, SseFormat, StreamFormat

from .conftest import live_server, make_keys
from .demo import make_demo_manager

SURROGATE_BODY = b'{"chatInput": "\\ud800 minha internet caiu", "sessionId": "s1"}'


def test_a_lone_surrogate_over_a_real_socket_is_a_422_not_a_cut_stream(tmp_path):
    demo = make_demo_manager(store=f"sqlite:///{tmp_path / 'sb.db'}")
    keys = make_keys()
    app = create_app(
        ServerSettings(database_url="memory://"),  # type: ignore[call-arg]
        apps={"demo": demo},
        key_store=keys.store,
    )
    headers = {**keys.auth(keys.alice), "Content-Type": "application/json"}
    with live_server(app) as url, httpx.Client(base_url=url, headers=headers) as client:
        chat = client.post("/chat", content=SURROGATE_BODY)
        openai = client.post(
            "/v1/chat/completions",
            content=b'{"model": "demo", "messages": [{"role": "user", "content": "\\udc00"}]}',
        )
        sessions = client.get("/sessions").json()["sessions"]
    assert (chat.status_code, chat.json()["error"]["code"]) == (422, "invalid_text")
    assert (openai.status_code, openai.json()["error"]["code"]) == (422, "invalid_text")
    assert sessions == []


async def unencodable() -> AsyncIterator[Event]:
    yield TextEvent(delta="ok ", agent="a")
    yield TextEvent(delta="quebrado \ud800", agent="a")
    yield DoneEvent(text="ok", session_id="s", agent="a")


async def run_stream(fmt: StreamFormat) -> tuple[list[dict[str, object]], bool]:
    """The response's body messages: (decoded chunks, whether the last says no more body)."""
    events = unencodable()
    first = await anext(events)
    response = EventStreamResponse(
        first,
        events,
        fmt,
        clock=SYSTEM_CLOCK,
        deadline_seconds=30,
        metrics=Metrics(),
        endpoint="test",
        started=time.perf_counter(),
    )
    sent: list[dict[str, object]] = []

    async def receive() -> dict[str, object]:
        await asyncio.Event().wait()  # the client never disconnects
        return {}

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    await response({"type": "http"}, receive, send)  # type: ignore[arg-type]
    body = [m for m in sent if m["type"] == "http.response.body"]
    return body, body[-1].get("more_body") is False


@pytest.mark.parametrize(
    "fmt",
    [NdjsonFormat(), SseFormat(), OpenAIChunkFormat("demo", "c1", 0)],
    ids=["ndjson", "sse", "openai"],
)
async def test_an_unencodable_event_becomes_an_error_event_and_the_stream_ends(fmt):
    body, ended = await run_stream(fmt)
    assert ended
    text = b"".join(m["body"] for m in body).decode("utf-8")  # type: ignore[misc]
    assert "internal_error" in text
    assert text.index("internal_error") < text.index("done" if "done" in text else "[DONE]")
    assert "quebrado" not in text
    for line in text.splitlines():
        payload = line.removeprefix("data: ")
        if payload.startswith("{"):
            json.loads(payload)
