"""Yahoo Finance-style source (the spec's alternative): quotes, fundamentals, indices, news.

Shapes parsed:

- `GET /v8/finance/chart/{symbol}?range=1d&interval=1d` → {"chart": {"result": [{"meta":
  {"symbol", "currency", "regularMarketPrice", "chartPreviousClose" | "previousClose",
  "regularMarketTime": epoch s, "longName"}}], "error": null}}. An unknown symbol is HTTP 404
  with {"chart": {"result": null, "error": {"code": "Not Found", …}}}.
- `GET /v10/finance/quoteSummary/{symbol}?modules=summaryDetail,defaultKeyStatistics,
  financialData` → {"quoteSummary": {"result": [{"summaryDetail": {"trailingPE": {"raw": …},
  "dividendYield": {"raw": 0.05}}, "financialData": {"returnOnEquity": {"raw": 0.18}}, …}]}}.
- `GET /v1/finance/search?q=…&newsCount=n&quotesCount=0` → {"news": [{"title", "publisher",
  "link", "providerPublishTime": epoch s}]}.

B3 tickers are "PETR4.SA"; the Ibovespa is "^BVSP" and the dollar in reais "BRL=X". Yahoo has no
Selic, IPCA or CDI.
"""

from __future__ import annotations

from decimal import Decimal
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
    NEWS,
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

SUMMARY_MODULES = "summaryDetail,defaultKeyStatistics,financialData"
_INDEX_SYMBOLS: dict[str, tuple[str, str]] = {
    "ibovespa": ("^BVSP", "pontos"),
    "dolar": ("BRL=X", "R$"),
}


def yahoo_symbol(ticker: str) -> str:
    return ticker if ticker.startswith("^") or "." in ticker or "=" in ticker else f"{ticker}.SA"


class YahooProvider:
    name = "Yahoo Finance"

    def __init__(
        self, base_url: str, client: httpx.AsyncClient, *, clock: Clock = SYSTEM_CLOCK
    ) -> None:
        self._base = base_url.rstrip("/")
        self._client = client
        self._clock = clock
        self._capabilities = {
            QUOTE,
            FUNDAMENTALS,
            NEWS,
            index_capability("ibovespa"),
            index_capability("dolar"),
        }

    def supports(self, capability: str) -> bool:
        return capability in self._capabilities

    async def _get(self, path: str, params: dict[str, str], ticker: str) -> Any:
        try:
            return await get_json(
                self._client, f"{self._base}{path}", provider=self.name, params=params
            )
        except NotFound as exc:
            raise TickerNotFoundError(
                f"Yahoo does not know {ticker}", provider=self.name, ticker=ticker
            ) from exc

    async def _chart_meta(self, ticker: str) -> dict[str, Any]:
        symbol = yahoo_symbol(ticker)
        body = await self._get(
            f"/v8/finance/chart/{symbol}", {"range": "1d", "interval": "1d"}, ticker
        )
        if dig(body, "chart", "error", "code") == "Not Found":
            raise TickerNotFoundError(
                f"Yahoo: {symbol} not found", provider=self.name, ticker=ticker
            )
        meta = dig(body, "chart", "result", 0, "meta")
        if not isinstance(meta, dict):
            raise ProviderResponseError("Yahoo: no chart.result[0].meta", provider=self.name)
        return meta

    async def quote(self, ticker: str) -> Quote:
        meta = await self._chart_meta(ticker)
        price = number(meta.get("regularMarketPrice"))
        if price is None or price <= 0:
            raise ProviderResponseError("Yahoo: no regularMarketPrice", provider=self.name)
        previous = number(meta.get("chartPreviousClose")) or number(meta.get("previousClose"))
        change = None
        if previous:
            change = ((price / previous - 1) * 100).quantize(Decimal("0.01"))
        return Quote(
            ticker=ticker,
            price=price,
            change_pct=change,
            currency=str(meta.get("currency") or "BRL"),
            as_of=timestamp(meta.get("regularMarketTime")) or self._clock.now(),
            name=meta.get("longName") or meta.get("shortName"),
        )

    async def fundamentals(self, ticker: str) -> Fundamentals:
        symbol = yahoo_symbol(ticker)
        body = await self._get(
            f"/v10/finance/quoteSummary/{symbol}", {"modules": SUMMARY_MODULES}, ticker
        )
        if dig(body, "quoteSummary", "error", "code") == "Not Found":
            raise TickerNotFoundError(
                f"Yahoo: {symbol} not found", provider=self.name, ticker=ticker
            )
        result = dig(body, "quoteSummary", "result", 0)
        if not isinstance(result, dict):
            raise ProviderResponseError("Yahoo: no quoteSummary.result[0]", provider=self.name)
        p_l = number(dig(result, "summaryDetail", "trailingPE"))
        if p_l is None:
            p_l = number(dig(result, "defaultKeyStatistics", "trailingPE"))
        return Fundamentals(
            ticker=ticker,
            p_l=p_l,
            roe=percent_from_fraction(dig(result, "financialData", "returnOnEquity")),
            dividend_yield=percent_from_fraction(dig(result, "summaryDetail", "dividendYield")),
            as_of=self._clock.now(),
        )

    async def index(self, name: IndexName) -> IndexValue:
        if name not in _INDEX_SYMBOLS:
            raise UnsupportedOperationError(f"Yahoo has no {name}", provider=self.name)
        symbol, unit = _INDEX_SYMBOLS[name]
        quote = await self.quote(symbol)
        return IndexValue(name=name, value=quote.price, unit=unit, as_of=quote.as_of)

    async def news(self, query: str, limit: int) -> list[NewsItem]:
        body = await self._get(
            "/v1/finance/search",
            {
                "q": yahoo_symbol(query) if query.isalnum() else query,
                "newsCount": str(limit),
                "quotesCount": "0",
            },
            query,
        )
        items = dig(body, "news")
        if not isinstance(items, list):
            raise ProviderResponseError("Yahoo: no news list", provider=self.name)
        news: list[NewsItem] = []
        for item in items[:limit]:
            title, link = dig(item, "title"), dig(item, "link")
            published = timestamp(dig(item, "providerPublishTime"))
            if isinstance(title, str) and isinstance(link, str) and published is not None:
                source = dig(item, "publisher")
                news.append(
                    NewsItem(
                        title=title,
                        source=source if isinstance(source, str) else self.name,
                        published_at=published,
                        url=link,
                    )
                )
        if items and not news:
            raise ProviderResponseError("Yahoo: no usable news item", provider=self.name)
        return news
