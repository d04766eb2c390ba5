"""A `/chat` request's rate-limit token, taken by its turn with the session lock (issue 22.4):
one Redis script for both when they share a Redis, and the limiter's and the lock's guarantees
unchanged — one token per request, a refused request neither waits for nor locks its session
nor reads anything, a request that fails early still pays its token."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis

from switchboard.core.clock import ManualClock
from switchboard.server.admission import TurnAdmission
from switchboard.server.errors import RateLimitedError
from switchboard.server.rate_limit import (
    TAKE_AND_LOCK_LUA,
    MemoryBuckets,
    RateLimiter,
    RedisBuckets,
)
from switchboard.sessions.locks import SessionLocks
from switchboard.sessions.redis_locks import RELEASE_LUA, RedisSessionLocks
from switchboard.sessions.redis_scripts import lane

from .conftest import REDIS_URL, make_server_app, ndjson_events


@pytest.fixture
def prefix(redis_prefix: str) -> str:
    return redis_prefix


def counted(client: Any) -> list[str]:
    """Record the commands `client` sends (one round trip each): through redis-py, and through
    the turn's script lane on connections of its own (`sessions/redis_scripts.py`)."""
    commands: list[str] = []
    execute = client.execute_command

    async def counting(*args: Any, **options: Any) -> Any:
        commands.append(str(args[0]))
        return await execute(*args, **options)

    client.execute_command = counting
    scripts = lane(client)
    send = scripts._send

    async def counting_lane(connection: Any, *command: Any) -> Any:
        commands.append(str(command[0]))
        return await send(connection, *command)

    scripts._send = counting_lane  # type: ignore[method-assign]
    return commands


def redis_setup(prefix: str, burst: int) -> tuple[RedisBuckets, RateLimiter, RedisSessionLocks]:
    buckets = RedisBuckets.from_url(REDIS_URL, clock=ManualClock(), prefix=prefix + "rl:")
    limiter = RateLimiter(buckets, per_second=0.001, burst=burst, scope="user")
    locks = RedisSessionLocks.from_url(REDIS_URL, prefix=prefix + "lock:", lease_seconds=30)
    return buckets, limiter, locks


@pytest.mark.redis
async def test_a_turn_takes_its_token_and_its_lock_in_one_round_trip(prefix):
    buckets, limiter, locks = redis_setup(prefix, burst=5)
    redis = Redis.from_url(REDIS_URL)
    for script in (TAKE_AND_LOCK_LUA, RELEASE_LUA):  # loaded: no NOSCRIPT retry to count
        await redis.script_load(script)
    lock_commands, bucket_commands = counted(locks._redis), counted(buckets.redis)
    try:
        async with locks.hold("s1", TurnAdmission(limiter, "alice")):
            assert len(lock_commands) == 1  # the token and the lock: one script
            assert await redis.exists(prefix + "lock:s1") == 1
            tokens = await redis.hget(prefix + "rl:user:alice", "t")
            assert float(tokens) == pytest.approx(4, abs=0.01)  # one token taken
        assert len(lock_commands) == 2  # + the release
        assert bucket_commands == []
        assert await redis.exists(prefix + "lock:s1") == 0
    finally:
        await redis.aclose()
        await buckets.aclose()
        await locks.aclose()


@pytest.mark.redis
async def test_a_refused_turn_neither_locks_nor_enters_its_session(prefix):
    buckets, limiter, locks = redis_setup(prefix, burst=1)
    redis = Redis.from_url(REDIS_URL)
    entered = []
    try:
        await limiter.check("alice")  # the only token
        with pytest.raises(RateLimitedError) as refused:
            async with locks.hold("s1", TurnAdmission(limiter, "alice")):
                entered.append(True)
        assert refused.value.retry_after >= 1
        assert entered == []
        assert await redis.exists(prefix + "lock:s1") == 0
        assert len(locks) == 0  # the local lock too
    finally:
        await redis.aclose()
        await buckets.aclose()
        await locks.aclose()


@pytest.mark.redis
async def test_waiting_for_a_session_held_elsewhere_takes_one_token(prefix):
    buckets, limiter, first = redis_setup(prefix, burst=2)
    second = RedisSessionLocks.from_url(REDIS_URL, prefix=prefix + "lock:", lease_seconds=30)
    order: list[str] = []
    inside, leave = asyncio.Event(), asyncio.Event()

    async def hold_first() -> None:
        async with first.hold("s1"):
            inside.set()
            await leave.wait()
            order.append("first out")

    async def hold_second() -> None:
        await inside.wait()
        async with second.hold("s1", TurnAdmission(limiter, "alice")):
            order.append("second in")

    try:
        running = asyncio.gather(hold_first(), hold_second())
        await inside.wait()
        await asyncio.sleep(0.1)  # the second process polls the lock a few times
        assert order == []
        leave.set()
        await asyncio.wait_for(running, 10)
        assert order == ["first out", "second in"]
        await limiter.check("alice")  # the second token: polling took none
        with pytest.raises(RateLimitedError):
            await limiter.check("alice")
    finally:
        await buckets.aclose()
        await first.aclose()
        await second.aclose()


@pytest.mark.redis
async def test_a_turn_behind_another_of_this_process_is_refused_before_it_waits(prefix):
    buckets, limiter, locks = redis_setup(prefix, burst=1)
    await limiter.check("alice")  # the only token
    inside, leave = asyncio.Event(), asyncio.Event()

    async def hold() -> None:
        async with locks.hold("s1"):
            inside.set()
            await leave.wait()

    holder = asyncio.create_task(hold())
    try:
        await inside.wait()
        with pytest.raises(RateLimitedError):  # at once, not after the holder leaves
            await asyncio.wait_for(
                locks.hold("s1", TurnAdmission(limiter, "alice")).__aenter__(), 2
            )
    finally:
        leave.set()
        await holder
        await buckets.aclose()
        await locks.aclose()


async def test_in_process_locks_settle_the_admission_before_waiting():
    limiter = RateLimiter(MemoryBuckets(ManualClock()), per_second=0.001, burst=1, scope="user")
    await limiter.check("alice")
    locks = SessionLocks()
    async with locks.hold("s1"):
        with pytest.raises(RateLimitedError):  # would wait forever behind the holder otherwise
            await asyncio.wait_for(
                locks.hold("s1", TurnAdmission(limiter, "alice")).__aenter__(), 2
            )
    assert len(locks) == 0


async def chat(client: httpx.AsyncClient, auth: dict[str, str], body: dict[str, Any]) -> Any:
    return await client.post("/chat", json=body, headers=auth)


async def test_chat_over_the_limit_is_429_and_the_message_is_not_stored():
    clock = ManualClock()
    app, keys = make_server_app(clock=clock, rate_limit_burst=2, rate_limit_per_second=0.01)
    alice = keys.auth(keys.alice)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        first = await chat(client, alice, {"chatInput": "oi", "sessionId": "s1"})
        assert ndjson_events(first.text)[-1].type == "done"
        second = await chat(client, alice, {"chatInput": "de novo", "sessionId": "s1"})
        assert ndjson_events(second.text)[-1].type == "done"
        refused = await chat(client, alice, {"chatInput": "mais uma", "sessionId": "s1"})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) >= 1
        await clock.advance(1000)
        history = await client.get("/sessions/s1/messages", headers=keys.auth(keys.alice))
    texts = [m["content"] for m in history.json()["messages"] if m["role"] == "user"]
    assert texts == ["oi", "de novo"]


@pytest.mark.parametrize(
    "body",
    [
        {"chatInput": "oi"},  # no sessionId: refused by the schema, before the route
        {"chatInput": "   ", "sessionId": "s1"},  # an empty message: refused in the route
    ],
)
async def test_a_chat_request_refused_early_still_takes_its_token(body):
    app, keys = make_server_app(clock=ManualClock(), rate_limit_burst=2, rate_limit_per_second=0.01)
    alice = keys.auth(keys.alice)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        assert (await chat(client, alice, body)).status_code == 422
        assert (await chat(client, alice, body)).status_code == 422
        assert (await chat(client, alice, body)).status_code == 429  # the 429 wins, as before
        assert (await client.get("/sessions", headers=alice)).status_code == 429
