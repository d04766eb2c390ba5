"""`PinnedDayClock`: the clock an app under evaluation runs on — the case's date, real time.

A case says which day the app believes it is ("gastei 45 ontem" must land on `today-1`), so
the wall clock starts at noon in Brazil (15:00 UTC: the same date in every Brazilian time
zone, and far from midnight) of that day. Everything else runs on real time: `monotonic` and
`sleep` are the system's, so an app's timeouts, deadlines and retries behave as in production.
A `ManualClock` would freeze them instead — its sleepers wake only when a test advances it, and
nothing advances it during a run, so the first `clock.sleep` (a mission's deadline race, a
retry back-off) would hang the case.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, date, datetime, timedelta

NOON_IN_BRAZIL = timedelta(hours=15)
"""15:00 UTC = 12:00 in Brasília (UTC-3); 10:00–13:00 from Acre (UTC-5) to Noronha (UTC-2)."""


class PinnedDayClock:
    """Wall time starts at `day`'s noon in Brazil and then moves with real time."""

    def __init__(self, day: date) -> None:
        self.day = day
        self._start = time.monotonic()
        self._wall = datetime(day.year, day.month, day.day, tzinfo=UTC) + NOON_IN_BRAZIL

    def monotonic(self) -> float:
        return time.monotonic()

    def now(self) -> datetime:
        return self._wall + timedelta(seconds=time.monotonic() - self._start)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


__all__ = ["NOON_IN_BRAZIL", "PinnedDayClock"]
