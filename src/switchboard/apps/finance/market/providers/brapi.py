"""brapi.dev-style source (the spec's primary): B3 quotes, fundamentals, Selic, IPCA, dollar.

Shapes parsed (https://brapi.dev/docs):

- `GET /api/quote/{ticker}` → {"results": [{"symbol", "regularMarketPrice",
  "regularMarketChangePercent", "regularMarketTime", "currency", "longName", …}]}; with
  `fundamental=true&modules=summaryDetail,defaultKeyStatistics,financialData` the same result also
  carries "priceEarnings" and the modules (ROE in `financialData.returnOnEquity`, dividend yield
  in `summaryDetail.dividendYield`, both fractions). An unknown ticker is HTTP 404
  {"error": true, "message": "Não encontramos a ação …"}.
- `GET /api/v2/prime-rate?country=brazil` → {"prime-rate": [{"date": "DD/MM/YYYY",
  "value": "15.00", "epochDate": ms}]} (Selic); `/api/v2/inflation` → {"inflation": […]} (IPCA,
  12 months); `/api/v2/currency?currency=USD-BRL` → {"currency": [{"bidPrice",
  "updatedAtDate", …}]}; the Ibovespa is the quote of "^BVSP".

brapi offers no news and no CDI: `supports` says so and the chain skips it for those.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import httpx

from switchboard import Clock
from switchboard.apps.finance.market.errors import (
    ProviderResponseError,
    TickerNotFoundError,
    UnsupportedOperationError,
)
from switchboard.apps.finance.market.models import (
    Fundamentals,
    IndexName,
    IndexValue,
    NewsItem,
    Quote,
)
from switchboard.apps.finance.market.providers.base import (
    FUNDAMENTALS,
    QUOTE,
    index_capability,
)
from switchboard.apps.finance.market.providers.jsonhttp import (
    NotFound,
    dig,
    get_json,
    number,
    percent_from_fraction,
    timestamp,
)
from switchboard.core import SYSTEM_CLOCK

FUNDAMENTAL_MODULES = "summaryDetail,defaultKeyStatistics,financialData"
_SERIES: dict[str, tuple[str, str, str]] = {
    # index → (path, list key, unit)
    "selic": ("/api/v2/prime-rate", "prime-rate", "% a.a."),
    "ipca": ("/api/v2/inflation", "inflation", "% em 12 meses"),
}


class BrapiProvider:
    name = "brapi"

    def __init__(
        self,
        base_url: str,
        client: httpx.AsyncClient,
        *,
        token: str | None = None,
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self._base = base_url.rstrip("/")
        self._client = client
        self._headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._clock = clock
        self._capabilities = {
            QUOTE,
            FUNDAMENTALS,
            *(index_capability(n) for n in ("selic", "ipca", "ibovespa", "dolar")),
        }

    def supports(self, capability: str) -> bool:
        return capability in self._capabilities

    async def _result(self, ticker: str, params: dict[str, str]) -> dict[str, Any]:
        try:
            body = await get_json(
                self._client,
                f"{self._base}/api/quote/{ticker}",
                provider=self.name,
                params=params,
                headers=self._headers,
            )
        except NotFound as exc:
            raise TickerNotFoundError(
                f"brapi does not know {ticker}", provider=self.name, ticker=ticker
            ) from exc
        if isinstance(body, dict) and body.get("error") is True:
            raise TickerNotFoundError(
                f"brapi: {body.get('message')}", provider=self.name, ticker=ticker
            )
        results = dig(body, "results")
        if results == []:
            raise TickerNotFoundError(
                f"brapi: no results for {ticker}", provider=self.name, ticker=ticker
            )
        result = dig(results, 0)
        if not isinstance(result, dict):
            raise ProviderResponseError("brapi: no results[0] object", provider=self.name)
        return result

    async def quote(self, ticker: str) -> Quote:
        result = await self._result(ticker, {})
        price = number(result.get("regularMarketPrice"))
        if price is None or price <= 0:
            raise ProviderResponseError("brapi: no regularMarketPrice", provider=self.name)
        return Quote(
            ticker=ticker,
            price=price,
            change_pct=number(result.get("regularMarketChangePercent")),
            currency=str(result.get("currency") or "BRL"),
            as_of=timestamp(result.get("regularMarketTime")) or self._clock.now(),
            name=result.get("longName") or result.get("shortName"),
        )

    async def fundamentals(self, ticker: str) -> Fundamentals:
        result = await self._result(ticker, {"fundamental": "true", "modules": FUNDAMENTAL_MODULES})
        if not any(key in result for key in ("symbol", "regularMarketPrice", "priceEarnings")):
            raise ProviderResponseError("brapi: result has no known field", provider=self.name)
        p_l = number(result.get("priceEarnings"))
        if p_l is None:
            p_l = number(dig(result, "summaryDetail", "trailingPE"))
        return Fundamentals(
            ticker=ticker,
            p_l=p_l,
            roe=percent_from_fraction(dig(result, "financialData", "returnOnEquity")),
            dividend_yield=percent_from_fraction(dig(result, "summaryDetail", "dividendYield")),
            as_of=timestamp(result.get("regularMarketTime")) or self._clock.now(),
        )

    async def index(self, name: IndexName) -> IndexValue:
        if not self.supports(index_capability(name)):
            raise UnsupportedOperationError(f"brapi has no {name}", provider=self.name)
        if name == "ibovespa":
            quote = await self.quote("^BVSP")
            return IndexValue(name=name, value=quote.price, unit="pontos", as_of=quote.as_of)
        if name == "dolar":
            return await self._dollar()
        path, key, unit = _SERIES[name]
        body = await self._get(path, {"country": "brazil"})
        points = dig(body, key)
        if not isinstance(points, list) or not points:
            raise ProviderResponseError(f"brapi: no {key} series", provider=self.name)
        dated: list[tuple[datetime, dict[str, Any]]] = []
        for point in points:
            when = timestamp(dig(point, "date")) or timestamp(dig(point, "epochDate"))
            if when is not None and isinstance(point, dict):
                dated.append((when, point))
        if not dated:
            raise ProviderResponseError(f"brapi: undated {key} series", provider=self.name)
        when, latest = max(dated, key=lambda item: item[0])
        value = number(latest.get("value"))
        if value is None:
            raise ProviderResponseError(f"brapi: {key} without value", provider=self.name)
        return IndexValue(name=name, value=value, unit=unit, as_of=when)

    async def _dollar(self) -> IndexValue:
        body = await self._get("/api/v2/currency", {"currency": "USD-BRL"})
        row = dig(body, "currency", 0)
        value = number(dig(row, "bidPrice"))
        if value is None:
            raise ProviderResponseError("brapi: no USD-BRL bidPrice", provider=self.name)
        as_of = timestamp(dig(row, "updatedAtTimestamp")) or timestamp(dig(row, "updatedAtDate"))
        return IndexValue(name="dolar", value=value, unit="R$", as_of=as_of or self._clock.now())

    async def _get(self, path: str, params: dict[str, str]) -> Any:
        try:
            return await get_json(
                self._client,
                f"{self._base}{path}",
                provider=self.name,
                params=params,
                headers=self._headers,
            )
        except NotFound as exc:
            raise ProviderResponseError(f"brapi: {path} not found", provider=self.name) from exc

    async def news(self, query: str, limit: int) -> list[NewsItem]:
        raise UnsupportedOperationError("brapi has no news", provider=self.name)
