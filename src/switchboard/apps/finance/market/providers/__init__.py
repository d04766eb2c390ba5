"""Market data sources: the `MarketProvider` port and its brapi- and Yahoo-style clients."""

from switchboard.apps.finance.market.providers.base import MarketProvider
from switchboard.apps.finance.market.providers.brapi import BrapiProvider
from switchboard.apps.finance.market.providers.yahoo import YahooProvider

__all__ = ["BrapiProvider", "MarketProvider", "YahooProvider"]
