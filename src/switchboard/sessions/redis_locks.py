"""Per-session locks shared by every process through Redis (the scale-out setup).

The in-process lock serializes messages within one process; with several API processes on
several hosts, the same session must still take one message at a time. A lock in Redis with a
lease (so a crashed holder cannot block a session forever) and the local lock in front of it (so
one process does not make its own waiters poll Redis).

The lock is three commands of our own rather than redis-py's `Lock` (issue 22.4: every turn
takes one): `SET key token NX PX lease` to take it, a compare-and-delete script to release it
and a compare-and-extend script to renew it, so only the holder's token can do either. The token
is a random per-process nonce and a counter, not `uuid1()` (which asks the `uuidd` socket, three
system calls, on every turn). A release that fails (Redis away, or the lease already expired) is
logged, not raised: the turn it ends was already saved, and the lease frees the session anyway.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from switchboard.sessions.locks import Admission, SessionLocks
from switchboard.sessions.redis_scripts import close_lane, lane

log = logging.getLogger(__name__)

RELEASE_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""
"""Delete the lock only if it still holds this holder's token."""

RENEW_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""
"""Extend the lease only if the lock still holds this holder's token."""

POLL_SECONDS = 0.01
"""How often a process waiting for a session held by another process tries again."""

COMMAND_TIMEOUT_S = 5.0
"""How long one Redis command of a turn may take (redis-py's default socket timeout) before it
fails as `TimeoutError`: an outage (a 503), never a hang."""


def turn_client(url: str) -> Any:
    """A Redis client for the commands every turn sends (session lock, rate limit), each bounded
    by the caller with `asyncio.timeout(COMMAND_TIMEOUT_S)` rather than by a socket timeout.

    With a socket timeout redis-py sends every command under `asyncio.wait_for`: a task, a timer
    and three loop steps per command (issue 22.4), for a write that never waits (a command is a
    few hundred bytes on a connection idle since its last reply). Bounding the whole command
    keeps the guarantee (a Redis that stops answering fails the command after the timeout, and
    redis-py drops the connection a cancelled command left half-read) with one timer. Connecting
    keeps redis-py's own timeout."""
    from redis.asyncio import Redis

    return Redis.from_url(url, socket_timeout=None)


class _Tokens:
    """Lock tokens unique across processes: a random nonce per process (drawn again in a forked
    child) and a counter."""

    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        self._nonce = os.urandom(12).hex()
        self._counter = itertools.count()

    def next(self) -> str:
        return f"{self._nonce}:{next(self._counter)}"


_TOKENS = _Tokens()


class RedisSessionLocks:
    def __init__(
        self,
        redis: Any,
        *,
        prefix: str = "switchboard:session-lock:",
        lease_seconds: float = 15.0,
        wait_seconds: float = 300.0,
        command_timeout: float = COMMAND_TIMEOUT_S,
    ) -> None:
        self._redis = redis
        self._timeout = command_timeout
        self._prefix = prefix
        self._lease = lease_seconds
        self._wait = wait_seconds
        self._local = SessionLocks()
        self._release: Any = redis.register_script(RELEASE_LUA)
        self._renew: Any = redis.register_script(RENEW_LUA)

    @classmethod
    def from_url(cls, url: str, **options: Any) -> RedisSessionLocks:
        return cls(turn_client(url), **options)

    @asynccontextmanager
    async def hold(
        self, session_id: str, admission: Admission | None = None
    ) -> AsyncIterator[None]:
        """The session for this process alone, then across processes. An `admission` is
        settled before anything waits: alone when a turn of this process already holds the
        session (before waiting behind it), else with the first try for the Redis lock, in
        one round trip when it can."""
        if admission is not None and self._local.busy(session_id):
            await admission.admit()
        async with self._local.hold(session_id):
            lease = _Lease(self, self._prefix + session_id, _TOKENS.next())
            if not await lease.acquire(self._wait, admission):
                from switchboard.core.errors import SwitchboardError

                raise SwitchboardError("session is busy; try again", session_id=session_id)
            renewal = _Renewal(lease, session_id, self._lease / 3)
            try:
                yield
            finally:
                renewal.cancel()
                await _release_surely(lease, session_id)

    def __len__(self) -> int:
        return len(self._local)

    async def aclose(self) -> None:
        await close_lane(self._redis)
        await self._redis.aclose()


_redone: set[asyncio.Task[None]] = set()
"""Releases redone after a cancellation, kept referenced until they end."""


async def _release_surely(lease: _Lease, session_id: str) -> None:
    """`lease.release`, carried to its end even when the turn's task is cancelled meanwhile: a
    client that leaves right after `done` cancels it, and the session would otherwise wait out
    its whole lease. The release runs in this task (the task `asyncio.shield` made for it on
    every turn cost more than the release itself, issue 22.4); only one a cancellation
    interrupted is redone in a task of its own. Redoing is harmless: the script deletes the
    lock only while it still holds this turn's token."""
    try:
        await lease.release(session_id)
    except asyncio.CancelledError:
        redo = asyncio.get_running_loop().create_task(lease.release(session_id))
        _redone.add(redo)
        redo.add_done_callback(_redone.discard)
        raise


class _Lease:
    """One holding of one session's lock in Redis, under `token`."""

    __slots__ = ("_key", "_locks", "_token")

    def __init__(self, locks: RedisSessionLocks, key: str, token: str) -> None:
        self._locks = locks
        self._key = key
        self._token = token

    async def acquire(self, wait_seconds: float, admission: Admission | None = None) -> bool:
        """Take the lock, polling while another process holds it; False after `wait_seconds`.
        The first try settles `admission` too (one script for both when it can)."""
        redis = self._locks._redis
        lease_ms = int(self._locks._lease * 1000)
        deadline = time.monotonic() + wait_seconds
        taken = None
        if admission is not None:
            taken = await admission.admit_and_lock(redis, self._key, self._token, lease_ms)
        while True:
            if taken is None:  # not tried yet (no admission, or one settled on its own)
                async with asyncio.timeout(self._locks._timeout):
                    taken = bool(await redis.set(self._key, self._token, nx=True, px=lease_ms))
            if taken:
                return True
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(POLL_SECONDS)
            taken = None

    async def reacquire(self) -> None:
        """Extend the lease to a whole lease again; raises when the lock is no longer ours."""
        lease_ms = int(self._locks._lease * 1000)
        async with asyncio.timeout(self._locks._timeout):
            renewed = await self._locks._renew(keys=[self._key], args=[self._token, lease_ms])
        if not renewed:
            raise LookupError("the session lock is no longer held by this turn")

    async def release(self, session_id: str) -> None:
        try:
            async with asyncio.timeout(self._locks._timeout):
                released = await lane(self._locks._redis).run(
                    self._locks._release, [self._key], [self._token]
                )
        except Exception:  # Redis away: the lease frees the session; the turn was saved
            log.warning("session lock not released", exc_info=True,
                        extra={"session_id": session_id})  # fmt: skip
            return
        if not released:
            log.warning("session lock expired before the turn ended",
                        extra={"session_id": session_id})  # fmt: skip


class _Renewal:
    """Keeps a lease alive while the turn runs (a mission can outlast any fixed lease); a
    process killed mid-turn stops renewing, so its sessions are free after one lease.

    A timer, not a sleeping task: almost every turn ends long before the first renewal is due,
    and a timer costs one heap entry where a task cost a task, its first step and its
    cancellation on every turn. The renewal task exists only while a renewal runs."""

    __slots__ = ("_every", "_lock", "_loop", "_session_id", "_task", "_timer")

    def __init__(self, lock: Any, session_id: str, every: float) -> None:
        self._lock = lock
        self._session_id = session_id
        self._every = every
        self._loop = asyncio.get_running_loop()
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = self._loop.call_later(every, self._due)

    def _due(self) -> None:
        self._timer = None
        self._task = self._loop.create_task(self._renew())

    async def _renew(self) -> None:
        try:
            await self._lock.reacquire()
        except Exception:  # lost the lock (expired, or Redis away): say so, keep the turn
            log.warning("session lock lost mid-turn", extra={"session_id": self._session_id})
            return
        finally:
            self._task = None
        self._timer = self._loop.call_later(self._every, self._due)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._task is not None:
            self._task.cancel()
            self._task = None
