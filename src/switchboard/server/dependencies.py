"""What the server needs to answer — the database of every app, Redis when configured — and
how an outage of one shows: `/ready` is 503 naming it, and a request that hits it gets a typed
503 (`unavailable`) instead of a 500 (issue 22: with Redis down, `/ready` said 200 while every
authenticated request failed with 500).

`is_unavailable(exc)` recognises the exceptions the drivers raise when their server cannot be
reached (connection refused or reset, timeouts, a pool that cannot connect); anything else stays
a bug, a 500. `DependencyProbe` pings each dependency with a short timeout and keeps the result
for a moment, so a load balancer polling `/ready` does not add load to a struggling database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from switchboard.core.clock import Clock
from switchboard.core.errors import DependencyUnavailableError
from switchboard.store.base import Store

log = logging.getLogger(__name__)

UNAVAILABLE_MESSAGE = "serviço temporariamente indisponível; tente novamente em instantes"
UNAVAILABLE_RETRY_AFTER = "5"
"""Seconds a client is told to wait (`Retry-After`) during an outage."""
PING_TIMEOUT_S = 2.0
CACHE_S = 1.0


def is_unavailable(exc: BaseException) -> bool:
    """Whether `exc` (or what caused it) says a backing service could not be reached."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if _unreachable(current):
            return True
        current = current.__cause__ or current.__context__
    return False


def _unreachable(exc: BaseException) -> bool:
    if isinstance(exc, DependencyUnavailableError | ConnectionError | TimeoutError):
        return True
    if isinstance(exc, OSError) and exc.errno is not None:
        return False  # a file error is a bug or a full disk, not an outage of a service
    module = type(exc).__module__
    if module.startswith("redis"):
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError

        return isinstance(exc, RedisConnectionError | RedisTimeoutError)
    if module.startswith("sqlalchemy"):
        from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

        if isinstance(exc, DBAPIError) and exc.connection_invalidated:
            return True
        return isinstance(exc, OperationalError | InterfaceError) and _about_connecting(exc)
    if module.startswith("asyncpg"):  # asyncpg ships no types: its classes by name
        return type(exc).__name__ in _ASYNCPG_UNREACHABLE
    return False


_ASYNCPG_UNREACHABLE = frozenset(
    {"CannotConnectNowError", "ConnectionDoesNotExistError", "TooManyConnectionsError"}
)


def dependency_error_types() -> tuple[type[Exception], ...]:
    """The exception classes whose instances may mean an outage (their drivers' bases), for the
    HTTP layer to examine with `is_unavailable`."""
    from redis.exceptions import RedisError
    from sqlalchemy.exc import SQLAlchemyError

    return (ConnectionError, TimeoutError, RedisError, SQLAlchemyError)


def _about_connecting(exc: Exception) -> bool:
    """SQLite's OperationalError also means "no such table" or "database is locked": only the
    ones about reaching the database count as an outage."""
    text = str(exc).lower()
    return any(
        phrase in text
        for phrase in ("connect", "connection", "could not translate host", "server closed")
    )


@dataclass(frozen=True, slots=True)
class DependencyStatus:
    name: str
    ok: bool
    error: str = ""


class DependencyProbe:
    """Pings the database of each store and Redis (when configured)."""

    def __init__(self, stores: Sequence[Store], redis_url: str | None, clock: Clock) -> None:
        self._checks: list[tuple[str, Callable[[], Awaitable[None]]]] = []
        for index, store in enumerate(stores):
            name = "database" if len(stores) == 1 else f"database[{index}]"
            self._checks.append((name, store.ping))
        if redis_url:
            self._checks.append(("redis", _redis_ping(redis_url)))
        self._clock = clock
        self._last: tuple[float, list[DependencyStatus]] | None = None

    async def statuses(self) -> list[DependencyStatus]:
        now = self._clock.monotonic()
        if self._last is not None and now - self._last[0] < CACHE_S:
            return self._last[1]
        results = await asyncio.gather(*(self._check(name, ping) for name, ping in self._checks))
        self._last = (now, list(results))
        return self._last[1]

    @staticmethod
    async def _check(name: str, ping: Callable[[], Awaitable[None]]) -> DependencyStatus:
        try:
            await asyncio.wait_for(ping(), PING_TIMEOUT_S)
        except Exception as exc:  # any failure to answer is "not ready"; say which and why
            log.warning("readiness: %s is not answering: %r", name, exc)
            return DependencyStatus(name, False, type(exc).__name__)
        return DependencyStatus(name, True)


def _redis_ping(url: str) -> Callable[[], Awaitable[None]]:
    client = None

    async def ping() -> None:
        nonlocal client
        if client is None:
            from redis.asyncio import Redis

            client = Redis.from_url(
                url, socket_connect_timeout=PING_TIMEOUT_S, socket_timeout=PING_TIMEOUT_S
            )
        await client.ping()

    return ping


__all__ = [
    "UNAVAILABLE_MESSAGE",
    "UNAVAILABLE_RETRY_AFTER",
    "DependencyProbe",
    "DependencyStatus",
    "dependency_error_types",
    "is_unavailable",
]
