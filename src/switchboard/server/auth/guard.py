"""The invalid-key limiter: guessing keys is slowed and costs no lookups, and a real key is
never refused (issue 22).

Each invalid key spends a token of its client address's bucket. Before, an address with an
empty bucket was refused outright, before any lookup: one guesser refused every user behind the
same address (an office, a university NAT), valid keys included. Now an exhausted address is
refused only for keys that cannot exist: every key's first characters (`key_prefix`, 4 random
characters after `sb-`) are known to the server, and a guess whose prefix no key has is
answered 429 without touching the key store. A key whose prefix exists is always looked up, so
a real key works from any address; a guess that happens to hit an existing prefix (a 1 in 16.7
million chance per key) costs one indexed lookup, as any request does.

The set of prefixes is read from the key store at start and again when an unknown prefix
arrives, at most once per `REFRESH_INTERVAL_S`: a key created a moment
ago by another process is found on the next refresh.
"""

from __future__ import annotations

from switchboard.core.clock import Clock
from switchboard.server.auth.keys import ApiKeyStore, key_prefix

REFRESH_INTERVAL_S = 1.0


class KnownPrefixes:
    """The prefixes of the keys that exist, refreshed on demand (throttled)."""

    def __init__(self, keys: ApiKeyStore, clock: Clock) -> None:
        self._keys = keys
        self._clock = clock
        self._prefixes: set[str] = set()
        self._refreshed = float("-inf")

    async def could_exist(self, key: str) -> bool:
        """Whether some stored key starts like `key`."""
        prefix = key_prefix(key)
        if prefix in self._prefixes:
            return True
        now = self._clock.monotonic()
        if now - self._refreshed >= REFRESH_INTERVAL_S:
            self._refreshed = now
            self._prefixes = await self._keys.prefixes()
        return prefix in self._prefixes


__all__ = ["REFRESH_INTERVAL_S", "KnownPrefixes"]
