"""The port every market data source implements, and the names of what it can be asked."""

from __future__ import annotations

from typing import Protocol

from switchboard.apps.finance.market.models import (
    Fundamentals,
    IndexName,
    IndexValue,
    NewsItem,
    Quote,
)

QUOTE = "quote"
FUNDAMENTALS = "fundamentals"
NEWS = "news"


def index_capability(name: IndexName) -> str:
    return f"index:{name}"


class MarketProvider(Protocol):
    """A market data source. Methods raise `ProviderError` subclasses, never bare httpx errors.

    The research chain asks `supports` first: a source that does not offer some data (brapi has
    no news) is simply not part of that data's chain, rather than a failure to fall back from.
    """

    name: str
    """Shown to users in `fontes` and warnings: "brapi", "Yahoo Finance"."""

    def supports(self, capability: str) -> bool: ...

    async def quote(self, ticker: str) -> Quote: ...

    async def fundamentals(self, ticker: str) -> Fundamentals: ...

    async def index(self, name: IndexName) -> IndexValue: ...

    async def news(self, query: str, limit: int) -> list[NewsItem]: ...
