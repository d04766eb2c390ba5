"""The offline setup never touches the network, and the cache forgets on the injected clock."""

from __future__ import annotations

import socket
from datetime import timedelta

import pytest

from switchboard.apps.finance.market import InMemoryResearchCache, MarketSetup, Origin
from switchboard.core.clock import ManualClock


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


@pytest.mark.usefixtures("no_network")
async def test_every_operation_runs_with_the_network_off(market: MarketSetup) -> None:
    research = market.research
    for ticker in ("PETR4", "VALE3", "ITUB4", "BBAS3", "WEGE3", "MGLU3"):
        assert (await research.quote(ticker, timeout_s=30)).origin is Origin.PRIMARY
        assert (await research.fundamentals(ticker, timeout_s=30)).origin is Origin.PRIMARY
    for index in ("selic", "ipca", "ibovespa", "dolar"):
        assert (await research.index(index, timeout_s=30)).origin is Origin.PRIMARY
    assert (await research.index("cdi", timeout_s=30)).origin is Origin.STATIC
    assert (await research.news("PETR4", timeout_s=30)).origin is Origin.PRIMARY


async def test_in_memory_cache_retention(clock: ManualClock) -> None:
    cache = InMemoryResearchCache(clock, retention=timedelta(days=30))
    await cache.put("k", "{}", "brapi")
    entry = await cache.get("k")
    assert entry is not None and entry.stored_at == clock.now() and entry.source == "brapi"
    await clock.advance(29 * 24 * 3600)
    assert await cache.get("k") is not None
    await clock.advance(2 * 24 * 3600)
    assert await cache.get("k") is None and len(cache) == 0
