"""Per-session locks shared by every process through Redis (the scale-out setup).

The in-process lock serializes messages within one process; with several API processes on
several hosts, the same session must still take one message at a time. A lock in Redis with a
lease (so a crashed holder cannot block a session forever) and the local lock in front of it (so
one process does not make its own waiters poll Redis).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from switchboard.sessions.locks import SessionLocks


class RedisSessionLocks:
    def __init__(
        self,
        redis: Any,
        *,
        prefix: str = "switchboard:session-lock:",
        lease_seconds: float = 120.0,
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
            try:
                yield
            finally:
                await lock.release()

    def __len__(self) -> int:
        return len(self._local)

    async def aclose(self) -> None:
        await self._redis.aclose()
