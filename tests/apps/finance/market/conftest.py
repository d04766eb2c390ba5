"""Offline market setup on a ManualClock: no network, no real waiting."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable
from datetime import UTC, datetime
from typing import TypeVar

import pytest

from switchboard.apps.finance.market import MarketSetup, offline_market
from switchboard.core.clock import ManualClock

T = TypeVar("T")

NOW = datetime(2026, 11, 23, 13, 0, tzinfo=UTC)  # Monday 10:00 in São Paulo


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(wall_start=NOW)


@pytest.fixture
async def market(clock: ManualClock) -> AsyncIterator[MarketSetup]:
    setup = offline_market(clock)
    yield setup
    await setup.aclose()


async def drive(clock: ManualClock, call: Awaitable[T], step: float = 0.5) -> T:
    """Run `call`, moving the manual clock forward whenever it is blocked waiting for time."""
    task = asyncio.ensure_future(call)
    for _ in range(20_000):
        for _ in range(100):
            if task.done():
                return task.result()
            await asyncio.sleep(0)
        await clock.advance(step)
    task.cancel()
    raise AssertionError("call did not finish within 10,000 simulated seconds")
