"""Message-explosion throttling (spec §4 "Detecção de Explosão de Mensagens").

The rate is counted per mission over a sliding window (ring of buckets in the state backend, so all
processes count together). Above `throttle_max_rate` NORMAL and LOW messages wait, re-checking every
`throttle_retry_interval`, until the window has room; HIGH and CRITICAL always pass (and are
counted). The lead coordinator is told once per throttling episode.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from switchboard.bus.envelope import Priority
from switchboard.bus.notices import Notice, NoticeKind
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.base import StateBackend
from switchboard.core.clock import Clock

GLOBAL_SCOPE = "-"


class Throttle:
    def __init__(
        self,
        settings: BusSettings,
        state: StateBackend,
        clock: Clock,
        time: Callable[[], float],
        notify: Callable[[Notice, str | None], Awaitable[None]],
    ) -> None:
        self._state = state
        self._clock = clock
        self._time = time
        self._notify = notify
        self._buckets = settings.throttle_buckets
        self._width = settings.throttle_window / settings.throttle_buckets
        self._limit = int(settings.throttle_max_rate * settings.throttle_window)
        self._retry = settings.throttle_retry_interval
        self._rate = settings.throttle_max_rate
        self._active: set[str] = set()
        # In-memory state answers synchronously: the common case (room in the window) needs no
        # await.
        self._hit_now: Callable[[str, int, int, int | None], tuple[bool, int]] | None = getattr(
            state, "hit_window_now", None
        )

    def admit_now(self, scope: str, priority: Priority) -> bool:
        """Count the message at once if the window has room (True); False, with nothing counted,
        when it may have to wait: then `admit` decides (and waits). Needs a synchronous state."""
        limit = self._limit if priority >= Priority.NORMAL else None
        hit_now = self._hit_now
        assert hit_now is not None  # callers check that the bus's state is in memory
        counted, _ = hit_now(scope, int(self._time() // self._width), self._buckets, limit)
        if counted and limit is not None and scope in self._active:
            self._active.discard(scope)
        return counted

    def window_args(self, priority: Priority) -> tuple[int, int, int | None]:
        """(bucket, buckets, limit) of a hit now: for a state call that counts the hit itself."""
        return (
            int(self._time() // self._width),
            self._buckets,
            self._limit if priority >= Priority.NORMAL else None,
        )

    def counted(self, scope: str, limit: int | None) -> None:
        """A hit made with `window_args` was counted at once (the first try of `admit`)."""
        if limit is not None and scope in self._active:
            self._active.discard(scope)

    async def admit(self, scope: str, priority: Priority, lead: str | None) -> bool:
        """Count the message, waiting first if it may be throttled. Returns True if it was
        delayed."""
        limit = self._limit if priority >= Priority.NORMAL else None
        delayed = False
        while True:
            counted, total = await self._state.hit_window(
                scope, int(self._time() // self._width), self._buckets, limit
            )
            if counted:
                if delayed is False and scope in self._active and limit is not None:
                    self._active.discard(scope)
                return delayed
            delayed = True
            if scope not in self._active:
                self._active.add(scope)
                await self._notify(
                    Notice(
                        kind=NoticeKind.THROTTLING_ACTIVE,
                        mission_id=None if scope == GLOBAL_SCOPE else scope,
                        text="throttling ativo: mensagens NORMAL e BAIXA estão sendo atrasadas",
                        detail={"messages_in_window": total, "max_rate": self._rate},
                    ),
                    lead,
                )
            await self._clock.sleep(self._retry)

    def active(self, scope: str) -> bool:
        return scope in self._active
