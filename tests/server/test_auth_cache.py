"""Recent authentications are answered from memory for `auth_cache_seconds` (issue 22.4: the
key lookup was a database round trip on every turn), and revocation stays honest."""

from __future__ import annotations

import asyncio

from switchboard.core.clock import ManualClock
from switchboard.server.auth import InMemoryApiKeyStore
from switchboard.server.auth.cache import CachedKeyStore


class CountingStore(InMemoryApiKeyStore):
    def __init__(self) -> None:
        super().__init__()
        self.lookups = 0

    async def authenticate(self, key: str) -> str | None:
        self.lookups += 1
        return await super().authenticate(key)


async def test_a_valid_key_is_looked_up_once_per_interval() -> None:
    inner, clock = CountingStore(), ManualClock()
    keys = CachedKeyStore(inner, clock, ttl=5)
    await keys.create_user("ana")
    key, _ = await keys.create_key("ana")
    assert [await keys.authenticate(key) for _ in range(3)] == ["ana"] * 3
    assert inner.lookups == 1
    await clock.advance(5.01)
    assert await keys.authenticate(key) == "ana"
    assert inner.lookups == 2


async def test_invalid_keys_are_never_cached() -> None:
    inner = CountingStore()
    keys = CachedKeyStore(inner, ManualClock(), ttl=5)
    assert await keys.authenticate("sb-nope") is None
    assert await keys.authenticate("sb-nope") is None
    assert inner.lookups == 2


async def test_revocation_here_is_immediate_and_elsewhere_bounded_by_the_interval() -> None:
    inner, clock = CountingStore(), ManualClock()
    here = CachedKeyStore(inner, clock, ttl=5)
    await here.create_user("ana")
    await here.create_user("bia")
    key, _ = await here.create_key("ana", label="cli")
    other, _ = await here.create_key("bia", label="cli")
    assert await here.authenticate(key) == "ana" and await here.authenticate(other) == "bia"
    await here.delete_keys("ana", label="cli")  # through this process: at once
    assert await here.authenticate(key) is None
    assert await here.authenticate(other) == "bia"

    await inner.delete_keys("bia", label="cli")  # another process revoked it
    assert await here.authenticate(other) == "bia"  # still inside the interval
    await clock.advance(5.01)
    assert await here.authenticate(other) is None


async def test_zero_seconds_turns_the_cache_off() -> None:
    inner = CountingStore()
    keys = CachedKeyStore(inner, ManualClock(), ttl=0)
    await keys.create_user("ana")
    key, _ = await keys.create_key("ana")
    await keys.authenticate(key)
    await keys.authenticate(key)
    assert inner.lookups == 2


class GatedStore(CountingStore):
    """Lookups wait until the test opens the gate (a slow database, deterministically)."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()

    async def authenticate(self, key: str) -> str | None:
        self.lookups += 1
        await self.gate.wait()
        return await InMemoryApiKeyStore.authenticate(self, key)


async def test_requests_that_miss_together_share_one_lookup() -> None:
    inner = GatedStore()
    keys = CachedKeyStore(inner, ManualClock(), ttl=5)
    await keys.create_user("ana")
    key, _ = await keys.create_key("ana")
    waiting = [asyncio.ensure_future(keys.authenticate(key)) for _ in range(5)]
    await asyncio.sleep(0)
    waiting[0].cancel()  # one caller leaving does not cancel the lookup for the others
    inner.gate.set()
    results = await asyncio.gather(*waiting[1:])
    assert results == ["ana"] * 4 and inner.lookups == 1
    assert await keys.authenticate(key) == "ana" and inner.lookups == 1  # and it was kept


async def test_a_lookup_that_overlaps_a_revocation_is_not_kept() -> None:
    inner = GatedStore()
    keys = CachedKeyStore(inner, ManualClock(), ttl=5)
    await keys.create_user("ana")
    await keys.create_user("bia")
    key, _ = await keys.create_key("ana", label="cli")
    lookup = asyncio.ensure_future(keys.authenticate(key))
    await asyncio.sleep(0)  # the lookup read the key before...
    await keys.delete_keys("bia", label="cli")  # ...a revocation (of any key) went through
    inner.gate.set()
    assert await lookup == "ana"  # answered as read
    assert await keys.authenticate(key) == "ana" and inner.lookups == 2  # but looked up again
