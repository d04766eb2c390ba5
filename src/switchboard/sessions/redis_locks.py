"""Per-session locks shared by every process through Redis (the scale-out setup).

The in-process lock serializes messages within one process; with several API processes on
several hosts, the same session must still take one message at a time. A lock in Redis with a
lease (so a crashed holder cannot block a session forever) and the local lock in front of it (so
one process does not make its own waiters poll Redis).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from switchboard.sessions.locks import SessionLocks

log = logging.getLogger(__name__)


class RedisSessionLocks:
    def __init__(
        self,
        redis: Any,
        *,
        prefix: str = "switchboard:session-lock:",
        lease_seconds: float = 15.0,
        wait_seconds: float = 300.0,
    ) -> None:
        self._redis = redis
        self._prefix = prefix
        self._lease = lease_seconds
        self._wait = wait_seconds
        self._local = SessionLocks()

    @classmethod
    def from_url(cls, url: str, **options: Any) -> RedisSessionLocks:
        from redis.asyncio import Redis

        return cls(Redis.from_url(url), **options)

    @asynccontextmanager
    async def hold(self, session_id: str) -> AsyncIterator[None]:
        async with self._local.hold(session_id):
            lock = self._redis.lock(
                self._prefix + session_id,
                timeout=self._lease,
                sleep=0.01,
                blocking_timeout=self._wait,
            )
            acquired = await lock.acquire()
            if not acquired:
                from switchboard.core.errors import SwitchboardError

                raise SwitchboardError("session is busy; try again", session_id=session_id)
            renewal = _Renewal(lock, session_id, self._lease / 3)
            try:
                yield
            finally:
                renewal.cancel()
                # a client that leaves right after `done` cancels the turn's task: the release
                # must still happen, or the session waits out the whole lease
                await asyncio.shield(lock.release())

    def __len__(self) -> int:
        return len(self._local)

    async def aclose(self) -> None:
        await self._redis.aclose()


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
