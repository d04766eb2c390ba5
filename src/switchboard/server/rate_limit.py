"""Rate limits: token buckets per user and per client address, in process memory or in Redis.

Two limits share one mechanism:
- every authenticated request takes a token from its user's bucket (`rate_limit_per_second`,
  `rate_limit_burst`);
- every request with an INVALID key takes a token from its client address's bucket
  (`auth_failure_per_second`, `auth_failure_burst`), and an address whose bucket is empty gets 429
  before its key is even looked up: guessing keys costs no database work.

With `REDIS_URL` set the buckets live in Redis, so every process of a deployment shares them and
they survive restarts (`RedisBuckets`: one Lua script per take, atomic, with a TTL that lets an
idle bucket vanish once it would be full again). Otherwise they live in the process
(`MemoryBuckets`).

A `/chat` request takes its user's token later, when its turn locks the session, and with Redis
in the same script as the lock (`check_and_lock`, `server/admission.py`): one Redis round trip
for both. The token's meaning is the same: one per request, refused before anything waits.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from switchboard.core.clock import Clock
from switchboard.server.errors import RateLimitedError
from switchboard.sessions.redis_locks import COMMAND_TIMEOUT_S, turn_client
from switchboard.sessions.redis_scripts import close_lane, lane

if TYPE_CHECKING:
    from redis.asyncio import Redis

LIMITED_MESSAGE = "muitas requisições; tente novamente em instantes"
NO_REFILL_WAIT = 3600.0
"""Seconds reported to wait when a bucket never refills (`per_second` = 0)."""


class Buckets(Protocol):
    async def take(self, key: str, *, per_second: float, burst: int, cost: int = 1) -> float:
        """Take `cost` tokens from the bucket `key` if it holds at least `max(cost, 1)`
        (`cost=0` only looks); return 0.0 when it did, else the seconds until it could."""
        ...

    async def aclose(self) -> None: ...


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float


class MemoryBuckets:
    """Buckets in this process, on the injected clock's monotonic time."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._buckets: dict[str, _Bucket] = {}

    async def take(self, key: str, *, per_second: float, burst: int, cost: int = 1) -> float:
        now = self.clock.monotonic()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(tokens=float(burst), stamp=now)
        else:
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.stamp) * per_second)
            bucket.stamp = now
        need = max(cost, 1)
        if bucket.tokens >= need:
            bucket.tokens -= cost
            return 0.0
        return (need - bucket.tokens) / per_second if per_second > 0 else NO_REFILL_WAIT

    async def aclose(self) -> None:
        return None


_TAKE_LUA = """
local now = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local state = redis.call('HMGET', KEYS[1], 't', 's')
local tokens = tonumber(state[1])
local stamp = tonumber(state[2])
if tokens == nil or stamp == nil then
  tokens = burst
  stamp = now
end
if now > stamp then
  tokens = math.min(burst, tokens + (now - stamp) * rate)
  stamp = now
end
local need = math.max(cost, 1)
local wait = 0
if tokens >= need then
  tokens = tokens - cost
elseif rate > 0 then
  wait = (need - tokens) / rate
else
  wait = -1
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 's', tostring(stamp))
local ttl = 60000
if rate > 0 then
  ttl = math.ceil((burst - tokens) / rate * 1000) + 1000
end
redis.call('PEXPIRE', KEYS[1], ttl)
"""

TOKEN_BUCKET_LUA = _TAKE_LUA + "return tostring(wait)\n"
"""The token bucket as one atomic Redis script. State is a hash {t: tokens, s: stamp}; times are
the callers' wall-clock seconds (processes of one deployment share NTP time; a monotonic clock
is per process). Floats travel as strings: a Lua number returned to Redis would be truncated."""

TAKE_AND_LOCK_LUA = (
    _TAKE_LUA
    + """
if wait ~= 0 then
  return {tostring(wait), 0}
end
if redis.call('SET', KEYS[2], ARGV[5], 'NX', 'PX', ARGV[6]) then
  return {'0', 1}
end
return {'0', 0}
"""
)
"""The token bucket of `TOKEN_BUCKET_LUA` on KEYS[1] and, only if the token was granted, a lock
taken as `SET KEYS[2] ARGV[5] NX PX ARGV[6]`, atomically, in one round trip: a request's
admission (`server/admission.py`). Returns {wait, 1 if the lock was taken else 0}. Both keys
must live on one Redis node (no cluster hash-slot check here: the server uses one Redis)."""


def _wait(raw: Any) -> float:
    """The script's wait (a string: Lua numbers would be truncated); negative: never refills."""
    wait = float(raw.decode() if isinstance(raw, bytes) else raw)
    return NO_REFILL_WAIT if wait < 0 else wait


class RedisBuckets:
    """Buckets in Redis under `prefix`, shared by every process that uses the same prefix."""

    def __init__(
        self,
        redis: Redis,
        *,
        clock: Clock,
        prefix: str = "switchboard:rl:",
        command_timeout: float = COMMAND_TIMEOUT_S,
    ) -> None:
        self.redis = redis
        self.clock = clock
        self.prefix = prefix
        self.command_timeout = command_timeout
        """Bound on each script run (`redis_locks.turn_client`: no socket timeout)."""
        self._script: Any = redis.register_script(TOKEN_BUCKET_LUA)
        self._take_and_lock: Any = redis.register_script(TAKE_AND_LOCK_LUA)

    @classmethod
    def from_url(cls, url: str, *, clock: Clock, prefix: str = "switchboard:rl:") -> RedisBuckets:
        return cls(turn_client(url), clock=clock, prefix=prefix)

    async def take(self, key: str, *, per_second: float, burst: int, cost: int = 1) -> float:
        now = self.clock.now().timestamp()
        async with asyncio.timeout(self.command_timeout):
            raw = await self._script(keys=[self.prefix + key], args=[now, per_second, burst, cost])
        return _wait(raw)

    def shares_server_with(self, redis: Any) -> bool:
        """Whether `redis` (another client) talks to the same Redis database as these buckets."""
        mine = self.redis.connection_pool.connection_kwargs
        theirs = getattr(getattr(redis, "connection_pool", None), "connection_kwargs", None)
        if not isinstance(theirs, dict):
            return False
        fields = ("host", "port", "path", "db", "username")
        return all(mine.get(field) == theirs.get(field) for field in fields)

    async def take_and_lock(
        self,
        key: str,
        *,
        per_second: float,
        burst: int,
        lock: tuple[Any, str, str, int],
    ) -> tuple[float, bool]:
        """`take(key, cost=1)` and, if granted, `SET lock_key token NX PX lease_ms` in one
        script run on `lock`'s client `(redis, lock_key, token, lease_ms)` (which must share
        this server: `shares_server_with`). Returns (wait, whether the lock was taken)."""
        redis, lock_key, token, lease_ms = lock
        now = self.clock.now().timestamp()
        async with asyncio.timeout(self.command_timeout):
            raw_wait, taken = await lane(redis).run(  # the turn's path (`redis_scripts.py`)
                self._take_and_lock,
                [self.prefix + key, lock_key],
                [now, per_second, burst, 1, token, lease_ms],
            )
        return _wait(raw_wait), bool(taken)

    async def aclose(self) -> None:
        await close_lane(self.redis)
        await self.redis.aclose()


class RateLimiter:
    """Token bucket per key (`user:<id>` or `addr:<address>`): `burst` requests at once,
    refilled at `per_second`."""

    def __init__(self, buckets: Buckets, *, per_second: float, burst: int, scope: str) -> None:
        self.buckets = buckets
        self.per_second = per_second
        self.burst = burst
        self.scope = scope

    async def check(self, key: str) -> None:
        """Take one token or raise `RateLimitedError` saying when one will be available."""
        _raise_if_waiting(await self._take(key, 1))

    async def check_open(self, key: str) -> None:
        """Raise `RateLimitedError` if the bucket is empty; take nothing."""
        _raise_if_waiting(await self._take(key, 0))

    async def empty(self, key: str) -> bool:
        """Whether the bucket has no token left; takes nothing."""
        return await self._take(key, 0) > 0

    async def spend(self, key: str) -> None:
        """Take one token if there is one (an event to count, not a request to refuse)."""
        await self._take(key, 1)

    async def check_and_lock(self, key: str, redis: Any, lock_key: str, token: str,
                             lease_ms: int) -> bool | None:  # fmt: skip
        """`check(key)` and, if it passes, try the lock `SET lock_key token NX PX lease_ms` on
        `redis` in the same round trip: True/False whether the lock was taken. None when the
        buckets cannot share that round trip (not in Redis, or in another Redis): then the
        token was checked alone (`check`), and the caller takes the lock itself."""
        buckets = self.buckets
        if not isinstance(buckets, RedisBuckets) or not buckets.shares_server_with(redis):
            await self.check(key)
            return None
        wait, taken = await buckets.take_and_lock(
            f"{self.scope}:{key}",
            per_second=self.per_second,
            burst=self.burst,
            lock=(redis, lock_key, token, lease_ms),
        )
        _raise_if_waiting(wait)
        return taken

    async def _take(self, key: str, cost: int) -> float:
        return await self.buckets.take(
            f"{self.scope}:{key}", per_second=self.per_second, burst=self.burst, cost=cost
        )


def _raise_if_waiting(wait: float) -> None:
    if wait > 0:
        raise RateLimitedError(LIMITED_MESSAGE, retry_after=max(1, math.ceil(wait)))
