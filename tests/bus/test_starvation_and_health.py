"""Starvation rules and passive health metrics."""

from __future__ import annotations

import asyncio

from switchboard.bus import Flag, Priority, Reply, ResponseStatus

from .helpers import Recorder, contract, drive, settle, until


async def _busy_agent(bus):
    """An agent with one worker held by a notification that never ends until `release`."""
    release = asyncio.Event()
    handled: list[str] = []

    async def handle(ctx):
        if ctx.message.payload.objective == "block":
            await release.wait()
            return None
        handled.append(ctx.message.payload.objective)
        return "done"

    await bus.register(contract("busy", concurrency=1), Recorder(handle))
    await bus.send("lead", "busy", "work", {}, objective="block")
    await until(lambda: bus._workers["busy"].busy == 1)
    return release, handled


async def _starve(bus, clock, priority, forced_after):
    release, handled = await _busy_agent(bus)
    await bus.send("lead", "busy", "work", {}, objective="waiting", priority=priority)
    await until(lambda: len(bus.mailbox("busy")) == 1)
    await clock.advance(forced_after - 0.5)
    await settle()
    assert handled == []
    await drive(clock, lambda: handled == ["waiting"], step=0.5, limit=2)
    release.set()


async def test_starvation_critical_waiting_over_20s_processed_at_once(bus, clock):
    await _starve(bus, clock, Priority.CRITICAL, 20)


async def test_starvation_high_waiting_over_45s_processed_at_once(bus, clock):
    await _starve(bus, clock, Priority.HIGH, 45)


async def test_starvation_any_message_waiting_over_120s_processed(bus, clock):
    await _starve(bus, clock, Priority.LOW, 120)


async def test_starvation_forced_message_is_flagged(bus, clock):
    release, _ = await _busy_agent(bus)
    seen = []

    async def spy(ctx):
        seen.append(ctx.message.flags)

    await bus.register(contract("spy"), Recorder(spy))
    task = asyncio.create_task(
        bus.request("lead", "busy", "work", {}, priority=Priority.CRITICAL, timeout=300, retries=0)
    )
    await until(lambda: len(bus.mailbox("busy")) == 1)
    await drive(clock, task.done, step=0.5, limit=25)
    response = task.result()
    assert response.status is ResponseStatus.SUCCESS
    assert Flag.STARVATION_FORCED in response.flags
    release.set()


async def test_starvation_request_whose_sender_gave_up_fails_after_120s(bus, clock):
    release, handled = await _busy_agent(bus)
    task = asyncio.create_task(
        bus.request("lead", "busy", "work", {}, objective="late", timeout=60, retries=0)
    )
    await until(lambda: len(bus.mailbox("busy")) == 1)
    await drive(clock, task.done, step=0.5, limit=61)
    assert task.result().status is ResponseStatus.TIMEOUT  # the sender moved on at 60 s
    await drive(clock, lambda: bus.agent_health()["busy"].starved == 1, step=0.5, limit=62)
    assert len(bus.mailbox("busy")) == 0
    release.set()
    await settle()
    assert handled == []  # never executed: failed with message_starved instead


async def test_health_tracks_latency_success_rate_load_and_fallback_usage(bus, clock):
    gate = asyncio.Event()
    asleep: list[float] = []

    async def handle(ctx):
        if ctx.parameters.get("fail"):
            raise RuntimeError("no")
        if ctx.parameters.get("wait"):
            await gate.wait()
        seconds = ctx.parameters.get("seconds", 0)
        asleep.append(seconds)  # the sleep below starts in this same step
        await clock.sleep(seconds)
        return Reply(data="ok")

    await bus.register(contract("math"), Recorder(handle))
    for seconds in (2, 4):
        task = asyncio.create_task(bus.request("lead", "math", "work", {"seconds": seconds}))
        # Exactly `seconds` of clock time while the handler sleeps, and none after: stepping the
        # clock until the request is done could step again while the reply crosses Redis, before
        # the dispatcher takes the handler's end time.
        await until(lambda seconds=seconds: asleep[-1:] == [seconds])
        await clock.advance(seconds)
        await until(task.done)
    await bus.request("lead", "math", "work", {"fail": True}, retries=0)
    blocked = asyncio.create_task(bus.request("lead", "math", "work", {"wait": True}))
    await until(lambda: bus.agent_health()["math"].load == 1)
    health = bus.agent_health()["math"]
    assert health.executions == 3
    assert health.success_rate == 2 / 3
    assert health.mean_latency == 2.0  # (2 + 4 + 0) / 3
    assert health.load == 1
    gate.set()
    await blocked
    assert bus.agent_health()["math"].load == 0


async def test_health_window_keeps_last_100_executions(make_bus):
    bus = await make_bus(
        health_window=100, breaker_consecutive_failures=1000, breaker_failure_ratio=1.0
    )

    async def handle(ctx):
        if ctx.parameters["i"] < 20:
            raise RuntimeError("early failures")
        return "ok"

    await bus.register(contract("math"), Recorder(handle))
    for i in range(120):
        await bus.request("lead", "math", "work", {"i": i}, retries=0, priority=Priority.HIGH)
    health = bus.agent_health()["math"]
    assert health.executions == 100 and health.success_rate == 1.0


async def test_health_is_passive_and_never_diverts_traffic(bus):
    failures = {"left": 4}

    async def handle(ctx):
        if failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("bad streak")
        return "ok"

    await bus.register(contract("shaky", fallbacks=("backup",)), Recorder(handle))
    backup = Recorder()
    await bus.register(contract("backup"), backup)
    for _ in range(4):
        await bus.request("lead", "shaky", "work", {}, retries=0)
    assert bus.agent_health()["shaky"].success_rate == 0.0
    response = await bus.request("lead", "shaky", "work", {}, retries=0)  # still routed to shaky
    assert response.status is ResponseStatus.SUCCESS and response.sender == "shaky"
    assert backup.seen == []
