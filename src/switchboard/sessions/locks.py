"""One lock per session: messages on a session run one at a time, different sessions in parallel.

Locks exist only while someone holds or waits for them, so idle sessions cost no memory. Every turn
takes its session's lock, so `hold` is a plain async context manager object rather than a
generator-based one: the uncontended case costs two method calls.
"""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Any, Protocol


class Admission(Protocol):
    """A request's admission that its turn settles when it locks its session: the per-user
    rate-limit token of a `/chat` request, taken there instead of in the HTTP layer so that a
    Redis-backed lock can take the token and the lock in one round trip (issue 22.4).

    A lock given an admission settles it before anything can wait: before waiting for the
    session, and before the turn reads anything. A refused admission raises (the HTTP layer's
    429), and the session is then neither waited for nor locked. Settling twice is a no-op."""

    async def admit(self) -> None:
        """Settle the admission alone; raise if refused."""
        ...

    async def admit_and_lock(self, redis: Any, key: str, token: str, lease_ms: int) -> bool | None:
        """Settle the admission and, if it is granted, try `SET key token NX PX lease_ms` on
        `redis` in the same round trip: True if the lock was taken, False if it is held by
        someone else (the admission is settled all the same). Raise if refused. None when
        the admission cannot share that round trip (it was settled alone, or already was):
        the caller takes the lock itself."""
        ...


class _SessionLock:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0
        """Holders plus waiters; the entry is dropped when it falls to zero."""


class SessionLocks:
    """One lock per session: turns on a session run one at a time, different sessions in
    parallel."""

    def __init__(self) -> None:
        self._locks: dict[str, _SessionLock] = {}

    def hold(self, session_id: str, admission: Admission | None = None) -> _Hold:
        """`async with locks.hold(session_id):` runs the block alone on that session. An
        `admission` is settled first, before waiting for the session."""
        return _Hold(self._locks, session_id, admission)

    def busy(self, session_id: str) -> bool:
        """Whether a turn of this process holds or waits for the session."""
        return session_id in self._locks

    def __len__(self) -> int:
        return len(self._locks)


class _Hold:
    __slots__ = ("_admission", "_entry", "_locks", "_session_id")

    def __init__(
        self, locks: dict[str, _SessionLock], session_id: str, admission: Admission | None
    ) -> None:
        self._locks = locks
        self._session_id = session_id
        self._admission = admission

    async def __aenter__(self) -> None:
        if self._admission is not None:
            await self._admission.admit()
        entry = self._locks.get(self._session_id)
        if entry is None:
            entry = self._locks[self._session_id] = _SessionLock()
        entry.users += 1
        self._entry = entry
        try:
            await entry.lock.acquire()
        except BaseException:  # cancelled while waiting: no longer a user
            self._leave()
            raise

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._entry.lock.release()
        self._leave()

    def _leave(self) -> None:
        entry = self._entry
        entry.users -= 1
        if entry.users == 0:
            del self._locks[self._session_id]
