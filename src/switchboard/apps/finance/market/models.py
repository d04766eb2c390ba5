"""Typed research data and the envelope every answer travels in (spec 001 §6, Etapa 5).

Percentages are percentages (1.2 means +1.2%; ROE 18 means 18%), never fractions: providers that
send fractions (Yahoo's 0.18) are converted when parsed. Prices and index values are `Decimal`
parsed from the JSON text itself, never through float.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

IndexName = Literal["selic", "ipca", "cdi", "ibovespa", "dolar"]
INDEX_NAMES: tuple[IndexName, ...] = ("selic", "ipca", "cdi", "ibovespa", "dolar")


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True)


class Quote(_Data):
    ticker: str
    price: Decimal
    change_pct: Decimal | None = None
    """Change against the previous close, in percent."""
    currency: str = "BRL"
    as_of: datetime
    """When the market printed this price (the source's timestamp, UTC)."""
    name: str | None = None


class Fundamentals(_Data):
    ticker: str
    p_l: Decimal | None = None
    """Price / earnings (P/L in Portuguese)."""
    roe: Decimal | None = None
    """Return on equity, percent."""
    dividend_yield: Decimal | None = None
    """Trailing 12-month dividend yield, percent."""
    as_of: datetime

    def missing(self) -> list[str]:
        """pt-BR names of the indicators the source did not send."""
        labels = {"p_l": "P/L", "roe": "ROE", "dividend_yield": "dividend yield"}
        return [label for field, label in labels.items() if getattr(self, field) is None]

    def completeness(self) -> float:
        """Share of the three indicators present (spec §6: < 50% counts as a total failure)."""
        return 1 - len(self.missing()) / 3


class IndexValue(_Data):
    name: IndexName
    value: Decimal
    unit: str
    """"% a.a." (Selic, CDI), "% em 12 meses" (IPCA), "pontos" (Ibovespa), "R$" (dólar)."""
    as_of: datetime


class NewsItem(_Data):
    title: str
    source: str
    published_at: datetime
    url: str


class ResearchStatus(StrEnum):
    SUCESSO = "sucesso"
    SUCESSO_VIA_FALLBACK = "sucesso_via_fallback"
    ERRO_COM_DADOS_PARCIAIS = "erro_com_dados_parciais"
    ERRO = "erro"


class Origin(StrEnum):
    """Which link of the fallback chain produced the data."""

    PRIMARY = "primary"
    CACHE = "cache"
    STALE_CACHE = "stale_cache"
    ALTERNATIVE = "alternative"
    STATIC = "static"
    PARTIAL = "partial"
    NONE = "none"


class ResourceUsage(BaseModel):
    """What answering cost: the bus adds these to the mission's budgets."""

    api_calls: int = 0
    """HTTP requests made to market data sources, failed ones included."""
    ms: int = 0
    """Elapsed time on the injected clock."""
    tokens: int = 0
    """Model tokens: always 0 here, the research executor calls no model."""


T = TypeVar("T")


class ResearchResult(BaseModel, Generic[T]):
    """One research answer with the spec's mandatory metadata (fontes, confiabilidade, …)."""

    subject: str
    """What was asked: a ticker, an index name, a news query."""
    data: T | None
    status: ResearchStatus
    confianca: int = Field(ge=0, le=100)
    """100 primary source · 85 fresh cache or alternative source · 70 cache up to 7 days ·
    40 static data or expired cache · 0 nothing."""
    origin: Origin
    fontes: list[str] = Field(default_factory=list)
    avisos: list[str] = Field(default_factory=list)
    """pt-BR warnings meant for the coordinator and, through it, the user."""
    fallback_used: bool = False
    fallback_description: str | None = None
    collected_at: datetime
    """When this answer was assembled (spec: timestamp_coleta)."""
    resources: ResourceUsage = Field(default_factory=ResourceUsage)
    ilustrativo: bool = False
    """Recorded data, not the market's: the offline fixture replay, or the static last-known
    values. Descriptions and replies then say so and name no real source or outlet; `fontes`
    still says which link of the chain answered (the chain's own record)."""

    @property
    def ok(self) -> bool:
        return self.status in (ResearchStatus.SUCESSO, ResearchStatus.SUCESSO_VIA_FALLBACK)
