"""`request_soon` (a wave's calls without a task each) and the direct start of in-process
requests: the same rules and the same outcome as `request`, on both transports."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from switchboard.bus import (
    BreakerState,
    LoopDetectedError,
    Priority,
    Reply,
    ResponseStatus,
    SchemaMismatchError,
    UnknownMissionError,
)
from switchboard.bus.envelope import Message, MessageType, Tracing

from .helpers import Recorder, contract, until, with_lead


async def _spender(bus):
    async def spend(ctx):
        return Reply(data="ok", tokens=ctx.parameters.get("tokens", 0), api_calls=1)

    agent = Recorder(spend)
    await bus.register(contract("spender"), agent)
    return agent


async def test_a_wave_of_request_soon_is_answered_and_accounted_like_requests(bus):
    await with_lead(bus)
    spender = await _spender(bus)
    await bus.open_mission("m1", "lead", token_budget=1000, api_call_budget=10)
    futures = [
        bus.request_soon("lead", "spender", "work", {"tokens": 100}, mission_id="m1", retries=0)
        for _ in range(3)
    ]
    responses = await asyncio.gather(*futures)
    assert [r.status for r in responses] == [ResponseStatus.SUCCESS] * 3
    assert [r.data for r in responses] == ["ok"] * 3
    record = await bus.mission("m1")
    assert (record.tokens_used, record.api_calls_used) == (300, 3)
    assert len(spender.seen) == 3
    message = spender.seen[0].message
    assert message.tracing.mission_id == "m1" and message.tracing.call_path == ["lead"]
    assert message.retries_left == 0 and message.attempt == 1


async def test_request_soon_refusals_come_back_on_the_future(bus):
    await with_lead(bus)
    spender = await _spender(bus)
    await bus.open_mission("m1", "lead")
    with pytest.raises(SchemaMismatchError):
        await bus.request_soon("lead", "spender", "add", {"a": "x"}, mission_id="m1", retries=0)
    with pytest.raises(UnknownMissionError):
        await bus.request_soon("lead", "spender", "work", {}, mission_id="nope", retries=0)
    # a chain that already passed through the recipient three times is a loop
    path = ["spender", "lead", "spender", "lead", "spender", "lead"]
    parent = Message(
        message_id="p-1",
        sent_at=datetime.now(UTC),
        sender="lead",
        recipient="lead",
        type=MessageType.REQUEST,
        operation="work",
        tracing=Tracing(mission_id="m1", depth=len(path), call_path=path),
    )
    with pytest.raises(LoopDetectedError):
        await bus.request_soon("lead", "spender", "work", {}, retries=0, parent=parent)
    assert spender.seen == []


async def test_failed_direct_requests_open_the_breaker_and_notify_the_lead(bus):
    lead = await with_lead(bus)

    async def broken(ctx):
        raise RuntimeError("down")

    await bus.register(contract("flaky"), Recorder(broken))
    await bus.open_mission("m1", "lead")
    for _ in range(5):
        response = await bus.request_soon(
            "lead", "flaky", "work", {}, mission_id="m1", retries=0, priority=Priority.HIGH
        )
        assert response.status is ResponseStatus.TOTAL_FAILURE
        assert response.error is not None and response.error.code == "handler_failed"
    assert await bus.breaker_state("flaky") is BreakerState.OPEN
    await until(lambda: "circuit_opened" in lead.notice_kinds())


async def test_directly_started_handlers_hold_their_slots(make_bus):
    """max_concurrency holds when requests start directly and others queue behind them."""
    bus = await make_bus()
    release = asyncio.Event()
    running = 0
    peak = 0

    async def slow(ctx):
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await release.wait()
        running -= 1
        return "done"

    agent = Recorder(slow)
    await bus.register(contract("slow", concurrency=2), agent)
    tasks = [
        asyncio.ensure_future(bus.request("lead", "slow", "work", {}, retries=0)) for _ in range(3)
    ] + [bus.request_soon("lead", "slow", "work", {}, retries=0) for _ in range(2)]
    await until(lambda: len(agent.seen) == 2)
    for _ in range(20):
        await asyncio.sleep(0)
    assert running == 2 and len(agent.seen) == 2  # three wait in the queue
    release.set()
    responses = await asyncio.gather(*tasks)
    assert all(r.data == "done" for r in responses)
    assert peak == 2 and len(agent.seen) == 5


async def test_request_soon_with_retries_takes_the_full_path(bus):
    await with_lead(bus)
    calls = 0

    async def flaky(ctx):
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("once")
        return "ok"

    await bus.register(contract("flaky"), Recorder(flaky))
    future = bus.request_soon("lead", "flaky", "work", {}, retries=1)
    # retries: the backoff of the full path (1 s on the manual clock) is driven by the test
    clock = bus.clock
    for _ in range(200):
        if future.done():
            break
        await clock.advance(0.1)
        await asyncio.sleep(0.002)
    response = await future
    assert response.status is ResponseStatus.SUCCESS and calls == 2


async def test_on_done_is_called_once_whichever_path_answers(bus):
    await with_lead(bus)
    await _spender(bus)
    await bus.open_mission("m1", "lead")
    done: list[str] = []
    ok = bus.request_soon(
        "lead", "spender", "work", {}, mission_id="m1", retries=0, on_done=lambda: done.append("ok")
    )
    refused = bus.request_soon(
        "lead", "spender", "add", {"a": "x"}, retries=0, on_done=lambda: done.append("refused")
    )
    if bus._direct:  # in-process a refusal is known at once (elsewhere, in the task)
        assert done == ["refused"]
    retried = bus.request_soon(
        "lead", "spender", "work", {}, retries=1, on_done=lambda: done.append("task")
    )  # retries: the full path, in a task
    assert (await ok).ok and (await retried).ok
    with pytest.raises(SchemaMismatchError):
        await refused
    await until(lambda: len(done) == 3)
    assert sorted(done) == ["ok", "refused", "task"]
