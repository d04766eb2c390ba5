"""Message bus benchmark: in-process one-way throughput and request/response latency, and the
Redis Streams transport against a raw redis-py XADD/XREADGROUP/XACK round trip in the same run.

    .venv/bin/python bench/bus/bench_bus.py [--quick]

Throttling is a per-mission safety limit of 20 msg/s; the throughput runs raise it (otherwise they
measure the throttle's deliberate delay). Every other rule runs with its defaults.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import time
import uuid
from typing import Any

from redis.asyncio import Redis

from switchboard.bus import AgentContract, AgentKind, BusSettings, MessageBus, Operation, Priority
from switchboard.bus.transports.redis_streams import RedisStreamsTransport

REDIS_URL = "redis://127.0.0.1:6379"
SCHEMA = {"type": "object", "required": ["i"], "properties": {"i": {"type": "integer"}}}
FAST = BusSettings(throttle_max_rate=1e12)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def contract(name: str) -> AgentContract:
    return AgentContract(
        name=name, kind=AgentKind.EXECUTOR, operations=[Operation(name="op", request_schema=SCHEMA)]
    )


async def one_way(n: int, mission: bool) -> float:
    bus = MessageBus(settings=FAST)
    done = 0

    async def handler(ctx: Any) -> None:
        nonlocal done
        done += 1

    await bus.register(contract("sink"), handler)
    mission_id = None
    if mission:
        await bus.open_mission("m", "lead", token_budget=10**9, api_call_budget=10**9)
        mission_id = "m"
    send = bus.send
    start = time.perf_counter()
    for i in range(n):
        await send("lead", "sink", "op", {"i": i}, mission_id=mission_id)
        if i & 255 == 0:
            await asyncio.sleep(0)  # let the consumer run, as any real producer would
    while done < n:
        await asyncio.sleep(0)
    elapsed = time.perf_counter() - start
    await bus.close()
    return n / elapsed


async def request_response_in_process(n: int) -> tuple[float, float, float]:
    bus = MessageBus(settings=FAST)

    async def handler(ctx: Any) -> int:
        return ctx.parameters["i"]

    await bus.register(contract("echo"), handler)
    latencies = []
    start = time.perf_counter()
    for i in range(n):
        t0 = time.perf_counter()
        await bus.request("lead", "echo", "op", {"i": i})
        latencies.append(time.perf_counter() - t0)
    rate = n / (time.perf_counter() - start)
    await bus.close()
    return rate, pct(latencies, 0.5), pct(latencies, 0.99)


async def _drive(call, n: int, concurrency: int) -> tuple[float, float, float]:
    latencies: list[float] = []
    counter = iter(range(n))

    async def lane() -> None:
        for i in counter:
            t0 = time.perf_counter()
            await call(i)
            latencies.append(time.perf_counter() - t0)

    start = time.perf_counter()
    await asyncio.gather(*(lane() for _ in range(concurrency)))
    elapsed = time.perf_counter() - start
    return n / elapsed, pct(latencies, 0.5), pct(latencies, 0.99)


async def redis_bus(n: int, concurrency: int) -> tuple[float, float, float]:
    prefix = f"bench:{uuid.uuid4().hex[:8]}:"
    server = MessageBus(RedisStreamsTransport(REDIS_URL, prefix=prefix), settings=FAST)
    client = MessageBus(RedisStreamsTransport(REDIS_URL, prefix=prefix), settings=FAST)

    async def handler(ctx: Any) -> int:
        return ctx.parameters["i"]

    await server.register(contract("echo"), handler)
    await client.start()
    await client.request("lead", "echo", "op", {"i": -1})  # warm up
    result = await _drive(
        lambda i: client.request("lead", "echo", "op", {"i": i}, priority=Priority.NORMAL),
        n,
        concurrency,
    )
    await server.close()
    await client.close()
    await _cleanup(prefix)
    return result


async def redis_raw(n: int, concurrency: int) -> tuple[float, float, float]:
    """The floor: XADD request → XREADGROUP → XADD reply + XACK (one pipeline) → XREAD reply."""
    prefix = f"bench:{uuid.uuid4().hex[:8]}:"
    redis = Redis.from_url(REDIS_URL, max_connections=64)
    requests, replies = f"{prefix}req", f"{prefix}rep"
    await redis.xgroup_create(requests, "g", id="0", mkstream=True)
    waiting: dict[str, asyncio.Future[bytes]] = {}
    stop = False

    async def worker() -> None:
        while not stop:
            batches = await redis.xreadgroup("g", "w1", {requests: ">"}, count=128, block=50)
            for _, entries in batches or ():
                async with redis.pipeline(transaction=False) as pipe:
                    for entry_id, fields in entries:
                        pipe.xadd(replies, {"id": fields[b"id"], "body": fields[b"body"]})
                        pipe.xack(requests, "g", entry_id)
                    await pipe.execute()

    async def reader() -> None:
        last: Any = "0-0"
        while not stop:
            batches = await redis.xread({replies: last}, count=512, block=50)
            for _, entries in batches or ():
                for entry_id, fields in entries:
                    last = entry_id
                    future = waiting.pop(fields[b"id"].decode(), None)
                    if future is not None and not future.done():
                        future.set_result(fields[b"body"])

    tasks = [asyncio.create_task(worker()), asyncio.create_task(reader())]

    async def call(i: int) -> None:
        key = f"r{i}"
        future = asyncio.get_running_loop().create_future()
        waiting[key] = future
        await redis.xadd(requests, {"id": key, "body": b'{"i": %d}' % i})
        await future

    await call(-1)
    result = await _drive(call, n, concurrency)
    stop = True
    await asyncio.gather(*tasks)
    await redis.aclose()
    await _cleanup(prefix)
    return result


async def _cleanup(prefix: str) -> None:
    redis = Redis.from_url(REDIS_URL)
    keys = [k async for k in redis.scan_iter(match=prefix + "*", count=1000)]
    if keys:
        await redis.delete(*keys)
    await redis.aclose()


async def main(quick: bool, repeat: int) -> None:
    n_one_way = 100_000 if quick else 300_000
    n_rr = 5_000 if quick else 20_000
    n_redis = 1_000 if quick else 5_000
    print(f"python {platform.python_version()} on {platform.machine()}; best of {repeat} runs")
    best = max([await one_way(n_one_way, mission=False) for _ in range(repeat)])
    print(f"in-process one-way (no mission):            {best:>12,.0f} msg/s")
    best = max([await one_way(n_one_way, mission=True) for _ in range(repeat)])
    print(f"in-process one-way (mission: budget+progress): {best:>9,.0f} msg/s")
    runs = [await request_response_in_process(n_rr) for _ in range(repeat)]
    rate, p50, p99 = max(runs)
    print(
        f"in-process request/response sequential:     {rate:>12,.0f} rt/s  p50 {p50 * 1e6:.1f} us  "
        f"p99 {p99 * 1e6:.1f} us"
    )
    for concurrency in (1, 32):
        raw = max(
            [
                await redis_raw(n_redis // (4 if concurrency == 1 else 1), concurrency)
                for _ in range(repeat)
            ]
        )
        bus = max(
            [
                await redis_bus(n_redis // (4 if concurrency == 1 else 1), concurrency)
                for _ in range(repeat)
            ]
        )
        print(
            f"redis concurrency {concurrency:>2}: raw   {raw[0]:>8,.0f} rt/s  p50 {raw[1] * 1e3:.2f} ms  "
            f"p99 {raw[2] * 1e3:.2f} ms"
        )
        print(
            f"redis concurrency {concurrency:>2}: bus   {bus[0]:>8,.0f} rt/s  p50 {bus[1] * 1e3:.2f} ms  "
            f"p99 {bus[2] * 1e3:.2f} ms  -> {bus[0] / raw[0]:.2f}x raw"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main(args.quick, args.repeat))
