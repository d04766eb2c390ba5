"""The research cache: a port, and an in-memory implementation with a TTL on the injected clock.

Entries hold the answer as JSON text (so a Redis or SQL implementation stores the same thing),
the name of the source it came from, and when it was stored. The cache does not decide
freshness: `MarketResearch` reads `stored_at` and applies the spec's windows (24 h normally,
7 days when the budget is tight). The in-memory cache only forgets entries older than its
`retention` (30 days by default), keeping older-than-7-days ones so that "error with partial
data" still has something to show.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from switchboard import Clock
from switchboard.core import SYSTEM_CLOCK

DEFAULT_RETENTION = timedelta(days=30)


@dataclass(frozen=True, slots=True)
class CacheEntry:
    payload: str
    """The answer's data as JSON (validated back into its model by the reader)."""
    source: str
    """Provider that produced it ("brapi"), shown to the user with the cache date."""
    stored_at: datetime


class ResearchCache(Protocol):
    async def get(self, key: str) -> CacheEntry | None:
        """The entry for `key`, however old (within the implementation's retention), or None."""
        ...

    async def put(self, key: str, payload: str, source: str) -> None:
        """Store `payload` (JSON) for `key`, stamped with the current time."""
        ...

    async def invalidate(self, key: str) -> None:
        """Forget `key` (spec §6 Seção 7: manual invalidation)."""
        ...


class InMemoryResearchCache:
    """A dict with a retention TTL; time comes from the injected clock (tests advance it)."""

    def __init__(self, clock: Clock = SYSTEM_CLOCK, retention: timedelta = DEFAULT_RETENTION):
        self._clock = clock
        self._retention = retention
        self._entries: dict[str, CacheEntry] = {}

    async def get(self, key: str) -> CacheEntry | None:
        entry = self._entries.get(key)
        if entry is not None and self._clock.now() - entry.stored_at > self._retention:
            del self._entries[key]
            return None
        return entry

    async def put(self, key: str, payload: str, source: str) -> None:
        self._entries[key] = CacheEntry(payload, source, self._clock.now())

    async def invalidate(self, key: str) -> None:
        self._entries.pop(key, None)

    def __len__(self) -> int:
        return len(self._entries)
