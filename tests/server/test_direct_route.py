"""`POST /chat` reads a valid request without FastAPI's dependency solver
(`server/routes/direct.py`, issue 22.4); every other request goes through FastAPI itself. So
the answers must be exactly FastAPI's: the same requests, answered with the direct path on and
off (a dependency override turns it off), give the same status, headers and body, and the
same requests take the same rate-limit tokens."""

from __future__ import annotations

import json

import httpx
import pytest
from fastapi import routing

from switchboard.server.deps import get_runtime

from .conftest import make_server_app

VALID = {"chatInput": "oi", "sessionId": "s1"}


def _requests(alice: str) -> list[tuple[str, dict[str, str], bytes]]:
    auth = {"Authorization": f"Bearer {alice}"}
    json_type = {"Content-Type": "application/json"}
    both = {**auth, **json_type}
    body = json.dumps(VALID).encode()
    return [
        ("no key", json_type, body),
        ("wrong key", {"Authorization": "Bearer sb-nope", **json_type}, body),
        ("basic scheme", {"Authorization": f"Basic {alice}", **json_type}, body),
        ("no key, bad body", json_type, b"{"),
        ("bad json", both, b'{"chatInput": '),
        ("not an object", both, b"[1, 2]"),
        ("missing field", both, b'{"chatInput": "oi"}'),
        ("empty message", both, json.dumps({**VALID, "chatInput": ""}).encode()),
        ("blank message", both, json.dumps({**VALID, "chatInput": "   "}).encode()),
        ("lone surrogate", both, b'{"chatInput": "\\ud800 oi", "sessionId": "s1"}'),
        ("NUL", both, json.dumps({**VALID, "chatInput": "o\u0000i"}).encode()),
        ("wrong type", both, json.dumps({**VALID, "chatInput": 12}).encode()),
        ("no content type", auth, body),
        ("text content type", {**auth, "Content-Type": "text/plain"}, body),
        ("json with charset", {**auth, "Content-Type": "application/json; charset=utf-8"}, body),
        ("vendor json", {**auth, "Content-Type": "application/vnd.x+json"}, body),
        ("empty key header", {**both, "Idempotency-Key": ""}, body),
        ("long key header", {**both, "Idempotency-Key": "k" * 256}, body),
        ("key header", {**both, "Idempotency-Key": "k-1"}, body),
        ("unknown app", both, json.dumps({**VALID, "app": "nope"}).encode()),
        ("valid", both, body),
    ]


def _comparable(response: httpx.Response) -> tuple[int, dict[str, str], object]:
    headers = {
        name: value
        for name, value in response.headers.items()
        if name in ("content-type", "retry-after", "www-authenticate")
    }
    if response.status_code == 200:  # a stream: its events' types (ids and times differ)
        lines = [json.loads(line) for line in response.text.splitlines() if line]
        return 200, headers, [event["type"] for event in lines]
    return response.status_code, headers, response.json()


async def _answers(direct: bool, calls: list[str]) -> list[tuple[int, dict[str, str], object]]:
    app, keys = make_server_app(rate_limit_burst=100, rate_limit_per_second=0.001)
    if not direct:
        app.dependency_overrides[_unused] = _unused
    answers = []
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        for index, (name, headers, body) in enumerate(_requests(keys.alice)):
            calls.clear()
            session = {"sessionId": f"s-{index}"}
            content = body.replace(b'"s1"', json.dumps(session["sessionId"]).encode())
            response = await client.post("/chat", headers=headers, content=content)
            answers.append((name, _comparable(response), bool(calls)))
        limiter = get_runtime_from(app).limiter
        answers.append(("tokens left", await limiter.buckets.take(
            f"{limiter.scope}:{keys.alice}", per_second=limiter.per_second,
            burst=limiter.burst, cost=0,
        ), None))  # fmt: skip
    return answers  # type: ignore[return-value]


def get_runtime_from(app):  # the runtime as routes see it
    class _Request:
        def __init__(self, app):
            self.app = app

    return get_runtime(_Request(app))  # type: ignore[arg-type]


def _unused() -> None:
    """A dependency no route uses: overriding it turns the direct path off, nothing else."""


async def test_direct_and_fastapi_answer_every_request_alike(monkeypatch):
    calls: list[str] = []
    solve = routing.solve_dependencies

    async def counted(*args, **kwargs):
        calls.append("solve")
        return await solve(*args, **kwargs)

    monkeypatch.setattr(routing, "solve_dependencies", counted)

    direct = await _answers(True, calls)
    fastapi = await _answers(False, calls)

    assert [a[:2] for a in direct] == [a[:2] for a in fastapi]
    statuses = {name: answer[0] for name, answer, _ in direct[:-1]}
    assert statuses["valid"] == statuses["key header"] == statuses["json with charset"] == 200
    assert statuses["no key"] == 401 and statuses["bad json"] == 422
    assert statuses["unknown app"] == 404
    # the direct path took every valid request itself, and FastAPI every other one (a body
    # that is not JSON FastAPI refuses before it solves anything)
    solved = {name for name, _, used in direct[:-1] if used}
    assert solved == {
        "not an object", "missing field", "empty message",
        "lone surrogate", "NUL", "wrong type", "no content type", "text content type",
        "vendor json", "empty key header", "long key header",
    }  # fmt: skip
    not_json = {"no key, bad body", "bad json"}
    assert {name for name, _, used in fastapi[:-1] if used} == {
        name for name, _, _ in fastapi[:-1]
    } - not_json


@pytest.mark.parametrize("key", ["k-1", None])
async def test_the_idempotency_key_reaches_the_turn(key, monkeypatch):
    """A retried message with the same key is one message: the direct path carries the header
    to the turn as FastAPI did."""
    app, keys = make_server_app()
    seen: list[object] = []
    headers = {"Authorization": f"Bearer {keys.alice}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        runtime = get_runtime_from(app)
        _, manager = runtime.app(None)
        stream = manager.stream

        def recording(*args, **kwargs):
            seen.append(kwargs.get("idempotency_key"))
            return stream(*args, **kwargs)

        monkeypatch.setattr(manager, "stream", recording)
        response = await client.post("/chat", headers=headers, json=VALID)
    assert response.status_code == 200 and seen == [key]
