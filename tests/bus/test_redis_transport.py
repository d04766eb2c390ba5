"""Redis-specific behaviour: garbage on a stream, contracts shared between processes' buses,
idempotent redelivery, and state agreed on by every bus instance."""

from __future__ import annotations

import asyncio
import json

from redis.asyncio import Redis

from switchboard.bus import BreakerState, BusSettings, MessageBus, Reply, ResponseStatus
from switchboard.bus.mailbox import Delivery
from switchboard.bus.transports.redis_streams import RedisStreamsTransport
from switchboard.core.clock import ManualClock

from .conftest import REDIS_URL, _cleanup
from .helpers import Recorder, contract


async def _pair(prefix: str, clock: ManualClock) -> tuple[MessageBus, MessageBus]:
    settings = BusSettings(redis_block_ms=20, redis_reclaim_interval=0.2)
    server = MessageBus(
        RedisStreamsTransport(REDIS_URL, prefix=prefix), settings=settings, clock=clock
    )
    client = MessageBus(
        RedisStreamsTransport(REDIS_URL, prefix=prefix), settings=settings, clock=clock
    )
    return await server.start(), await client.start()


async def test_garbage_on_agent_stream_answered_with_typed_error_and_serving_continues(
    prefix, clock
):
    server, client = await _pair(prefix, clock)
    try:
        await server.register(contract("math"), Recorder())
        waiter = asyncio.get_running_loop().create_future()
        client._pending["ext-1"] = waiter
        redis = Redis.from_url(REDIS_URL)
        await redis.xadd(
            f"{prefix}stream:math",
            {
                "m": json.dumps(
                    {"message_id": "ext-1", "reply_to": client.instance_id, "sender": "lead"}
                ),
                "r": 4,
                "t": 0,
            },
        )
        response = await asyncio.wait_for(waiter, 5)
        assert (
            response.status is ResponseStatus.TOTAL_FAILURE
            and response.error.code == "malformed_message"
        )
        assert (await client.request("lead", "math", "add", {"a": 2, "b": 2})).data == 4
        assert (await redis.xpending(f"{prefix}stream:math", "math"))["pending"] == 0
        await redis.aclose()
    finally:
        await server.close()
        await client.close()
        await _cleanup(prefix)


async def test_contract_registered_by_one_process_validates_requests_in_another(prefix, clock):
    server, client = await _pair(prefix, clock)
    try:
        await server.register(contract("math"), Recorder())
        assert (await client.request("lead", "math", "add", {"a": 40, "b": 2})).data == 42
    finally:
        await server.close()
        await client.close()
        await _cleanup(prefix)


async def test_repeated_request_answered_from_idempotency_record_not_rerun(prefix, clock):
    server, client = await _pair(prefix, clock)
    try:
        math = Recorder()
        await server.register(contract("math"), math)
        first = await client.request("lead", "math", "add", {"a": 1, "b": 2})
        original = math.seen[0].message
        # A sender's retry of the same logical request (e.g. its response was lost): same key.
        redelivery = original.model_copy(update={"message_id": "again-1", "attempt": 2})
        waiter = asyncio.get_running_loop().create_future()
        client._pending["again-1"] = waiter
        await server.transport.deliver(
            "math", Delivery(redelivery, 4, 0.0)
        )  # (XAUTOCLAIM: test_multiprocess)
        replay = await asyncio.wait_for(waiter, 5)
        assert replay.data == first.data == 3 and replay.original_message_id == "again-1"
        assert len(math.seen) == 1  # the handler did not run twice
    finally:
        await server.close()
        await client.close()
        await _cleanup(prefix)


async def test_budget_and_breaker_state_are_shared_between_bus_instances(prefix, clock):
    server, client = await _pair(prefix, clock)
    other = MessageBus(RedisStreamsTransport(REDIS_URL, prefix=prefix), clock=clock)
    try:

        async def fail(ctx):
            raise RuntimeError("down")

        async def spend(ctx):
            return Reply(data="ok", tokens=30, api_calls=1)

        await server.register(contract("math"), Recorder(spend))
        await server.register(contract("broken"), Recorder(fail))
        await client.open_mission("m1", "lead", token_budget=100)
        await client.request("lead", "math", "add", {"a": 1, "b": 1}, mission_id="m1")
        for _ in range(5):
            await client.request("lead", "broken", "work", {}, retries=0)
        assert await other.breaker_state("broken") is BreakerState.OPEN
        status = await other.budget("m1")
        assert (status.tokens_used, status.api_calls_used, status.tokens_remaining) == (30, 1, 70)
    finally:
        await server.close()
        await client.close()
        await other.close()
        await _cleanup(prefix)


async def test_scripts_unknown_to_redis_are_loaded_and_run_on_the_spot(prefix, clock):
    """Admission, outcomes and replies are Lua scripts sent as EVALSHA without a per-flush SCRIPT
    EXISTS: a server that does not know one (NOSCRIPT) gets it loaded, and nothing is lost."""
    server, client = await _pair(prefix, clock)
    try:
        await server.register(contract("math"), Recorder())
        for bus in (server, client):
            for name in ("_hit", "_hit_xadd", "_outcome", "_reply"):
                getattr(bus.state, name).sha = (
                    "0" * 40
                )  # as after SCRIPT FLUSH, without flushing a shared server
        assert (await client.request("lead", "math", "add", {"a": 2, "b": 3})).data == 5
        assert (await client.request("lead", "math", "add", {"a": 1, "b": 1})).data == 2
        assert await client.breaker_state("math") is BreakerState.CLOSED
    finally:
        await server.close()
        await client.close()
        await _cleanup(prefix)


async def test_successes_recorded_without_waiting_keep_their_order_with_failures(prefix, clock):
    """Successes are queued (and merged) instead of awaited; the breaker's counters must read as if
    every outcome had been recorded one by one, in order."""
    server, client = await _pair(prefix, clock)
    try:
        state = client.state
        window = client.settings.breaker_window
        for _ in range(3):
            state.record_success_soon("math", window)
        assert await state.record_outcome("math", False, window) == (1, [False, True, True, True])
        state.record_success_soon("math", window)
        await state.record_success_soon("math", window)
        assert await state.record_outcome("math", False, window) == (
            1,
            [False, True, True, False, True, True, True][:window],
        )
    finally:
        await server.close()
        await client.close()
        await _cleanup(prefix)
