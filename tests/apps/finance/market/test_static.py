"""The static last-known values are the snapshot the offline fixtures replay: offline, Junior's
quick answers (`trivial.py`, static data) and a mission's research (the fixtures) gave two
prices for one share on two dates (37,10 on 14/11, 38,42 on 21/11)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from switchboard.apps.finance.market import static
from switchboard.apps.finance.market.replay import FIXTURES_DIR
from switchboard.apps.finance.market.static import STATIC_AS_OF, StaticMarketData

BRAPI = Path(FIXTURES_DIR) / "brapi"


def _body(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((BRAPI / name).read_text(encoding="utf-8"))["response"]["body"]


def _dec(value: object) -> Decimal:
    return Decimal(str(value))


@pytest.mark.parametrize("ticker", sorted(static._QUOTES))
def test_each_static_quote_is_the_fixture_snapshot(ticker: str) -> None:
    recorded = _body(f"quote_{ticker}.json")["results"][0]
    data = StaticMarketData()
    quote, fundamentals = data.quote(ticker), data.fundamentals(ticker)
    assert quote is not None and fundamentals is not None
    assert quote.price == _dec(recorded["regularMarketPrice"])
    assert quote.change_pct == _dec(recorded["regularMarketChangePercent"])
    assert fundamentals.p_l == _dec(recorded["priceEarnings"])
    assert fundamentals.roe == _dec(recorded["financialData"]["returnOnEquity"]) * 100
    assert fundamentals.dividend_yield == _dec(recorded["summaryDetail"]["dividendYield"]) * 100
    assert STATIC_AS_OF.isoformat().startswith(recorded["regularMarketTime"][:16])


def test_the_static_indices_are_the_fixture_snapshot() -> None:
    data = StaticMarketData()
    ibovespa, dolar = data.index("ibovespa"), data.index("dolar")
    ipca, selic = data.index("ipca"), data.index("selic")
    assert ibovespa is not None and dolar is not None and ipca is not None and selic is not None
    assert ibovespa.value == _dec(_body("quote_BVSP.json")["results"][0]["regularMarketPrice"])
    assert dolar.value == _dec(_body("currency_USD_BRL.json")["currency"][0]["bidPrice"])
    assert ipca.value == _dec(_body("inflation.json")["inflation"][0]["value"])
    assert selic.value == _dec(_body("prime_rate.json")["prime-rate"][0]["value"])
