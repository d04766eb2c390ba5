"""Per-source circuit breaker: a source that keeps failing stops costing time (flow 7's
"Circuit Breaker: 1ª falha registrada")."""

from __future__ import annotations

from switchboard.apps.finance.market import (
    BreakerState,
    Fault,
    MarketSetup,
    Origin,
    SourceBreakers,
)
from switchboard.core.clock import ManualClock
from tests.apps.finance.market.conftest import drive


async def test_breaker_opens_after_five_failures_in_a_row_and_recovers(clock: ManualClock) -> None:
    breakers = SourceBreakers(clock)
    for _ in range(4):
        breakers.record("brapi", ok=False)
    assert breakers.state("brapi") is BreakerState.CLOSED
    breakers.record("brapi", ok=False)
    assert breakers.state("brapi") is BreakerState.OPEN and not breakers.allow("brapi")
    await clock.advance(90)
    assert breakers.state("brapi") is BreakerState.HALF_OPEN
    assert breakers.allow("brapi") and not breakers.allow("brapi")  # one trial at a time
    breakers.record("brapi", ok=False)
    assert breakers.state("brapi") is BreakerState.OPEN  # failed trial: 90 s more
    await clock.advance(90)
    assert breakers.allow("brapi")
    breakers.record("brapi", ok=True)
    assert breakers.state("brapi") is BreakerState.CLOSED


async def test_ratio_over_the_last_ten_attempts(clock: ManualClock) -> None:
    breakers = SourceBreakers(clock)
    for ok in [False, True] * 4 + [False, False]:  # 6 failures of 10, never 5 in a row
        breakers.record("yahoo", ok=ok)
    assert breakers.state("yahoo") is BreakerState.OPEN
    other = SourceBreakers(clock)
    for ok in [False, True] * 5:  # exactly 50%: stays closed
        other.record("yahoo", ok=ok)
    assert other.state("yahoo") is BreakerState.CLOSED


async def test_open_primary_is_skipped_without_a_call(
    market: MarketSetup, clock: ManualClock
) -> None:
    market.brapi_transport.fail(Fault.DELAY)  # type: ignore[union-attr]
    for _ in range(5):  # five requests, each losing 15 s to brapi
        result = await drive(clock, market.research.quote("PETR4", timeout_s=30))
        await market.cache.invalidate("quote:PETR4")
        assert result.origin is Origin.ALTERNATIVE and result.resources.ms == 15_000
    calls = len(market.brapi_transport.requests)  # type: ignore[union-attr]
    result = await drive(clock, market.research.quote("PETR4", timeout_s=30))
    assert result.origin is Origin.ALTERNATIVE and result.resources.ms == 0  # no time lost
    assert (
        result.avisos[0] == "Fonte primária (brapi) suspensa temporariamente após falhas repetidas."
    )
    assert len(market.brapi_transport.requests) == calls  # type: ignore[union-attr]

    market.brapi_transport.clear()  # type: ignore[union-attr]
    await clock.advance(90)
    recovered = await market.research.quote("PETR4", timeout_s=30)
    assert recovered.origin is Origin.PRIMARY
    assert market.research.breakers.state("brapi") is BreakerState.CLOSED
