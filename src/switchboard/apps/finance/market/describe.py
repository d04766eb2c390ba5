"""One pt-BR sentence per research answer, naming the source and the date.

"PETR4 fechou a R$ 38,42 (+1,2%) em 21/11/2026, segundo brapi." The coordinator quotes these
in its consolidation; they never hide a fallback: an alternative source is called "fonte
alternativa", and cache or static data say that they may be outdated.

Illustrative data (`ResearchResult.ilustrativo`: the offline fixture replay, static values) is
said to be illustrative, with its date, and is never credited to a real provider or outlet:
"PETR4: R$ 38,42 (+1,2%) em 21/11/2026 (dado ilustrativo gravado para uso offline, não é a
cotação real)." Fixture headlines are shown without their (real) outlet names.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from switchboard.apps.finance.finmath.fmt import brl, number, pct
from switchboard.apps.finance.market.models import (
    Fundamentals,
    IndexValue,
    NewsItem,
    Origin,
    Quote,
    ResearchResult,
)
from switchboard.apps.finance.market.timefmt import SAO_PAULO, br_date

B3_CLOSE_HOUR = 17
"""B3's regular session ends at 17:00 or 18:00 (São Paulo) depending on US daylight saving; a
price stamped from 17:00 on, or on an earlier day, is called a close ("fechou a")."""

_INDEX_LABELS = {
    "selic": "A Selic",
    "ipca": "O IPCA (12 meses)",
    "cdi": "O CDI",
    "ibovespa": "O Ibovespa",
    "dolar": "O dólar",
}


def _source(origin: Origin, fontes: list[str]) -> str:
    """', segundo brapi' / ', segundo Yahoo Finance (fonte alternativa)' / …"""
    if origin is Origin.ALTERNATIVE:
        name = fontes[0].removesuffix(" (fallback)") if fontes else "outra fonte"
        return f", segundo {name} (fonte alternativa)"
    if origin is Origin.CACHE:
        return ", segundo dados em cache"
    if origin is Origin.STALE_CACHE:
        return ", segundo dados em cache (podem estar desatualizados)"
    if origin is Origin.STATIC:
        return ", segundo dados estáticos (podem estar desatualizados)"
    if origin is Origin.PARTIAL:
        return ", com dados parciais"
    return f", segundo {fontes[0]}" if fontes else ""


ILLUSTRATIVE = "dado ilustrativo gravado para uso offline, não é {what} real"


def _illustrative(what: str, result: ResearchResult[Any] | None = None) -> str:
    via = ""
    if result is not None and result.origin is Origin.ALTERNATIVE:
        via = ", obtido pela fonte alternativa porque a principal falhou"
    return " (" + ILLUSTRATIVE.format(what=what) + via + ")"


def _failure(what: str) -> str:
    return f"Não foi possível obter {what} agora: as fontes de dados não responderam."


def _price_verb(as_of: datetime, collected_at: datetime) -> str:
    local = as_of.astimezone(SAO_PAULO)
    closed = local.hour >= B3_CLOSE_HOUR or local.date() < collected_at.astimezone(SAO_PAULO).date()
    return "fechou a" if closed else f"estava cotada às {local:%H:%M} a"


def describe_quote(result: ResearchResult[Quote]) -> str:
    quote = result.data
    if quote is None:
        return _failure(f"a cotação de {result.subject}")
    change = ""
    if quote.change_pct is not None:
        change = f" ({pct(quote.change_pct, signed=True, places=1)})"
    verb = _price_verb(quote.as_of, result.collected_at)
    price = brl(quote.price) if quote.currency == "BRL" else f"{quote.currency} {quote.price}"
    if result.ilustrativo:
        return (
            f"{quote.ticker}: {price}{change} em {br_date(quote.as_of)}"
            f"{_illustrative('a cotação', result)}."
        )
    return (
        f"{quote.ticker} {verb} {price}{change} em {br_date(quote.as_of)}"
        f"{_source(result.origin, result.fontes)}."
    )


def describe_fundamentals(result: ResearchResult[Fundamentals]) -> str:
    data = result.data
    if data is None:
        return _failure(f"os indicadores de {result.subject}")
    parts = []
    if data.p_l is not None:
        parts.append(f"P/L {number(data.p_l)}")
    if data.roe is not None:
        parts.append(f"ROE {pct(data.roe)}")
    if data.dividend_yield is not None:
        parts.append(f"dividend yield {pct(data.dividend_yield)}")
    if not parts:
        return _failure(f"os indicadores de {result.subject}")
    listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} e {parts[-1]}"
    missing = data.missing()
    verb = "indisponível" if len(missing) == 1 else "indisponíveis"
    gap = f" ({', '.join(missing)} {verb})" if missing else ""
    if result.ilustrativo:
        return (
            f"{data.ticker}: {listed}{gap} em {br_date(data.as_of)}"
            f"{_illustrative('o indicador', result)}."
        )
    return (
        f"{data.ticker}: {listed}{gap} em {br_date(data.as_of)}"
        f"{_source(result.origin, result.fontes)}."
    )


def describe_index(result: ResearchResult[IndexValue]) -> str:
    data = result.data
    if data is None:
        return _failure(f"o valor de {result.subject}")
    label = _INDEX_LABELS[data.name]
    if data.unit == "R$":
        value = f"{brl(data.value)}"
    elif data.unit == "pontos":
        value = f"{number(data.value, places=0)} pontos"
    else:
        value = f"{pct(data.value)}{data.unit.removeprefix('%')}"
    if result.ilustrativo:
        return (
            f"{label} estava em {value} em {br_date(data.as_of)} (valor de referência "
            "ilustrativo, não é cotação ao vivo)."
        )
    return (
        f"{label} estava em {value} em {br_date(data.as_of)}"
        f"{_source(result.origin, result.fontes)}."
    )


def describe_news(result: ResearchResult[list[NewsItem]], *, limit: int = 3) -> str:
    items = result.data
    if items is None:
        return _failure(f"notícias sobre {result.subject}")
    if result.ilustrativo:
        if not items:
            return f"Sem notícias sobre {result.subject} (estou offline, sem notícias reais)."
        titles = "; ".join(f"“{item.title}”" for item in items[:limit])
        return (
            f"Manchetes ilustrativas sobre {result.subject}, gravadas para uso offline (não são "
            f"notícias reais): {titles}."
        )
    source = _source(result.origin, result.fontes)
    if not items:
        return f"Nenhuma notícia recente sobre {result.subject}{source}."
    shown = "; ".join(
        f"“{item.title}” ({item.source}, {br_date(item.published_at)})" for item in items[:limit]
    )
    noun = "notícia recente" if len(items) == 1 else "notícias recentes"
    return f"{len(items)} {noun} sobre {result.subject}{source}: {shown}."
