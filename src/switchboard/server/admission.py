"""A `/chat` request's admission: its per-user rate-limit token, taken when its turn locks the
session, in the same Redis round trip as the lock (issue 22.4).

Every other authenticated request takes its token in the auth dependency (`deps.current_user`).
A chat turn with Redis used to make three round trips to Redis: the rate-limit script, the
session lock's `SET NX` and the lock's release. `/chat` authenticates without taking the token
(`deps.authenticated_user`) and hands the turn a `TurnAdmission` instead; the session lock
settles it (`sessions.locks.Admission`) and, when the buckets and the lock share one Redis,
runs the bucket and the lock as one script (`rate_limit.TAKE_AND_LOCK_LUA`): two round trips per
turn. The limiter and the lock keep their own meanings:

- one token per request, whatever happens to it, as before: a refused request (429, with its
  `Retry-After`) neither waits for nor locks its session; a granted one locks it if it is free,
  else waits for it as before, without taking another token while it waits;
- the token is settled before any wait and before the turn reads anything: before waiting
  behind another turn of this process on the same session (alone, one round trip), or with the
  first try for the Redis lock; with in-process locks, before the lock;
- a request that fails before its turn locks its session (input errors, an unknown app) still
  takes its token: the route settles the admission then (`settle_after_failure`), and a 429
  wins over the other error, as when the token was taken first.

What runs before the token now: reading the body, the key lookup (as before) and resolving the
session id, which reads the store only for an id this process has not seen for this user with
`legacy_session_ids` on; the route takes the token up front then (`runtime.resolves_in_memory`).
"""

from __future__ import annotations

from typing import Any

from switchboard.server.rate_limit import RateLimiter


class TurnAdmission:
    """The rate-limit token of one `/chat` request for `user_id`; settled once."""

    __slots__ = ("_limiter", "_user_id", "settled")

    def __init__(self, limiter: RateLimiter, user_id: str) -> None:
        self._limiter = limiter
        self._user_id = user_id
        self.settled = False

    async def admit(self) -> None:
        if self.settled:
            return
        self.settled = True
        await self._limiter.check(self._user_id)

    async def admit_and_lock(self, redis: Any, key: str, token: str, lease_ms: int) -> bool | None:
        if self.settled:
            return None
        self.settled = True
        return await self._limiter.check_and_lock(self._user_id, redis, key, token, lease_ms)

    async def settle_after_failure(self) -> None:
        """For a request that failed before its turn settled it: take the token now (raises
        the 429 when there is none)."""
        await self.admit()


__all__ = ["TurnAdmission"]
