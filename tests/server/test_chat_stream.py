"""`POST /chat` end to end: NDJSON and SSE clients over a real socket, errors in the stream,
deadline, and a client that disconnects mid-run."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from switchboard.core.clock import ManualClock
from switchboard.core.events import parse_event

from .conftest import live_server, make_server_app, ndjson_events, sse_events
from .demo import COORD, PROFILE_ANSWER, TECH, TECH_ANSWER


@pytest.fixture(scope="module")
def live():
    app, keys = make_server_app(slow_seconds=5.0)
    with live_server(app) as url:
        yield url, keys


def test_ndjson_client_reads_a_tool_run_line_by_line(live):
    url, keys = live
    events = []
    with (
        httpx.Client(base_url=url, headers=keys.auth(keys.alice)) as client,
        client.stream(
            "POST", "/chat", json={"chatInput": "qual o meu perfil?", "sessionId": "nd-1"}
        ) as response,
    ):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/x-ndjson")
        for line in response.iter_lines():
            if line:
                events.append(parse_event(line))
    types = [e.type for e in events]
    assert types == ["agent", "tool_start", "status", "tool_end", "text", "usage", "done"]
    assert events[1].tool == "consultar_perfil"
    assert events[2].message == "Consultando seu perfil..."
    assert events[3].ok and "Fibra 500" in events[3].output
    assert events[-1].text == PROFILE_ANSWER and events[-1].agent == COORD
    assert events[-1].message_id


def test_ndjson_client_sees_delegation_and_the_specialist_streaming(live):
    url, keys = live
    with httpx.Client(base_url=url, headers=keys.auth(keys.alice)) as client:
        response = client.post(
            "/chat", json={"chatInput": "minha internet caiu", "sessionId": "nd-2"}
        )
    events = ndjson_events(response.text)
    agents = [(e.agent, e.reason) for e in events if e.type == "agent"]
    assert agents == [(COORD, "start"), (TECH, "delegation")]
    deltas = [e for e in events if e.type == "text"]
    assert len(deltas) > 3 and {e.agent for e in deltas} == {TECH}
    assert "".join(e.delta for e in deltas) == TECH_ANSWER
    assert events[-1].type == "done" and events[-1].agent == TECH


def test_sse_client_gets_the_same_events_when_it_asks_for_event_stream(live):
    url, keys = live
    with httpx.Client(
        base_url=url, headers={**keys.auth(keys.alice), "Accept": "text/event-stream"}
    ) as client:
        response = client.post(
            "/chat", json={"chatInput": "minha internet caiu", "sessionId": "sse-1"}
        )
    assert response.headers["content-type"].startswith("text/event-stream")
    events = sse_events(response.text)
    assert [name for name, _ in events][:2] == ["agent", "tool_start"]
    assert all(name == data["type"] for name, data in events)
    assert events[-1][1]["type"] == "done" and events[-1][1]["text"] == TECH_ANSWER
    assert {"agent", "tool_start", "tool_end", "text", "usage", "done"} <= {n for n, _ in events}


def test_error_after_stream_start_is_an_error_event_not_a_broken_connection(live):
    url, keys = live
    with httpx.Client(base_url=url, headers=keys.auth(keys.alice)) as client:
        response = client.post("/chat", json={"chatInput": "falha geral", "sessionId": "nd-err"})
    assert response.status_code == 200
    events = ndjson_events(response.text)
    errors = [e for e in events if e.type == "error"]
    assert errors and errors[0].code == "model_error"
    assert events[-1].type == "done"


def test_unauthenticated_chat_is_401_before_any_streaming(live):
    url, _ = live
    response = httpx.post(f"{url}/chat", json={"chatInput": "oi", "sessionId": "x"})
    assert response.status_code == 401
    assert response.headers["content-type"] == "application/json"
    assert response.headers["www-authenticate"] == "Bearer"
    assert response.json()["error"]["code"] == "unauthorized"


def test_client_disconnect_cancels_the_run_and_the_session_stays_consistent(live):
    url, keys = live
    started = time.monotonic()
    with httpx.Client(base_url=url, headers=keys.auth(keys.alice)) as client:
        with client.stream(
            "POST", "/chat", json={"chatInput": "algo demorado", "sessionId": "disc-1"}
        ) as response:
            seen = []
            for line in response.iter_lines():
                seen.append(parse_event(line).type)
                if seen[-1] == "tool_end":
                    break  # leave while the model is still "thinking" (5 s)
        assert time.monotonic() - started < 4
        # the run was cancelled server-side: the next message is served at once, no 5 s wait
        for _ in range(50):
            metrics = client.get("/metrics").text
            if "client_disconnected" in metrics:
                break
            time.sleep(0.05)
        assert 'switchboard_errors_total{code="client_disconnected"}' in metrics
        t0 = time.monotonic()
        response = client.post("/chat", json={"chatInput": "oi de novo", "sessionId": "disc-1"})
        assert time.monotonic() - t0 < 2
        events = ndjson_events(response.text)
        assert events[-1].type == "done" and events[-1].text == "Olá! Você disse: oi de novo"
        history = client.get("/sessions/disc-1/messages").json()["messages"]
    assert [(m["role"], m["content"]) for m in history] == [
        ("user", "algo demorado"),
        ("user", "oi de novo"),
        ("assistant", "Olá! Você disse: oi de novo"),
    ]


async def test_run_over_the_deadline_ends_with_a_deadline_error_event():
    clock = ManualClock()
    app, keys = make_server_app(clock=clock, slow_seconds=60, request_deadline_seconds=10)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app),
        base_url="http://test",
        headers=keys.auth(keys.alice),
    ) as client:
        task = asyncio.create_task(
            client.post("/chat", json={"chatInput": "algo demorado", "sessionId": "dl-1"})
        )
        for _ in range(100):  # until the model is sleeping on the manual clock
            await asyncio.sleep(0)
        await clock.advance(11)
        response = await asyncio.wait_for(task, 5)
        events = ndjson_events(response.text)
        assert events[-1].type == "error" and events[-1].code == "deadline"
        assert [e.type for e in events[:4]] == ["agent", "tool_start", "status", "tool_end"]
        # the session is usable right after, and kept the completed part of the turn
        follow = await client.post("/chat", json={"chatInput": "e agora?", "sessionId": "dl-1"})
        assert ndjson_events(follow.text)[-1].text == "Olá! Você disse: e agora?"
        history = (await client.get("/sessions/dl-1/messages")).json()["messages"]
        assert [m["content"] for m in history] == [
            "algo demorado",
            "e agora?",
            "Olá! Você disse: e agora?",
        ]
