"""The external-research executor's domain logic (spec 001 §6): quotes, fundamentals, indices
and news through the fallback chain primary → cache → alternative → static → partial/error."""

from switchboard.apps.finance.market.breaker import BreakerState, SourceBreakers
from switchboard.apps.finance.market.cache import CacheEntry, InMemoryResearchCache, ResearchCache
from switchboard.apps.finance.market.chain import CONFIDENCE
from switchboard.apps.finance.market.describe import (
    describe_fundamentals,
    describe_index,
    describe_news,
    describe_quote,
)
from switchboard.apps.finance.market.errors import (
    InvalidTickerError,
    MarketError,
    MarketInputError,
    ProviderError,
    ProviderResponseError,
    ProviderTimeoutError,
    ProviderUnavailableError,
    TickerNotFoundError,
    UnknownTickerError,
    UnsupportedOperationError,
)
from switchboard.apps.finance.market.models import (
    Fundamentals,
    IndexName,
    IndexValue,
    NewsItem,
    Origin,
    Quote,
    ResearchResult,
    ResearchStatus,
    ResourceUsage,
)
from switchboard.apps.finance.market.offline import MarketSetup, live_market, offline_market
from switchboard.apps.finance.market.providers import BrapiProvider, MarketProvider, YahooProvider
from switchboard.apps.finance.market.replay import Fault, FixtureTransport
from switchboard.apps.finance.market.reply import to_reply
from switchboard.apps.finance.market.research import MarketResearch, normalize_ticker
from switchboard.apps.finance.market.static import StaticMarketData

__all__ = [
    "CONFIDENCE",
    "BrapiProvider",
    "BreakerState",
    "CacheEntry",
    "Fault",
    "FixtureTransport",
    "Fundamentals",
    "InMemoryResearchCache",
    "IndexName",
    "IndexValue",
    "InvalidTickerError",
    "MarketError",
    "MarketInputError",
    "MarketProvider",
    "MarketResearch",
    "MarketSetup",
    "NewsItem",
    "Origin",
    "ProviderError",
    "ProviderResponseError",
    "ProviderTimeoutError",
    "ProviderUnavailableError",
    "Quote",
    "ResearchCache",
    "ResearchResult",
    "ResearchStatus",
    "ResourceUsage",
    "SourceBreakers",
    "StaticMarketData",
    "TickerNotFoundError",
    "UnknownTickerError",
    "UnsupportedOperationError",
    "YahooProvider",
    "describe_fundamentals",
    "describe_index",
    "describe_news",
    "describe_quote",
    "live_market",
    "normalize_ticker",
    "offline_market",
    "to_reply",
]
