from __future__ import annotations

import json
import socket
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from redis.asyncio import Redis

from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.events import parse_event
from switchboard.server import ServerSettings, create_app
from switchboard.server.auth import InMemoryApiKeyStore

from .demo import make_demo_manager

REDIS_URL = "redis://127.0.0.1:6379/0"
"""The Redis that `.ci/services` starts (the tests marked `redis`)."""


@pytest.fixture
async def redis_prefix() -> AsyncIterator[str]:
    """A key prefix of this test's own on the real Redis; its keys are deleted after it."""
    prefix = f"sb-test-server:{uuid.uuid4().hex}:"
    yield prefix
    redis = Redis.from_url(REDIS_URL)
    keys = [key async for key in redis.scan_iter(match=prefix + "*")]
    if keys:
        await redis.delete(*keys)
    await redis.aclose()


@dataclass
class Keys:
    store: InMemoryApiKeyStore
    alice: str
    bob: str

    def auth(self, key: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {key}"}


def run_now(coro):
    """Run a coroutine that never suspends (the in-memory stores), from sync or async code."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("coroutine suspended; use await")


def make_keys() -> Keys:
    store = InMemoryApiKeyStore()

    async def setup() -> tuple[str, str]:
        await store.create_user("alice")
        await store.create_user("bob")
        return (await store.create_key("alice"))[0], (await store.create_key("bob"))[0]

    alice, bob = run_now(setup())
    return Keys(store=store, alice=alice, bob=bob)


def make_server_app(
    *,
    clock: Clock = SYSTEM_CLOCK,
    keys: Keys | None = None,
    slow_seconds: float = 30.0,
    **settings: object,
) -> tuple[FastAPI, Keys]:
    keys = keys or make_keys()
    base = {
        "database_url": "memory://",
        "rate_limit_burst": 1000,
        "rate_limit_per_second": 1000.0,
        "auth_failure_burst": 1000,
    }
    base.update(settings)
    app = create_app(
        ServerSettings(**base),  # type: ignore[arg-type]
        apps={"demo": make_demo_manager(clock=clock, slow_seconds=slow_seconds)},
        clock=clock,
        key_store=keys.store,
    )
    return app, keys


@pytest.fixture
def server_app() -> tuple[FastAPI, Keys]:
    return make_server_app()


@pytest.fixture
async def client(server_app):
    app, _ = server_app
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as c:
        yield c


@pytest.fixture
def keys(server_app) -> Keys:
    return server_app[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def live_server(app: FastAPI) -> Iterator[str]:
    """Run `app` under uvicorn in a background thread; yield its base URL."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def ndjson_events(body: str) -> list:
    return [parse_event(line) for line in body.splitlines() if line.strip()]


def sse_events(body: str) -> list[tuple[str, dict]]:
    out = []
    for block in body.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "data" in fields:
            out.append((fields.get("event", ""), json.loads(fields["data"])))
    return out
