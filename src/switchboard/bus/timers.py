"""Deadlines on the injected clock without a task or a loop timer per request.

Requests need a timeout each; a sleeping task per request would cost more than the request itself
on the in-process path, and even one event-loop timer per request (a `TimerHandle`, its cancel
bookkeeping) is a visible share of it. So the bus keeps its own heap of `(when, seq, Timer)` and
arms ONE wake-up for the earliest: with the system clock, whose monotonic time is the event
loop's own time base, a `loop.call_at` handle (re-armed only when an earlier deadline arrives);
with any other clock (a test's manual clock), one task sleeping on that clock. Cancelled timers
are dropped lazily (and compacted when they pile up).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from collections.abc import Callable

from switchboard.core.clock import Clock, SystemClock


class Timer:
    __slots__ = ("_owner", "callback", "when")

    def __init__(self, when: float, callback: Callable[[], None], owner: Timers) -> None:
        self.when = when
        self.callback: Callable[[], None] | None = callback
        self._owner = owner

    def cancel(self) -> None:
        if self.callback is not None:
            self.callback = None
            self._owner._cancelled()


class Timers:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._heap: list[tuple[float, int, Timer]] = []
        self._seq = itertools.count()
        self._dead = 0
        # system clock: one loop handle for the earliest deadline
        self._loop_time = type(clock) is SystemClock
        self._resolution = time.get_clock_info("monotonic").resolution
        self._handle: asyncio.TimerHandle | None = None
        self._armed_at: float | None = None
        # other clocks: one task sleeping until the earliest deadline
        self._task: asyncio.Task[None] | None = None
        self._sleeping_until: float | None = None

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Run `callback` at `when` (the clock's monotonic time); `.cancel()` the returned timer to
        drop it."""
        timer = Timer(when, callback, self)
        heapq.heappush(self._heap, (when, next(self._seq), timer))
        if self._loop_time:
            if self._armed_at is None or when < self._armed_at:
                loop = asyncio.get_running_loop()
                if type(loop).time is asyncio.BaseEventLoop.time:  # time.monotonic, as SystemClock
                    self._arm(loop, when)
                    return timer
                self._loop_time = False  # a loop with another time base: the sleeping task
            else:
                return timer
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        elif self._sleeping_until is not None and when < self._sleeping_until:
            self._task.cancel()
            self._task = asyncio.get_running_loop().create_task(self._run())
        return timer

    def _arm(self, loop: asyncio.AbstractEventLoop, when: float) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._armed_at = when
        self._handle = loop.call_at(when, self._fire)

    def _fire(self) -> None:
        """The loop handle: run what is due (the loop's own rule: `when` within the clock
        resolution of now), then arm for the next deadline."""
        self._handle = self._armed_at = None
        heap = self._heap
        due = self._clock.monotonic() + self._resolution
        while heap:
            when, _, timer = heap[0]
            if timer.callback is None:
                heapq.heappop(heap)
                self._dead = max(0, self._dead - 1)
                continue
            if when >= due:
                self._arm(asyncio.get_running_loop(), when)
                return
            heapq.heappop(heap)
            callback, timer.callback = timer.callback, None
            callback()

    def _cancelled(self) -> None:
        self._dead += 1
        if self._dead > 1024 and self._dead * 2 > len(self._heap):
            self._heap = [entry for entry in self._heap if entry[2].callback is not None]
            heapq.heapify(self._heap)
            self._dead = 0

    async def _run(self) -> None:
        while True:
            heap = self._heap
            if not heap:
                return
            when, _, timer = heap[0]
            if timer.callback is None:
                heapq.heappop(heap)
                self._dead = max(0, self._dead - 1)
                continue
            now = self._clock.monotonic()
            if when <= now:
                heapq.heappop(heap)
                callback, timer.callback = timer.callback, None
                callback()
                continue
            self._sleeping_until = when
            try:
                await self._clock.sleep(when - now)
            finally:
                self._sleeping_until = None

    async def close(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = self._armed_at = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._heap.clear()
