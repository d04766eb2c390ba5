from __future__ import annotations

import asyncio

from switchboard.core.clock import ManualClock
from switchboard.core.events import DoneEvent, TextEvent, parse_event


async def test_manual_clock_wakes_sleepers_in_deadline_order():
    clock = ManualClock()
    woke = []

    async def sleeper(name, seconds):
        await clock.sleep(seconds)
        woke.append((name, clock.monotonic() - 1000))

    tasks = [asyncio.create_task(sleeper("b", 20)), asyncio.create_task(sleeper("a", 10))]
    await asyncio.sleep(0)
    await clock.advance(15)
    assert woke == [("a", 10)]
    await clock.advance(10)
    assert woke == [("a", 10), ("b", 20)]
    assert clock.monotonic() == 1025
    await asyncio.gather(*tasks)


def test_events_round_trip_as_ndjson_lines():
    for event in (
        TextEvent(delta="olá", agent="a"),
        DoneEvent(text="olá", session_id="s", agent="a", message_id="m1"),
    ):
        line = event.model_dump_json()
        assert "\n" not in line
        assert parse_event(line) == event
