"""The external-research executor's operations: quote, fundamentals, index, news.

Each validates its input (typed errors, no source is asked for a malformed ticker), describes
the request as a `ResearchJob`, and runs it through the `FallbackChain` (chain.py), which owns
the spec's fallback order, deadlines, confidence and warnings.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any, TypeVar

from pydantic import TypeAdapter

from switchboard import Clock
from switchboard.apps.finance.market.breaker import SourceBreakers
from switchboard.apps.finance.market.cache import ResearchCache
from switchboard.apps.finance.market.chain import FallbackChain, ResearchJob
from switchboard.apps.finance.market.errors import InvalidTickerError, MarketInputError
from switchboard.apps.finance.market.models import (
    INDEX_NAMES,
    Fundamentals,
    IndexName,
    IndexValue,
    NewsItem,
    Origin,
    Quote,
    ResearchResult,
)
from switchboard.apps.finance.market.providers.base import (
    FUNDAMENTALS,
    NEWS,
    QUOTE,
    MarketProvider,
    index_capability,
)
from switchboard.apps.finance.market.static import StaticMarketData
from switchboard.core import SYSTEM_CLOCK

_TICKER = re.compile(r"^[A-Z]{4}[0-9]{1,2}[A-Z]?$")


ResultT = TypeVar("ResultT", bound=ResearchResult[Any])


def normalize_ticker(raw: str) -> str:
    """' petr4.sa ' → 'PETR4'; anything that is not a B3 ticker raises InvalidTickerError."""
    ticker = raw.strip().upper().removesuffix(".SA") if isinstance(raw, str) else ""
    if not _TICKER.match(ticker):
        raise InvalidTickerError(f"not a B3 ticker: {raw!r}", ticker=str(raw))
    return ticker


class MarketResearch:
    """Quotes, fundamentals, indices and news through the fallback chain (chain.py)."""

    def __init__(
        self,
        primary: MarketProvider,
        alternative: MarketProvider | None,
        cache: ResearchCache,
        static: StaticMarketData | None = None,
        clock: Clock = SYSTEM_CLOCK,
        *,
        deadline_fraction: float = 0.8,
        primary_fraction: float = 0.5,
        breakers: SourceBreakers | None = None,
        illustrative: bool = False,
    ) -> None:
        self._static = static
        self.illustrative = illustrative
        """Every answer is recorded data (the offline fixture replay): results are marked
        `ilustrativo`. Static values are marked so whatever this flag says."""
        self.breakers = breakers if breakers is not None else SourceBreakers(clock)
        """Per-source circuit breakers (`breaker.py`); shared by every request."""
        self._chain = FallbackChain(
            [p for p in (primary, alternative) if p is not None],
            cache,
            static,
            clock,
            deadline_fraction=deadline_fraction,
            primary_fraction=primary_fraction,
            breakers=self.breakers,
        )

    def _mark(self, result: ResultT) -> ResultT:
        if (self.illustrative or result.origin is Origin.STATIC) and result.data is not None:
            return result.model_copy(update={"ilustrativo": True})
        return result

    async def quote(
        self,
        ticker: str,
        *,
        timeout_s: float | None = None,
        budget_tight: bool = False,
        allow_api: bool = True,
        deadline: float | None = None,
    ) -> ResearchResult[Quote]:
        """Latest price of a B3 ticker.

        Give the message's `timeout_s`, or the bus's `ctx.deadline` (monotonic, already 80% of
        the timeout), or both (`deadline` then wins over 80% of `timeout_s`). `budget_tight`
        accepts cache up to 7 days; `allow_api=False` (external-call budget spent) also skips
        the providers. The other operations take the same options."""
        symbol = normalize_ticker(ticker)
        job = ResearchJob(
            capability=QUOTE,
            subject=symbol,
            key=f"quote:{symbol}",
            fetch=lambda provider: provider.quote(symbol),
            adapter=TypeAdapter(Quote),
            result_type=ResearchResult[Quote],
            static_value=self._static.quote(symbol) if self._static else None,
        )
        return self._mark(
            await self._chain.run(job, timeout_s, budget_tight, allow_api, deadline, symbol)
        )

    async def fundamentals(
        self,
        ticker: str,
        *,
        timeout_s: float | None = None,
        budget_tight: bool = False,
        allow_api: bool = True,
        deadline: float | None = None,
    ) -> ResearchResult[Fundamentals]:
        """P/L, ROE and dividend yield of a B3 ticker."""
        symbol = normalize_ticker(ticker)
        job = ResearchJob(
            capability=FUNDAMENTALS,
            subject=symbol,
            key=f"fundamentals:{symbol}",
            fetch=lambda provider: provider.fundamentals(symbol),
            adapter=TypeAdapter(Fundamentals),
            result_type=ResearchResult[Fundamentals],
            static_value=self._static.fundamentals(symbol) if self._static else None,
            completeness=Fundamentals.completeness,
            missing=Fundamentals.missing,
        )
        return self._mark(
            await self._chain.run(job, timeout_s, budget_tight, allow_api, deadline, symbol)
        )

    async def index(
        self,
        name: str,
        *,
        timeout_s: float | None = None,
        budget_tight: bool = False,
        allow_api: bool = True,
        deadline: float | None = None,
    ) -> ResearchResult[IndexValue]:
        """Selic, IPCA, CDI, Ibovespa or dólar."""
        index = name.strip().lower().replace("ó", "o") if isinstance(name, str) else ""
        if index not in INDEX_NAMES:
            raise MarketInputError(
                f"unknown index {name!r}; known: {', '.join(INDEX_NAMES)}", index=str(name)
            )
        known: IndexName = index
        job = ResearchJob(
            capability=index_capability(known),
            subject=known,
            key=f"index:{known}",
            fetch=lambda provider: provider.index(known),
            adapter=TypeAdapter(IndexValue),
            result_type=ResearchResult[IndexValue],
            static_value=self._static.index(known) if self._static else None,
        )
        return self._mark(
            await self._chain.run(job, timeout_s, budget_tight, allow_api, deadline, None)
        )

    async def news(
        self,
        query: str,
        *,
        limit: int = 5,
        timeout_s: float | None = None,
        budget_tight: bool = False,
        allow_api: bool = True,
        deadline: float | None = None,
    ) -> ResearchResult[list[NewsItem]]:
        """Recent news about a ticker (normalized) or a free-text topic; there is no static news."""
        text = query.strip() if isinstance(query, str) else ""
        if not text or not 1 <= limit <= 20:
            raise MarketInputError("news needs a query and 1 ≤ limit ≤ 20", query=str(query))
        with contextlib.suppress(InvalidTickerError):
            text = normalize_ticker(text)
        job: ResearchJob[list[NewsItem]] = ResearchJob(
            capability=NEWS,
            subject=text,
            key=f"news:{text}:{limit}",
            fetch=lambda provider: provider.news(text, limit),
            adapter=TypeAdapter(list[NewsItem]),
            result_type=ResearchResult[list[NewsItem]],
            static_value=None,
        )
        result = self._mark(
            await self._chain.run(job, timeout_s, budget_tight, allow_api, deadline, None)
        )
        if result.data == []:
            result.avisos.append(f"Nenhuma notícia recente encontrada sobre {text}.")
        return result
