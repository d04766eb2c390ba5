"""The turn's Redis scripts sent on connections of their own, past redis-py's command layers.

Every chat turn with Redis runs two scripts (`server/admission.py`: the rate-limit token and the
session lock; `redis_locks.py`: the release). Through redis-py each one went `Script.__call__` →
`evalsha` → `execute_command` (retry wrapper, observability recorder, response callbacks) →
the pool's `get_connection` (an `asyncio.Lock`, connection-count metrics, a `can_read` probe)
and `release` (the lock again, an event dispatch): ~100 Python calls per command, ~200 of a
PostgreSQL + Redis turn's ~3,800 (issue 22.4). A `ScriptLane` keeps idle connections made by
the client's own pool (`make_connection`: same address, credentials, database, protocol) and
sends `EVALSHA` on one: pack, write, read the reply — what redis-py does underneath.

What stays as it was:
- a connection is reused only after a complete reply: a command that failed or was cancelled
  (the caller's `asyncio.timeout`) leaves its connection disconnected (redis-py's own reads and
  writes disconnect on any error), so no reply is ever read by the wrong command;
- a reused connection the server closed meanwhile (a Redis restart, an idle timeout) is
  reconnected and the command sent once more, as redis-py's retry did (it retried up to three
  times with a back-off); a fresh connection that fails raises `ConnectionError`, an outage
  (503) for the HTTP layer;
- a script the server does not know (`NOSCRIPT`: flushed, or another server) is loaded and run
  again, as `Script.__call__` did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

IDLE_KEPT = 64
"""Idle connections a lane keeps; more than that are closed when they come back (a burst)."""


class ScriptLane:
    """`EVALSHA` of registered scripts on connections of `client`'s pool kind, kept here."""

    def __init__(self, client: Any) -> None:
        self._pool = client.connection_pool
        self._idle: list[Any] = []
        self._closed = False

    async def run(self, script: Any, keys: Sequence[Any], args: Sequence[Any]) -> Any:
        """`script(keys=keys, args=args)` as redis-py's `Script` runs it; the raw reply."""
        from redis.exceptions import ConnectionError as RedisConnectionError

        reused = bool(self._idle)
        connection = self._idle.pop() if reused else self._pool.make_connection()
        try:
            try:
                reply = await self._evalsha(connection, script, keys, args)
            except (RedisConnectionError, OSError):
                if not reused:
                    raise
                await connection.disconnect()  # closed while idle: once more on a new one
                reply = await self._evalsha(connection, script, keys, args)
        except BaseException:
            await connection.disconnect()
            raise
        if self._closed or len(self._idle) >= IDLE_KEPT:
            await connection.disconnect()
        else:
            self._idle.append(connection)
        return reply

    async def _evalsha(
        self, connection: Any, script: Any, keys: Sequence[Any], args: Sequence[Any]
    ) -> Any:
        from redis.exceptions import NoScriptError

        if not connection.is_connected:
            await connection.connect()
        try:
            return await self._send(connection, "EVALSHA", script.sha, len(keys), *keys, *args)
        except NoScriptError:
            sha = await self._send(connection, "SCRIPT", "LOAD", script.script)
            script.sha = sha.decode() if isinstance(sha, bytes) else sha
            return await self._send(connection, "EVALSHA", script.sha, len(keys), *keys, *args)

    async def _send(self, connection: Any, *command: Any) -> Any:
        """One command, one round trip."""
        await connection.send_packed_command(connection.pack_command(*command), check_health=False)
        return await connection.read_response()

    async def aclose(self) -> None:
        self._closed = True
        idle, self._idle = self._idle, []
        for connection in idle:
            await connection.disconnect()


def lane(client: Any) -> ScriptLane:
    """`client`'s lane (one per client, made on first use)."""
    found: ScriptLane | None = getattr(client, "_switchboard_lane", None)
    if found is None:
        found = ScriptLane(client)
        client._switchboard_lane = found
    return found


async def close_lane(client: Any) -> None:
    found: ScriptLane | None = getattr(client, "_switchboard_lane", None)
    if found is not None:
        await found.aclose()
