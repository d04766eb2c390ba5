"""Deadlines on the injected clock with one task, not one per request.

Requests need a timeout each; a sleeping task per request would cost more than the request itself
on the in-process path. One task sleeps until the earliest deadline; cancelled timers are dropped
lazily (and compacted when they pile up). With the system clock, whose monotonic time is the event
loop's own time base, the loop's timer heap does the same job without the task: `call_at` hands
the deadline to `loop.call_at` (no task to cancel and restart when an earlier deadline arrives,
which a burst of requests with shorter timeouts than the one in flight would otherwise cause).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
from collections.abc import Callable
from typing import Protocol

from switchboard.core.clock import Clock, SystemClock


class Timer:
    __slots__ = ("_owner", "callback", "seq", "when")

    def __init__(self, when: float, seq: int, callback: Callable[[], None], owner: Timers) -> None:
        self.when = when
        self.seq = seq
        self.callback: Callable[[], None] | None = callback
        self._owner = owner

    def __lt__(self, other: Timer) -> bool:
        return (self.when, self.seq) < (other.when, other.seq)

    def cancel(self) -> None:
        if self.callback is not None:
            self.callback = None
            self._owner._cancelled()


class Cancellable(Protocol):
    def cancel(self) -> None: ...


class Timers:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._heap: list[Timer] = []
        self._seq = itertools.count()
        self._task: asyncio.Task[None] | None = None
        self._sleeping_until: float | None = None
        self._dead = 0
        self._loop_time = type(clock) is SystemClock

    def call_at(self, when: float, callback: Callable[[], None]) -> Cancellable:
        """Run `callback` at `when` (the clock's monotonic time); `.cancel()` the returned timer to
        drop it."""
        if self._loop_time:
            loop = asyncio.get_running_loop()
            if type(loop).time is asyncio.BaseEventLoop.time:  # time.monotonic, like SystemClock
                return loop.call_at(when, callback)
        timer = Timer(when, next(self._seq), callback, self)
        heapq.heappush(self._heap, timer)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        elif self._sleeping_until is not None and when < self._sleeping_until:
            self._task.cancel()
            self._task = asyncio.get_running_loop().create_task(self._run())
        return timer

    def _cancelled(self) -> None:
        self._dead += 1
        if self._dead > 1024 and self._dead * 2 > len(self._heap):
            self._heap = [t for t in self._heap if t.callback is not None]
            heapq.heapify(self._heap)
            self._dead = 0

    async def _run(self) -> None:
        heap = self._heap
        while True:
            heap = self._heap
            if not heap:
                return
            head = heap[0]
            if head.callback is None:
                heapq.heappop(heap)
                self._dead = max(0, self._dead - 1)
                continue
            now = self._clock.monotonic()
            if head.when <= now:
                heapq.heappop(heap)
                callback, head.callback = head.callback, None
                callback()
                continue
            self._sleeping_until = head.when
            try:
                await self._clock.sleep(head.when - now)
            finally:
                self._sleeping_until = None

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._heap.clear()
