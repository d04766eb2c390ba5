"""Finance's side of a coordinator's plan: the `Facts` its extractors find in a question.

The plan itself (`Plan`, `Step`, waves, criticality) is the platform's
(`switchboard.patterns.MissionPlan`); a finance plan carries these `Facts` as its `Plan.facts`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from switchboard.apps.finance.missions.catalogue.stock_tax import StockSale


@dataclass(slots=True)
class Facts:
    """What the extractors found in the query (a finance plan's `Plan.facts`)."""

    tickers: list[str] = field(default_factory=list)
    amounts: list[Decimal] = field(default_factory=list)
    months: int | None = None
    age: int | None = None
    drop_pct: Decimal | None = None
    objeto: str | None = None
    """The thing the user named ("carro", "a casa"), in their words; never replaced."""
    instalment: Decimal | None = None
    """The instalment the user states with its count ("12x de 399"): `months` of it."""
    stock_sale: StockSale | None = None
    """A stock sale whose income tax is asked (`catalogue/stock_tax.py`)."""


__all__ = ["Facts"]
