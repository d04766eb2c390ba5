"""Ready-made `MarketResearch` setups: offline (fixture replay, the default) and live.

Offline is what runs with no provider key: both providers run their real HTTP parsing against
the recorded fixtures through `FixtureTransport`, so the whole chain — including faults injected
on the transports — behaves as in production, with no network. Live needs a brapi token (the
spec's primary); Yahoo's public endpoints need no key and are used as the alternative.
"""

from __future__ import annotations

from dataclasses import dataclass

import httpx

from switchboard import Clock
from switchboard.apps.finance.market.cache import InMemoryResearchCache, ResearchCache
from switchboard.apps.finance.market.providers.brapi import BrapiProvider
from switchboard.apps.finance.market.providers.yahoo import YahooProvider
from switchboard.apps.finance.market.replay import FixtureTransport
from switchboard.apps.finance.market.research import MarketResearch
from switchboard.apps.finance.market.static import StaticMarketData
from switchboard.core import SYSTEM_CLOCK

BRAPI_BASE_URL = "https://brapi.dev"
YAHOO_BASE_URL = "https://query1.finance.yahoo.com"


@dataclass(slots=True)
class MarketSetup:
    research: MarketResearch
    cache: ResearchCache
    clients: tuple[httpx.AsyncClient, ...]
    brapi_transport: FixtureTransport | None = None
    """Offline only: inject faults here (`fail(Fault.TIMEOUT, "/api/quote/*")`)."""
    yahoo_transport: FixtureTransport | None = None

    async def aclose(self) -> None:
        for client in self.clients:
            await client.aclose()


def offline_market(
    clock: Clock = SYSTEM_CLOCK, *, cache: ResearchCache | None = None
) -> MarketSetup:
    """brapi + Yahoo replaying the fixtures, an in-memory cache, static data. Every answer is
    marked illustrative: the fixtures' values were written for tests, not captured."""
    brapi_transport = FixtureTransport("brapi", clock=clock)
    yahoo_transport = FixtureTransport("yahoo", clock=clock)
    brapi_client = httpx.AsyncClient(transport=brapi_transport)
    yahoo_client = httpx.AsyncClient(transport=yahoo_transport)
    store = cache if cache is not None else InMemoryResearchCache(clock)
    research = MarketResearch(
        BrapiProvider(BRAPI_BASE_URL, brapi_client, clock=clock),
        YahooProvider(YAHOO_BASE_URL, yahoo_client, clock=clock),
        store,
        StaticMarketData(),
        clock,
        illustrative=True,
    )
    return MarketSetup(
        research, store, (brapi_client, yahoo_client), brapi_transport, yahoo_transport
    )


def live_market(
    brapi_token: str,
    clock: Clock = SYSTEM_CLOCK,
    *,
    cache: ResearchCache | None = None,
    http_timeout_s: float = 30.0,
) -> MarketSetup:
    """Real brapi.dev (with the token) and Yahoo Finance over the network."""
    client = httpx.AsyncClient(
        timeout=http_timeout_s, headers={"User-Agent": "switchboard-finance/1.0"}
    )
    store = cache if cache is not None else InMemoryResearchCache(clock)
    research = MarketResearch(
        BrapiProvider(BRAPI_BASE_URL, client, token=brapi_token, clock=clock),
        YahooProvider(YAHOO_BASE_URL, client, clock=clock),
        store,
        StaticMarketData(),
        clock,
    )
    return MarketSetup(research, store, (client,))
