"""The bus behavioural suite runs every rule on both transports (in-process and Redis Streams),
with a ManualClock: rules are timed by advancing the clock, never by sleeping."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from redis.asyncio import Redis

from switchboard.bus import BusSettings, MessageBus
from switchboard.bus.transports.in_process import InProcessTransport
from switchboard.bus.transports.redis_streams import RedisStreamsTransport
from switchboard.core.clock import ManualClock

REDIS_URL = "redis://127.0.0.1:6379"


@pytest.fixture(params=["in_process", "redis"])
def transport_name(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def prefix() -> str:
    return f"sbtest:{uuid.uuid4().hex[:12]}:"


async def _cleanup(prefix: str) -> None:
    redis = Redis.from_url(REDIS_URL)
    keys = [key async for key in redis.scan_iter(match=prefix + "*", count=1000)]
    if keys:
        await redis.delete(*keys)
    await redis.aclose()


@pytest.fixture
async def make_bus(
    transport_name: str, clock: ManualClock, prefix: str
) -> AsyncIterator[Callable[..., Awaitable[MessageBus]]]:
    buses: list[MessageBus] = []

    async def factory(**settings: Any) -> MessageBus:
        options = {"redis_block_ms": 20, "redis_reclaim_interval": 0.2, **settings}
        transport = (
            InProcessTransport()
            if transport_name == "in_process"
            else RedisStreamsTransport(REDIS_URL, prefix=prefix)
        )
        bus = MessageBus(transport, settings=BusSettings(**options), clock=clock)
        await bus.start()
        buses.append(bus)
        return bus

    yield factory
    for bus in buses:
        await bus.close()
    if transport_name == "redis":
        await _cleanup(prefix)


@pytest.fixture
async def bus(make_bus: Callable[..., Awaitable[MessageBus]]) -> MessageBus:
    return await make_bus()
