"""The bus's deadline heap: one loop wake-up for the earliest deadline (system clock)."""

from __future__ import annotations

import asyncio

from switchboard.bus.timers import Timers
from switchboard.core.clock import SYSTEM_CLOCK


async def _turns(n: int = 3) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def test_due_timers_fire_in_order_cancelled_and_future_ones_do_not():
    timers = Timers(SYSTEM_CLOCK)
    now = SYSTEM_CLOCK.monotonic()
    fired: list[str] = []
    timers.call_at(now + 3600, lambda: fired.append("later"))  # armed first, far away
    timers.call_at(now - 2, lambda: fired.append("b"))  # earlier: re-arms the loop handle
    timers.call_at(now - 3, lambda: fired.append("a"))
    timers.call_at(now - 1, lambda: fired.append("cancelled")).cancel()
    await _turns()
    assert fired == ["a", "b"]
    assert timers._armed_at == now + 3600  # the next wake-up is the remaining deadline
    await timers.close()
    assert timers._armed_at is None and not timers._heap


async def test_a_timer_added_from_a_callback_is_armed():
    timers = Timers(SYSTEM_CLOCK)
    now = SYSTEM_CLOCK.monotonic()
    fired: list[str] = []

    def first() -> None:
        fired.append("first")
        timers.call_at(now - 1, lambda: fired.append("second"))

    timers.call_at(now - 2, first)
    await _turns(5)
    assert fired == ["first", "second"]
    await timers.close()
