"""Injectable time source.

Every timeout, cooldown and sliding window in Switchboard reads time through a `Clock`, so tests
drive time with `ManualClock.advance()` instead of sleeping.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    """Time as a dependency: code asks the clock for now, monotonic time and sleeps, so tests
    drive time (`ManualClock`) instead of sleeping."""

    def monotonic(self) -> float:
        """Seconds on a clock that never goes backwards (for durations and deadlines)."""
        ...

    def now(self) -> datetime:
        """Wall-clock time in UTC (for timestamps that people read)."""
        ...

    async def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """The real clock (UTC wall time, `time.monotonic`, `asyncio.sleep`)."""

    def monotonic(self) -> float:
        return time.monotonic()

    def now(self) -> datetime:
        return datetime.now(UTC)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class ManualClock:
    """A clock that only moves when a test says so; sleepers wake when their time is reached."""

    def __init__(self, start: float = 1_000.0, wall_start: datetime | None = None) -> None:
        self._now = start
        self._start = start
        self._wall_start = wall_start or datetime(2026, 1, 1, tzinfo=UTC)
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._ids = itertools.count()

    def monotonic(self) -> float:
        return self._now

    def now(self) -> datetime:
        from datetime import timedelta

        return self._wall_start + timedelta(seconds=self._now - self._start)

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self._now + seconds, next(self._ids), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Move time forward, waking every sleeper whose deadline has passed, in order."""
        target = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            wake_at, _, future = heapq.heappop(self._sleepers)
            self._now = max(self._now, wake_at)
            if not future.done():
                future.set_result(None)
            for _ in range(3):
                await asyncio.sleep(0)
        self._now = target
        for _ in range(3):
            await asyncio.sleep(0)


SYSTEM_CLOCK = SystemClock()
"""The one real clock, the default wherever a `Clock` is optional."""
