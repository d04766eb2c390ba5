"""One lock per session: messages on a session run one at a time, different sessions in parallel.

Locks exist only while someone holds or waits for them, so idle sessions cost no memory. Every turn
takes its session's lock, so `hold` is a plain async context manager object rather than a
generator-based one: the uncontended case costs two method calls.
"""

from __future__ import annotations

import asyncio
from types import TracebackType


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

    def hold(self, session_id: str) -> _Hold:
        """`async with locks.hold(session_id):` runs the block alone on that session."""
        return _Hold(self._locks, session_id)

    def __len__(self) -> int:
        return len(self._locks)


class _Hold:
    __slots__ = ("_entry", "_locks", "_session_id")

    def __init__(self, locks: dict[str, _SessionLock], session_id: str) -> None:
        self._locks = locks
        self._session_id = session_id

    async def __aenter__(self) -> None:
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
