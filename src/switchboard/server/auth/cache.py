"""Remembering recent authentications for a few seconds: one key lookup per key per interval.

Every request authenticates its bearer key. Looked up in the database each time, that is a
round trip (PostgreSQL) or a thread hop (SQLite) on every turn, and with many concurrent
clients the key store's connection pool is where requests queue. A valid key seen in the last
`ttl` seconds is answered from memory instead.

What this trades, on purpose and bounded by `ttl` (`ServerSettings.auth_cache_seconds`, 5 s by
default, 0 turns the cache off):
- A key revoked *through this process* (`delete_keys`) stops working at once: its user's
  entries are dropped here.
- A key revoked by another process (the CLI, another server) keeps working here for at most
  `ttl` seconds.
Only successful lookups are kept: an invalid key is looked up every time (and spends its
address's tokens, see `guard.py`). Entries are keyed by the key's hash, never the key itself,
and the table is bounded (least recently stored first out).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from switchboard.core.clock import Clock
from switchboard.server.auth.keys import ApiKeyRecord, ApiKeyStore, UserRecord, hash_key

MAX_ENTRIES = 10_000


class CachedKeyStore:
    """An `ApiKeyStore` that answers a recently authenticated key from memory."""

    def __init__(self, inner: ApiKeyStore, clock: Clock, *, ttl: float) -> None:
        self.inner = inner
        self._clock = clock
        self._ttl = ttl
        self._entries: OrderedDict[str, tuple[str, float]] = OrderedDict()
        self._lookups: dict[str, asyncio.Future[str | None]] = {}
        self._revocations = 0
        """Counts `delete_keys` calls: a lookup that overlapped one is answered, not kept."""

    async def init(self) -> None:
        await self.inner.init()

    async def close(self) -> None:
        self._entries.clear()
        await self.inner.close()

    async def create_user(self, name: str) -> UserRecord:
        return await self.inner.create_user(name)

    async def get_user(self, user_id: str) -> UserRecord | None:
        return await self.inner.get_user(user_id)

    async def create_key(self, user_id: str, *, label: str = "") -> tuple[str, ApiKeyRecord]:
        return await self.inner.create_key(user_id, label=label)

    async def delete_keys(self, user_id: str, *, label: str) -> int:
        deleted = await self.inner.delete_keys(user_id, label=label)
        self._revocations += 1
        for digest in [d for d, (owner, _) in self._entries.items() if owner == user_id]:
            del self._entries[digest]
        return deleted

    async def prefixes(self) -> set[str]:
        return await self.inner.prefixes()

    async def authenticate(self, key: str) -> str | None:
        if self._ttl <= 0:
            return await self.inner.authenticate(key)
        digest = hash_key(key)
        entry = self._entries.get(digest)
        if entry is not None and entry[1] > self._clock.monotonic():
            return entry[0]
        # One lookup per key at a time: when an entry expires, every request in flight with
        # that key would otherwise look it up too (under load, dozens for one expiry, each
        # waiting for a pooled connection). The lookup is a task of its own, so a caller that
        # goes away does not cancel it for the others.
        lookup = self._lookups.get(digest)
        if lookup is None:
            lookup = asyncio.ensure_future(self._lookup(key, digest, self._revocations))
            self._lookups[digest] = lookup
        return await asyncio.shield(lookup)

    async def _lookup(self, key: str, digest: str, revocations: int) -> str | None:
        try:
            user_id = await self.inner.authenticate(key)
        finally:
            del self._lookups[digest]
        if user_id is None:
            self._entries.pop(digest, None)
            return None
        if revocations == self._revocations:  # no key was revoked while this one was looked up
            self._entries[digest] = (user_id, self._clock.monotonic() + self._ttl)
            self._entries.move_to_end(digest)
            while len(self._entries) > MAX_ENTRIES:
                self._entries.popitem(last=False)
        return user_id
