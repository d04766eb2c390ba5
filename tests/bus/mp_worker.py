"""A worker process for the multi-process test: serves the `counter` executor over Redis.

The handler applies its effect (INCR) guarded by the request's idempotency key, atomically. The
first worker to handle a request marks itself the victim and hangs (before or after the effect,
as MP_KILL_POINT says) so that the test can SIGKILL it mid-request.

Usage: python mp_worker.py REDIS_URL PREFIX KILL_POINT
"""

from __future__ import annotations

import asyncio
import os
import sys

from redis.asyncio import Redis

from switchboard.bus import AgentContract, AgentKind, BusSettings, MessageBus, Operation, Reply
from switchboard.bus.transports.redis_streams import RedisStreamsTransport

GUARDED_INCR = """
if redis.call('SET', KEYS[1], 1, 'NX') then return redis.call('INCR', KEYS[2]) end
return tonumber(redis.call('GET', KEYS[2]))
"""


async def main(url: str, prefix: str, kill_point: str) -> None:
    redis = Redis.from_url(url)
    incr = redis.register_script(GUARDED_INCR)
    settings = BusSettings(
        redis_block_ms=50, redis_reclaim_idle_ms=1000, redis_reclaim_interval=0.2
    )
    bus = MessageBus(RedisStreamsTransport(url, prefix=prefix), settings=settings)

    async def hang_if_victim() -> None:
        if await redis.set(f"{prefix}victim", os.getpid(), nx=True):
            await asyncio.sleep(3600)  # killed here by the test

    async def handle(ctx):
        if kill_point == "before_effect":
            await hang_if_victim()
        count = await incr(keys=[f"{prefix}effect:{ctx.idempotency_key}", f"{prefix}counter"])
        if kill_point == "after_effect":
            await hang_if_victim()
        return Reply(data={"count": int(count), "pid": os.getpid()})

    await bus.register(
        AgentContract(name="counter", kind=AgentKind.EXECUTOR, operations=[Operation(name="incr")]),
        handle,
    )
    await redis.sadd(f"{prefix}ready", os.getpid())
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3]))
