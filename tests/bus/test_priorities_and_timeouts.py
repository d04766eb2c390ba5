"""Priority order, per-message timeout, the executor's 80% internal deadline, retries with backoff."""

from __future__ import annotations

import asyncio
import itertools

from switchboard.bus import AgentKind, Priority, ResponseStatus

from .helpers import Recorder, contract, drive, settle, until


async def _blocked_agent(bus, name="slow"):
    """An agent with one worker, kept busy by a first notification until `release` is set."""
    release = asyncio.Event()
    order: list[str] = []

    async def handle(ctx):
        if ctx.message.payload.objective == "block":
            await release.wait()
            return
        order.append(ctx.message.payload.objective)
        return

    recorder = Recorder(handle)
    await bus.register(contract(name, concurrency=1), recorder)
    await bus.send("lead", name, "work", {}, objective="block")
    await until(lambda: len(recorder.notes) == 1)
    return release, order, recorder


async def test_priority_order_critical_high_normal_low(bus):
    release, order, _ = await _blocked_agent(bus)
    for priority in (Priority.LOW, Priority.NORMAL, Priority.HIGH, Priority.CRITICAL):
        await bus.send("lead", "slow", "work", {}, objective=priority.name, priority=priority)
    await until(lambda: len(bus.mailbox("slow")) == 4)
    release.set()
    await until(lambda: len(order) == 4)
    assert order == ["CRITICAL", "HIGH", "NORMAL", "LOW"]


async def test_coordinator_messages_outrank_executor_messages_at_equal_priority(bus):
    await bus.register(contract("boss", AgentKind.COORDINATOR), Recorder())
    await bus.register(contract("worker"), Recorder())
    release, order, _ = await _blocked_agent(bus)
    await bus.send("worker", "slow", "work", {}, objective="from-executor", priority=Priority.HIGH)
    await bus.send("boss", "slow", "work", {}, objective="from-coordinator", priority=Priority.HIGH)
    await bus.send(
        "boss", "slow", "work", {}, objective="coordinator-normal", priority=Priority.NORMAL
    )
    await until(lambda: len(bus.mailbox("slow")) == 3)
    release.set()
    await until(lambda: len(order) == 3)
    assert order == ["from-coordinator", "from-executor", "coordinator-normal"]


async def test_executor_internal_deadline_at_80_percent_of_timeout(bus, clock):
    async def slow(ctx):
        await clock.sleep(1000)

    math = Recorder(slow)
    await bus.register(contract("math"), math)
    start = clock.monotonic()
    task = asyncio.create_task(bus.request("lead", "math", "work", {}, timeout=10, retries=0))
    await until(lambda: len(math.seen) == 1)
    assert math.seen[0].deadline == start + 8.0
    await clock.advance(7.9)
    await settle()
    assert not task.done()
    await drive(clock, task.done, step=0.05, limit=1.0)
    response = task.result()
    assert response.status is ResponseStatus.TIMEOUT
    assert response.error.code == "handler_timeout"
    assert clock.monotonic() - start < 10


async def test_sender_timeout_returns_error_when_recipient_never_answers(bus, clock):
    release, _, _ = await _blocked_agent(bus)  # its only worker is busy: the request just waits
    start = clock.monotonic()
    task = asyncio.create_task(bus.request("lead", "slow", "work", {}, timeout=10, retries=0))
    await until(lambda: len(bus.mailbox("slow")) == 1)
    await clock.advance(9.9)
    await settle()
    assert not task.done()
    await clock.advance(0.2)
    await until(task.done)
    response = task.result()
    assert response.status is ResponseStatus.TIMEOUT
    assert response.error.code == "timeout"
    assert 10 <= clock.monotonic() - start <= 10.2
    release.set()


async def test_handler_ignoring_its_deadline_still_answers_timeout_at_80_percent(bus, clock):
    async def stubborn(ctx):
        try:
            await clock.sleep(1000)
        except asyncio.CancelledError:
            await asyncio.Event().wait()

    math = Recorder(stubborn)
    await bus.register(contract("math"), math)
    task = asyncio.create_task(bus.request("lead", "math", "work", {}, timeout=10, retries=0))
    await until(lambda: len(math.seen) == 1)
    await drive(clock, task.done, step=0.5, limit=9.5)
    assert task.result().error.code == "handler_timeout"


async def test_retries_with_exponential_backoff(bus, clock):
    times: list[float] = []

    async def flaky(ctx):
        times.append(clock.monotonic())
        if len(times) < 3:
            raise RuntimeError("temporarily down")
        return "ok"

    math = Recorder(flaky)
    await bus.register(contract("math"), math)
    task = asyncio.create_task(bus.request("lead", "math", "work", {}, retries=2))
    await drive(clock, task.done, step=0.25, limit=10, pause=0.03)
    response = task.result()
    assert response.status is ResponseStatus.SUCCESS and response.data == "ok"
    gaps = [round(b - a, 2) for a, b in itertools.pairwise(times)]
    # base 1 s, factor 2; on Redis the clock may move a step or two while an attempt crosses
    # the transport in real time (a loaded machine), never a whole backoff
    assert 1.0 <= gaps[0] <= 1.5 and 2.0 <= gaps[1] <= 2.5
    attempts = [ctx.message for ctx in math.seen]
    assert [m.attempt for m in attempts] == [1, 2, 3]
    assert [m.retries_left for m in attempts] == [2, 1, 0]
    assert len({m.idempotency_key for m in attempts}) == 1
    assert len({m.message_id for m in attempts}) == 3


async def test_failure_after_last_retry_returns_total_failure_with_error(bus, clock):
    async def broken(ctx):
        raise ValueError("boom")

    await bus.register(contract("math"), Recorder(broken))
    task = asyncio.create_task(bus.request("lead", "math", "work", {}, retries=1))
    # on Redis each attempt crosses the transport in real time: small steps with room for it
    # (a loaded machine once moved the clock past the retry's backoff before the first failure
    # landed, and the retry was due after the limit)
    await drive(clock, task.done, step=0.25, limit=20, pause=0.03)
    response = task.result()
    assert response.status is ResponseStatus.TOTAL_FAILURE
    assert response.error.code == "handler_failed" and "boom" in response.error.message
