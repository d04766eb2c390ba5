"""Property: for any mix of source faults, cache age and budget, the chain picks exactly the
link the spec says (primary → cache 24 h / 7 days if tight → alternative → static → partial),
and the answer's status, confidence and fallback flag agree with that link."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import httpx
from hypothesis import given, settings
from hypothesis import strategies as st

from switchboard.apps.finance.market import (
    CONFIDENCE,
    BrapiProvider,
    Fault,
    FixtureTransport,
    InMemoryResearchCache,
    MarketResearch,
    Origin,
    ResearchStatus,
    StaticMarketData,
    YahooProvider,
)
from switchboard.core.clock import ManualClock
from tests.apps.finance.market.conftest import NOW

faults = st.sampled_from([None, Fault.HTTP_500, Fault.TIMEOUT, Fault.GARBAGE, Fault.WRONG_SHAPE])


def expected_origin(
    primary_ok: bool, cache_age_h: int | None, tight: bool, alternative_ok: bool, static: bool
) -> Origin:
    if primary_ok:
        return Origin.PRIMARY
    if cache_age_h is not None and cache_age_h <= 24:
        return Origin.CACHE
    if cache_age_h is not None and tight and cache_age_h <= 7 * 24:
        return Origin.STALE_CACHE
    if alternative_ok:
        return Origin.ALTERNATIVE
    if static:
        return Origin.STATIC
    if cache_age_h is not None:
        return Origin.PARTIAL
    return Origin.NONE


async def scenario(
    brapi_fault: Fault | None,
    yahoo_fault: Fault | None,
    cache_age_h: int | None,
    tight: bool,
    static: bool,
) -> None:
    clock = ManualClock(wall_start=NOW)
    brapi_transport = FixtureTransport("brapi", clock=clock)
    yahoo_transport = FixtureTransport("yahoo", clock=clock)
    async with (
        httpx.AsyncClient(transport=brapi_transport) as brapi_client,
        httpx.AsyncClient(transport=yahoo_transport) as yahoo_client,
    ):
        cache = InMemoryResearchCache(clock)
        research = MarketResearch(
            BrapiProvider("https://brapi.dev", brapi_client, clock=clock),
            YahooProvider("https://query1.finance.yahoo.com", yahoo_client, clock=clock),
            cache,
            StaticMarketData() if static else None,
            clock,
        )
        if cache_age_h is not None:
            await research.fundamentals("WEGE3", timeout_s=30)  # fills the cache from brapi
            await clock.advance(cache_age_h * 3600)
        if brapi_fault is not None:
            brapi_transport.fail(brapi_fault)
        if yahoo_fault is not None:
            yahoo_transport.fail(yahoo_fault)
        result = await research.fundamentals("WEGE3", timeout_s=30, budget_tight=tight)

    origin = expected_origin(brapi_fault is None, cache_age_h, tight, yahoo_fault is None, static)
    assert result.origin is origin
    assert result.confianca == CONFIDENCE[origin]
    assert result.fallback_used is (origin not in (Origin.PRIMARY, Origin.NONE))
    assert (result.data is None) is (origin is Origin.NONE)
    expected_status = {
        Origin.PRIMARY: ResearchStatus.SUCESSO,
        Origin.PARTIAL: ResearchStatus.ERRO_COM_DADOS_PARCIAIS,
        Origin.NONE: ResearchStatus.ERRO,
    }.get(origin, ResearchStatus.SUCESSO_VIA_FALLBACK)
    assert result.status is expected_status
    assert (len(result.avisos) == 0) is (origin is Origin.PRIMARY)
    assert result.resources.api_calls == (
        1 if origin in (Origin.PRIMARY, Origin.CACHE, Origin.STALE_CACHE) else 2
    )
    assert timedelta(hours=cache_age_h or 0) <= clock.now() - NOW


@settings(max_examples=80, deadline=None)
@given(
    brapi_fault=faults,
    yahoo_fault=faults,
    cache_age_h=st.one_of(st.none(), st.integers(min_value=0, max_value=20 * 24)),
    tight=st.booleans(),
    static=st.booleans(),
)
def test_the_chain_picks_the_link_the_spec_says(
    brapi_fault: Fault | None,
    yahoo_fault: Fault | None,
    cache_age_h: int | None,
    tight: bool,
    static: bool,
) -> None:
    asyncio.run(scenario(brapi_fault, yahoo_fault, cache_age_h, tight, static))
