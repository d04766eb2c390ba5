"""Two worker processes serve one executor over Redis; the one handling a request is SIGKILLed;
the other reclaims the pending message and completes it: exactly one effect, nothing lost."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from redis.asyncio import Redis

from switchboard.bus import BusSettings, MessageBus, ResponseStatus
from switchboard.bus.transports.redis_streams import RedisStreamsTransport

from .conftest import REDIS_URL, _cleanup

WORKER = Path(__file__).with_name("mp_worker.py")


async def _wait_for(probe, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = await probe()
        if value:
            return value
        await asyncio.sleep(0.02)
    raise AssertionError("timed out waiting for the workers")


@pytest.mark.parametrize("kill_point", ["after_effect", "before_effect"])
async def test_killed_worker_request_completed_by_the_other_exactly_once(prefix, kill_point):
    redis = Redis.from_url(REDIS_URL)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    workers = [
        subprocess.Popen([sys.executable, str(WORKER), REDIS_URL, prefix, kill_point], env=env)
        for _ in range(2)
    ]
    bus = MessageBus(
        RedisStreamsTransport(REDIS_URL, prefix=prefix), settings=BusSettings(redis_block_ms=50)
    )
    try:
        await _wait_for(lambda: _count_ready(redis, prefix))
        await bus.start()
        request = asyncio.create_task(
            bus.request("orchestrator", "counter", "incr", {}, timeout=30, retries=0)
        )
        victim = int(await _wait_for(lambda: redis.get(f"{prefix}victim")))
        assert victim in {w.pid for w in workers}
        os.kill(victim, signal.SIGKILL)
        response = await asyncio.wait_for(request, 20)
        assert response.status is ResponseStatus.SUCCESS
        assert response.data["pid"] != victim  # completed by the survivor
        assert response.data["count"] == 1
        assert int(await redis.get(f"{prefix}counter")) == 1  # exactly one effect
        pending = await redis.xpending(f"{prefix}stream:counter", "counter")
        assert pending["pending"] == 0  # nothing left behind
        # the survivor keeps serving new requests
        again = await bus.request("orchestrator", "counter", "incr", {}, timeout=10, retries=0)
        assert again.data["count"] == 2
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
            worker.wait(5)
        await bus.close()
        await redis.aclose()
        await _cleanup(prefix)


async def _count_ready(redis: Redis, prefix: str) -> bool:
    return await redis.scard(f"{prefix}ready") == 2
