"""Per-session locks through Redis: one turn per session across processes, the lease renewed
while a turn runs (by a timer: no task per turn, issue 22.4) and released when it ends."""

from __future__ import annotations

import asyncio
import logging
import uuid

import pytest
from redis.asyncio import Redis

from switchboard.sessions.redis_locks import RedisSessionLocks, _Renewal
from switchboard.sessions.redis_scripts import lane

REDIS_URL = "redis://127.0.0.1:6379/0"


async def turns(count: int = 10) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


@pytest.mark.redis
async def test_a_session_is_held_by_one_process_at_a_time_and_released_after():
    prefix = f"test-lock-{uuid.uuid4().hex}:"
    first = RedisSessionLocks.from_url(REDIS_URL, prefix=prefix, lease_seconds=30)
    second = RedisSessionLocks.from_url(REDIS_URL, prefix=prefix, lease_seconds=30)
    order: list[str] = []
    inside = asyncio.Event()
    leave = asyncio.Event()

    async def hold_first() -> None:
        async with first.hold("s1"):
            order.append("first in")
            inside.set()
            await leave.wait()
            order.append("first out")

    async def hold_second() -> None:
        await inside.wait()
        async with second.hold("s1"):
            order.append("second in")

    try:
        running = asyncio.gather(hold_first(), hold_second())
        await inside.wait()
        await turns()
        assert order == ["first in"]  # the other process waits for the session
        leave.set()
        await asyncio.wait_for(running, 10)
        assert order == ["first in", "first out", "second in"]
        redis = Redis.from_url(REDIS_URL)
        assert await redis.exists(prefix + "s1") == 0  # released, not left to expire
        await redis.aclose()
    finally:
        await first.aclose()
        await second.aclose()


class FakeLock:
    def __init__(self, fail_after: int | None = None) -> None:
        self.renewals = 0
        self.fail_after = fail_after

    async def reacquire(self) -> None:
        self.renewals += 1
        if self.fail_after is not None and self.renewals > self.fail_after:
            raise RuntimeError("lock lost")


async def test_the_lease_is_renewed_until_the_turn_ends():
    lock = FakeLock()
    renewal = _Renewal(lock, "s1", every=0)  # due at once, again and again
    await turns()
    assert lock.renewals >= 2
    renewal.cancel()
    renewed = lock.renewals
    await turns()
    assert lock.renewals == renewed


async def test_a_lost_lock_is_reported_and_no_longer_renewed(caplog):
    lock = FakeLock(fail_after=1)
    with caplog.at_level(logging.WARNING, logger="switchboard.sessions.redis_locks"):
        renewal = _Renewal(lock, "s1", every=0)
        await turns()
    assert lock.renewals == 2
    assert "session lock lost mid-turn" in caplog.text
    renewal.cancel()


async def test_a_turn_that_ends_before_the_first_renewal_starts_no_task():
    lock = FakeLock()
    tasks = len(asyncio.all_tasks())
    renewal = _Renewal(lock, "s1", every=60)
    assert len(asyncio.all_tasks()) == tasks
    renewal.cancel()
    await turns()
    assert lock.renewals == 0


@pytest.mark.redis
async def test_a_lock_lost_mid_turn_is_reported_and_its_new_holder_keeps_it(caplog):
    prefix = f"test-lock-{uuid.uuid4().hex}:"
    locks = RedisSessionLocks.from_url(REDIS_URL, prefix=prefix, lease_seconds=30)
    redis = Redis.from_url(REDIS_URL)
    try:
        with caplog.at_level(logging.WARNING, logger="switchboard.sessions.redis_locks"):
            async with locks.hold("s1"):
                # the lease ran out and another process took the session: the release must
                # neither delete its lock nor fail the turn, which was already saved
                await redis.set(prefix + "s1", "another holder")
        assert await redis.get(prefix + "s1") == b"another holder"
        assert "session lock expired before the turn ended" in caplog.text
    finally:
        await redis.delete(prefix + "s1")
        await redis.aclose()
        await locks.aclose()


@pytest.mark.redis
async def test_lock_tokens_are_not_uuid1(monkeypatch):
    """`uuid1()` asks the uuidd socket (three system calls) on every turn."""

    def no_uuid1(*_: object) -> None:
        raise AssertionError("uuid1 called")

    monkeypatch.setattr(uuid, "uuid1", no_uuid1)
    prefix = f"test-lock-{uuid.uuid4().hex}:"
    locks = RedisSessionLocks.from_url(REDIS_URL, prefix=prefix, lease_seconds=30)
    redis = Redis.from_url(REDIS_URL)
    try:
        async with locks.hold("s1"):
            first = await redis.get(prefix + "s1")
        async with locks.hold("s1"):
            second = await redis.get(prefix + "s1")
        assert first and second and first != second
    finally:
        await redis.aclose()
        await locks.aclose()


class SilentRedis:
    """A TCP server that accepts connections and reads commands but never answers: a Redis
    that hangs (stopped, or a partition that drops replies)."""

    async def __aenter__(self) -> str:
        self._server = await asyncio.start_server(self._swallow, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        return f"redis://127.0.0.1:{port}/0"

    async def _swallow(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while await reader.read(65536):
            pass
        writer.close()

    async def __aexit__(self, *exc: object) -> None:
        self._server.close()


async def test_a_redis_that_stops_answering_fails_each_turn_command_within_its_timeout():
    """The turn's Redis client has no socket timeout (redis-py would send every command under
    `asyncio.wait_for`, a task per command: issue 22.4); each command is bounded instead, so a
    hung Redis still fails the lock and the rate limit as an outage, never a hang."""
    from switchboard.core.clock import SYSTEM_CLOCK
    from switchboard.server.admission import TurnAdmission
    from switchboard.server.dependencies import is_unavailable
    from switchboard.server.rate_limit import RateLimiter, RedisBuckets

    async with SilentRedis() as url:
        locks = RedisSessionLocks.from_url(url, command_timeout=0.2)
        buckets = RedisBuckets.from_url(url, clock=SYSTEM_CLOCK)
        buckets.command_timeout = 0.2
        assert locks._redis.connection_pool.connection_kwargs["socket_timeout"] is None
        try:
            with pytest.raises(TimeoutError) as lock_failed:
                await asyncio.wait_for(locks.hold("s1").__aenter__(), 5)
            with pytest.raises(TimeoutError) as take_failed:
                await asyncio.wait_for(buckets.take("u", per_second=1, burst=1), 5)
            assert is_unavailable(lock_failed.value) and is_unavailable(take_failed.value)
            # the token and the lock in one script, on the turn's own connections
            limiter = RateLimiter(buckets, per_second=1, burst=1, scope="user")
            with pytest.raises(TimeoutError) as both_failed:
                await asyncio.wait_for(
                    locks.hold("s1", TurnAdmission(limiter, "u")).__aenter__(), 5
                )
            assert is_unavailable(both_failed.value)
            assert lane(locks._redis)._idle == []  # the cut-off connection is not reused
        finally:
            await locks.aclose()
            await buckets.aclose()


@pytest.mark.redis
async def test_a_turn_cancelled_while_it_releases_its_session_still_releases_it():
    """A client that leaves right after `done` cancels the turn's task, possibly while the
    release is on its way to Redis: the release still happens (the session does not wait out
    its lease), though it runs in the turn's own task (no task per turn, issue 22.4)."""
    prefix = f"test-lock-{uuid.uuid4().hex}:"
    locks = RedisSessionLocks.from_url(REDIS_URL, prefix=prefix, lease_seconds=30)
    scripts = lane(locks._redis)  # the release goes through the turn's lane
    real_run = scripts.run
    releasing = asyncio.Event()
    gate = asyncio.Event()
    calls = 0

    async def slow_run(script, keys, args):
        nonlocal calls
        if script is locks._release:
            calls += 1
            if calls == 1:  # the first try is cut off by the cancellation
                releasing.set()
                await gate.wait()
        return await real_run(script, keys, args)

    scripts.run = slow_run  # type: ignore[method-assign]
    redis = Redis.from_url(REDIS_URL)

    async def turn() -> None:
        async with locks.hold("s1"):
            assert await redis.exists(prefix + "s1") == 1

    try:
        running = asyncio.create_task(turn())
        await releasing.wait()
        running.cancel()
        with pytest.raises(asyncio.CancelledError):
            await running
        gate.set()
        for _ in range(200):
            if await redis.exists(prefix + "s1") == 0:
                break
            await asyncio.sleep(0.01)
        assert await redis.exists(prefix + "s1") == 0
    finally:
        await redis.aclose()
        await locks.aclose()
