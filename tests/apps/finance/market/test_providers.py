"""Providers parse the recorded brapi/Yahoo shapes for real (over httpx), and fail typed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from decimal import Decimal
from pathlib import Path

import httpx
import pytest

from switchboard.apps.finance.market import (
    BrapiProvider,
    Fault,
    FixtureTransport,
    ProviderResponseError,
    ProviderTimeoutError,
    ProviderUnavailableError,
    TickerNotFoundError,
    UnsupportedOperationError,
    YahooProvider,
)
from switchboard.apps.finance.market.providers.jsonhttp import number, timestamp
from switchboard.core.clock import ManualClock

D = Decimal
TICKERS = ["PETR4", "VALE3", "ITUB4", "BBAS3", "WEGE3", "MGLU3"]


@pytest.fixture
async def brapi(clock: ManualClock) -> AsyncIterator[tuple[BrapiProvider, FixtureTransport]]:
    transport = FixtureTransport("brapi", clock=clock)
    async with httpx.AsyncClient(transport=transport) as client:
        yield BrapiProvider("https://brapi.dev", client, token="t0k", clock=clock), transport


@pytest.fixture
async def yahoo(clock: ManualClock) -> AsyncIterator[tuple[YahooProvider, FixtureTransport]]:
    transport = FixtureTransport("yahoo", clock=clock)
    async with httpx.AsyncClient(transport=transport) as client:
        yield YahooProvider("https://query1.finance.yahoo.com", client, clock=clock), transport


@pytest.mark.parametrize("ticker", TICKERS)
async def test_both_providers_parse_every_recorded_ticker(
    ticker: str,
    brapi: tuple[BrapiProvider, FixtureTransport],
    yahoo: tuple[YahooProvider, FixtureTransport],
) -> None:
    for provider in (brapi[0], yahoo[0]):
        quote = await provider.quote(ticker)
        assert quote.ticker == ticker and quote.price > 0 and quote.currency == "BRL"
        fundamentals = await provider.fundamentals(ticker)
        assert fundamentals.completeness() == 1


async def test_brapi_quote_keeps_the_exact_decimal_and_sends_the_token(
    brapi: tuple[BrapiProvider, FixtureTransport],
) -> None:
    provider, transport = brapi
    quote = await provider.quote("PETR4")
    assert quote.price == D("38.42") and str(quote.price) == "38.42"
    assert quote.change_pct == D("1.2")
    assert quote.as_of.isoformat() == "2026-11-21T20:07:00+00:00"
    assert transport.requests[-1].headers["Authorization"] == "Bearer t0k"
    fundamentals = await provider.fundamentals("PETR4")
    assert (fundamentals.p_l, fundamentals.roe, fundamentals.dividend_yield) == (
        D("4.2"),
        D("18.00"),
        D("14.50"),
    )
    assert transport.requests[-1].url.params["fundamental"] == "true"


async def test_brapi_indices(brapi: tuple[BrapiProvider, FixtureTransport]) -> None:
    provider, _ = brapi
    selic = await provider.index("selic")
    assert (selic.value, selic.unit) == (D("15.00"), "% a.a.")
    assert selic.as_of.date().isoformat() == "2026-11-05"  # the latest point of the series
    ipca = await provider.index("ipca")
    assert ipca.value == D("4.68")
    assert (await provider.index("ibovespa")).value == D("155342.1")
    dollar = await provider.index("dolar")
    assert (dollar.value, dollar.unit) == (D("5.3318"), "R$")
    assert not provider.supports("index:cdi") and not provider.supports("news")
    with pytest.raises(UnsupportedOperationError):
        await provider.index("cdi")


async def test_yahoo_quote_fundamentals_indices_and_news(
    yahoo: tuple[YahooProvider, FixtureTransport],
) -> None:
    provider, transport = yahoo
    quote = await provider.quote("PETR4")
    # change computed from chartPreviousClose: 38.40 / 37.95 − 1 = 1.1858% → 1.19
    assert (quote.price, quote.change_pct) == (D("38.4"), D("1.19"))
    assert transport.requests[-1].url.path == "/v8/finance/chart/PETR4.SA"
    mglu = await provider.fundamentals("MGLU3")
    assert mglu.p_l == D("18.5")
    assert (await provider.index("ibovespa")).unit == "pontos"
    assert (await provider.index("dolar")).value == D("5.3322")
    news = await provider.news("PETR4", 2)
    assert [item.source for item in news] == ["InfoMoney", "Valor Econômico"]
    assert transport.requests[-1].url.params["q"] == "PETR4.SA"
    assert await provider.news("inflação", 5) == []
    with pytest.raises(UnsupportedOperationError):
        await provider.index("selic")


async def test_unknown_ticker_is_not_an_outage(
    brapi: tuple[BrapiProvider, FixtureTransport], yahoo: tuple[YahooProvider, FixtureTransport]
) -> None:
    with pytest.raises(TickerNotFoundError):
        await brapi[0].quote("XPTO3")
    with pytest.raises(TickerNotFoundError):
        await yahoo[0].fundamentals("XPTO3")


@pytest.mark.parametrize(
    ("fault", "error"),
    [
        (Fault.HTTP_500, ProviderUnavailableError),
        (Fault.TIMEOUT, ProviderTimeoutError),
        (Fault.GARBAGE, ProviderResponseError),
        (Fault.WRONG_SHAPE, ProviderResponseError),
    ],
)
async def test_faults_become_typed_provider_errors(
    fault: Fault,
    error: type[Exception],
    brapi: tuple[BrapiProvider, FixtureTransport],
    yahoo: tuple[YahooProvider, FixtureTransport],
) -> None:
    for provider, transport in (brapi, yahoo):
        transport.fail(fault)
        with pytest.raises(error):
            await provider.quote("PETR4")
        with pytest.raises(error):
            await provider.fundamentals("PETR4")
        transport.clear()
        assert (await provider.quote("PETR4")).price > 0


async def test_faults_are_per_path_and_can_be_counted(
    brapi: tuple[BrapiProvider, FixtureTransport],
) -> None:
    provider, transport = brapi
    transport.fail(Fault.HTTP_500, "/api/quote/VALE3", times=1)
    assert (await provider.quote("PETR4")).ticker == "PETR4"
    with pytest.raises(ProviderUnavailableError):
        await provider.quote("VALE3")
    assert (await provider.quote("VALE3")).ticker == "VALE3"  # only once


async def test_tolerant_parsing_of_a_different_recording(
    tmp_path: Path, clock: ManualClock
) -> None:
    # Numbers as strings with a comma, ROE missing, an extra unknown field: still parsed.
    (tmp_path / "brapi").mkdir()
    (tmp_path / "brapi" / "q.json").write_text(
        '{"request": {"method": "GET", "path": "/api/quote/TAEE11", "query": {}},'
        ' "response": {"status": 200, "body": {"results": [{"symbol": "TAEE11",'
        ' "regularMarketPrice": "35,90", "regularMarketTime": 1795291620, "novo": 1,'
        ' "priceEarnings": null, "summaryDetail": {"trailingPE": "8.1"}}]}}}',
        encoding="utf-8",
    )
    transport = FixtureTransport("brapi", root=tmp_path, clock=clock)
    async with httpx.AsyncClient(transport=transport) as client:
        provider = BrapiProvider("https://brapi.dev", client, clock=clock)
        assert (await provider.quote("TAEE11")).price == D("35.90")
        fundamentals = await provider.fundamentals("TAEE11")
        assert fundamentals.p_l == D("8.1") and fundamentals.missing() == ["ROE", "dividend yield"]
        with pytest.raises(TickerNotFoundError):  # no recording: the transport answers 404
            await provider.quote("VALE3")


def test_number_and_timestamp_helpers() -> None:
    assert number({"raw": 0.18, "fmt": "18.00%"}) == D("0.18")
    assert number("15,00") == D("15.00") and number("4.68%") == D("4.68")
    assert number("NaN") is None and number(True) is None and number("abc") is None
    assert timestamp(1795291620000) == timestamp(1795291620)
    assert timestamp("05/11/2026").isoformat() == "2026-11-05T12:00:00+00:00"  # type: ignore[union-attr]
    assert timestamp("2026-11-21 17:07:00").isoformat() == "2026-11-21T20:07:00+00:00"  # type: ignore[union-attr]
    assert timestamp("not a date") is None
