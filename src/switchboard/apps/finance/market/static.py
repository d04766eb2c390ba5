"""Last-known values, the chain's last resort before an error (spec §6: "dados estáticos").

Each value carries the date it is from, and `MarketResearch` answers with confidence 40 and a
warning naming that date. Update `STATIC_AS_OF` and the numbers together; the values below are
illustrative snapshots for offline use, not a market data feed.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from switchboard.apps.finance.market.models import Fundamentals, IndexName, IndexValue, Quote

STATIC_AS_OF = datetime(2026, 11, 21, 20, 7, tzinfo=UTC)
"""Friday 21/11/2026, after the B3 close: the snapshot the offline fixtures (`fixtures/brapi`)
replay, so offline, Junior's quick answers and a mission's research quote the same figures and
the same date (tests/apps/finance/market/test_static.py keeps them equal)."""

D = Decimal
_QUOTES = {
    # ticker: (price, change %, P/L, ROE %, dividend yield %)
    "PETR4": (D("38.42"), D("1.20"), D("4.2"), D("18.0"), D("14.5")),
    "VALE3": (D("61.35"), D("-0.45"), D("6.8"), D("21.5"), D("9.2")),
    "ITUB4": (D("37.10"), D("0.60"), D("9.1"), D("22.3"), D("7.4")),
    "BBAS3": (D("24.85"), D("-1.10"), D("4.6"), D("16.8"), D("9.8")),
    "WEGE3": (D("44.20"), D("0.90"), D("28.4"), D("31.2"), D("1.9")),
    "MGLU3": (D("8.95"), D("-2.30"), D("18.7"), D("3.1"), D("0.4")),
}
_INDICES: dict[IndexName, tuple[Decimal, str]] = {
    "selic": (D("15.00"), "% a.a."),
    "cdi": (D("14.90"), "% a.a."),
    "ipca": (D("4.68"), "% em 12 meses"),
    "ibovespa": (D("155342.10"), "pontos"),
    "dolar": (D("5.3318"), "R$"),
}


class StaticMarketData:
    """Lookups return None when there is no static value (then the chain reports an error)."""

    def __init__(self, as_of: datetime = STATIC_AS_OF) -> None:
        self.as_of = as_of

    def quote(self, ticker: str) -> Quote | None:
        row = _QUOTES.get(ticker)
        if row is None:
            return None
        return Quote(ticker=ticker, price=row[0], change_pct=row[1], as_of=self.as_of)

    def fundamentals(self, ticker: str) -> Fundamentals | None:
        row = _QUOTES.get(ticker)
        if row is None:
            return None
        return Fundamentals(
            ticker=ticker, p_l=row[2], roe=row[3], dividend_yield=row[4], as_of=self.as_of
        )

    def index(self, name: IndexName) -> IndexValue | None:
        value, unit = _INDICES[name]
        return IndexValue(name=name, value=value, unit=unit, as_of=self.as_of)
