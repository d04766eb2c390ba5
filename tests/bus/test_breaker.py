"""Circuit breaker per agent, with the contract's fallback."""

from __future__ import annotations

import asyncio

import pytest

from switchboard.bus import BreakerState, CircuitOpenError, Flag, Priority, ResponseStatus

from .helpers import Recorder, contract, until, with_lead


class Switch:
    """A handler whose outcome the test sets: True succeeds, False fails."""

    def __init__(self, name: str, ok: bool = False) -> None:
        self.name = name
        self.ok = ok
        self.recorder = Recorder(self._handle)

    async def _handle(self, ctx):
        if not self.ok:
            raise RuntimeError(f"{self.name} down")
        return f"{self.name} ok"

    @property
    def calls(self) -> int:
        return len(self.recorder.seen)


async def _setup(bus, *, fallbacks=("backup",), backup_ok=True):
    lead = await with_lead(bus)
    flaky, backup = Switch("flaky"), Switch("backup", ok=backup_ok)
    await bus.register(contract("flaky", fallbacks=fallbacks), flaky.recorder)
    await bus.register(contract("backup"), backup.recorder)
    await bus.open_mission("m1", "lead")
    return lead, flaky, backup


async def _call(bus):
    # HIGH: cooldowns idle the mission past the no-progress limit, which only NORMAL/LOW feel.
    return await bus.request(
        "lead", "flaky", "work", {}, mission_id="m1", retries=0, priority=Priority.HIGH
    )


async def _open(bus, flaky):
    for _ in range(5):
        response = await _call(bus)
        assert response.status is ResponseStatus.TOTAL_FAILURE
    assert await bus.breaker_state("flaky") is BreakerState.OPEN
    assert flaky.calls == 5


async def test_breaker_opens_after_5_consecutive_failures(bus):
    lead, _, _ = await _setup(bus)
    for _ in range(4):
        await _call(bus)
    assert await bus.breaker_state("flaky") is BreakerState.CLOSED
    await _call(bus)
    assert await bus.breaker_state("flaky") is BreakerState.OPEN
    await until(lambda: "circuit_opened" in lead.notice_kinds())


async def test_breaker_opens_above_50_percent_failures_in_last_10_attempts(bus):
    _, flaky, _ = await _setup(bus)
    pattern = [False, True, False, True, False, True, False, False, True, False]  # never 5 in a row
    for i, ok in enumerate(pattern):
        flaky.ok = ok
        await _call(bus)
        expected = BreakerState.OPEN if i == 9 else BreakerState.CLOSED  # 6/10 failed on the 10th
        assert await bus.breaker_state("flaky") is expected, i


async def test_breaker_stays_closed_at_exactly_50_percent(bus):
    _, flaky, _ = await _setup(bus)
    for ok in [False, True] * 5:
        flaky.ok = ok
        await _call(bus)
    assert await bus.breaker_state("flaky") is BreakerState.CLOSED


async def test_breaker_open_redirects_to_fallback_flagged_and_notifies_coordinator(bus):
    lead, flaky, backup = await _setup(bus)
    await _open(bus, flaky)
    response = await _call(bus)
    assert response.status is ResponseStatus.SUCCESS_VIA_FALLBACK
    assert response.data == "backup ok" and response.payload.fallback_used == "backup"
    assert flaky.calls == 5 and backup.calls == 1
    assert Flag.FALLBACK_BY_BREAKER in backup.recorder.seen[0].message.flags
    await until(lambda: "fallback_used" in lead.notice_kinds())
    note = next(n for n in lead.notes if n.message.payload.objective == "fallback_used").message
    assert note.payload.context["detail"] == {
        "agent": "flaky",
        "fallback": "backup",
        "message_id": note.payload.context["detail"]["message_id"],
    }


async def test_breaker_open_fallback_failing_too_returns_the_error(bus):
    _, flaky, backup = await _setup(bus, backup_ok=False)
    await _open(bus, flaky)
    response = await _call(bus)
    assert response.status is ResponseStatus.TOTAL_FAILURE
    assert response.error.code == "fallback_failed" and "backup down" in response.error.message
    assert response.payload.fallback_used == "backup"
    assert backup.calls == 1


async def test_breaker_open_without_fallback_fails_at_once(bus):
    _, flaky, _ = await _setup(bus, fallbacks=())
    await _open(bus, flaky)
    with pytest.raises(CircuitOpenError):
        await _call(bus)
    assert flaky.calls == 5


async def test_breaker_half_open_after_cooldown(bus, clock):
    _, flaky, backup = await _setup(bus)
    await _open(bus, flaky)
    await clock.advance(89)
    assert (await _call(bus)).status is ResponseStatus.SUCCESS_VIA_FALLBACK
    await clock.advance(1)
    flaky.ok = True
    response = await _call(bus)  # the single HALF-OPEN trial reaches the agent again
    assert response.status is ResponseStatus.SUCCESS and response.data == "flaky ok"
    assert Flag.HALF_OPEN_TRIAL in flaky.recorder.seen[-1].message.flags
    assert await bus.breaker_state("flaky") is BreakerState.CLOSED
    assert (await _call(bus)).data == "flaky ok"
    assert backup.calls == 1


async def test_breaker_half_open_lets_only_one_attempt_through(bus, clock):
    _, flaky, _ = await _setup(bus)
    await _open(bus, flaky)
    await clock.advance(90)
    gate = asyncio.Event()

    async def slow_success(ctx):
        await gate.wait()
        return "flaky ok"

    flaky.recorder._respond = slow_success
    trial = asyncio.create_task(_call(bus))
    await until(lambda: flaky.calls == 6)
    assert await bus.breaker_state("flaky") is BreakerState.HALF_OPEN
    other = await _call(bus)  # while the trial runs, others still go to the fallback
    assert other.status is ResponseStatus.SUCCESS_VIA_FALLBACK
    gate.set()
    assert (await trial).status is ResponseStatus.SUCCESS
    assert await bus.breaker_state("flaky") is BreakerState.CLOSED


async def test_breaker_half_open_failure_reopens_for_another_cooldown(bus, clock):
    _, flaky, _ = await _setup(bus)
    await _open(bus, flaky)
    await clock.advance(90)
    response = await _call(bus)  # trial fails
    assert response.status is ResponseStatus.TOTAL_FAILURE and flaky.calls == 6
    assert await bus.breaker_state("flaky") is BreakerState.OPEN
    await clock.advance(89)
    assert (await _call(bus)).status is ResponseStatus.SUCCESS_VIA_FALLBACK
    assert flaky.calls == 6
    await clock.advance(1)
    flaky.ok = True
    assert (await _call(bus)).status is ResponseStatus.SUCCESS
    assert await bus.breaker_state("flaky") is BreakerState.CLOSED


async def test_breaker_fallback_not_used_when_message_forbids_it(bus):
    _, flaky, backup = await _setup(bus)
    await _open(bus, flaky)
    with pytest.raises(CircuitOpenError):
        await bus.request(
            "lead", "flaky", "work", {}, mission_id="m1", retries=0, allow_fallback=False
        )
    assert backup.calls == 0
