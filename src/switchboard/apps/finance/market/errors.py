"""Typed errors of the external-research executor.

Two families. `ProviderError`s are what one source did wrong (timed out, answered 5xx, answered
garbage): the research chain catches them and moves to the next fallback, so they never reach
the caller on their own. `MarketInputError`s are about the request itself (a malformed ticker,
a ticker no source knows): every fallback would fail the same way, so they are raised at once.
"""

from __future__ import annotations

from switchboard import SwitchboardError


class MarketError(SwitchboardError):
    code = "market_error"
    http_status = 502


class ProviderError(MarketError):
    """One market data source failed; `reason_pt` says how, for the answer's warnings."""

    code = "market_provider_error"
    reason_pt = "falha"

    def __init__(self, message: str, *, provider: str, **context: object) -> None:
        super().__init__(message, provider=provider, **context)
        self.provider = provider


class ProviderTimeoutError(ProviderError):
    code = "market_provider_timeout"
    http_status = 504
    reason_pt = "tempo esgotado"


class ProviderUnavailableError(ProviderError):
    """HTTP error status, connection refused, DNS failure, rate limit."""

    code = "market_provider_unavailable"
    reason_pt = "serviço indisponível"


class ProviderResponseError(ProviderError):
    """The source answered, but not with anything we can parse: not JSON, or the wrong shape."""

    code = "market_provider_bad_response"
    reason_pt = "resposta inválida"


class UnsupportedOperationError(ProviderError):
    """The source does not offer this data (brapi has no news; Yahoo has no Selic)."""

    code = "market_provider_unsupported"
    reason_pt = "dado não oferecido pela fonte"


class MarketInputError(MarketError):
    code = "market_invalid_input"
    http_status = 422


class InvalidTickerError(MarketInputError):
    """Not a B3 ticker (four letters, one or two digits, optional letter: PETR4, BOVA11)."""

    code = "market_invalid_ticker"


class UnknownTickerError(MarketInputError):
    """Every source that answered said it does not know this ticker."""

    code = "market_unknown_ticker"
    http_status = 404

    def __init__(self, message: str, *, ticker: str, **context: object) -> None:
        super().__init__(message, ticker=ticker, **context)
        self.ticker = ticker


class TickerNotFoundError(ProviderError):
    """One source said it does not know the ticker (HTTP 404, empty results). Not an outage: the
    chain still asks the others, and raises `UnknownTickerError` if none knows it either."""

    code = "market_provider_ticker_not_found"
    http_status = 404
    reason_pt = "ticker não encontrado"
