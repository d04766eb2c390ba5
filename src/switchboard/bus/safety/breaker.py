"""Circuit breaker per agent (spec §4 and §7 Camada 4).

CLOSED → OPEN after `breaker_consecutive_failures` failures in a row, or when more than
`breaker_failure_ratio` of the last `breaker_window` attempts failed. OPEN sends callers to the
contract's fallback. After `breaker_cooldown` one caller wins the HALF-OPEN trial (a claim in the
state backend, so one trial across all processes): success closes, failure reopens for another
cooldown. State lives in the backend so every process routes the same way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from enum import Enum

from switchboard.bus.settings import BusSettings
from switchboard.bus.state.base import BreakerRecord, BreakerState, StateBackend

log = logging.getLogger(__name__)


def _log_failure(future: asyncio.Future[object]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("bus: recording a breaker success failed: %r", future.exception())


class Route(Enum):
    PASS = "pass"
    TRIAL = "trial"
    """This caller carries the single HALF-OPEN test."""
    BLOCKED = "blocked"


class CircuitBreaker:
    def __init__(
        self, settings: BusSettings, state: StateBackend, time: Callable[[], float]
    ) -> None:
        self._s = settings
        self._state = state
        self._time = time

    async def route(
        self, agent: str, trial_ttl: float, known: BreakerRecord | None = None
    ) -> Route:
        """`known`: the agent's record if the caller already read it (saves a round trip)."""
        record = known if known is not None else await self._state.get_breaker(agent)
        if record.state is BreakerState.CLOSED:
            return Route.PASS
        if (
            record.state is BreakerState.OPEN
            and self._time() - record.opened_at < self._s.breaker_cooldown
        ):
            return Route.BLOCKED
        if await self._state.claim(f"trial:{agent}", trial_ttl):
            if record.state is BreakerState.OPEN:
                await self._state.put_breaker(
                    agent, BreakerRecord(BreakerState.HALF_OPEN, record.opened_at)
                )
            return Route.TRIAL
        return Route.BLOCKED

    async def record(self, agent: str, ok: bool, route: Route) -> bool:
        """Record one attempt's outcome. Returns True when this outcome opened the circuit."""
        if route is Route.TRIAL:
            await self._state.release(f"trial:{agent}")
            if ok:
                await self._state.reset_outcomes(agent)
                await self._state.put_breaker(agent, BreakerRecord(BreakerState.CLOSED, 0.0))
                return False
            await self._state.put_breaker(agent, BreakerRecord(BreakerState.OPEN, self._time()))
            return True
        consecutive, outcomes = await self._state.record_outcome(agent, ok, self._s.breaker_window)
        if ok:
            return False
        failures = outcomes.count(False)
        tripped = consecutive >= self._s.breaker_consecutive_failures or (
            len(outcomes) >= self._s.breaker_window
            and failures / len(outcomes) > self._s.breaker_failure_ratio
        )
        if not tripped:
            return False
        record = await self._state.get_breaker(agent)
        if record.state is not BreakerState.CLOSED:
            return False
        await self._state.put_breaker(agent, BreakerRecord(BreakerState.OPEN, self._time()))
        return True

    def record_success_soon(self, agent: str) -> bool:
        """Record a success of a normal (PASS) attempt without waiting for the state backend, when
        it can queue the write (Redis: on this loop turn's pipeline). A success never changes the
        breaker's state, only its counters, so no caller needs to wait for it. False: use
        `record`."""
        queue = getattr(self._state, "record_success_soon", None)
        if queue is None:
            return False
        queue(agent, self._s.breaker_window).add_done_callback(_log_failure)
        return True

    async def abandon(self, agent: str) -> None:
        """The trial's caller went away without an outcome: let the next caller try instead."""
        await self._state.release(f"trial:{agent}")

    async def state(self, agent: str) -> BreakerState:
        return (await self._state.get_breaker(agent)).state
